// The fuzz oracle's view of the one ibv_modify_qp evaluator
// (contracts/modify_qp_eval.h): the verdict and the rule it names first.
#pragma once

#include "contracts/modify_qp_eval.h"
#include "contracts/qp_table.h"

#include <string>

namespace ibvcert::fuzz {

struct Prediction {
	bool accept = true;
	Level level = Level::MUST;     // of the rule that rejects
	const char *reason = "";       // its id: "modify_qp.transition.required"
	ibv_qp_state next = IBV_QPS_RESET; // the state the QP is in after an accept
	ModifyQpVerdict verdict;
};

inline const QpTransition *find_transition(ibv_qp_type type, ibv_qp_state from, ibv_qp_state to)
{
	return QpTransitionTable::kernel().find(type, from, to);
}

Prediction predict_modify_qp(ibv_qp_type type, ibv_qp_state current,
			     const ibv_qp_attr &attr, int attr_mask, const DeviceCaps &caps);

// "reject [MUST] modify_qp.transition.required: required IBV_QP_AV missing ..." or "accept".
std::string explain(const Prediction &p, const ibv_qp_attr &attr);

} // namespace ibvcert::fuzz
