// The judges of the lifecycle verbs (contracts/lifecycle_rules.cpp): the
// request rows a create or query must refuse by (emu0 answers with them),
// and each call judged whole from what was observed: the result, what the
// new object reports against the request, the other live objects, and for a
// destroy the objects that still depend on the one destroyed.
#pragma once

#include "contracts/device_caps.h"
#include "contracts/verdict.h"

#include <infiniband/verbs.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ibvcert {

// ibv_create_qp(3): the request (the fields the rows read).
struct CreateQpRequest {
	ibv_qp_type qp_type = IBV_QPT_RC;
	ibv_qp_cap cap{};
	bool srq = false; // init_attr.srq is set
};
// The QP a successful create returned, as the caller observes it.
struct CreatedQp {
	uint32_t qp_num = 0;
	ibv_qp_type qp_type = IBV_QPT_RC; // ibv_qp::qp_type
	ibv_qp_cap cap{};                 // init_attr.cap after the call
};
Verdict evaluate_create_qp(const DeviceCaps &caps, const CreateQpRequest &request);
// live: the qp_num of every other QP of the device alive across the call.
Verdict judge_create_qp(const DeviceCaps &caps, const CreateQpRequest &request, int result,
			const CreatedQp &created, const std::vector<uint32_t> &live);

// A destroy verb (ibv_dealloc_pd, ibv_destroy_cq, ibv_destroy_srq,
// ibv_destroy_qp) on an object `dependents` live objects still use.
struct DestroyCall {
	Verb verb = Verb::DeallocPd;
	int dependents = 0;
	int result = 0;
	bool usable_after = true; // a refused destroy: the object still works
};
Verdict judge_destroy(const DestroyCall &call);
// The rows judge_destroy holds a call of verb to.
std::vector<const ContractRule *> destroy_rules(Verb verb);

// ibv_reg_mr(3).
struct RegMrRequest {
	uintptr_t addr = 0;
	size_t length = 0;
	int access = 0;
};
struct RegisteredMr {
	uintptr_t addr = 0; // ibv_mr::addr
	size_t length = 0;  // ibv_mr::length
};
Verdict evaluate_reg_mr(const DeviceCaps &caps, const RegMrRequest &request);
Verdict judge_reg_mr(const DeviceCaps &caps, const RegMrRequest &request, int result,
		     const RegisteredMr &registered);

// ibv_create_ah(3).
Verdict evaluate_create_ah(const DeviceCaps &caps, const ibv_ah_attr &attr);
Verdict judge_create_ah(const DeviceCaps &caps, const ibv_ah_attr &attr, int result);

// ibv_query_port(3), ibv_query_gid(3).
Verdict evaluate_query_port(const DeviceCaps &caps, int port_num);
// reply: what an answered call handed back (judged by the reply rows), or
// nullptr where the caller kept none.
Verdict judge_query_port(const DeviceCaps &caps, int port_num, int result,
			 const ibv_port_attr *reply = nullptr);
// ibv_query_device_ex(3): its result, and an answered call's reply.
Verdict judge_query_device(int result, const ibv_device_attr_ex *reply = nullptr);
Verdict evaluate_query_gid(const DeviceCaps &caps, int port_num, int index);
Verdict judge_query_gid(const DeviceCaps &caps, int port_num, int index, int result);

// The rows of verb in contracts/lifecycle_rules.cpp (what a case judged).
std::vector<const ContractRule *> lifecycle_rules_of(Verb verb);

} // namespace ibvcert
