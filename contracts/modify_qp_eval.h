// The one evaluator of ibv_modify_qp(3): composes the rules of
// contracts/modify_qp_rules.cpp over the transition table
// (contracts/kernel_qp_table_6.1.json) and the attribute vocabulary, for a
// QP of a type in a state on a described device. emu0 answers with it, the
// conformance clauses, the properties and the fuzz oracle judge with it.
#pragma once

#include "contracts/device_caps.h"
#include "contracts/verdict.h"

#include <infiniband/verbs.h>

namespace ibvcert {

struct ModifyQpVerdict : Verdict {
	ibv_qp_state next = IBV_QPS_RESET; // the state the request names (current without STATE)
};

ModifyQpVerdict evaluate_modify_qp(const DeviceCaps &caps, ibv_qp_type type,
				   ibv_qp_state current, const ibv_qp_attr &attr, int attr_mask);

} // namespace ibvcert
