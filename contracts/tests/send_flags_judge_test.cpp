// The send_flags and routing judge on hand-made views: each allowed outcome
// of a flag outside where it is valid passes, a WR carried out otherwise
// breaks the flag's row; a fenced WR that did not wait, a completion on
// another QP's CQ, a receive from another SRQ, a wrong sl each break theirs.
#include "contracts/rule_ids/create_qp.h"
#include "contracts/rule_ids/poll_cq.h"
#include "contracts/rule_ids/post_send.h"
#include "contracts/send_flags_judge.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

ibv_wc wc(uint64_t id, ibv_wc_opcode op, uint32_t qpn, ibv_wc_status st = IBV_WC_SUCCESS)
{
	ibv_wc w{};
	w.wr_id = id;
	w.status = st;
	w.opcode = op;
	w.qp_num = qpn;
	return w;
}

// One RC RDMA_WRITE, signaled, with extra send_flags bits.
FlaggedExchange write_with(unsigned flags)
{
	FlaggedExchange f;
	f.x.qp_type = IBV_QPT_RC;
	f.x.sender_qpn = 10;
	f.x.responder_qpn = 11;
	SentWr s;
	s.wr_id = 1;
	s.opcode = IBV_WR_RDMA_WRITE;
	s.send_flags = IBV_SEND_SIGNALED | flags;
	s.payload = {1, 2, 3, 4};
	s.remote_before = {0, 0, 0, 0};
	s.remote_after = {1, 2, 3, 4};
	f.x.sends.push_back(s);
	f.x.recvs.push_back({100, 64, {}});
	f.x.send_wcs.push_back(wc(1, IBV_WC_RDMA_WRITE, 10));
	f.accepted = 1;
	return f;
}

TEST(SendFlagsJudge, OutsideFlagIgnoredRefusedOrFailedPasses)
{
	for (unsigned flags : {0u, (unsigned)IBV_SEND_SOLICITED, 1u << 5, 1u << 31})
		EXPECT_TRUE(judge_flagged_exchange(write_with(flags)).accepts())
			<< flags << ": " << judge_flagged_exchange(write_with(flags)).describe();
	FlaggedExchange refused = write_with(IBV_SEND_SOLICITED | (1u << 7));
	refused.post_result = EINVAL;
	refused.accepted = 0;
	refused.x.send_wcs.clear();
	refused.x.sends[0].remote_after = {0, 0, 0, 0};
	EXPECT_TRUE(judge_flagged_exchange(refused).accepts()) << judge_flagged_exchange(refused).describe();
	FlaggedExchange failed = write_with(1u << 9);
	failed.x.send_wcs = {wc(1, IBV_WC_RDMA_WRITE, 10, IBV_WC_LOC_QP_OP_ERR)};
	EXPECT_TRUE(judge_flagged_exchange(failed).accepts());
}

TEST(SendFlagsJudge, OutsideFlagCarriedOutOtherwiseBreaksItsRow)
{
	FlaggedExchange consumed = write_with(IBV_SEND_SOLICITED);
	consumed.x.recv_wcs.push_back(wc(100, IBV_WC_RECV_RDMA_WITH_IMM, 11));
	Verdict v = judge_flagged_exchange(consumed);
	EXPECT_TRUE(v.breaks(rule_id::post_send_send_flags_solicited_opcodes)) << v.describe();
	EXPECT_FALSE(v.breaks(rule_id::post_send_list_in_order)) << v.describe();

	FlaggedExchange refused_yet_sent = write_with(1u << 12);
	refused_yet_sent.post_result = EINVAL;
	refused_yet_sent.accepted = 0;
	refused_yet_sent.x.send_wcs.clear();
	refused_yet_sent.x.recv_wcs.push_back(wc(100, IBV_WC_RECV, 11));
	v = judge_flagged_exchange(refused_yet_sent);
	EXPECT_TRUE(v.breaks(rule_id::post_send_send_flags_known)) << v.describe();

	FlaggedExchange ud = write_with(IBV_SEND_FENCE);
	ud.x.qp_type = IBV_QPT_UD;
	ud.x.sends[0].opcode = IBV_WR_SEND;
	ud.x.send_wcs = {wc(1, IBV_WC_SEND, 10)}; // delivered nowhere
	v = judge_flagged_exchange(ud);
	EXPECT_TRUE(v.breaks(rule_id::post_send_send_flags_fence_rc_only)) << v.describe();
}

TEST(SendFlagsJudge, ValidFlagsAreTheExchangesOwnJudgement)
{
	FlaggedExchange f = write_with(IBV_SEND_FENCE);
	EXPECT_TRUE(judge_flagged_exchange(f).accepts());
	f.x.sends[0].remote_after = {9, 9, 9, 9};
	EXPECT_TRUE(judge_flagged_exchange(f).breaks(rule_id::post_send_rdma_lands_at_remote_addr));
	f.x.sends[0].send_flags |= IBV_SEND_INLINE;
	EXPECT_TRUE(judge_flagged_exchange(f).breaks(rule_id::post_send_send_flags_inline_copied));
	FlaggedExchange refused = write_with(IBV_SEND_FENCE);
	refused.post_result = EINVAL;
	refused.accepted = 0;
	refused.x.send_wcs.clear();
	refused.x.sends[0].remote_after = {0, 0, 0, 0};
	EXPECT_TRUE(judge_flagged_exchange(refused).breaks(rule_id::post_send_send_flags_known));
	EXPECT_EQ(send_flags_outside(IBV_QPT_RC, IBV_WR_RDMA_READ, IBV_SEND_INLINE | IBV_SEND_FENCE),
		  (unsigned)IBV_SEND_INLINE);
	EXPECT_EQ(send_flags_outside(IBV_QPT_UC, IBV_WR_SEND, IBV_SEND_FENCE | IBV_SEND_SOLICITED),
		  (unsigned)IBV_SEND_FENCE);
}

