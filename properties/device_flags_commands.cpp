// The send_flags and completion-routing commands of the whole-device state
// machine, each on objects of its own made for the step beside the live
// objects of the sequence (the model predicts nothing of them; every
// observable of the live objects is compared with it after the step, as
// after every step):
//   FlaggedPost       a list of 1-3 send WRs on a pair of QPs of a type the
//                     device creates (fixtures/rigs/datapath_rig.h), each
//                     WR's send_flags drawn over the listed flags where the
//                     page makes them valid for its opcode and QP type, and
//                     at most one WR with bits outside that (an unlisted
//                     bit, several of them, FENCE off RC, SOLICITED off
//                     Send / RDMA Write with immediate, INLINE on a READ or
//                     atomic); a spare receive WR, so a message that takes
//                     one it should not shows; UD through an AH of a drawn
//                     sl. Judged by judge_flagged_exchange.
//   FencedAfterFetch  RC: an RDMA READ or atomic, then a WR with
//                     IBV_SEND_FENCE sending from the SGE it fills
//                     (fixtures/rigs/fence_rig.h). Judged by judge_fence.
//   RoutedPairs       1-4 pairs of QPs over 1-5 CQs and two SRQs, each QP's
//                     send CQ, receive CQ and SRQ drawn (so CQs and SRQs are
//                     shared every way ibv_create_qp(3) allows), each QP
//                     sending to its peer, every CQ polled
//                     (fixtures/rigs/routing_rig.h). Judged by
//                     judge_routing.
// The judges are the suite's (contracts/send_flags_judge.h): the commands
// only drive and hand over what they saw.
#include "properties/device_pair.h"

#include "contracts/completion_judge.h"
#include "contracts/names.h"
#include "contracts/post_send_opcodes.h"
#include "contracts/send_flags_judge.h"
#include "fixtures/rigs/datapath_rig.h"
#include "fixtures/rigs/fence_rig.h"
#include "fixtures/rigs/routing_rig.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>

