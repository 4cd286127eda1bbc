// The posts' capacity rows (ibv_post_recv(3), ibv_post_send(3),
// ibv_post_srq_recv(3) against the queue's attributes, as ibv_create_qp /
// ibv_create_srq reported them): one WR against the queue as it stands
// (AtMostObjects: a field of the WR within the queue's `other`; RoomLeft:
// the queue holds fewer WRs than its `other`), and a whole list against
// what the post returned. emu0 answers with evaluate_post_wr; the cases
// and the properties judge with judge_post_list.
#pragma once

#include "contracts/rule.h"
#include "contracts/verdict.h"

#include <infiniband/verbs.h>

#include <cstdint>
#include <vector>

namespace ibvcert {

// The queue a post goes to: the QP's cap (its own SQ or RQ) or the SRQ's
// attributes, and the WRs it holds when the WR comes.
struct PostQueueNow {
	ibv_qp_cap cap{};     // max_send_wr, max_recv_wr, max_send_sge, max_recv_sge, max_inline_data
	ibv_srq_attr srq{};   // max_wr, max_sge
	uint32_t outstanding = 0; // WRs posted to the queue and not yet consumed
};

// What the rows read of one WR.
struct PostedWr {
	int num_sge = 1;
	bool inline_data = false; // IBV_SEND_INLINE
	uint64_t bytes = 0;       // the sum of its SGEs' lengths
};

// The verb's AtMostObjects rows (the WR's own fields) and then its RoomLeft
// rows (the queue's room) that this WR breaks.
Verdict evaluate_post_wr(Verb verb, const PostQueueNow &now, const PostedWr &wr);

// A list posted as one call, every WR valid but for what these rows judge:
// the post takes the WRs up to the first that breaks a row and fails there
// (bad_wr names it: bad_index), and takes every WR before it: a queue holds
// its max WRs (RoomLeft) and takes WRs of up to its max SGEs or inline
// bytes, the max included (AtMostObjects). result: what the call returned;
// bad_index: the position bad_wr named, -1 when it named none.
Verdict judge_post_list(Verb verb, const PostQueueNow &before, const std::vector<PostedWr> &wrs,
			int result, int bad_index);

// The rows evaluate_post_wr and judge_post_list decide for verb.
std::vector<const ContractRule *> post_capacity_rules(Verb verb);

} // namespace ibvcert
