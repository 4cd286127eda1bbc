// The memory-protection rows on hand-made views: a key honoured or refused
// as the contract says passes, and each wrong outcome breaks its own row.
#include "contracts/access_judge.h"
#include "contracts/completion_judge.h"
#include "contracts/rule_ids/alloc_pd.h"
#include "contracts/rule_ids/poll_cq.h"
#include "contracts/rule_ids/post_recv.h"
#include "contracts/rule_ids/post_send.h"
#include "contracts/rule_ids/reg_mr.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

ibv_wc wc(uint64_t id, ibv_wc_status status, ibv_wc_opcode op, uint32_t qpn)
{
	ibv_wc w{};
	w.wr_id = id;
	w.status = status;
	w.opcode = op;
	w.qp_num = qpn;
	return w;
}

// One signaled RC RDMA WRITE of 4 bytes; its rkey names an MR of the
// responder's PD with `access`.
ExchangeView write(int access, KeyTarget target = KeyTarget::OwnMr)
{
	ExchangeView x;
	x.qp_type = IBV_QPT_RC;
	x.sender_qpn = 10;
	x.responder_qpn = 11;
	SentWr s;
	s.wr_id = 1;
	s.opcode = IBV_WR_RDMA_WRITE;
	s.send_flags = IBV_SEND_SIGNALED;
	s.payload = {1, 2, 3, 4};
	s.remote_before = {9, 9, 9, 9};
	x.sends.push_back(s);
	KeyUse u;
	u.role = KeyRole::Rkey;
	u.target = target;
	u.mr_access = access;
	u.length = 4;
	u.before = {9, 9, 9, 9, 7, 7};
	x.access.keys.push_back(u);
	return x;
}

void carried_out(ExchangeView &x)
{
	x.sends[0].remote_after = x.sends[0].payload;
	x.access.keys[0].after = {1, 2, 3, 4, 7, 7};
	x.send_wcs = {wc(1, IBV_WC_SUCCESS, IBV_WC_RDMA_WRITE, 10)};
}

void refused(ExchangeView &x, ibv_wc_status status)
{
	x.sends[0].remote_after = x.sends[0].remote_before;
	x.access.keys[0].after = x.access.keys[0].before;
	x.send_wcs = {wc(1, status, IBV_WC_RDMA_WRITE, 10)};
}

constexpr int kWritable = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE;

TEST(AccessJudge, AGrantedRkeyCarriedOutPasses)
{
	ExchangeView x = write(kWritable);
	carried_out(x);
	EXPECT_TRUE(judge_exchange(x).accepts()) << judge_exchange(x).describe();
}

TEST(AccessJudge, AGrantedRkeyRefusedBreaksTheFlagAndServesRows)
{
	ExchangeView x = write(kWritable);
	refused(x, IBV_WC_REM_ACCESS_ERR);
	Verdict v = judge_exchange(x);
	EXPECT_TRUE(v.breaks(rule_id::reg_mr_access_remote_write)) << v.describe();
	EXPECT_TRUE(v.breaks(rule_id::reg_mr_rkey_serves)) << v.describe();
}

TEST(AccessJudge, AnRkeyWithoutTheFlagRefusedPasses)
{
	for (int access : {0, (int)IBV_ACCESS_LOCAL_WRITE, (int)IBV_ACCESS_REMOTE_READ}) {
		ExchangeView x = write(access);
		refused(x, IBV_WC_REM_ACCESS_ERR);
		EXPECT_TRUE(judge_exchange(x).accepts()) << judge_exchange(x).describe();
	}
}

TEST(AccessJudge, AnRkeyWithoutTheFlagCarriedOutBreaksTheFlagRow)
{
	ExchangeView x = write(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ);
	carried_out(x);
	Verdict v = judge_exchange(x);
	EXPECT_TRUE(v.breaks(rule_id::reg_mr_access_remote_write)) << v.describe();
	EXPECT_FALSE(v.breaks(rule_id::poll_cq_wc_status_success_on_valid_work)) << v.describe();
}

TEST(AccessJudge, AnotherStatusBreaksOnlyTheShouldStatusRow)
{
	ExchangeView x = write(IBV_ACCESS_LOCAL_WRITE);
	refused(x, IBV_WC_REM_OP_ERR);
	Verdict v = judge_exchange(x);
	ASSERT_EQ(v.breaches.size(), 1u) << v.describe();
	EXPECT_TRUE(v.breaks(rule_id::poll_cq_wc_status_rem_access_err));
	EXPECT_EQ(v.verdict(), Verdict::Class::ShouldReject);
}

TEST(AccessJudge, UcRequesterSeesNoRefusalButTheBytesDecide)
{
	ExchangeView x = write(IBV_ACCESS_LOCAL_WRITE);
	x.qp_type = IBV_QPT_UC;
	refused(x, IBV_WC_SUCCESS);
	EXPECT_TRUE(judge_exchange(x).accepts()) << judge_exchange(x).describe();
	x.access.keys[0].after[0] = 1;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::reg_mr_access_remote_write));
}

