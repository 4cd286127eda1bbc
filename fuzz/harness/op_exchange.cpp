// Work on a pair of the op's own, as the suites and the properties post it
// (fixtures/rigs/datapath_rig.h: two QPs of a type connected in RTS on the
// lane's device, each with its own CQs, one MR; UD with a third QP of the
// same Q_Key beside them), judged by the suites' datapath judges:
//   - exchange: a list of 1-4 send WRs of the opcodes in the type's column
//     of ibv_post_send(3)'s table, each signaled or not (or sq_sig_all), of
//     1 or 2 SGEs, inline or not (an inline WR of 48 bytes, of the QP's
//     max_inline_data, or one byte past it), UD ones with the responder's
//     Q_Key or another, FENCE or SOLICITED where valid, and at most one WR with
//     send_flags outside where the page makes them valid (INLINE on a READ
//     or atomic, FENCE off RC, SOLICITED off a Send / RDMA Write with
//     immediate, an unlisted bit); a receive posted for each WR that consumes one, to the
//     responder or its SRQ, and a spare one. What each CQ gave and where
//     the bytes landed go to judge_flagged_exchange
//     (contracts/send_flags_judge.h; judge_exchange and the posts'
//     capacity rows, with the sender's cap as ibv_query_qp reports it,
//     without outside bits).
//   - fenced: RC, an RDMA READ or atomic, then a WR with IBV_SEND_FENCE
//     sending from the SGE it fills (fixtures/rigs/fence_rig.h), to
//     judge_fence.
//   - flush: the responder taken to ERR holding 0-3 receives, 0-2 more
//     receives and (RC, UC) 0-2 SENDs posted to it in ERR
//     (fixtures/rigs/flush_rig.h), to judge_call for each post and
//     judge_flush; or, the responder on an SRQ, ibv_post_recv on it then a
//     SEND, to judge_post_recv_on_srq_qp.
// The pair lives for the op: the lane's objects stay as they were (the
// frame). A device without what the op needs (atomics, the QP type, inline
// room, an SRQ) is not driven.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"
#include "fuzz/harness/rig_op.h"

#include "contracts/call_judge.h"
#include "contracts/names.h"
#include "contracts/post_send_opcodes.h"
#include "contracts/send_flags_judge.h"
#include "fixtures/rigs/datapath_rig.h"
#include "fixtures/rigs/fence_rig.h"
#include "fixtures/rigs/flush_rig.h"

#include <fmt/format.h>

namespace ibvcert::fuzz {
namespace {

const OpVerb kExchange = {"exchange", "ibv_post_recv, ibv_post_send and ibv_poll_cq on a pair of the op's own",
			  Verb::PostSend};
const OpVerb kFlush = {"flush", "ibv_modify_qp to ERR, ibv_post_recv and ibv_post_send in ERR, ibv_poll_cq",
			Verb::PostRecv};
const OpVerb kFenced = {"fenced", "ibv_post_send (an RDMA READ or atomic, then a fenced WR) on an RC pair of the op's own",
			Verb::PostSend};

constexpr ibv_qp_type kTypes[] = {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD};
constexpr ibv_wr_opcode kOpcodes[] = {IBV_WR_SEND,       IBV_WR_SEND_WITH_IMM,      IBV_WR_RDMA_WRITE,
				      IBV_WR_RDMA_WRITE_WITH_IMM, IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP,
				      IBV_WR_ATOMIC_FETCH_AND_ADD};
constexpr uint8_t kSls[] = {0, 1, 5, 15};
constexpr int kMaxWrs = 4;

// An inline WR's length: the rig's own (SendSpec's 48 bytes), exactly the
// max_inline_data the sender's ibv_create_qp reported (the rows' bound), or
// one byte past it.
enum class InlineLength { Usual, AtMax, PastMax };

// What the op needs of the lane's device that it may lack: nullopt when it
// has it.
std::optional<std::string> lacks(const Lane &lane, const PairSpec &spec, const std::vector<SendSpec> &sends)
{
	const ibv_device_attr &a = lane.caps().device.orig_attr;
	if (spec.srq && a.max_srq == 0)
		return std::string("no SRQ (max_srq 0)");
	for (const SendSpec &s : sends) {
		if (datapath_is_atomic(s.opcode) && a.atomic_cap == IBV_ATOMIC_NONE)
			return std::string("no atomics (atomic_cap IBV_ATOMIC_NONE)");
		if (s.opcode == IBV_WR_RDMA_READ && s.num_sge > a.max_sge_rd)
			return fmt::format("an RDMA READ of {} SGEs (max_sge_rd {})", s.num_sge, a.max_sge_rd);
	}
	return std::nullopt;
}

// What the exchange op's rig saw: the judge's view and the rig's
// ibv_poll_cq results.
struct Exchanged {
	FlaggedExchange exchange;
	std::vector<int> polls;
};

// What the fenced op's rig saw.
struct Fenced {
	FenceView fence;
	std::vector<int> polls;
};

// What the flush op's rig saw: the flush's view and each post's result, or
// the receive posted to the SRQ's QP.
struct Flushed {
	FlushView flush;
	std::vector<CallResult> calls;
	SrqQpRecv srq_qp;
	std::vector<int> polls;
};

// The rig's ibv_poll_cq results, by the verb's result rows.
void judge_polls(const Lane &lane, Oracle &oracle, const std::vector<int> &polls, const std::string &evidence)
{
	for (int n : polls)
		oracle.judged(lane, "poll_cq.return", "ibv_poll_cq's result breaks its rows",
			      judge_call({Verb::PollCq, n, 0, -1, DatapathPair::kPollBatch}), evidence);
}

std::string flags_text(unsigned flags)
{
	return flags ? fmt::format("{:#x}", flags) : "0";
}

class ExchangeOp : public RigOp<Exchanged> {
public:
	ExchangeOp(PairSpec spec, std::vector<SendSpec> sends, std::vector<InlineLength> lengths, bool spare)
		: spec_(spec), sends_(std::move(sends)), lengths_(std::move(lengths)), spare_(spare)
	{
	}

