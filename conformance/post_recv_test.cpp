// ibv_post_recv(3) (and the send queue alike) on a QP taken to ERR: what it
// held and what is posted to it after completes, flushed; and ibv_post_recv
// on a QP that receives through an SRQ. Judged by the datapath's judge
// (contracts/completion_judge.h); the case only drives the device.
#include "fixtures/rigs/datapath_rig.h"
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
	f.qpn = rig.responder().qp_num();
	auto post_recv = [&](uint64_t id, int slot) {
		ibv_sge s;
		ibv_recv_wr w = rig.recv_wr(id, slot, s);
		ibv_recv_wr *bad = nullptr;
		int ret = rig.responder().post_recv(&w, &bad);
		rig.note(fmt::format("ibv_post_recv(wr_id {}) -> {}", id, errno_name(ret)));
		if (!ret)
			f.recv_ids.push_back(id);
		return ret;
	};
	for (int i = 0; i < 3; i++)
		if (int ret = post_recv(10 + i, i))
			FAIL() << "ibv_post_recv in RTS returned " << errno_name(ret) << "\n" << rig.evidence();
	ibv_qp_attr attr{};
	attr.qp_state = IBV_QPS_ERR;
	int ret = rig.responder().modify(attr, IBV_QP_STATE);
	rig.note("ibv_modify_qp(responder, ERR) -> " + errno_name(ret));
	if (ret)
		FAIL() << "ibv_modify_qp to ERR returned " << errno_name(ret) << "\n" << rig.evidence();
	for (int i = 3; i < 5; i++)
		post_recv(10 + i, i);
	if (GetParam() != IBV_QPT_UD)
		for (uint64_t id : {20, 21}) {
			ibv_sge s;
			rig.recv_wr(0, 8, s); // an SGE of the rig's MR
			s.length = 8;
			ibv_send_wr w{};
			w.wr_id = id;
			w.opcode = IBV_WR_SEND;
			w.send_flags = IBV_SEND_SIGNALED;
			w.sg_list = &s;
			w.num_sge = 1;
			ibv_send_wr *bad = nullptr;
			int r = rig.responder().post_send(&w, &bad);
			rig.note(fmt::format("ibv_post_send(wr_id {}, SIGNALED) in ERR -> {}", id, errno_name(r)));
			if (!r)
				f.send_ids.push_back(id);
		}
	int wait = run_device().emulated() ? 0 : 2000;
	f.recv_wcs = rig.poll(rig.responder_recv_cq(), f.recv_ids.size(), wait);
	f.send_wcs = rig.poll(rig.responder_send_cq(), f.send_ids.size(), f.send_ids.empty() ? 0 : wait);
	rig.note(fmt::format("receive CQ gave wr_id {}; send CQ gave wr_id {}",
			     fmt::join([&] { std::vector<uint64_t> v; for (auto &w : f.recv_wcs) v.push_back(w.wr_id); return v; }(), ","),
			     fmt::join([&] { std::vector<uint64_t> v; for (auto &w : f.send_wcs) v.push_back(w.wr_id); return v; }(), ",")));
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
	constexpr uint64_t kRefused = 77;
	ibv_sge s;
	ibv_recv_wr w = rig.recv_wr(kRefused, 20, s);
	ibv_recv_wr *bad = nullptr;
	int ret = rig.responder().post_recv(&w, &bad);
	rig.note("ibv_post_recv on the SRQ's QP -> " + errno_name(ret));
	SendSpec send;
	send.opcode = IBV_WR_SEND;
	if (rig.post({send}, 1))
		return;
	ExchangeView v = rig.settle();
	record_verdict(judge_post_recv_on_srq_qp(ret, kRefused, v.recv_wcs), rules_with(Check::RefusedOnSrqQp),
		       rig.evidence());
}

INSTANTIATE_TEST_SUITE_P(QpType, PostRecvOnSrqQp, ::testing::Values(IBV_QPT_RC, IBV_QPT_UD),
			 [](const ::testing::TestParamInfo<ibv_qp_type> &info) {
				 return qp_type_name(info.param);
			 });

} // namespace
} // namespace ibvcert
