// The judge of completion events (ibv_req_notify_cq(3), ibv_get_cq_event(3),
// ibv_ack_cq_events(3), the channel of ibv_create_cq(3)): what a caller did
// and saw on CQs with channels, in order, replayed against the rows of
// contracts/cq_notify_rules.cpp.
#pragma once

#include "contracts/verdict.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ibvcert {

// One thing the caller did or saw. cq is the CQ's index in the view's cqs.
struct NotifyStep {
	enum class Kind {
		Arm,     // ibv_req_notify_cq(cq, solicited_only) returned result
		Cqe,     // the caller saw a CQE added to cq (the sender's completion, or a poll)
		Event,   // ibv_get_cq_event on channel returned result; cq: the CQ it named (-1: none of the view's)
		Drained, // channel stayed empty for the case's wait (nothing more to read)
		Ack,     // ibv_ack_cq_events(cq, nevents)
		Destroy, // ibv_destroy_cq(cq), called from a second thread
	};
	Kind kind = Kind::Arm;
	int cq = -1;
	int channel = -1;
	long long result = 0;
	int solicited_only = 0;
	// Cqe: what it is.
	bool recv = false;
	bool success = true;
	bool solicited = false; // a receive of a message with the Solicited Event bit
	uint64_t wr_id = 0;
	// Event: the cq_context it gave is the named CQ's.
	bool context_matches = true;
	unsigned nevents = 0; // Ack
	// Destroy: it returned while events got on the CQ were not all acked
	// (the caller acked after a wait), and it returned in the end.
	bool returned_before_acks = false;
	bool returned = true;
};

struct CqNotifyView {
	std::vector<int> channel_of; // per CQ: the index of its channel
	std::vector<NotifyStep> steps;
};

// A step in words, for evidence ("arm cq1 solicited_only=1 -> 0").
std::string notify_step_text(const NotifyStep &step);
// Every row of contracts/cq_notify_rules.cpp the steps break (the result
// rows through contracts/call_judge.h).
Verdict judge_cq_notify(const CqNotifyView &view);

} // namespace ibvcert
