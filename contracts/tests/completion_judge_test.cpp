// The datapath judge on hand-made views: a clean exchange passes, and each
// kind of wrong completion breaks its own row.
#include "contracts/completion_judge.h"
#include "contracts/create_cq_judge.h"
#include "contracts/rule_ids/create_cq.h"
#include "contracts/rule_ids/poll_cq.h"
#include "contracts/rule_ids/post_recv.h"
#include "contracts/rule_ids/post_send.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

ibv_wc wc(uint64_t id, ibv_wc_opcode op, uint32_t qpn)
{
	ibv_wc w{};
	w.wr_id = id;
	w.status = IBV_WC_SUCCESS;
	w.opcode = op;
	w.qp_num = qpn;
	return w;
}

// Two RC SEND_WITH_IMMs of 4 bytes, the second signaled, received in order.
ExchangeView clean()
{
	ExchangeView x;
	x.qp_type = IBV_QPT_RC;
	x.sender_qpn = 10;
	x.responder_qpn = 11;
	for (uint64_t id : {1, 2}) {
		SentWr s;
		s.wr_id = id;
		s.opcode = IBV_WR_SEND_WITH_IMM;
		s.send_flags = id == 2 ? IBV_SEND_SIGNALED : 0;
		s.imm_data = (uint32_t)id * 0x1000;
		s.payload = {1, 2, 3, (uint8_t)id};
		x.sends.push_back(s);
		x.recvs.push_back({100 + id, 64, {1, 2, 3, (uint8_t)id, 0xee}});
		ibv_wc r = wc(100 + id, IBV_WC_RECV, 11);
		r.byte_len = 4;
		r.wc_flags = IBV_WC_WITH_IMM;
		r.imm_data = s.imm_data;
		x.recv_wcs.push_back(r);
	}
	x.send_wcs.push_back(wc(2, IBV_WC_SEND, 10));
	return x;
}

TEST(CompletionJudge, ACleanExchangePasses)
{
	EXPECT_TRUE(judge_exchange(clean()).accepts()) << judge_exchange(clean()).describe();
}

TEST(CompletionJudge, AWriteWithImmediatesReceiveCountsTheBytesWritten)
{
	ExchangeView x = clean();
	for (SentWr &s : x.sends)
		s.opcode = IBV_WR_RDMA_WRITE_WITH_IMM;
	for (ibv_wc &w : x.recv_wcs)
		w.opcode = IBV_WC_RECV_RDMA_WITH_IMM;
	EXPECT_FALSE(judge_exchange(x).breaks(rule_id::poll_cq_wc_byte_len)) << judge_exchange(x).describe();
	x.recv_wcs[0].byte_len = 0;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::poll_cq_wc_byte_len));
}

TEST(CompletionJudge, EachWrongCompletionBreaksItsOwnRow)
{
	ExchangeView x = clean();
	x.send_wcs.insert(x.send_wcs.begin(), wc(1, IBV_WC_SEND, 10));
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::post_send_send_flags_signaled));

	x = clean();
	std::swap(x.recv_wcs[0], x.recv_wcs[1]);
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::post_recv_list_in_order));

	x = clean();
	x.recv_wcs[1].wc_flags = 0;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::poll_cq_wc_imm_data));

	x = clean();
	x.recv_wcs[0].byte_len = 64;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::poll_cq_wc_byte_len));

	x = clean();
	x.recvs[1].found[2] = 9;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::post_send_sge_message_arrives));

	x = clean();
	x.recv_wcs[0].wc_flags |= 0x20;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::poll_cq_wc_wc_flags_known));

	x = clean();
	x.send_wcs[0].opcode = IBV_WC_RDMA_WRITE;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::poll_cq_wc_opcode_of_the_wr));
}

TEST(CompletionJudge, AFlushIsWrFlushErrOncePerWrInOrder)
{
	FlushView f;
	f.qpn = 7;
	f.recv_ids = {1, 2};
	for (uint64_t id : {1, 2}) {
		ibv_wc w = wc(id, IBV_WC_RECV, 7);
		w.status = IBV_WC_WR_FLUSH_ERR;
		f.recv_wcs.push_back(w);
	}
	EXPECT_TRUE(judge_flush(f).accepts());
	f.recv_wcs[1].status = IBV_WC_GENERAL_ERR;
	EXPECT_TRUE(judge_flush(f).breaks(rule_id::poll_cq_wc_flushed_in_err));
	f.recv_wcs.pop_back();
	EXPECT_TRUE(judge_flush(f).breaks(rule_id::poll_cq_wc_flushed_in_err));
}

TEST(CreateCqJudge, TheCqIsAtLeastTheRequest)
{
	DeviceCaps caps;
	caps.device.orig_attr.max_cqe = 1000;
	EXPECT_TRUE(judge_create_cq(caps, 16, 0, 16).accepts());
	EXPECT_TRUE(judge_create_cq(caps, 16, 0, 15).breaks(rule_id::create_cq_cqe_at_least_the_request));
	EXPECT_TRUE(judge_create_cq(caps, 16, EINVAL, 0).breaks(rule_id::create_cq_valid_returns_a_cq));
	EXPECT_TRUE(judge_create_cq(caps, 0, EINVAL, 0).accepts());
	EXPECT_TRUE(judge_create_cq(caps, 1001, 0, 1001).breaks(rule_id::create_cq_cqe_range));
}

} // namespace
} // namespace ibvcert
