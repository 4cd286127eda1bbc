// One ibv_modify_qp case: a QP of one type brought to its start state on the
// run's device, the checks the clauses make, and the evidence a failure
// prints (device, QP, transition, mask by flag names, attr fields, errno by
// name, what changed, the replay command).
#pragma once

#include "fixtures/qp_builder.h"
#include "fixtures/qp_snapshot.h"

#include <optional>
#include <string>

namespace ibvcert {

class QpCase {
public:
	QpCase(ibv_qp_type type, ibv_qp_state from, ibv_qp_state to);

	// Creates the QP and brings it to from. Returns a SKIP reason when the
	// device lacks what the case needs; adds a fatal failure when a
	// precondition fails on a device that should meet it.
	std::optional<std::string> prepare();
	// SKIP reason when the device lacks the feature behind flag.
	std::optional<std::string> needs_flag(int flag) const;

	const DeviceCaps &caps() const { return *caps_; }
	Qp &qp() { return *qp_; }
	// Walks the QP from the state it is in to target along the builder's
	// path (RESET, INIT, RTR, RTS, SQD) with each step's required set. 0, or
	// the failing step's errno with the step described in failed_step.
	int walk_to(ibv_qp_state target, std::string &failed_step);
	// Valid values for every flag in attr_mask, for from -> to.
	ibv_qp_attr valid_attr(int attr_mask);

	// The modify must fail and leave every queried attribute, and
	// ibv_qp::state, as it was.
	void expect_rejected_unchanged(ibv_qp_attr attr, int attr_mask);
	// The modify must succeed and the QP be in to (query and ibv_qp::state).
	void expect_accepted(ibv_qp_attr attr, int attr_mask);
	// After an accepted modify: each field in attr_mask reads back as set.
	void expect_reads_back(const ibv_qp_attr &attr, int attr_mask);

	std::string evidence(const ibv_qp_attr &attr, int attr_mask, int ret,
			     const std::vector<std::string> &changed) const;
	// The same for another verb on the QP: call is the verb with its
	// arguments ("ibv_set_ece(vendor_id=0x0 ...)").
	std::string call_evidence(const std::string &call, int ret,
				  const std::vector<std::string> &changed) const;

private:
	ibv_qp_type type_;
	ibv_qp_state from_, to_;
	ibv_qp_state at_ = IBV_QPS_RESET; // where prepare() and walk_to() left the QP
	const DeviceCaps *caps_ = nullptr;
	std::unique_ptr<QpBuilder> builder_;
	std::unique_ptr<Qp> qp_; // destroyed before the builder's PD and CQ
};

} // namespace ibvcert
