// ibv_post_send(3) and ibv_poll_cq(3) on a connected pair: every opcode a QP
// type carries, every way a WR asks for its completion (sq_sig_all, every WR
// signaled, every other one), gathered from one SGE or two, inline, to a
// responder with its own receive queue or an SRQ, two pairs of different
// types alive at once. Each exchange is judged whole by the datapath's
// judge (contracts/completion_judge.h) from the completions each CQ gave
// and the bytes found where the WRs say they land; the case only drives.
#include "fixtures/rigs/datapath_rig.h"
#include "contracts/post_wr_eval.h"
#include "contracts/rule_ids/poll_cq.h"
#include "contracts/rule_ids/post_recv.h"
#include "contracts/rule_ids/post_send.h"
#include "contracts/rule_ids/post_srq_recv.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <tuple>

namespace ibvcert {
namespace {

constexpr int kWrs = 4; // WRs in each list

enum class Signal { SqSigAll, AllSignaled, EveryOther };

const char *signal_name(Signal s)
{
	switch (s) {
	case Signal::SqSigAll: return "SqSigAll";
	case Signal::AllSignaled: return "AllSignaled";
	case Signal::EveryOther: return "EveryOther";
	}
	return "?";
}

const char *opcode_name(ibv_wr_opcode op)
{
	switch (op) {
	case IBV_WR_SEND: return "Send";
	case IBV_WR_SEND_WITH_IMM: return "SendWithImm";
	case IBV_WR_RDMA_WRITE: return "RdmaWrite";
	case IBV_WR_RDMA_WRITE_WITH_IMM: return "RdmaWriteWithImm";
	case IBV_WR_RDMA_READ: return "RdmaRead";
	case IBV_WR_ATOMIC_CMP_AND_SWP: return "CmpAndSwp";
	case IBV_WR_ATOMIC_FETCH_AND_ADD: return "FetchAndAdd";
	default: return "Other";
	}
}

const char *type_name(ibv_qp_type t)
{
	return t == IBV_QPT_RC ? "RC" : t == IBV_QPT_UC ? "UC" : "UD";
}

bool needs_recv(ibv_wr_opcode op)
{
	return op == IBV_WR_SEND || op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE_WITH_IMM;
}
bool is_atomic(ibv_wr_opcode op)
{
	return op == IBV_WR_ATOMIC_CMP_AND_SWP || op == IBV_WR_ATOMIC_FETCH_AND_ADD;
}

std::vector<ibv_wr_opcode> opcodes_of(ibv_qp_type t)
{
	if (t == IBV_QPT_UD)
		return {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM};
	std::vector<ibv_wr_opcode> ops = {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE,
					  IBV_WR_RDMA_WRITE_WITH_IMM};
	if (t == IBV_QPT_RC)
		for (ibv_wr_opcode op : {IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP, IBV_WR_ATOMIC_FETCH_AND_ADD})
			ops.push_back(op);
	return ops;
}

// The rows an exchange is judged by.
std::vector<const ContractRule *> exchange_rules()
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : completion_rules_judged())
		if (r->check != Check::FlushedInErr && r->check != Check::RefusedOnSrqQp)
			out.push_back(r);
	return out;
}

void record_exchange_clause()
{
	record_clause({rule_id::poll_cq_wc_status_success_on_valid_work,
		       {rule_id::post_send_send_flags_signaled, rule_id::post_send_list_in_order,
			rule_id::post_recv_list_in_order, rule_id::post_srq_recv_wc_names_the_wr,
			rule_id::poll_cq_wc_opcode_of_the_wr, rule_id::poll_cq_wc_byte_len,
			rule_id::poll_cq_wc_imm_data, rule_id::poll_cq_wc_src_qp,
			rule_id::poll_cq_wc_wc_flags_known, rule_id::poll_cq_wc_grh_flag,
			rule_id::post_recv_ud_grh_first_40_bytes, rule_id::post_send_sge_message_arrives,
			rule_id::post_send_send_flags_inline_copied,
			rule_id::post_send_rdma_lands_at_remote_addr, rule_id::post_send_atomic_operands,
			rule_id::post_send_ud_reaches_remote_qpn, rule_id::post_send_ud_remote_qkey}});
}