	const OpVerb &verb() const override { return kExchange; }

	int run(Lane &lane) override
	{
		Driven &d = start(lane);
		if (auto why = lacks(lane, spec_, sends_)) {
			d.stopped = *why;
			return 0;
		}
		DatapathPair rig(lane_host(lane));
		if (auto why = rig.prepare(spec_)) {
			d.stopped = *why;
			d.evidence = rig.evidence();
			return 0;
		}
		std::vector<SendSpec> sends = sends_;
		for (size_t k = 0; k < sends.size(); k++) {
			SendSpec &s = sends[k];
			if (!s.inline_data)
				continue;
			if (lengths_[k] != InlineLength::Usual)
				s.length = rig.max_inline() + (lengths_[k] == InlineLength::PastMax);
			if (lengths_[k] != InlineLength::PastMax && rig.max_inline() < s.length) {
				d.stopped = fmt::format("max_inline_data {} is below {} bytes", rig.max_inline(), s.length);
				return 0;
			}
			if (s.length > rig.message_room()) { // a message the receive WR could not hold if taken
				d.stopped = fmt::format("an inline WR of {} bytes is above the {} bytes a receive WR holds",
							s.length, rig.message_room());
				return 0;
			}
		}
		int recvs = spare_;
		for (const SendSpec &s : sends)
			recvs += datapath_needs_recv(s.opcode);
		rig.allow_refusal();
		if (auto why = rig.post(sends, recvs)) {
			d.stopped = *why; // the device lacks the opcode, or the receives were refused
			d.evidence = rig.evidence();
			return 0;
		}
		if (auto why = rig.settle_flagged(d.seen.exchange)) {
			d.stopped = *why;
			d.evidence = rig.evidence();
			return 0;
		}
		d.evidence = rig.evidence();
		d.seen.polls = rig.polls();
		d.judged = true;
		return 0;
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		const Driven &d = driven(lane);
		if (!d.judged)
			return;
		judge_polls(lane, oracle, d.seen.polls, d.evidence);
		const FlaggedExchange &f = d.seen.exchange;
		int n = (int)f.x.sends.size();
		oracle.judged(lane, "exchange.post_send", "ibv_post_send's result breaks its rows",
			      judge_call({Verb::PostSend, f.post_result, n, f.post_result ? (int)f.accepted : -1}),
			      d.evidence);
		oracle.judged(lane, "exchange", "the exchange breaks the datapath's rows", judge_flagged_exchange(f),
			      d.evidence);
	}

