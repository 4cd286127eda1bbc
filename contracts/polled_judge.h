// The judge of completions polled where no whole exchange was laid out in
// advance (the fuzz datapath ops, the whole-device property): each
// completion against the work outstanding on the queues that feed the CQ,
// and the send WRs whose work was valid against what they completed with.
// The rows are contracts/completion_rules.cpp (the same rows judge_exchange
// decides); this judge decides the part of them such a caller can see.
#pragma once

#include "contracts/verdict.h"

#include <infiniband/verbs.h>

#include <cstdint>
#include <vector>

namespace ibvcert {

// One queue's WRs posted and not completed yet, in posted order.
struct QueueWork {
	enum class Kind { Send, Recv, Srq };
	uint32_t qpn = 0; // the QP whose completions name them (Srq: a QP the SRQ feeds, the
	                  // SRQ's outstanding WRs listed once per such QP)
	Kind kind = Kind::Send;
	std::vector<uint64_t> outstanding;
};

struct PolledView {
	std::vector<QueueWork> queues; // every queue that feeds the polled CQ(s)
	// Send WRs of a valid exchange (a connected pair in RTS, every key,
	// address and length valid, a receive WR waiting for each message):
	// each one signaled must complete, with IBV_WC_SUCCESS.
	std::vector<uint64_t> valid_signaled;
	// The caller polled long enough for every valid signaled WR to complete
	// (emu0 completes inside the post; a real device: a bounded wait).
	bool waited = false;
	std::vector<ibv_wc> wcs; // polled, in order
};

// Every row the completions break.
Verdict judge_polled(const PolledView &v);

} // namespace ibvcert