// With the sender's cap given, the list is judged on the posts' capacity
// rows too: an inline WR of max_inline_data bytes is taken, one byte past
// it may be refused whatever its send_flags.
TEST(SendFlagsJudge, InlineWrJudgedAgainstTheQueuesCap)
{
	auto inline_write = [](uint32_t bytes, int result) {
		FlaggedExchange f = write_with(IBV_SEND_INLINE);
		f.queue = PostQueueNow{};
		f.queue->cap = {16, 16, 2, 2, 64};
		f.posted = {PostedWr{1, true, bytes}};
		f.post_result = result;
		if (result) {
			f.accepted = 0;
			f.x.send_wcs.clear();
			f.x.sends[0].remote_after = {0, 0, 0, 0};
		}
		return f;
	};
	EXPECT_TRUE(judge_flagged_exchange(inline_write(64, 0)).accepts());
	Verdict at_max_refused = judge_flagged_exchange(inline_write(64, EINVAL));
	EXPECT_TRUE(at_max_refused.breaks(rule_id::post_send_cap_inline_within_max_inline_data))
		<< at_max_refused.describe();
	Verdict past_refused = judge_flagged_exchange(inline_write(65, EINVAL));
	EXPECT_TRUE(past_refused.accepts()) << past_refused.describe();
	Verdict past_taken = judge_flagged_exchange(inline_write(65, 0));
	EXPECT_TRUE(past_taken.breaks(rule_id::post_send_cap_inline_within_max_inline_data)) << past_taken.describe();
}

TEST(SendFlagsJudge, FencedWrThatDidNotWaitBreaksTheFenceRow)
{
	FenceView f;
	f.fenced_flags = IBV_SEND_SIGNALED | IBV_SEND_FENCE;
	f.before = {1, 1};
	f.fetched = {7, 7};
	f.carried = {7, 7};
	f.first_id = 1;
	f.fenced_id = 2;
	f.send_wcs = {wc(1, IBV_WC_RDMA_READ, 10), wc(2, IBV_WC_SEND, 10)};
	EXPECT_TRUE(judge_fence(f).accepts());
	f.carried = f.before;
	EXPECT_TRUE(judge_fence(f).breaks(rule_id::post_send_send_flags_fence));
}

// Two QPs: 0 (send CQ 0, receive CQ 1, own RQ) sends to 1 (send CQ 1,
// receive CQ 0, SRQ 0); SRQ 1 alive beside.
RoutingView routed()
{
	RoutingView v;
	v.qps = {{20, 0, 1, -1}, {21, 1, 0, 0}};
	v.wrs = {{1, RoutedWr::Send, 0, true, 1}, {2, RoutedWr::Send, 0, false, 1},
		 {50, RoutedWr::SrqRecv, 0, false, -1}, {51, RoutedWr::SrqRecv, 0, false, -1},
		 {60, RoutedWr::SrqRecv, 1, false, -1}};
	v.cq_wcs = {{wc(1, IBV_WC_SEND, 20), wc(50, IBV_WC_RECV, 21), wc(51, IBV_WC_RECV, 21)}, {}};
	return v;
}

TEST(SendFlagsJudge, EachCompletionOnItsOwnQpsCq)
{
	EXPECT_TRUE(judge_routing(routed()).accepts()) << judge_routing(routed()).describe();
	RoutingView v = routed();
	std::swap(v.cq_wcs[0], v.cq_wcs[1]);
	Verdict r = judge_routing(v);
	EXPECT_TRUE(r.breaks(rule_id::create_qp_send_cq_completions_land_there)) << r.describe();
	EXPECT_TRUE(r.breaks(rule_id::create_qp_recv_cq_completions_land_there)) << r.describe();
	v = routed();
	v.cq_wcs[0][2].wr_id = 60;
	r = judge_routing(v);
	EXPECT_TRUE(r.breaks(rule_id::create_qp_srq_receives_from_the_srq)) << r.describe();
	EXPECT_FALSE(r.breaks(rule_id::create_qp_recv_cq_completions_land_there)) << r.describe();
}

TEST(SendFlagsJudge, UdReceiveSlIsTheAhs)
{
	ExchangeView x;
	x.qp_type = IBV_QPT_UD;
	x.ah_sl = 7;
	x.sl_carried = true;
	ibv_wc r = wc(100, IBV_WC_RECV, 11);
	r.sl = 7;
	x.recv_wcs = {r};
	Verdict v;
	judge_wc_sl(x, v);
	EXPECT_TRUE(v.accepts());
	x.recv_wcs[0].sl = 0;
	judge_wc_sl(x, v);
	EXPECT_TRUE(v.breaks(rule_id::poll_cq_wc_sl));
	Verdict roce;
	x.sl_carried = false;
	judge_wc_sl(x, roce);
	EXPECT_TRUE(roce.accepts());
}

} // namespace
} // namespace ibvcert