	std::string describe(const Lane &) const override
	{
		std::string out = qp_type_name(spec_.type) + " pair" + (spec_.sq_sig_all ? " sq_sig_all" : "") +
				  (spec_.srq ? " (responder on an SRQ)" : "") +
				  (spec_.type == IBV_QPT_UD ? fmt::format(" AH sl {}", spec_.ah_sl) : "") +
				  (spare_ ? ", a spare receive WR" : "") + "\n";
		for (size_t k = 0; k < sends_.size(); k++) {
			const SendSpec &s = sends_[k];
			out += fmt::format("wr {}: {}{}{}{} num_sge={}{}{}\n", k, wr_opcode_name(s.opcode),
					   s.signaled ? " SIGNALED" : "", s.inline_data ? " INLINE" : "",
					   !s.inline_data || lengths_[k] == InlineLength::Usual ? ""
					   : lengths_[k] == InlineLength::AtMax ? " of max_inline_data bytes"
										: " of max_inline_data + 1 bytes",
					   s.num_sge,
					   s.qkey_matches ? "" : " other Q_Key",
					   s.more_flags ? " more send_flags " + flags_text(s.more_flags) : "");
		}
		return out;
	}

	// Driven: what ibv_post_send returned and accepted, in place of the
	// base's "driven".
	std::string outcome(const Lane &lane) const override
	{
		const Driven &d = driven(lane);
		if (!d.judged)
			return RigOp::outcome(lane);
		return fmt::format("ibv_post_send returned {} ({} WRs accepted)\n{}\n",
				   errno_name(d.seen.exchange.post_result), d.seen.exchange.accepted, d.evidence);
	}

	std::string summary(int lane) const override
	{
		const Driven &d = driven(lane);
		return fmt::format("exchange on a {} pair, {} WRs: {}", qp_type_name(spec_.type), sends_.size(),
				   d.judged ? "post " + errno_name(d.seen.exchange.post_result) : "not driven");
	}

private:
	PairSpec spec_;
	std::vector<SendSpec> sends_;
	std::vector<InlineLength> lengths_; // per WR; an inline WR's length class
	bool spare_;
};

class FencedOp : public RigOp<Fenced> {
public:
	FencedOp(bool srq, ibv_wr_opcode first, ibv_wr_opcode fenced, unsigned more)
		: first_(first), fenced_(fenced), more_(more)
	{
		spec_.type = IBV_QPT_RC;
		spec_.srq = srq;
	}

	const OpVerb &verb() const override { return kFenced; }

	int run(Lane &lane) override
	{
		Driven &d = start(lane);
		SendSpec first;
		first.opcode = first_;
		if (auto why = lacks(lane, spec_, {first})) {
			d.stopped = *why;
			return 0;
		}
		bool imm = fenced_ == IBV_WR_SEND_WITH_IMM || fenced_ == IBV_WR_RDMA_WRITE_WITH_IMM;
		if (imm && lane.device().transport() == IBV_TRANSPORT_IWARP) {
			d.stopped = "iWARP carries no immediate data";
			return 0;
		}
		DatapathPair rig(lane_host(lane));
		if (auto why = rig.prepare(spec_)) {
			d.stopped = *why;
			d.evidence = rig.evidence();
			return 0;
		}
		auto why = drive_fence(rig, first_, fenced_, more_, d.seen.fence);
		d.evidence = rig.evidence();
		d.seen.polls = rig.polls();
		if (why)
			d.stopped = *why;
		else
			d.judged = true;
		return 0;
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		const Driven &d = driven(lane);
		judge_polls(lane, oracle, d.seen.polls, d.evidence);
		if (d.judged)
			oracle.judged(lane, "fenced", "the fenced WR breaks the rows of IBV_SEND_FENCE",
				      judge_fence(d.seen.fence), d.evidence);
	}

	std::string describe(const Lane &) const override
	{
		return fmt::format("RC pair{}: {} SIGNALED, then {} send_flags SIGNALED|FENCE{} from its SGE\n",
				   spec_.srq ? " (responder on an SRQ)" : "", wr_opcode_name(first_),
				   wr_opcode_name(fenced_), more_ ? "|SOLICITED" : "");
	}