std::vector<SendSpec> list_of(ibv_wr_opcode op, Signal signal, int sges, bool inline_data)
{
	std::vector<SendSpec> out;
	for (int i = 0; i < kWrs; i++) {
		SendSpec s;
		s.opcode = op;
		s.signaled = signal == Signal::AllSignaled || (signal == Signal::EveryOther && i % 2 == 1);
		s.num_sge = is_atomic(op) ? 1 : sges;
		s.inline_data = inline_data;
		out.push_back(s);
	}
	return out;
}

// Runs one exchange on a fresh pair and judges it; false when skipped.
void run_exchange(const PairSpec &pair, const std::vector<SendSpec> &sends)
{
	record_exchange_clause();
	DatapathPair rig;
	if (auto skip = rig.prepare(pair))
		GTEST_SKIP() << *skip;
	for (const SendSpec &s : sends) {
		if (is_atomic(s.opcode) && !rig.has_atomics())
			GTEST_SKIP() << "the device has no atomics (atomic_cap IBV_ATOMIC_NONE)";
		if (s.opcode == IBV_WR_RDMA_READ &&
		    s.num_sge > rig.caps().device.orig_attr.max_sge_rd)
			GTEST_SKIP() << "an RDMA READ of " << s.num_sge << " SGEs is above the device's max_sge_rd "
				     << rig.caps().device.orig_attr.max_sge_rd;
		if (s.inline_data && rig.max_inline() < s.length)
			GTEST_SKIP() << "the QP's max_inline_data is " << rig.max_inline() << ", below the "
				     << s.length << " bytes an inline WR of the case sends";
	}
	int recvs = 0;
	for (const SendSpec &s : sends)
		recvs += needs_recv(s.opcode);
	if (auto stop = rig.post(sends, recvs)) {
		if (rig.skipped())
			GTEST_SKIP() << *stop;
		return;
	}
	ExchangeView view = rig.settle();
	record_verdict(judge_exchange(view), exchange_rules(), rig.evidence());
}

struct ExchangeParam {
	ibv_qp_type type;
	ibv_wr_opcode opcode;
	Signal signal;
	int sges;
};

class PostSendExchange : public ::testing::TestWithParam<ExchangeParam> {};

TEST_P(PostSendExchange, JudgedOnWhatEachCqGaveAndWhereTheBytesLanded)
{
	const ExchangeParam &p = GetParam();
	run_exchange({p.type, p.signal == Signal::SqSigAll, false}, list_of(p.opcode, p.signal, p.sges, false));
}

std::vector<ExchangeParam> exchange_params()
{
	std::vector<ExchangeParam> out;
	for (ibv_qp_type t : {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD})
		for (ibv_wr_opcode op : opcodes_of(t))
			for (Signal s : {Signal::SqSigAll, Signal::AllSignaled, Signal::EveryOther})
				for (int sges : {1, 2})
					if (sges == 1 || !is_atomic(op))
						out.push_back({t, op, s, sges});
	return out;
}

INSTANTIATE_TEST_SUITE_P(Wr, PostSendExchange, ::testing::ValuesIn(exchange_params()),
			 [](const ::testing::TestParamInfo<ExchangeParam> &info) {
				 const ExchangeParam &p = info.param;
				 return fmt::format("{}_{}_{}_{}Sge", type_name(p.type), opcode_name(p.opcode),
						    signal_name(p.signal), p.sges);
			 });

// A message of no bytes, a value class of the SGEs (num_sge 0, or one SGE
// of length 0): valid work of every opcode that carries data, completing
// like any other (byte_len 0 on the receive completion).
struct ZeroLengthParam {
	ibv_qp_type type;
	ibv_wr_opcode opcode;
	int num_sge; // 0, or 1 (of length 0)
};

class PostSendZeroLength : public ::testing::TestWithParam<ZeroLengthParam> {};

TEST_P(PostSendZeroLength, CompletesLikeAnyMessage)
{
	std::vector<SendSpec> sends = list_of(GetParam().opcode, Signal::AllSignaled, 1, false);
	for (SendSpec &s : sends) {
		s.num_sge = GetParam().num_sge;
		s.length = 0;
	}
	run_exchange({GetParam().type, false, false}, sends);
}

