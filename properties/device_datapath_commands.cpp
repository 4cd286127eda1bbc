// The datapath commands of the whole-device state machine: Exchange, work
// on a pair of QPs of a type the device creates, connected in RTS beside
// every object the model holds (fixtures/rigs/datapath_rig.h: each QP with
// its own CQs; UD with a third QP of the same Q_Key): a list of send WRs of
// the opcodes the type's column of ibv_post_send(3)'s table holds, each
// signaled or not (or sq_sig_all), of 1 or 2 SGEs, some inline, UD ones
// with the responder's Q_Key or another; a receive posted for each WR that
// consumes one, to the responder or to its SRQ. The datapath's judge
// (contracts/completion_judge.h) decides on what each CQ gave and where the
// bytes landed; the pair lives for the command.
#include "properties/device_pair.h"

#include "contracts/completion_judge.h"
#include "contracts/names.h"
#include "contracts/post_send_opcodes.h"
#include "fixtures/rigs/datapath_rig.h"
#include "fixtures/rigs/flush_rig.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <ostream>

namespace ibvcert {
namespace {

constexpr int kMaxWrs = 4; // send WRs in one exchange

class Exchange : public Step {
public:
	explicit Exchange(const DeviceModel &m)
	{
		std::vector<ibv_qp_type> types;
		for (ibv_qp_type t : m.qp_types)
			if (t == IBV_QPT_RC || t == IBV_QPT_UC || t == IBV_QPT_UD)
				types.push_back(t);
		RC_PRE(!types.empty());
		spec_.type = *rc::gen::elementOf(types);
		spec_.sq_sig_all = *rc::gen::inRange(0, 4) == 0;
		spec_.srq = spec_.type != IBV_QPT_UC && m.caps->device.orig_attr.max_srq > 0 &&
			    *rc::gen::inRange(0, 4) == 0;
		std::vector<ibv_wr_opcode> opcodes;
		const bool atomics = m.caps->device.orig_attr.atomic_cap != IBV_ATOMIC_NONE;
		for (ibv_wr_opcode op : {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE,
					 IBV_WR_RDMA_WRITE_WITH_IMM, IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP,
					 IBV_WR_ATOMIC_FETCH_AND_ADD})
			if (opcode_in_table(spec_.type, op) && (atomics || !datapath_is_atomic(op)))
				opcodes.push_back(op);
		RC_PRE(!opcodes.empty());
		const int n = *rc::gen::inRange(1, kMaxWrs + 1);
		for (int i = 0; i < n; i++) {
			SendSpec s;
			s.opcode = *rc::gen::elementOf(opcodes);
			s.signaled = *rc::gen::arbitrary<bool>();
			const bool atomic = datapath_is_atomic(s.opcode);
			const int max_sges = s.opcode == IBV_WR_RDMA_READ
						     ? std::min(2, m.caps->device.orig_attr.max_sge_rd)
						     : 2;
			s.num_sge = atomic || max_sges < 2 ? 1 : *rc::gen::inRange(1, 3);
			s.inline_data = !atomic && s.opcode != IBV_WR_RDMA_READ && *rc::gen::inRange(0, 4) == 0;
			s.qkey_matches = spec_.type != IBV_QPT_UD || *rc::gen::inRange(0, 5) != 0;
			sends_.push_back(s);
		}
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		std::vector<std::string> wrs;
		for (const SendSpec &s : sends_)
			wrs.push_back(fmt::format("{}{}{}{}{}", wr_opcode_name(s.opcode), s.signaled ? " SIGNALED" : "",
						  s.inline_data ? " INLINE" : "", s.num_sge == 2 ? " 2 SGEs" : "",
						  s.qkey_matches ? "" : " other Q_Key"));
		os << "Exchange " << qp_type_name(spec_.type) << " pair" << (spec_.sq_sig_all ? " sq_sig_all" : "")
		   << (spec_.srq ? " (responder on an SRQ)" : "") << ": " << fmt::format("{}", fmt::join(wrs, ", "));
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		DatapathPair rig;
		if (!ready_pair(*this, m, b, rig, spec_, sends_))
			return;
		int recvs = 0;
		for (const SendSpec &s : sends_)
			recvs += datapath_needs_recv(s.opcode);
		if (auto stop = rig.post(sends_, recvs)) {
			if (rig.skipped())
				return; // a provider without the opcode (iWARP: no immediate data)
			fail_step(*this, m, b, "precondition: posting valid work on the pair", {*stop, rig.evidence()});
		}
		ExchangeView view = rig.settle();
		hold_verdict(*this, m, b, judge_exchange(view), rig.evidence());
	}

private:
	PairSpec spec_;
	std::vector<SendSpec> sends_;
};

// The responder of a pair taken to ERR (ibv_modify_qp) while it holds
// receive WRs; more receives, and sends (RC, UC), posted to it in ERR: what
// its CQs give, judged by the flush rows.
class FlushPair : public Step {
public:
	explicit FlushPair(const DeviceModel &m)
	{
		std::vector<ibv_qp_type> types;
		for (ibv_qp_type t : m.qp_types)
			if (t == IBV_QPT_RC || t == IBV_QPT_UC || t == IBV_QPT_UD)
				types.push_back(t);
		RC_PRE(!types.empty());
		type_ = *rc::gen::elementOf(types);
		held_ = *rc::gen::inRange(0, 4);
		after_ = *rc::gen::inRange(0, 3);
		sends_ = type_ == IBV_QPT_UD ? 0 : *rc::gen::inRange(0, 3);
		RC_PRE(held_ + after_ + sends_ > 0);
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "FlushPair " << qp_type_name(type_) << ": responder to ERR holding " << held_ << " receives, then "
		   << after_ << " receives and " << sends_ << " sends posted in ERR";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		DatapathPair rig;
		if (!ready_pair(*this, m, b, rig, {type_, false, false}))
			return;
		FlushView f;
		std::vector<CallResult> calls;
		if (auto stop = drive_flush(rig, FlushSpec{held_, after_, sends_}, f, calls))
			fail_step(*this, m, b, "precondition: the responder in ERR with its receives", {*stop, rig.evidence()});
		for (const CallResult &c : calls)
			hold_verdict(*this, m, b, judge_call(c), rig.evidence());
		hold_verdict(*this, m, b, judge_flush(f), rig.evidence());
	}

private:
	ibv_qp_type type_ = IBV_QPT_RC;
	int held_ = 0, after_ = 0, sends_ = 0;
};

// ibv_post_recv on a QP whose receives come from its SRQ, then a message
// that takes the SRQ's WR: refused, and the message completes on the SRQ's
// WR, not the refused one.
class PostRecvOnSrqQp : public Step {
public:
	explicit PostRecvOnSrqQp(const DeviceModel &m)
	{
		RC_PRE(m.caps->device.orig_attr.max_srq > 0);
		std::vector<ibv_qp_type> types;
		for (ibv_qp_type t : m.qp_types)
			if (t == IBV_QPT_RC || t == IBV_QPT_UD)
				types.push_back(t);
		RC_PRE(!types.empty());
		type_ = *rc::gen::elementOf(types);
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "PostRecvOnSrqQp " << qp_type_name(type_) << " pair, the responder on an SRQ";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		DatapathPair rig;
		if (!ready_pair(*this, m, b, rig, {type_, false, true}))
			return;
		SrqQpRecv r;
		if (auto stop = drive_post_recv_on_srq_qp(rig, r)) {
			if (rig.skipped())
				return;
			fail_step(*this, m, b, "precondition: a SEND on the pair", {*stop, rig.evidence()});
		}
		hold_verdict(*this, m, b, judge_post_recv_on_srq_qp(r.result, r.refused, r.recv_wcs), rig.evidence());
	}

private:
	ibv_qp_type type_ = IBV_QPT_RC;
};

} // namespace

void add_datapath_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	mix.push_back({3, execOneOfWithArgs<Exchange>()(m)});
	mix.push_back({1, execOneOfWithArgs<FlushPair>()(m)});
	mix.push_back({1, execOneOfWithArgs<PostRecvOnSrqQp>()(m)});
}

} // namespace ibvcert
