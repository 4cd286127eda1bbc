// One generated ibv_modify_qp request run on a fresh QP of the run's device:
// a full snapshot before and after, ibv_qp::state right after the modify,
// the return value, and the contract's verdict on the request.
#pragma once

#include "fixtures/generators/modify_qp_request.h"
#include "fixtures/qp_snapshot.h"
#include "contracts/modify_qp_eval.h"
#include "contracts/qp_attr_table.h"
#include "properties/modify_evidence.h"
#include "properties/property_run.h"

namespace ibvcert {

struct ModifyQpTrial {
	gen::ModifyQpRequest request;
	ModifyQpVerdict contract;
	std::unique_ptr<Qp> qp;
	QpSnapshot before, after;
	ibv_qp_state state_field_after = IBV_QPS_UNKNOWN; // before any query
	int ret = 0;

	ModifyEvidence evidence(const Device &device) const;
};

// The verdict of the contract on request, on run's device.
ModifyQpVerdict verdict_of(const PropertyRun &run, const gen::ModifyQpRequest &request);

// Creates the QP, brings it to request.from and runs the request. Fails the
// property case (RC_FAIL) when the QP cannot be prepared.
ModifyQpTrial run_trial(PropertyRun &run, const gen::ModifyQpRequest &request);

} // namespace ibvcert