std::vector<ZeroLengthParam> zero_length_params()
{
	std::vector<ZeroLengthParam> out;
	for (ibv_qp_type t : {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD})
		for (ibv_wr_opcode op : opcodes_of(t))
			if (!is_atomic(op))
				for (int n : {0, 1})
					out.push_back({t, op, n});
	return out;
}

INSTANTIATE_TEST_SUITE_P(Wr, PostSendZeroLength, ::testing::ValuesIn(zero_length_params()),
			 [](const ::testing::TestParamInfo<ZeroLengthParam> &info) {
				 return fmt::format("{}_{}_{}", type_name(info.param.type), opcode_name(info.param.opcode),
						    info.param.num_sge ? "OneEmptySge" : "NoSge");
			 });

// IBV_SEND_INLINE: an lkey naming no MR, the buffer overwritten right after
// the call.
struct InlineParam {
	ibv_qp_type type;
	ibv_wr_opcode opcode;
};

class PostSendInline : public ::testing::TestWithParam<InlineParam> {};

TEST_P(PostSendInline, SendsTheBytesAsPostedWithoutTheirLkey)
{
	run_exchange({GetParam().type, false, false},
		     list_of(GetParam().opcode, Signal::AllSignaled, 2, true));
}

std::vector<InlineParam> inline_params()
{
	std::vector<InlineParam> out;
	for (ibv_qp_type t : {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD})
		for (ibv_wr_opcode op : opcodes_of(t))
			if (op == IBV_WR_SEND || op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE ||
			    op == IBV_WR_RDMA_WRITE_WITH_IMM)
				out.push_back({t, op});
	return out;
}

INSTANTIATE_TEST_SUITE_P(Wr, PostSendInline, ::testing::ValuesIn(inline_params()),
			 [](const ::testing::TestParamInfo<InlineParam> &info) {
				 return fmt::format("{}_{}", type_name(info.param.type),
						    opcode_name(info.param.opcode));
			 });

// One inline WR of exactly the QP's max_inline_data bytes (as the sender's
// create reported it): within what the QP takes inline, so the post takes
// it (post_send.cap.inline_within_max_inline_data) and its bytes arrive.
class PostSendInlineAtMax : public ::testing::TestWithParam<InlineParam> {};

TEST_P(PostSendInlineAtMax, TakesItAndItsBytesArriveAsPosted)
{
	record_exchange_clause();
	DatapathPair rig;
	if (auto skip = rig.prepare({GetParam().type, false, false}))
		GTEST_SKIP() << *skip;
	const uint32_t room = rig.message_room();
	if (rig.max_inline() == 0)
		GTEST_SKIP() << "the QP's max_inline_data is 0 (the device sends nothing inline)";
	if (rig.max_inline() > room)
		GTEST_SKIP() << "the QP's max_inline_data " << rig.max_inline() << " is above the " << room
			     << " bytes the case's receive WR holds";
	SendSpec s;
	s.opcode = GetParam().opcode;
	s.inline_data = true;
	s.num_sge = 1;
	s.length = rig.max_inline();
	rig.allow_refusal();
	if (auto stop = rig.post({s}, needs_recv(s.opcode))) {
		if (rig.skipped())
			GTEST_SKIP() << *stop;
		return;
	}
	PostQueueNow q;
	if (rig.query_cap(false, q.cap))
		return; // the failure is recorded with its evidence
	int ret = rig.post_result();
	record_verdict(judge_post_list(Verb::PostSend, q, rig.posted(), ret, ret ? (int)rig.accepted() : -1),
		       post_capacity_rules(Verb::PostSend), rig.evidence());
	if (ret == 0)
		record_verdict(judge_exchange(rig.settle()), exchange_rules(), rig.evidence());
}

INSTANTIATE_TEST_SUITE_P(Wr, PostSendInlineAtMax,
			 ::testing::Values(InlineParam{IBV_QPT_RC, IBV_WR_SEND}, InlineParam{IBV_QPT_UC, IBV_WR_SEND},
					   InlineParam{IBV_QPT_UD, IBV_WR_SEND}),
			 [](const ::testing::TestParamInfo<InlineParam> &info) {
				 return fmt::format("{}_{}", type_name(info.param.type),
						    opcode_name(info.param.opcode));
			 });

