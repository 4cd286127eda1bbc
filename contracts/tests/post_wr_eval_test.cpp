// The posts' capacity rows (effect_rules.cpp: AtMostObjects, RoomLeft of
// ibv_post_recv and ibv_post_send) through evaluate_post_wr and
// judge_post_list.
#include "contracts/post_wr_eval.h"
#include "contracts/rule_ids/post_recv.h"
#include "contracts/rule_ids/post_send.h"

#include <gtest/gtest.h>

#include <cerrno>

using namespace ibvcert;

namespace {

PostQueueNow queue(uint32_t outstanding = 0)
{
	PostQueueNow q;
	q.cap = {16, 4, 2, 2, 64}; // max_send_wr, max_recv_wr, max_send_sge, max_recv_sge, max_inline_data
	q.outstanding = outstanding;
	return q;
}

PostedWr wr(int num_sge, bool inline_data = false, uint64_t bytes = 0)
{
	PostedWr w;
	w.num_sge = num_sge;
	w.inline_data = inline_data;
	w.bytes = bytes;
	return w;
}

TEST(PostWrEval, EachVerbHasItsCapacityRows)
{
	EXPECT_EQ(post_capacity_rules(Verb::PostRecv).size(), 2u);
	EXPECT_EQ(post_capacity_rules(Verb::PostSend).size(), 2u);
	EXPECT_EQ(post_capacity_rules(Verb::PostSrqRecv).size(), 2u);
}

TEST(PostWrEval, EveryCapacityRowNamesAnAttributeOfItsQueue)
{
	// A row naming no attribute of a queue would read a bound of 0 and
	// refuse this WR of one SGE and one inline byte.
	PostQueueNow q;
	q.cap = {5, 5, 5, 5, 5};
	q.srq.max_wr = 5;
	q.srq.max_sge = 5;
	for (Verb verb : {Verb::PostRecv, Verb::PostSend, Verb::PostSrqRecv}) {
		Verdict v = evaluate_post_wr(verb, q, wr(1, true, 1));
		EXPECT_TRUE(v.accepts()) << verbs_text(*v.breaches.front().rule) << ": " << v.breaches.front().detail;
	}
}

TEST(PostWrEval, AWrWithinEveryBoundAndRoomLeftBreaksNothing)
{
	EXPECT_TRUE(evaluate_post_wr(Verb::PostRecv, queue(3), wr(2)).accepts());
	EXPECT_TRUE(evaluate_post_wr(Verb::PostSend, queue(), wr(2, true, 64)).accepts());
	EXPECT_TRUE(evaluate_post_wr(Verb::PostSend, queue(), wr(1, false, 4096)).accepts())
		<< "max_inline_data bounds inline WRs only";
}

TEST(PostWrEval, EachBoundIsBrokenOnePastIt)
{
	EXPECT_TRUE(evaluate_post_wr(Verb::PostRecv, queue(4), wr(1)).breaks(rule_id::post_recv_cap_max_recv_wr_outstanding));
	EXPECT_TRUE(evaluate_post_wr(Verb::PostRecv, queue(), wr(3)).breaks(rule_id::post_recv_cap_num_sge_within_max_recv_sge));
	Verdict negative = evaluate_post_wr(Verb::PostRecv, queue(), wr(-1));
	ASSERT_TRUE(negative.breaks(rule_id::post_recv_cap_num_sge_within_max_recv_sge));
	EXPECT_NE(negative.breaches.front().detail.find("num_sge=-1 is negative"), std::string::npos)
		<< negative.breaches.front().detail;
	EXPECT_TRUE(evaluate_post_wr(Verb::PostSend, queue(), wr(3)).breaks(rule_id::post_send_cap_num_sge_within_max_send_sge));
	EXPECT_TRUE(evaluate_post_wr(Verb::PostSend, queue(), wr(1, true, 65))
			    .breaks(rule_id::post_send_cap_inline_within_max_inline_data));
}

TEST(PostWrEval, AListStoppedAtTheFirstWrPastTheRoomIsJudgedSound)
{
	std::vector<PostedWr> five(5, wr(1));
	EXPECT_TRUE(judge_post_list(Verb::PostRecv, queue(), five, ENOMEM, 4).accepts());
	EXPECT_TRUE(judge_post_list(Verb::PostRecv, queue(), std::vector<PostedWr>(4, wr(1)), 0, -1).accepts());
}

TEST(PostWrEval, AListTakenPastTheRoomBreaksTheRoomRow)
{
	Verdict v = judge_post_list(Verb::PostRecv, queue(), std::vector<PostedWr>(5, wr(1)), 0, -1);
	ASSERT_TRUE(v.breaks(rule_id::post_recv_cap_max_recv_wr_outstanding));
	EXPECT_NE(v.breaches.front().detail.find("WR 4 of the list accepted"), std::string::npos) << v.breaches.front().detail;
}

TEST(PostWrEval, AListStoppedElsewhereThanAtTheFirstBadWrBreaksItsRow)
{
	std::vector<PostedWr> list{wr(1), wr(3), wr(1)};
	EXPECT_TRUE(judge_post_list(Verb::PostRecv, queue(), list, EINVAL, 1).accepts());
	EXPECT_TRUE(judge_post_list(Verb::PostRecv, queue(), list, EINVAL, 2)
			    .breaks(rule_id::post_recv_cap_num_sge_within_max_recv_sge));
}

TEST(PostWrEval, AWrRefusedAtItsBoundIsBlamedOnThatBoundsRowAlone)
{
	Verdict v = judge_post_list(Verb::PostSend, queue(), {wr(1, true, 64)}, EINVAL, 0);
	ASSERT_EQ(v.breaches.size(), 1u);
	EXPECT_TRUE(v.breaks(rule_id::post_send_cap_inline_within_max_inline_data));
	v = judge_post_list(Verb::PostRecv, queue(3), {wr(1)}, ENOMEM, 0);
	ASSERT_EQ(v.breaches.size(), 1u) << "the last slot of the RQ";
	EXPECT_TRUE(v.breaks(rule_id::post_recv_cap_max_recv_wr_outstanding));
	v = judge_post_list(Verb::PostRecv, queue(0), {wr(1)}, ENOMEM, 0);
	EXPECT_EQ(v.breaches.size(), 2u) << "at no bound: every row that applies";
}

} // namespace
