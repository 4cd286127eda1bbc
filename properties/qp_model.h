// The model of QPs the state-machine properties run commands against: for
// each QP its type, its state and the attributes set since it last left
// RESET, kept from the requests the contract accepts. Acceptance comes from
// the tables' data (contract_verdict.h); the state tracking and what
// ibv_query_qp must return are this model's own, not the emulated device's.
// The SRQ has its own model (srq_model.h); work requests and completions
// on QPs join this one as their commands land.
#pragma once

#include "fixtures/qp_snapshot.h"
#include "contracts/modify_qp_eval.h"
#include "contracts/qp_attr_table.h"

#include <string>
#include <vector>

namespace ibvcert {

struct QpModel {
	ibv_qp_type type = IBV_QPT_RC;
	ibv_qp_state state = IBV_QPS_RESET;
	int loaded = 0;        // attr_mask flags set since the QP last left RESET
	ibv_qp_attr values{};  // their values

	ModifyQpVerdict verdict(const DeviceCaps &caps, const ibv_qp_attr &attr,
				int attr_mask) const;
	// Follows a request the device accepted (and the contract allowed).
	void accept(const ibv_qp_attr &attr, int attr_mask, ibv_qp_state next);
	// Where the snapshot (ibv_query_qp and ibv_qp::state) disagrees with
	// the model: the state always, set attributes when attributes is true.
	std::vector<std::string> disagreements(const QpSnapshot &snapshot,
					       bool attributes) const;
};

struct QpFleetModel {
	const DeviceCaps *caps = nullptr; // the run's device, for verdicts
	std::vector<QpModel> qps;
};

} // namespace ibvcert
