// A post against the queue's own attributes (ibv_create_qp(3)'s cap, as
// ibv_query_qp reports it; ibv_post_recv(3) and ibv_post_send(3) stop at
// the first failure and return it through bad_wr), on a pair in RTS with
// nothing sent: the RQ holds max_recv_wr WRs and refuses the next; a WR
// past max_recv_sge or max_send_sge (or of a negative num_sge), or an inline WR past max_inline_data,
// stops the post at it. Judged by the posts' capacity rows
// (contracts/post_wr_eval.h: judge_post_list); the case drives the device.
#include "fixtures/rigs/datapath_rig.h"
#include "contracts/names.h"
#include "contracts/post_wr_eval.h"
#include "contracts/rule_ids/post_recv.h"
#include "contracts/rule_ids/post_send.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <vector>

namespace ibvcert {
namespace {

std::string type_param_name(const ::testing::TestParamInfo<ibv_qp_type> &info)
{
	return qp_type_name(info.param);
}

// The pair in RTS and the cap ibv_query_qp reports for qp; a reason to
// stop otherwise (a SKIP, or a failure already recorded).
std::optional<std::string> prepare(DatapathPair &rig, ibv_qp_type type, bool responder, ibv_qp_cap &cap)
{
	if (auto skip = rig.prepare({type, false, false}))
		return skip;
	return rig.query_cap(responder, cap);
}

// Posts wrs (a list linked here) to the responder's RQ; the result and the
// position bad_wr named (-1: none of the list).
int post_recv_list(DatapathPair &rig, std::vector<ibv_recv_wr> &wrs, int &bad_index)
{
	for (size_t i = 0; i < wrs.size(); i++)
		wrs[i].next = i + 1 < wrs.size() ? &wrs[i + 1] : nullptr;
	ibv_recv_wr *bad = nullptr;
	int ret = rig.responder().post_recv(wrs.data(), &bad);
	bad_index = -1;
	for (size_t i = 0; i < wrs.size(); i++)
		if (bad == &wrs[i])
			bad_index = (int)i;
	return ret;
}

void judge(DatapathPair &rig, Verb verb, const PostQueueNow &before, const std::vector<PostedWr> &wrs, int ret,
	   int bad_index, const std::string &what)
{
	rig.note(fmt::format("{}: {} WR(s) onto {} outstanding = {}, bad_wr at {}", what, wrs.size(),
			     before.outstanding, errno_name(ret), bad_index));
	record_verdict(judge_post_list(verb, before, wrs, ret, bad_index), post_capacity_rules(verb),
		       rig.evidence());
}

class PostRecvCapacity : public ::testing::TestWithParam<ibv_qp_type> {};

// max_recv_wr WRs as one list into the empty RQ, then one more.
TEST_P(PostRecvCapacity, TakesMaxRecvWrWrsAndStopsAtTheFirstPastThem)
{
	record_clause({rule_id::post_recv_cap_max_recv_wr_outstanding});
	DatapathPair rig;
	ibv_qp_cap cap{};
	if (auto stop = prepare(rig, GetParam(), true, cap))
		GTEST_SKIP() << *stop;
	std::vector<ibv_sge> sges(cap.max_recv_wr + 1);
	std::vector<ibv_recv_wr> wrs;
	for (uint32_t i = 0; i < cap.max_recv_wr; i++)
		wrs.push_back(rig.recv_wr(100 + i, 0, sges[i]));
	PostQueueNow q;
	q.cap = cap;
	int bad = -1;
	int ret = post_recv_list(rig, wrs, bad);
	judge(rig, Verb::PostRecv, q, std::vector<PostedWr>(wrs.size()), ret, bad, "ibv_post_recv of max_recv_wr WRs");
	if (ret)
		return;
	q.outstanding = cap.max_recv_wr;
	std::vector<ibv_recv_wr> one{rig.recv_wr(99, 0, sges.back())};
	ret = post_recv_list(rig, one, bad);
	judge(rig, Verb::PostRecv, q, {PostedWr{}}, ret, bad, "ibv_post_recv of one WR more");
}

// The value classes of num_sge outside what the RQ takes: one past
// max_recv_sge, and a negative count (an int: no size of an array).
enum class NumSge { AboveMax, Negative };

struct NumSgeParam {
	ibv_qp_type type;
	NumSge num_sge;
};

std::string num_sge_param_name(const ::testing::TestParamInfo<NumSgeParam> &info)
{
	return qp_type_name(info.param.type) + (info.param.num_sge == NumSge::AboveMax ? "_AboveMax" : "_Negative");
}

int num_sge_of(NumSge c, uint32_t max)
{
	return c == NumSge::AboveMax ? (int)max + 1 : -1;
}

class PostRecvNumSge : public ::testing::TestWithParam<NumSgeParam> {};

// A WR of one SGE, then one whose num_sge is of the class, as one list.
TEST_P(PostRecvNumSge, WrOfNumSgeOutsideZeroToMaxRecvSgeStopsThePostAtIt)
{
	record_clause({rule_id::post_recv_cap_num_sge_within_max_recv_sge});
	DatapathPair rig;
	ibv_qp_cap cap{};
	if (auto stop = prepare(rig, GetParam().type, true, cap))
		GTEST_SKIP() << *stop;
	ibv_sge first{};
	std::vector<ibv_recv_wr> wrs{rig.recv_wr(1, 0, first)};
	std::vector<ibv_sge> many(cap.max_recv_sge + 1);
	for (uint32_t i = 0; i < many.size(); i++)
		rig.recv_wr(2, 1, many[i]); // each over the second slot
	ibv_recv_wr other{};
	other.wr_id = 2;
	other.sg_list = many.data();
	other.num_sge = num_sge_of(GetParam().num_sge, cap.max_recv_sge);
	wrs.push_back(other);
	int bad = -1;
	int ret = post_recv_list(rig, wrs, bad);
	std::vector<PostedWr> shapes(2);
	shapes[1].num_sge = other.num_sge;
	PostQueueNow q;
	q.cap = cap;
	judge(rig, Verb::PostRecv, q, shapes, ret, bad,
	      fmt::format("ibv_post_recv of 1 SGE, then num_sge {}", other.num_sge));
}

// One SEND on the sender, its SGEs over the rig's buffer: num_sge of them,
// each length bytes; inline or not.
int post_one_send(DatapathPair &rig, int num_sge, uint32_t length, bool inline_data, int &bad_index)
{
	std::vector<ibv_sge> sges(num_sge > 0 ? num_sge : 1); // a negative count names one SGE's array
	for (size_t i = 0; i < sges.size(); i++)
		sges[i] = {(uint64_t)(uintptr_t)(rig.buffer() + i * length), length, rig.lkey()};
	ibv_send_wr wr{};
	wr.wr_id = 7;
	wr.opcode = IBV_WR_SEND;
	wr.sg_list = sges.data();
	wr.num_sge = num_sge;
	wr.send_flags = IBV_SEND_SIGNALED | (inline_data ? IBV_SEND_INLINE : 0);
	ibv_send_wr *bad = nullptr;
	int ret = rig.sender().post_send(&wr, &bad);
	bad_index = bad == &wr ? 0 : -1;
	return ret;
}

class PostSendNumSge : public ::testing::TestWithParam<NumSgeParam> {};

TEST_P(PostSendNumSge, WrOfNumSgeOutsideZeroToMaxSendSgeStopsThePostAtIt)
{
	record_clause({rule_id::post_send_cap_num_sge_within_max_send_sge});
	DatapathPair rig;
	ibv_qp_cap cap{};
	if (auto stop = prepare(rig, GetParam().type, false, cap))
		GTEST_SKIP() << *stop;
	PostedWr w;
	w.num_sge = num_sge_of(GetParam().num_sge, cap.max_send_sge);
	int bad = -1;
	int ret = post_one_send(rig, w.num_sge, 8, false, bad);
	PostQueueNow q;
	q.cap = cap;
	judge(rig, Verb::PostSend, q, {w}, ret, bad, fmt::format("ibv_post_send of a SEND of num_sge {}", w.num_sge));
}

class PostSendInlineAboveMax : public ::testing::TestWithParam<ibv_qp_type> {};

TEST_P(PostSendInlineAboveMax, StopsThePostAtIt)
{
	record_clause({rule_id::post_send_cap_inline_within_max_inline_data});
	DatapathPair rig;
	ibv_qp_cap cap{};
	if (auto stop = prepare(rig, GetParam(), false, cap))
		GTEST_SKIP() << *stop;
	PostedWr w;
	w.inline_data = true;
	w.bytes = cap.max_inline_data + 1ull;
	int bad = -1;
	int ret = post_one_send(rig, 1, (uint32_t)w.bytes, true, bad);
	PostQueueNow q;
	q.cap = cap;
	judge(rig, Verb::PostSend, q, {w}, ret, bad,
	      fmt::format("ibv_post_send of an inline SEND of max_inline_data + 1 = {} bytes", w.bytes));
}

const auto kTypes = ::testing::Values(IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD);
const auto kConnected = ::testing::Values(IBV_QPT_RC, IBV_QPT_UC);
INSTANTIATE_TEST_SUITE_P(QpType, PostRecvCapacity, kTypes, type_param_name);
INSTANTIATE_TEST_SUITE_P(QpType, PostRecvNumSge,
			 ::testing::Values(NumSgeParam{IBV_QPT_RC, NumSge::AboveMax}, NumSgeParam{IBV_QPT_RC, NumSge::Negative},
					   NumSgeParam{IBV_QPT_UC, NumSge::AboveMax}, NumSgeParam{IBV_QPT_UC, NumSge::Negative},
					   NumSgeParam{IBV_QPT_UD, NumSge::AboveMax}, NumSgeParam{IBV_QPT_UD, NumSge::Negative}),
			 num_sge_param_name);
INSTANTIATE_TEST_SUITE_P(QpType, PostSendNumSge,
			 ::testing::Values(NumSgeParam{IBV_QPT_RC, NumSge::AboveMax}, NumSgeParam{IBV_QPT_RC, NumSge::Negative},
					   NumSgeParam{IBV_QPT_UC, NumSge::AboveMax}, NumSgeParam{IBV_QPT_UC, NumSge::Negative}),
			 num_sge_param_name);
INSTANTIATE_TEST_SUITE_P(QpType, PostSendInlineAboveMax, kConnected, type_param_name);

} // namespace
} // namespace ibvcert