	std::string summary(int lane) const override
	{
		return fmt::format("fenced {} after {}: {}", wr_opcode_name(fenced_), wr_opcode_name(first_),
				   driven_word(lane));
	}

private:
	PairSpec spec_;
	ibv_wr_opcode first_, fenced_;
	unsigned more_;
};

class FlushOp : public RigOp<Flushed> {
public:
	FlushOp(ibv_qp_type type, bool on_srq, FlushSpec spec) : on_srq_(on_srq), spec_(spec)
	{
		pair_.type = type;
		pair_.srq = on_srq;
	}

	const OpVerb &verb() const override { return kFlush; }

	int run(Lane &lane) override
	{
		Driven &d = start(lane);
		if (auto why = lacks(lane, pair_, {})) {
			d.stopped = *why;
			return 0;
		}
		DatapathPair rig(lane_host(lane));
		if (auto why = rig.prepare(pair_)) {
			d.stopped = *why;
			d.evidence = rig.evidence();
			return 0;
		}
		Flushed &f = d.seen;
		auto why = on_srq_ ? drive_post_recv_on_srq_qp(rig, f.srq_qp) : drive_flush(rig, spec_, f.flush, f.calls);
		d.evidence = rig.evidence();
		f.polls = rig.polls();
		if (why)
			d.stopped = *why;
		else
			d.judged = true;
		return 0;
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		const Driven &d = driven(lane);
		const Flushed &f = d.seen;
		judge_polls(lane, oracle, f.polls, d.evidence);
		if (!d.judged)
			return;
		for (const CallResult &c : f.calls)
			oracle.judged(lane, "flush.post", "a post's result breaks its rows", judge_call(c), d.evidence);
		if (on_srq_)
			oracle.judged(lane, "flush", "the receive posted to the SRQ's QP breaks its row",
				      judge_post_recv_on_srq_qp(f.srq_qp.result, f.srq_qp.refused, f.srq_qp.recv_wcs),
				      d.evidence);
		else
			oracle.judged(lane, "flush", "what the QP in ERR completed breaks the flush rows",
				      judge_flush(f.flush), d.evidence);
	}

	std::string describe(const Lane &) const override
	{
		if (on_srq_)
			return qp_type_name(pair_.type) + " pair, the responder on an SRQ: ibv_post_recv on it, then a SEND\n";
		return fmt::format("{} pair: the responder to ERR holding {} receives, then {} receives and {} SENDs "
				   "posted to it\n",
				   qp_type_name(pair_.type), spec_.held, spec_.after,
				   pair_.type == IBV_QPT_UD ? 0 : spec_.sends); // UD: no SEND to a QP in ERR
	}