// The responder receives through an SRQ.
class PostSendToSrq : public ::testing::TestWithParam<InlineParam> {};

TEST_P(PostSendToSrq, EachReceiveNamesAnSrqWrOnTheReceivingQpsCq)
{
	run_exchange({GetParam().type, false, true}, list_of(GetParam().opcode, Signal::AllSignaled, 2, false));
}

INSTANTIATE_TEST_SUITE_P(Wr, PostSendToSrq,
			 ::testing::Values(InlineParam{IBV_QPT_RC, IBV_WR_SEND},
					   InlineParam{IBV_QPT_RC, IBV_WR_SEND_WITH_IMM},
					   InlineParam{IBV_QPT_RC, IBV_WR_RDMA_WRITE_WITH_IMM},
					   InlineParam{IBV_QPT_UD, IBV_WR_SEND},
					   InlineParam{IBV_QPT_UD, IBV_WR_SEND_WITH_IMM}),
			 [](const ::testing::TestParamInfo<InlineParam> &info) {
				 return fmt::format("{}_{}", type_name(info.param.type),
						    opcode_name(info.param.opcode));
			 });

// UD: every other message names another Q_Key than the destination's.
TEST(PostSendUd, OnlyTheMessagesWithTheDestinationsQkeyArrive)
{
	std::vector<SendSpec> sends = list_of(IBV_WR_SEND, Signal::AllSignaled, 1, false);
	for (int i = 0; i < kWrs; i += 2)
		sends[i].qkey_matches = false;
	run_exchange({IBV_QPT_UD, false, false}, sends);
}

// Two pairs alive at once, each with its own four CQs; their lists posted
// one after the other before either is polled.
struct TwoPairsParam {
	ibv_qp_type a, b;
	ibv_wr_opcode op_a, op_b;
};

class PostSendTwoPairs : public ::testing::TestWithParam<TwoPairsParam> {};

TEST_P(PostSendTwoPairs, EachCompletionLandsOnItsOwnPairsCq)
{
	record_exchange_clause();
	const TwoPairsParam &p = GetParam();
	DatapathPair a, b;
	if (auto skip = a.prepare({p.a, false, false}))
		GTEST_SKIP() << *skip;
	if (auto skip = b.prepare({p.b, true, false}))
		GTEST_SKIP() << *skip;
	auto sa = list_of(p.op_a, Signal::EveryOther, 2, false);
	auto sb = list_of(p.op_b, Signal::SqSigAll, 1, false);
	for (auto [rig, sends, op] : {std::tuple{&a, &sa, p.op_a}, std::tuple{&b, &sb, p.op_b}})
		if (auto stop = rig->post(*sends, needs_recv(op) ? kWrs : 0)) {
			if (rig->skipped())
				GTEST_SKIP() << *stop;
			return;
		}
	ExchangeView va = a.settle(), vb = b.settle();
	record_verdict(judge_exchange(va), exchange_rules(), "first pair: " + a.evidence());
	record_verdict(judge_exchange(vb), exchange_rules(), "second pair: " + b.evidence());
}

INSTANTIATE_TEST_SUITE_P(Pairs, PostSendTwoPairs,
			 ::testing::Values(TwoPairsParam{IBV_QPT_RC, IBV_QPT_RC, IBV_WR_SEND, IBV_WR_SEND_WITH_IMM},
					   TwoPairsParam{IBV_QPT_RC, IBV_QPT_UC, IBV_WR_RDMA_WRITE_WITH_IMM, IBV_WR_SEND},
					   TwoPairsParam{IBV_QPT_RC, IBV_QPT_UD, IBV_WR_SEND_WITH_IMM, IBV_WR_SEND},
					   TwoPairsParam{IBV_QPT_UD, IBV_QPT_UC, IBV_WR_SEND, IBV_WR_RDMA_WRITE}),
			 [](const ::testing::TestParamInfo<TwoPairsParam> &info) {
				 const TwoPairsParam &p = info.param;
				 return fmt::format("{}{}_{}{}", type_name(p.a), opcode_name(p.op_a), type_name(p.b),
						    opcode_name(p.op_b));
			 });

} // namespace
} // namespace ibvcert
