// Completion events on two channels and three CQs of the op's own, as the
// suites' rig makes them (fixtures/rigs/cq_notify_rig.h: an RC pair a <-> b,
// cq0 a's send CQ and cq1 b's receive CQ on channel 0, cq2 a's receive CQ
// on channel 1): a decoded sequence of up to 8 actions (arm a CQ, any or
// solicited only; a SEND, SEND_WITH_IMM or RDMA_WRITE_WITH_IMM either way,
// solicited or not; b's receive flushed; a channel read until empty; every
// event acked), then both channels read, and on a decoded bit cq1 destroyed
// from a second thread before its events are acked. Everything done and
// seen goes to judge_cq_notify. The lane's objects stay (the frame).
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"
#include "fuzz/harness/rig_op.h"

#include "contracts/completion_judge.h"
#include "contracts/cq_notify_judge.h"
#include "contracts/names.h"
#include "fixtures/rigs/cq_notify_rig.h"

#include <fmt/format.h>

namespace ibvcert::fuzz {
namespace {

const OpVerb kChannels = {"channels", "ibv_req_notify_cq, ibv_get_cq_event, ibv_ack_cq_events on two channels",
			  Verb::Count};

enum class Act : uint8_t { Arm, Send, Flush, Read, Ack };
constexpr int kMaxActs = 8;
constexpr ibv_wr_opcode kOpcodes[] = {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE_WITH_IMM};

struct Action {
	Act act = Act::Arm;
	int cq = 0, channel = 0, solicited = 0;
	bool from_a = true;
	ibv_wr_opcode opcode = IBV_WR_SEND;
};

std::string action_text(const Action &a)
{
	switch (a.act) {
	case Act::Arm: return fmt::format("arm cq{}{}", a.cq, a.solicited ? " solicited_only" : "");
	case Act::Send:
		return fmt::format("{} {}{}", wr_opcode_name(a.opcode), a.from_a ? "a->b" : "b->a",
				   a.solicited ? " SOLICITED" : "");
	case Act::Flush: return "flush b's receive";
	case Act::Read: return fmt::format("read channel {}", a.channel);
	case Act::Ack: return "ack every event";
	}
	return "?";
}

class ChannelsOp : public RigOp<CqNotifyView> {
public:
	ChannelsOp(std::vector<Action> acts, bool destroy) : acts_(std::move(acts)), destroy_(destroy) {}

	const OpVerb &verb() const override { return kChannels; }

	int run(Lane &lane) override
	{
		Driven &d = start(lane);
		CqNotifyRig rig(lane_host(lane));
		if (auto why = rig.prepare()) {
			d.stopped = *why;
			d.evidence = rig.evidence();
			return 0;
		}
		bool flushed = false;
		for (const Action &a : acts_) {
			std::optional<std::string> stop;
			switch (a.act) {
			case Act::Arm: rig.arm(a.cq, a.solicited); break;
			case Act::Send:
				if (!flushed)
					stop = rig.send(a.from_a, a.solicited, a.opcode);
				break;
			case Act::Flush:
				if (!flushed)
					stop = rig.flush_b();
				flushed = true;
				break;
			case Act::Read: rig.read(a.channel); break;
			case Act::Ack: rig.ack_all(); break;
			}
			if (stop) { // the device lacks the opcode, or a precondition failed
				d.stopped = *stop;
				d.evidence = rig.evidence();
				return 0;
			}
		}
		rig.read(0);
		rig.read(1);
		if (destroy_ && !flushed)
			rig.destroy_cq1_before_acks();
		rig.ack_all();
		d.seen = rig.view();
		d.evidence = rig.evidence();
		d.judged = true;
		return 0;
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		const Driven &d = driven(lane);
		if (d.judged)
			oracle.judged(lane, "channels", "the completion events break their rows", judge_cq_notify(d.seen),
				      d.evidence);
	}

	std::string describe(const Lane &) const override
	{
		std::string out;
		for (const Action &a : acts_)
			out += (out.empty() ? "" : ", ") + action_text(a);
		return out + "; read both channels" + (destroy_ ? ", destroy cq1 before its acks" : "") + "\n";
	}

	std::string summary(int lane) const override
	{
		return fmt::format("channels: {} actions{}: {}", acts_.size(), destroy_ ? ", destroy before acks" : "",
				   driven_word(lane));
	}

private:
	std::vector<Action> acts_;
	bool destroy_;
};

} // namespace

// Completion events on two channels and three CQs of the op's own (the
// suites' rig), judged by judge_cq_notify (op_channels.cpp).
void channels_step(Session &s)
{
	auto &in = s.in();
	int n = in.ConsumeIntegralInRange(0, kMaxActs);
	std::vector<Action> acts(n);
	for (Action &a : acts) {
		a.act = (Act)in.ConsumeIntegralInRange(0, 4);
		uint8_t bits = in.ConsumeIntegral<uint8_t>();
		a.cq = (bits & 0x3) % CqNotifyRig::kCqs;
		a.channel = bits >> 2 & 1;
		a.solicited = bits >> 3 & 1;
		a.from_a = !(bits >> 4 & 1);
		a.opcode = kOpcodes[(bits >> 5 & 0x3) % 3];
	}
	bool destroy = in.ConsumeBool();
	s.execute(std::make_unique<ChannelsOp>(std::move(acts), destroy));
}
IBVCERT_FUZZ_ROW(channels, 38);

} // namespace ibvcert::fuzz
