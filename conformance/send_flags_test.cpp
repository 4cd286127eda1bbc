// ibv_post_send(3)'s send_flags, each flag on each opcode of each QP type:
// where the page makes a flag valid the exchange is judged whole as any
// other (contracts/completion_judge.h); where it does not (IBV_SEND_FENCE
// off RC, IBV_SEND_SOLICITED off Send and RDMA Write with immediate,
// IBV_SEND_INLINE off Send and RDMA Write, a bit the page does not list) the
// WR may be refused through bad_wr, complete in error, or be carried out as
// without the bit (contracts/send_flags_judge.h decides which happened and
// whether it is one of those). Then the fence on RC, and the AH's sl on a UD
// receive. The cases only drive.
#include "fixtures/rigs/cq_notify_rig.h"
#include "contracts/rule_ids/poll_cq.h"
#include "contracts/rule_ids/post_send.h"
#include "contracts/rule_ids/req_notify_cq.h"
#include "contracts/send_flags_judge.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/datapath_rig.h"
#include "fixtures/rigs/fence_rig.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace ibvcert {
namespace {

const char *opcode_word(ibv_wr_opcode op)
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

const char *type_word(ibv_qp_type t)
{
	return t == IBV_QPT_RC ? "RC" : t == IBV_QPT_UC ? "UC" : "UD";
}

bool is_atomic(ibv_wr_opcode op)
{
	return op == IBV_WR_ATOMIC_CMP_AND_SWP || op == IBV_WR_ATOMIC_FETCH_AND_ADD;
}

// ibv_post_send(3)'s opcode table, the opcodes the harness drives.
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

// The value classes of send_flags a case gives its WR (with
// IBV_SEND_SIGNALED, so its outcome shows on the send CQ).
enum class Flags { Fence, Solicited, Inline, AllListed, LowestUnlisted, HighestUnlisted, AllUnlisted };

const char *flags_word(Flags f)
{
	switch (f) {
	case Flags::Fence: return "Fence";
	case Flags::Solicited: return "Solicited";
	case Flags::Inline: return "Inline";
	case Flags::AllListed: return "FenceSolicitedInline";
	case Flags::LowestUnlisted: return "Bit5";
	case Flags::HighestUnlisted: return "Bit31";
	case Flags::AllUnlisted: return "EveryUnlistedBit";
	}
	return "?";
}

// IBV_SEND_IP_CSUM is left out: the harness sends no RAW_PACKET traffic
// (the coverage map decides its sentences out of scope).
constexpr unsigned kListed = IBV_SEND_FENCE | IBV_SEND_SIGNALED | IBV_SEND_SOLICITED | IBV_SEND_INLINE |
			     IBV_SEND_IP_CSUM;

unsigned flags_bits(Flags f)
{
	switch (f) {
	case Flags::Fence: return IBV_SEND_FENCE;
	case Flags::Solicited: return IBV_SEND_SOLICITED;
	case Flags::Inline: return IBV_SEND_INLINE;
	case Flags::AllListed: return IBV_SEND_FENCE | IBV_SEND_SOLICITED | IBV_SEND_INLINE;
	case Flags::LowestUnlisted: return 1u << 5;
	case Flags::HighestUnlisted: return 1u << 31;
	case Flags::AllUnlisted: return ~kListed;
	}
	return 0;
}

struct FlagParam {
	ibv_qp_type type;
	ibv_wr_opcode opcode;
	Flags flags;
};

std::string flag_param_name(const ::testing::TestParamInfo<FlagParam> &info)
{
	return fmt::format("{}_{}_{}", type_word(info.param.type), opcode_word(info.param.opcode),
			   flags_word(info.param.flags));
}

std::vector<const ContractRule *> flagged_rules()
{
	std::vector<const ContractRule *> out = completion_rules_judged();
	for (const ContractRule *r : send_flags_rules_judged(Check::FlagOutsideIgnored))
		out.push_back(r);
	for (const ContractRule *r : post_capacity_rules(Verb::PostSend))
		out.push_back(r); // without outside bits, the list is judged on them too
	std::erase_if(out, [](const ContractRule *r) {
		return r->check == Check::FlushedInErr || r->check == Check::RefusedOnSrqQp;
	});
	return out;
}

// One WR with the flags on a fresh pair, judged with its post's result.
void run_flagged(const FlagParam &p, const char *clause_rule)
{
	record_clause({clause_rule,
		       {rule_id::post_send_send_flags_known, rule_id::poll_cq_wc_status_success_on_valid_work,
			rule_id::post_send_send_flags_signaled, rule_id::post_send_list_in_order,
			rule_id::post_send_sge_message_arrives, rule_id::post_send_rdma_lands_at_remote_addr,
			rule_id::post_send_atomic_operands}});
	DatapathPair rig;
	if (auto skip = rig.prepare({p.type, false, false}))
		GTEST_SKIP() << *skip;
	if (is_atomic(p.opcode) && !rig.has_atomics())
		GTEST_SKIP() << "the device has no atomics (atomic_cap IBV_ATOMIC_NONE)";
	SendSpec s;
	s.opcode = p.opcode;
	s.signaled = true;
	s.length = is_atomic(p.opcode) ? 8 : 32;
	s.more_flags = flags_bits(p.flags);
	if ((s.more_flags & IBV_SEND_INLINE) && rig.max_inline() < s.length &&
	    !send_flags_outside(p.type, p.opcode, IBV_SEND_INLINE))
		GTEST_SKIP() << "the QP's max_inline_data is " << rig.max_inline() << ", below the " << s.length
			     << " bytes of the case's inline WR";
	rig.allow_refusal();
	if (auto stop = rig.post({s}, 1)) { // a receive WR even where none is due: one consumed shows
		if (rig.skipped())
			GTEST_SKIP() << *stop;
		return;
	}
	FlaggedExchange f;
	if (rig.settle_flagged(f))
		return; // the failure is recorded with its evidence
	record_verdict(judge_flagged_exchange(f), flagged_rules(), rig.evidence());
}

std::vector<FlagParam> params_of(std::initializer_list<Flags> flags)
{
	std::vector<FlagParam> out;
	for (ibv_qp_type t : {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD})
		for (ibv_wr_opcode op : opcodes_of(t))
			for (Flags f : flags)
				out.push_back({t, op, f});
	return out;
}

// A bit the page does not list, on every opcode of every QP type.
class SendFlagsKnown : public ::testing::TestWithParam<FlagParam> {};
TEST_P(SendFlagsKnown, UnlistedBitRefusedFailedOrIgnored)
{
	run_flagged(GetParam(), rule_id::post_send_send_flags_known);
}
INSTANTIATE_TEST_SUITE_P(Wr, SendFlagsKnown,
			 ::testing::ValuesIn(params_of({Flags::LowestUnlisted, Flags::HighestUnlisted,
							Flags::AllUnlisted})),
			 flag_param_name);

// IBV_SEND_FENCE on every opcode of every QP type: on RC an exchange like
// any other, elsewhere outside where it is valid.
class SendFlagsFenceRcOnly : public ::testing::TestWithParam<FlagParam> {};
TEST_P(SendFlagsFenceRcOnly, FenceOffRcRefusedFailedOrIgnored)
{
	run_flagged(GetParam(), rule_id::post_send_send_flags_fence_rc_only);
}
INSTANTIATE_TEST_SUITE_P(Wr, SendFlagsFenceRcOnly, ::testing::ValuesIn(params_of({Flags::Fence})),
			 flag_param_name);

// IBV_SEND_SOLICITED on every opcode.
class SendFlagsSolicitedOpcodes : public ::testing::TestWithParam<FlagParam> {};
TEST_P(SendFlagsSolicitedOpcodes, SolicitedOffSendAndWriteWithImmRefusedFailedOrIgnored)
{
	run_flagged(GetParam(), rule_id::post_send_send_flags_solicited_opcodes);
}
INSTANTIATE_TEST_SUITE_P(Wr, SendFlagsSolicitedOpcodes, ::testing::ValuesIn(params_of({Flags::Solicited})),
			 flag_param_name);

// IBV_SEND_INLINE on every opcode (the SGE's lkey a real one: the inline
// clause of post_send_test gives one that names no MR).
class SendFlagsInlineOpcodes : public ::testing::TestWithParam<FlagParam> {};
TEST_P(SendFlagsInlineOpcodes, InlineOffSendAndWriteRefusedFailedOrIgnored)
{
	run_flagged(GetParam(), rule_id::post_send_send_flags_inline_opcodes);
}
INSTANTIATE_TEST_SUITE_P(Wr, SendFlagsInlineOpcodes, ::testing::ValuesIn(params_of({Flags::Inline})),
			 flag_param_name);

// Every listed flag at once (FENCE | SIGNALED | SOLICITED | INLINE).
class SendFlagsAllListed : public ::testing::TestWithParam<FlagParam> {};
TEST_P(SendFlagsAllListed, EachFlagJudgedWhereValidAndWhereNot)
{
	run_flagged(GetParam(), rule_id::post_send_send_flags_known);
}
INSTANTIATE_TEST_SUITE_P(Wr, SendFlagsAllListed, ::testing::ValuesIn(params_of({Flags::AllListed})),
			 flag_param_name);

// IBV_SEND_SOLICITED where it is valid: each message that consumes a
// receive WR (SEND, SEND_WITH_IMM, RDMA_WRITE_WITH_IMM), sent without the
// flag, leaves the receiver's CQ armed solicited only quiet; sent with it,
// puts the event on its channel (contracts/cq_notify_judge.h).
class SendFlagsSolicited : public ::testing::TestWithParam<ibv_wr_opcode> {};
TEST_P(SendFlagsSolicited, SolicitedMessageWakesACqArmedSolicitedOnly)
{
	record_clause({rule_id::req_notify_cq_solicited_only_solicited_event,
		       {rule_id::req_notify_cq_solicited_only_unsolicited_quiet}});
	ibv_wr_opcode op = GetParam();
	if (op != IBV_WR_SEND && run_device().transport() == IBV_TRANSPORT_IWARP)
		GTEST_SKIP() << "iWARP carries no immediate data";
	CqNotifyRig rig;
	if (auto skip = rig.prepare())
		GTEST_SKIP() << *skip;
	std::vector<const ContractRule *> judged;
	for (const ContractRule &r : cq_notify_rules())
		judged.push_back(&r);
	rig.arm(1, 1);
	for (bool solicited : {false, true}) {
		if (auto failed = rig.send(true, solicited, op)) {
			record_verdict(judge_cq_notify(rig.view()), judged, rig.evidence());
			GTEST_SKIP() << *failed;
		}
		rig.read(0);
	}
	record_verdict(judge_cq_notify(rig.view()), judged, rig.evidence());
}
INSTANTIATE_TEST_SUITE_P(Wr, SendFlagsSolicited,
			 ::testing::Values(IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE_WITH_IMM),
			 [](const ::testing::TestParamInfo<ibv_wr_opcode> &info) {
				 return std::string(opcode_word(info.param));
			 });

// RC: a fenced WR sending from the buffer an RDMA READ or atomic before it
// in the list fills.
struct FenceParam {
	ibv_wr_opcode first, fenced;
};

class SendFlagsFence : public ::testing::TestWithParam<FenceParam> {};
TEST_P(SendFlagsFence, FencedWrCarriesWhatTheReadOrAtomicFetched)
{
	record_clause({rule_id::post_send_send_flags_fence});
	const FenceParam &p = GetParam();
	DatapathPair rig;
	if (auto skip = rig.prepare({IBV_QPT_RC, false, false}))
		GTEST_SKIP() << *skip;
	if (is_atomic(p.first) && !rig.has_atomics())
		GTEST_SKIP() << "the device has no atomics (atomic_cap IBV_ATOMIC_NONE)";
	if ((p.fenced == IBV_WR_SEND_WITH_IMM || p.fenced == IBV_WR_RDMA_WRITE_WITH_IMM) &&
	    run_device().transport() == IBV_TRANSPORT_IWARP)
		GTEST_SKIP() << "iWARP carries no immediate data";
	FenceView view;
	if (auto stop = drive_fence(rig, p.first, p.fenced, 0, view))
		return;
	record_verdict(judge_fence(view), send_flags_rules_judged(Check::FenceOrders), rig.evidence());
}
std::vector<FenceParam> fence_params()
{
	std::vector<FenceParam> out;
	for (ibv_wr_opcode first : {IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP, IBV_WR_ATOMIC_FETCH_AND_ADD})
		for (ibv_wr_opcode fenced : {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE,
					     IBV_WR_RDMA_WRITE_WITH_IMM})
			out.push_back({first, fenced});
	return out;
}
INSTANTIATE_TEST_SUITE_P(Rc, SendFlagsFence, ::testing::ValuesIn(fence_params()),
			 [](const ::testing::TestParamInfo<FenceParam> &info) {
				 return fmt::format("{}_Then{}", opcode_word(info.param.first),
						    opcode_word(info.param.fenced));
			 });

// UD: the receive completion's sl is the AH's, each value class of sl.
class SendFlagsSl : public ::testing::TestWithParam<int> {};
TEST_P(SendFlagsSl, UdReceiveShowsTheSendersAhSl)
{
	record_clause({rule_id::poll_cq_wc_sl, {rule_id::poll_cq_wc_status_success_on_valid_work}});
	DatapathPair rig;
	if (auto skip = rig.prepare({IBV_QPT_UD, false, false, (uint8_t)GetParam()}))
		GTEST_SKIP() << *skip;
	if (rig.caps().port.link_layer != IBV_LINK_LAYER_INFINIBAND)
		GTEST_SKIP() << "the port's link layer is not InfiniBand: its packets carry no SL";
	SendSpec s;
	s.length = 32;
	if (auto stop = rig.post({s, s}, 2)) {
		if (rig.skipped())
			GTEST_SKIP() << *stop;
		return;
	}
	std::vector<const ContractRule *> judged = completion_rules_judged();
	std::erase_if(judged, [](const ContractRule *r) {
		return r->check == Check::FlushedInErr || r->check == Check::RefusedOnSrqQp;
	});
	record_verdict(judge_exchange(rig.settle()), judged, rig.evidence());
}
INSTANTIATE_TEST_SUITE_P(Ah, SendFlagsSl, ::testing::Values(0, 1, 7, 15),
			 [](const ::testing::TestParamInfo<int> &info) { return fmt::format("Sl{}", info.param); });

} // namespace
} // namespace ibvcert