TEST(AccessJudge, AnIwarpWriteCompletesOnceSentTheBytesDecide)
{
	ExchangeView x = write(IBV_ACCESS_LOCAL_WRITE);
	x.access.write_unacknowledged = true;
	refused(x, IBV_WC_SUCCESS);
	EXPECT_TRUE(judge_exchange(x).accepts()) << judge_exchange(x).describe();
	x.access.keys[0].after[1] = 2;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::reg_mr_access_remote_write));
}

TEST(AccessJudge, ARefusedReadMustNotDeliverTheMrsBytes)
{
	ExchangeView x = write(IBV_ACCESS_LOCAL_WRITE);
	x.sends[0].opcode = IBV_WR_RDMA_READ;
	x.sends[0].payload.clear();
	refused(x, IBV_WC_REM_ACCESS_ERR);
	x.sends[0].local_after = {0xcc, 0xcc, 0xcc, 0xcc};
	EXPECT_TRUE(judge_exchange(x).accepts()) << judge_exchange(x).describe();
	x.sends[0].local_after = x.sends[0].remote_before;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::reg_mr_access_remote_read));
}

TEST(AccessJudge, AnotherPdsMrBreaksIsolationWhenHonoured)
{
	ExchangeView x = write(kWritable, KeyTarget::OtherPdMr);
	refused(x, IBV_WC_REM_ACCESS_ERR);
	EXPECT_TRUE(judge_exchange(x).accepts()) << judge_exchange(x).describe();
	carried_out(x);
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::alloc_pd_pd_isolates));
}

// A SEND whose source SGE names no MR; refused at the post or completed in
// error, nothing received.
TEST(AccessJudge, ASendLkeyOfNoMrMustFailTheWr)
{
	ExchangeView x;
	x.qp_type = IBV_QPT_UD;
	SentWr s;
	s.wr_id = 1;
	s.opcode = IBV_WR_SEND;
	s.send_flags = IBV_SEND_SIGNALED;
	s.payload = {1, 2};
	x.sends.push_back(s);
	x.recvs.push_back({100, 64, {}});
	KeyUse u;
	u.role = KeyRole::Gather;
	u.target = KeyTarget::NoMr;
	u.length = 2;
	u.before = u.after = {1, 2, 0};
	x.access.keys.push_back(u);
	x.send_wcs = {wc(1, IBV_WC_LOC_PROT_ERR, IBV_WC_SEND, 0)};
	EXPECT_TRUE(judge_exchange(x).accepts()) << judge_exchange(x).describe();
	x.send_wcs.clear();
	x.access.send_result = EINVAL;
	x.access.send_bad = 1;
	EXPECT_TRUE(judge_exchange(x).accepts()) << judge_exchange(x).describe();
	x.access.send_result = 0;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::post_send_sge_lkey_checked)); // neither
	x.send_wcs = {wc(1, IBV_WC_SUCCESS, IBV_WC_SEND, 0)};
	x.recv_wcs = {wc(100, IBV_WC_SUCCESS, IBV_WC_RECV, 0)};
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::post_send_sge_lkey_checked));
}

// A receive of 16 bytes for a 48-byte message.
TEST(AccessJudge, AMessageLongerThanTheReceiveFailsIt)
{
	ExchangeView x;
	x.qp_type = IBV_QPT_RC;
	SentWr s;
	s.wr_id = 1;
	s.opcode = IBV_WR_SEND;
	s.send_flags = IBV_SEND_SIGNALED;
	s.payload.assign(48, 1);
	x.sends.push_back(s);
	x.recvs.push_back({100, 16, {}});
	KeyUse u;
	u.role = KeyRole::Receive;
	u.mr_access = IBV_ACCESS_LOCAL_WRITE;
	u.length = 16;
	u.before = u.after = std::vector<uint8_t>(32, 0xee);
	x.access.keys.push_back(u);
	x.send_wcs = {wc(1, IBV_WC_REM_INV_REQ_ERR, IBV_WC_SEND, 0)};
	x.recv_wcs = {wc(100, IBV_WC_LOC_LEN_ERR, IBV_WC_RECV, 0)};
	EXPECT_TRUE(judge_exchange(x).accepts()) << judge_exchange(x).describe();
	x.access.keys[0].after[20] = 1;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::post_recv_sge_message_fits));
	x.access.keys[0].after[20] = 0xee;
	x.recv_wcs[0].status = IBV_WC_SUCCESS;
	EXPECT_TRUE(judge_exchange(x).breaks(rule_id::post_recv_sge_message_fits));
}

} // namespace
} // namespace ibvcert