	std::string summary(int lane) const override
	{
		return fmt::format("flush on a {} pair{}: {}", qp_type_name(pair_.type), on_srq_ ? " (SRQ)" : "",
				   driven_word(lane));
	}

private:
	bool on_srq_;
	FlushSpec spec_;
	PairSpec pair_;
};

// send_flags bits beyond SIGNALED and INLINE, valid or outside where
// ibv_post_send(3) makes them valid: INLINE on a READ or atomic, FENCE,
// SOLICITED, an unlisted bit (the lowest, the highest, one decoded).
unsigned decode_more_flags(FuzzedDataProvider &in)
{
	switch (in.ConsumeIntegralInRange(0, 7)) {
	case 4: return IBV_SEND_INLINE;
	case 5: return IBV_SEND_FENCE;
	case 6: return IBV_SEND_SOLICITED;
	case 7: {
		int bit = in.ConsumeIntegralInRange(0, 27);
		return bit == 0 ? 1u << 5 : bit == 27 ? 1u << 31 : 1u << (4 + bit);
	}
	default: return 0; // none: most lists are valid work
	}
}

} // namespace

// Work on a pair of the op's own, as the suites post it (op_exchange.cpp):
// a list of send WRs with the receives it needs, judged by
// judge_flagged_exchange; an RDMA READ or atomic then a fenced WR, judged by
// judge_fence.
void exchange_step(Session &s)
{
	auto &in = s.in();
	PairSpec spec;
	spec.type = kTypes[in.ConsumeIntegralInRange(0, 2)];
	uint8_t pair_bits = in.ConsumeIntegral<uint8_t>();
	spec.sq_sig_all = (pair_bits & 0x3) == 0x3;
	spec.srq = spec.type != IBV_QPT_UC && (pair_bits >> 2 & 0x3) == 0x3;
	spec.ah_sl = spec.type == IBV_QPT_UD ? kSls[pair_bits >> 4 & 0x3] : 0;
	bool spare = pair_bits >> 6 & 1;
	std::vector<ibv_wr_opcode> opcodes;
	for (ibv_wr_opcode op : kOpcodes)
		if (opcode_in_table(spec.type, op))
			opcodes.push_back(op);
	int n = 1 + in.ConsumeIntegralInRange(0, kMaxWrs - 1);
	std::vector<SendSpec> sends(n);
	std::vector<InlineLength> lengths(n, InlineLength::Usual);
	bool outside = false; // one WR per list with bits outside (the judge decides on the first)
	for (int k = 0; k < n; k++) {
		SendSpec &w = sends[k];
		w.opcode = opcodes[in.ConsumeIntegralInRange<size_t>(0, opcodes.size() - 1)];
		uint8_t bits = in.ConsumeIntegral<uint8_t>();
		bool fetch = w.opcode == IBV_WR_RDMA_READ || datapath_is_atomic(w.opcode);
		w.signaled = !(bits & 1);
		w.num_sge = datapath_is_atomic(w.opcode) ? 1 : 1 + (bits >> 1 & 1);
		w.inline_data = !fetch && (bits >> 2 & 0x3) == 0x3;
		w.qkey_matches = spec.type != IBV_QPT_UD || (bits >> 4 & 0x7) != 0x7;
		w.more_flags = decode_more_flags(in);
		if (w.more_flags == IBV_SEND_INLINE && !fetch) { // inline data, as the inline bits
			w.more_flags = 0;
			w.inline_data = true;
		}
		if (w.inline_data && (bits & 0x80))
			lengths[k] = in.ConsumeBool() ? InlineLength::PastMax : InlineLength::AtMax;
		unsigned flags = (w.signaled ? IBV_SEND_SIGNALED : 0) | (w.inline_data ? IBV_SEND_INLINE : 0) | w.more_flags;
		if (outside)
			w.more_flags &= ~send_flags_outside(spec.type, w.opcode, flags);
		outside |= send_flags_outside(spec.type, w.opcode, flags) != 0;
	}
	// A list with outside bits has a spare receive (a message that takes
	// one it should not shows), as the property's lists do.
	s.execute(std::make_unique<ExchangeOp>(spec, std::move(sends), std::move(lengths), spare || outside));
}
IBVCERT_FUZZ_ROW(exchange, 32);

// The responder of such a pair taken to ERR with WRs posted around it,
// judged by judge_flush; a receive posted to an SRQ's QP, by
// judge_post_recv_on_srq_qp.
void flush_step(Session &s)
{
	auto &in = s.in();
	ibv_qp_type type = kTypes[in.ConsumeIntegralInRange(0, 2)];
	uint8_t bits = in.ConsumeIntegral<uint8_t>();
	// Zero bytes: the suites' case (3 held, 2 after, 2 SENDs).
	FlushSpec spec{3 - (bits & 0x3), 2 - (bits >> 2 & 0x3) % 3, 2 - (bits >> 4 & 0x3) % 3};
	bool on_srq = type != IBV_QPT_UC && (bits >> 6) == 0x3;
	s.execute(std::make_unique<FlushOp>(type, on_srq, spec));
}
IBVCERT_FUZZ_ROW(flush, 35);

void fenced_step(Session &s)
{
	auto &in = s.in();
	constexpr ibv_wr_opcode firsts[] = {IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP, IBV_WR_ATOMIC_FETCH_AND_ADD};
	constexpr ibv_wr_opcode fenced[] = {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE,
					    IBV_WR_RDMA_WRITE_WITH_IMM};
	ibv_wr_opcode first = firsts[in.ConsumeIntegralInRange(0, 2)];
	ibv_wr_opcode then = fenced[in.ConsumeIntegralInRange(0, 3)];
	uint8_t bits = in.ConsumeIntegral<uint8_t>();
	bool srq = (bits & 0x3) == 0x3;
	bool solicited = (bits >> 2 & 1) && then != IBV_WR_RDMA_WRITE;
	s.execute(std::make_unique<FencedOp>(srq, first, then, solicited ? IBV_SEND_SOLICITED : 0));
}
IBVCERT_FUZZ_ROW(fenced, 33);

RigHost lane_host(Lane &lane)
{
	return {lane.device(), &lane.caps(), 0, "the input's replay, below", nullptr};
}

} // namespace ibvcert::fuzz
