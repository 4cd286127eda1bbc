// The one evaluator of ibv_modify_qp_rate_limit(3): the rows of
// contracts/rate_limit_rules.cpp, then evaluate_modify_qp() for the rate as
// IBV_QP_RATE_LIMIT (the modify_qp.rate_limit.* rules bind both verbs: the
// QP type, the state's current -> current row, the range of
// packet_pacing_caps). emu0 answers with it, the rate-limit clauses, the
// properties and the fuzz oracle judge with it.
#pragma once

#include "contracts/device_caps.h"
#include "contracts/verdict.h"

#include <infiniband/verbs.h>

namespace ibvcert {

Verdict evaluate_modify_qp_rate_limit(const DeviceCaps &caps, ibv_qp_type type,
				      ibv_qp_state current, const ibv_qp_rate_limit_attr &attr);

// rate_limit is 0 (unlimited) or within [qp_rate_limit_min, qp_rate_limit_max]:
// modify_qp.rate_limit.range holds for it on the device.
bool rate_limit_in_caps(uint32_t rate_limit, const DeviceCaps &caps);

} // namespace ibvcert
