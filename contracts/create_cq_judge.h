// The judge of ibv_create_cq(3): the request rows (emu0 answers with them),
// and a whole call judged from the result and the CQ it reports.
#pragma once

#include "contracts/device_caps.h"
#include "contracts/verdict.h"

namespace ibvcert {

// The request rows: what a device must refuse (comp_vector 0 where the
// call names none: ibv_create_cq's comp_vector is always given).
Verdict evaluate_create_cq(const DeviceCaps &caps, int cqe, int comp_vector = 0);
// The whole call: the request rows against the result (0 or an errno), and
// the CQ's reported cqe (when it returned one) against the request.
Verdict judge_create_cq(const DeviceCaps &caps, int cqe, int result, int reported_cqe,
			int comp_vector = 0);

} // namespace ibvcert
