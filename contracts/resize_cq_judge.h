// The judge of ibv_resize_cq(3), defined below the verb's rows in
// contracts/resize_cq_rules.cpp: the request rows (emu0 answers with them),
// and a whole call judged from the CQ as observed before and after it.
#pragma once

#include "contracts/device_caps.h"
#include "contracts/verdict.h"

#include <cstdint>
#include <vector>

namespace ibvcert {

// A CQ as a caller observes it: the cqe member, and the completions it holds
// (their wr_ids, oldest first) where the caller knows them.
struct CqView {
	int cqe = 0;
	std::vector<uint64_t> unpolled;
};

// The request rows: what a device must refuse.
Verdict evaluate_resize_cq(const DeviceCaps &caps, const CqView &before, int cqe);
// The whole call: request rows against the result, the result rows, and
// the effect rows (after against before).
Verdict judge_resize_cq(const DeviceCaps &caps, const CqView &before, int cqe, int result,
			const CqView &after);

} // namespace ibvcert
