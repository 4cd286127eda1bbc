// ibv_post_recv(3) (and the send queue alike) on a QP taken to ERR: what it
// held and what is posted to it after completes, flushed; and ibv_post_recv
// on a QP that receives through an SRQ. Judged by the datapath's judge
// (contracts/completion_judge.h); the case only drives the device.
#include "fixtures/rigs/datapath_rig.h"
#include "fixtures/rigs/flush_rig.h"
#include "contracts/names.h"
#include "contracts/rule_ids/poll_cq.h"
#include "contracts/rule_ids/post_recv.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

namespace ibvcert {
namespace {

std::vector<const ContractRule *> rules_with(Check check)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : completion_rules_judged())
		if (r->check == check)
			out.push_back(r);
	return out;
}

class PostInErr : public ::testing::TestWithParam<ibv_qp_type> {};

// The responder holds three receive WRs when it is taken to ERR; two more
// receives and (RC, UC) two sends are posted to it in ERR.
TEST_P(PostInErr, EveryWrHeldOrPostedCompletesFlushedOnItsOwnCq)
{
	record_clause({rule_id::poll_cq_wc_flushed_in_err});
	DatapathPair rig;
	if (auto skip = rig.prepare({GetParam(), false, false}))
		GTEST_SKIP() << *skip;
	FlushView f;
	std::vector<CallResult> calls;
	if (auto stop = drive_flush(rig, FlushSpec{3, 2, 2}, f, calls))
		FAIL() << *stop; // the failure is recorded with its evidence
	record_verdict(judge_flush(f), rules_with(Check::FlushedInErr), rig.evidence());
}

INSTANTIATE_TEST_SUITE_P(QpType, PostInErr, ::testing::Values(IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD),
			 [](const ::testing::TestParamInfo<ibv_qp_type> &info) {
				 return qp_type_name(info.param);
			 });

class PostRecvOnSrqQp : public ::testing::TestWithParam<ibv_qp_type> {};

// ibv_post_recv on the responder, whose receives come from its SRQ; then a
// message, with one WR posted to the SRQ.
TEST_P(PostRecvOnSrqQp, IsRefusedAndTheMessageTakesTheSrqsWr)
{
	record_clause({rule_id::post_recv_srq_qp_refused});
	DatapathPair rig;
	if (auto skip = rig.prepare({GetParam(), false, true}))
		GTEST_SKIP() << *skip;
	SrqQpRecv r;
	if (drive_post_recv_on_srq_qp(rig, r))
		return; // the device has no SEND here (skipped), or a failure is recorded
	record_verdict(judge_post_recv_on_srq_qp(r.result, r.refused, r.recv_wcs), rules_with(Check::RefusedOnSrqQp),
		       rig.evidence());
}

INSTANTIATE_TEST_SUITE_P(QpType, PostRecvOnSrqQp, ::testing::Values(IBV_QPT_RC, IBV_QPT_UD),
			 [](const ::testing::TestParamInfo<ibv_qp_type> &info) {
				 return qp_type_name(info.param);
			 });

// ibv_post_recv on a QP taken back to RESET. The page does not say that a
// post there fails (the IB spec does), so the post may be refused or taken;
// a refusal is a failure detected while posting: an errno value, and the WR
// returned through bad_wr (ibv_post_recv(3)).
class PostRecvInReset : public ::testing::TestWithParam<ibv_qp_type> {};

TEST_P(PostRecvInReset, ARefusalNamesTheWrThroughBadWr)
{
	record_clause({rule_id::post_recv_bad_wr_names_the_failing_wr, {rule_id::post_recv_return_zero_or_errno}});
	DatapathPair rig;
	if (auto skip = rig.prepare({GetParam(), false, false}))
		GTEST_SKIP() << *skip;
	ibv_qp_attr reset{};
	reset.qp_state = IBV_QPS_RESET;
	if (int ret = rig.responder().modify(reset, IBV_QP_STATE)) {
		rig.fail("ibv_modify_qp(responder, RTS -> RESET)", ret);
		return;
	}
	rig.note("ibv_modify_qp(responder, RTS -> RESET) -> 0");
	ibv_sge sge{};
	ibv_recv_wr wr = rig.recv_wr(1, 0, sge);
	ibv_recv_wr *bad = nullptr;
	int ret = rig.responder().post_recv(&wr, &bad);
	record_call({Verb::PostRecv, ret, 1, bad == &wr ? 0 : -1},
		    fmt::format("ibv_post_recv(responder in RESET, 1 WR) -> {}, bad_wr {}\n{}", errno_name(ret),
				bad == &wr ? "the WR" : bad ? "not the WR" : "NULL", rig.evidence()));
}

INSTANTIATE_TEST_SUITE_P(QpType, PostRecvInReset, ::testing::Values(IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD),
			 [](const ::testing::TestParamInfo<ibv_qp_type> &info) {
				 return qp_type_name(info.param);
			 });

} // namespace
} // namespace ibvcert