namespace ibvcert {
namespace {

constexpr int kMaxWrs = 4; // send WRs in one FlaggedPost

// The bits ibv_post_send(3) lists for send_flags.
constexpr unsigned kListed =
	IBV_SEND_FENCE | IBV_SEND_SIGNALED | IBV_SEND_SOLICITED | IBV_SEND_INLINE | IBV_SEND_IP_CSUM;

std::vector<ibv_qp_type> datapath_types(const DeviceModel &m)
{
	std::vector<ibv_qp_type> types;
	for (ibv_qp_type t : m.qp_types)
		if (t == IBV_QPT_RC || t == IBV_QPT_UC || t == IBV_QPT_UD)
			types.push_back(t);
	return types;
}

bool carries_solicited(ibv_wr_opcode op)
{
	return op == IBV_WR_SEND || op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE_WITH_IMM;
}

bool carries_data(ibv_wr_opcode op)
{
	return op == IBV_WR_SEND || op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE ||
	       op == IBV_WR_RDMA_WRITE_WITH_IMM;
}

std::string flags_text(unsigned flags)
{
	std::vector<std::string> words;
	for (auto [bit, word] : {std::pair{IBV_SEND_FENCE, "FENCE"}, std::pair{IBV_SEND_SIGNALED, "SIGNALED"},
				 std::pair{IBV_SEND_SOLICITED, "SOLICITED"}, std::pair{IBV_SEND_INLINE, "INLINE"}})
		if (flags & bit)
			words.push_back(word);
	if (flags & ~kListed)
		words.push_back(fmt::format("{:#x}", flags & ~kListed));
	return words.empty() ? "0" : fmt::format("{}", fmt::join(words, "|"));
}

// Where a WR's send_flags reach outside where the page makes a flag valid:
// one of the outside rows of ibv_post_send(3) (contracts/completion_rules.cpp).
enum class Outside { Unlisted, FenceOffRc, SolicitedOff, InlineOff };

// The bit of a kind, for a WR of opcode on a QP of type; 0 where the kind
// does not reach it (FENCE on RC, SOLICITED on a Send).
unsigned outside_bit(Outside kind, ibv_qp_type type, ibv_wr_opcode op)
{
	switch (kind) {
	case Outside::Unlisted: return ~kListed; // narrowed by the caller
	case Outside::FenceOffRc: return type != IBV_QPT_RC ? IBV_SEND_FENCE : 0;
	case Outside::SolicitedOff: return carries_solicited(op) ? 0 : IBV_SEND_SOLICITED;
	case Outside::InlineOff: return carries_data(op) ? 0 : IBV_SEND_INLINE;
	}
	return 0;
}

// The unlisted bits one WR gets: the lowest, the highest, any one, or all.
unsigned unlisted_bits()
{
	const int pick = *rc::gen::inRange(0, 4);
	return pick == 0 ? 1u << 5 : pick == 1 ? 1u << 31 : pick == 2 ? 1u << *rc::gen::inRange(5, 32) : ~kListed;
}

class FlaggedPost : public Step {
public:
	explicit FlaggedPost(const DeviceModel &m)
	{
		std::vector<ibv_qp_type> types = datapath_types(m);
		RC_PRE(!types.empty());
		const bool atomics = m.caps->device.orig_attr.atomic_cap != IBV_ATOMIC_NONE;
		auto opcodes_of = [&](ibv_qp_type t) {
			std::vector<ibv_wr_opcode> ops;
			for (ibv_wr_opcode op : {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE,
						 IBV_WR_RDMA_WRITE_WITH_IMM, IBV_WR_RDMA_READ,
						 IBV_WR_ATOMIC_CMP_AND_SWP, IBV_WR_ATOMIC_FETCH_AND_ADD})
				if (opcode_in_table(t, op) && (atomics || !datapath_is_atomic(op)))
					ops.push_back(op);
			return ops;
		};
		// Every other list: one WR with bits outside where the page makes
		// them valid, of a kind drawn first, on a QP type and opcode it
		// reaches (the judge decides on one such WR per list). The other
		// lists: listed flags only, each where it is valid, which the post
		// may not refuse; RC (where FENCE is valid on every opcode) drawn as
		// often as the other types together.
		const bool outside = *rc::gen::arbitrary<bool>();
		Outside kind = Outside::Unlisted;
		if (outside) {
			std::vector<std::pair<Outside, std::vector<ibv_qp_type>>> kinds;
			for (Outside k : {Outside::Unlisted, Outside::FenceOffRc, Outside::SolicitedOff, Outside::InlineOff}) {
				std::vector<ibv_qp_type> reached;
				for (ibv_qp_type t : types)
					for (ibv_wr_opcode op : opcodes_of(t))
						if (outside_bit(k, t, op) && (reached.empty() || reached.back() != t))
							reached.push_back(t);
				if (!reached.empty())
					kinds.emplace_back(k, reached);
			}
			auto [k, reached] = *rc::gen::elementOf(kinds);
			kind = k;
			spec_.type = *rc::gen::elementOf(reached);
		} else {
			std::vector<ibv_qp_type> weighted;
			for (ibv_qp_type t : types)
				weighted.insert(weighted.end(), t == IBV_QPT_RC ? std::max<size_t>(1, types.size() - 1) : 1, t);
			spec_.type = *rc::gen::elementOf(weighted);
		}
		spec_.sq_sig_all = *rc::gen::inRange(0, 4) == 0;
		spec_.srq = spec_.type != IBV_QPT_UC && m.caps->device.orig_attr.max_srq > 0 &&
			    *rc::gen::inRange(0, 4) == 0;
		if (spec_.type == IBV_QPT_UD)
			spec_.ah_sl = (uint8_t)*rc::gen::element(0, 1, 5, 15);
		const std::vector<ibv_wr_opcode> opcodes = opcodes_of(spec_.type);
		RC_PRE(!opcodes.empty());
		// RC: the data opcodes and the ones that fetch (READ, atomics) as
		// often as each other.
		std::vector<ibv_wr_opcode> data, fetch;
		for (ibv_wr_opcode op : opcodes)
			(carries_data(op) ? data : fetch).push_back(op);
		auto draw_opcode = [&] {
			return fetch.empty() || *rc::gen::arbitrary<bool>() ? *rc::gen::elementOf(data)
									   : *rc::gen::elementOf(fetch);
		};
		const int n = *rc::gen::inRange(1, kMaxWrs + 1);
		const int culprit = outside ? *rc::gen::inRange(0, n) : -1;
		for (int i = 0; i < n; i++) {
			SendSpec s;
			s.opcode = draw_opcode();
			if (i == culprit && kind != Outside::Unlisted) {
				std::vector<ibv_wr_opcode> reached;
				for (ibv_wr_opcode op : opcodes)
					if (outside_bit(kind, spec_.type, op))
						reached.push_back(op);
				s.opcode = *rc::gen::elementOf(reached);
			}
			s.signaled = *rc::gen::arbitrary<bool>();
			s.length = 32;
			const bool atomic = datapath_is_atomic(s.opcode);
			const int max_sges = s.opcode == IBV_WR_RDMA_READ
						     ? std::min(2, m.caps->device.orig_attr.max_sge_rd)
						     : 2;
			s.num_sge = atomic || max_sges < 2 ? 1 : *rc::gen::inRange(1, 3);
			// The listed flags where they are valid, each or not.
			if (spec_.type == IBV_QPT_RC && *rc::gen::arbitrary<bool>())
				s.more_flags |= IBV_SEND_FENCE;
			if (carries_solicited(s.opcode) && *rc::gen::inRange(0, 3) == 0)
				s.more_flags |= IBV_SEND_SOLICITED;
			s.inline_data = carries_data(s.opcode) && *rc::gen::inRange(0, 3) == 0;
			if (i == culprit) {
				// The kind drawn, and each other kind that reaches the WR or not.
				for (Outside k : {Outside::Unlisted, Outside::FenceOffRc, Outside::SolicitedOff,
						  Outside::InlineOff}) {
					unsigned bit = outside_bit(k, spec_.type, s.opcode);
					if (bit && (k == kind || *rc::gen::inRange(0, 3) == 0))
						s.more_flags |= k == Outside::Unlisted ? unlisted_bits() : bit;
				}
			}
			sends_.push_back(s);
		}
		// A list of listed flags only on RC: one time in two, one of its
		// WRs an opcode that fetches (an RDMA READ one time in two) with
		// IBV_SEND_FENCE, valid on RC whatever the opcode; drawn per WR
		// above, a fenced READ comes in about one list in five.
		if (!outside && spec_.type == IBV_QPT_RC && !fetch.empty() && *rc::gen::arbitrary<bool>()) {
			SendSpec &s = sends_[*rc::gen::inRange<size_t>(0, sends_.size())];
			const bool read = std::find(fetch.begin(), fetch.end(), IBV_WR_RDMA_READ) != fetch.end();
			s.opcode = read && *rc::gen::arbitrary<bool>() ? IBV_WR_RDMA_READ : *rc::gen::elementOf(fetch);
			s.more_flags |= IBV_SEND_FENCE;
			s.inline_data = false;
			s.more_flags &= ~IBV_SEND_SOLICITED;
			if (datapath_is_atomic(s.opcode) ||
			    (s.opcode == IBV_WR_RDMA_READ && m.caps->device.orig_attr.max_sge_rd < 2))
				s.num_sge = 1;
		}
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		std::vector<std::string> wrs;
		for (const SendSpec &s : sends_)
			wrs.push_back(fmt::format(
				"{} send_flags {}{}", wr_opcode_name(s.opcode),
				flags_text((s.signaled ? IBV_SEND_SIGNALED : 0) | (s.inline_data ? IBV_SEND_INLINE : 0) |
					   s.more_flags),
				s.num_sge == 2 ? " 2 SGEs" : ""));
		os << "FlaggedPost " << qp_type_name(spec_.type) << " pair" << (spec_.sq_sig_all ? " sq_sig_all" : "")
		   << (spec_.srq ? " (responder on an SRQ)" : "")
		   << (spec_.type == IBV_QPT_UD ? fmt::format(" AH sl {}", spec_.ah_sl) : "") << ": "
		   << fmt::format("{}", fmt::join(wrs, ", "));
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		DatapathPair rig;
		if (!ready_pair(*this, m, b, rig, spec_, sends_))
			return;
		int recvs = 1; // a spare: a message that takes a receive WR it should not shows
		for (const SendSpec &s : sends_)
			recvs += datapath_needs_recv(s.opcode);
		rig.allow_refusal();
		if (auto stop = rig.post(sends_, recvs)) {
			if (rig.skipped())
				return; // a provider without the opcode (iWARP: no immediate data)
			fail_step(*this, m, b, "precondition: posting the list on the pair", {*stop, rig.evidence()});
		}
		FlaggedExchange f;
		if (auto stop = rig.settle_flagged(f))
			fail_step(*this, m, b, "precondition: ibv_query_qp(IBV_QP_CAP) of the sender", {*stop, rig.evidence()});
		hold_verdict(*this, m, b, judge_flagged_exchange(f), rig.evidence());
	}

private:
	PairSpec spec_;
	std::vector<SendSpec> sends_;
};

class FencedAfterFetch : public Step {
public:
	explicit FencedAfterFetch(const DeviceModel &m)
	{
		std::vector<ibv_qp_type> types = datapath_types(m);
		RC_PRE(std::find(types.begin(), types.end(), IBV_QPT_RC) != types.end());
		spec_.type = IBV_QPT_RC;
		spec_.srq = m.caps->device.orig_attr.max_srq > 0 && *rc::gen::inRange(0, 4) == 0;
		std::vector<ibv_wr_opcode> firsts = {IBV_WR_RDMA_READ};
		if (m.caps->device.orig_attr.atomic_cap != IBV_ATOMIC_NONE)
			firsts.insert(firsts.end(), {IBV_WR_ATOMIC_CMP_AND_SWP, IBV_WR_ATOMIC_FETCH_AND_ADD});
		first_ = *rc::gen::elementOf(firsts);
		fenced_ = *rc::gen::element(IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE,
					    IBV_WR_RDMA_WRITE_WITH_IMM);
		if (carries_solicited(fenced_) && *rc::gen::arbitrary<bool>())
			more_ = IBV_SEND_SOLICITED;
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "FencedAfterFetch RC pair" << (spec_.srq ? " (responder on an SRQ)" : "") << ": "
		   << wr_opcode_name(first_) << " SIGNALED, then " << wr_opcode_name(fenced_) << " send_flags "
		   << flags_text(IBV_SEND_SIGNALED | IBV_SEND_FENCE | more_) << " from its SGE";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		DatapathPair rig;
		if (!ready_pair(*this, m, b, rig, spec_))
			return;
		if ((fenced_ == IBV_WR_SEND_WITH_IMM || fenced_ == IBV_WR_RDMA_WRITE_WITH_IMM) &&
		    b.run.device().transport() == IBV_TRANSPORT_IWARP)
			return; // iWARP carries no immediate data
		FenceView view;
		if (auto stop = drive_fence(rig, first_, fenced_, more_, view)) {
			if (::testing::Test::HasFailure())
				fail_step(*this, m, b, "precondition: the fenced list", {*stop, rig.evidence()});
			return; // EOPNOTSUPP: the device has no such opcode
		}
		hold_verdict(*this, m, b, judge_fence(view), rig.evidence());
	}

private:
	PairSpec spec_;
	ibv_wr_opcode first_ = IBV_WR_RDMA_READ, fenced_ = IBV_WR_SEND;
	unsigned more_ = 0;
};

class RoutedPairs : public Step {
public:
	explicit RoutedPairs(const DeviceModel &m)
	{
		std::vector<ibv_qp_type> types = datapath_types(m);
		RC_PRE(!types.empty());
		type_ = *rc::gen::elementOf(types);
		std::vector<ibv_wr_opcode> opcodes;
		for (ibv_wr_opcode op : {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE_WITH_IMM})
			if (opcode_in_table(type_, op))
				opcodes.push_back(op);
		opcode_ = *rc::gen::elementOf(opcodes);
		cqs_ = *rc::gen::inRange(1, 6);
		const int qps = 2 * *rc::gen::inRange(1, 5);
		// The SRQs: RC and UD only (ibv_create_qp(3)); the rig makes two.
		const bool srqs = type_ != IBV_QPT_UC && m.caps->device.orig_attr.max_srq > 0;
		for (int k = 0; k < qps; k++) {
			RoutingShape s;
			s.send_cq = *rc::gen::inRange(0, cqs_);
			s.recv_cq = *rc::gen::inRange(0, cqs_);
			s.srq = srqs ? *rc::gen::element(-1, 0, 0, 1) : -1;
			s.sq_sig_all = *rc::gen::inRange(0, 4) == 0;
			shapes_.push_back(s);
		}
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		std::vector<std::string> qps;
		for (const RoutingShape &s : shapes_)
			qps.push_back(fmt::format("send_cq {} recv_cq {} {}{}", s.send_cq, s.recv_cq,
						  s.srq < 0 ? "own RQ" : fmt::format("SRQ {}", s.srq),
						  s.sq_sig_all ? " sq_sig_all" : ""));
		os << "RoutedPairs " << qp_type_name(type_) << " " << wr_opcode_name(opcode_) << ", " << cqs_
		   << " CQs, QPs (pairs 2k, 2k+1): [" << fmt::format("{}", fmt::join(qps, "; ")) << "]";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		RoutingRig rig;
		if (auto skip = rig.run(type_, opcode_, shapes_, cqs_)) {
			if (::testing::Test::HasFailure())
				fail_step(*this, m, b, "precondition: the routed QPs", {*skip, rig.evidence()});
			return; // the device has no such QPs (iWARP: RC only, no immediate data)
		}
		hold_verdict(*this, m, b, judge_routing(rig.view()), rig.evidence());
	}

private:
	ibv_qp_type type_ = IBV_QPT_RC;
	ibv_wr_opcode opcode_ = IBV_WR_SEND;
	int cqs_ = 1;
	std::vector<RoutingShape> shapes_;
};

} // namespace

void add_flags_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	bool watched = model_watched(m);
	mix.push_back({watched ? 0u : 2u, execOneOfWithArgs<FlaggedPost>()(m)});
	mix.push_back({watched ? 0u : 1u, execOneOfWithArgs<FencedAfterFetch>()(m)});
	mix.push_back({watched ? 0u : 1u, execOneOfWithArgs<RoutedPairs>()(m)});
}

} // namespace ibvcert
