// Completion events (ibv_req_notify_cq(3), ibv_get_cq_event(3),
// ibv_ack_cq_events(3)) on a channel and a CQ of the op's own: a decoded
// sequence of up to 8 actions, arm (solicited_only 0 or set), SENDs from a
// RAW_PACKET QP of the op's own completing on the CQ (successful send CQEs),
// a SEND flushed by moving the QP to ERR (an unsuccessful CQE), a read of
// the channel until empty, and an ack of the events got; then the channel
// read, every event acked, ibv_destroy_comp_channel tried with the CQ alive
// (judge_destroy: refused) and the CQ destroyed. The CQEs are learnt by
// polling once the device's virtual clock ran 1 ms (no CQE is made on a
// steady clock: arms and reads only). Everything done and seen goes to the
// judge (judge_cq_notify); the op decides nothing.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"
#include "fuzz/harness/own_objects.h"
#include "fuzz/harness/raw_sender.h"

#include "contracts/cq_notify_judge.h"
#include "contracts/names.h"

#include <fmt/format.h>

#include <chrono>

namespace ibvcert::fuzz {
namespace {

const OpVerb kCqNotify = {"cq_notify", "ibv_req_notify_cq, ibv_get_cq_event, ibv_ack_cq_events",
			  Verb::Count};

enum class Act : uint8_t { ArmAny, ArmSolicited, Send, Flush, Read, Ack };
constexpr int kActs = 6;
constexpr int kMaxActs = 8;

const char *act_name(Act a)
{
	switch (a) {
	case Act::ArmAny: return "arm";
	case Act::ArmSolicited: return "arm-solicited";
	case Act::Send: return "send";
	case Act::Flush: return "flush";
	case Act::Read: return "read";
	case Act::Ack: return "ack";
	}
	return "?";
}

class CqNotifyOp : public Op {
	// What one lane did and saw.
	struct Bound {
		bool called = false;
		std::string note;
		CqNotifyView view;
		bool channel_destroyed = false; // ibv_destroy_comp_channel called with the CQ alive
		int channel_destroy_ret = 0;
	};

public:
	explicit CqNotifyOp(std::vector<std::pair<Act, int>> acts) : acts_(std::move(acts)) {}

	const OpVerb &verb() const override { return kCqNotify; }
	int slot() const override { return -1; } // objects of its own: every other object stays
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		b = Bound{};
		b.view.channel_of = {0};
		Device &d = lane.device();
		std::unique_ptr<CompChannel> channel;
		if (int r = d.create_comp_channel(channel); r || !channel) {
			b.note = "ibv_create_comp_channel returned " + errno_name(r);
			return 0;
		}
		std::unique_ptr<Cq> cq;
		if (int r = d.create_cq_on_channel(64, &b, *channel, 0, cq); r || !cq) {
			b.note = "ibv_create_cq with a channel returned " + errno_name(r);
			return 0;
		}
		RawSender sender; // declared after the CQ: destroyed before it
		if (d.clock().is_virtual())
			b.note = sender.make(lane, *cq, 8);
		b.called = true;
		long long unacked = 0;
		uint64_t wr_id = 0x6e00;
		auto read = [&] {
			for (int guard = 0; guard < 64; guard++) {
				const void *h = nullptr;
				void *ctx = nullptr;
				int err = 0;
				NotifyStep s;
				s.kind = NotifyStep::Kind::Event;
				s.channel = 0;
				s.result = channel->get_cq_event(h, ctx, err);
				if (s.result == 0) {
					s.cq = h == cq->handle() ? 0 : -1;
					s.context_matches = s.cq == 0 && ctx == cq->context();
					unacked++;
				}
				b.view.steps.push_back(s);
				if (s.result != 0)
					break;
			}
			NotifyStep drained;
			drained.kind = NotifyStep::Kind::Drained;
			drained.channel = 0;
			b.view.steps.push_back(drained);
		};
		auto ack = [&] {
			if (!unacked)
				return;
			cq->ack_events((unsigned)unacked);
			NotifyStep s;
			s.kind = NotifyStep::Kind::Ack;
			s.cq = 0;
			s.nevents = (unsigned)unacked;
			b.view.steps.push_back(s);
			unacked = 0;
		};
		for (auto [act, n] : acts_) {
			switch (act) {
			case Act::ArmAny:
			case Act::ArmSolicited: {
				NotifyStep s;
				s.kind = NotifyStep::Kind::Arm;
				s.cq = 0;
				s.solicited_only = act == Act::ArmSolicited ? 1 + n : 0;
				s.result = cq->req_notify(s.solicited_only);
				b.view.steps.push_back(s);
				break;
			}
			case Act::Send:
			case Act::Flush:
				if (sender.qp && b.note.empty())
					post(lane, sender, *cq, act == Act::Flush ? 1 : 1 + n % 3, act == Act::Flush,
					     wr_id, b);
				break;
			case Act::Read: read(); break;
			case Act::Ack: ack(); break;
			}
		}
		read();
		ack();
		// ibv_destroy_comp_channel while the CQ made on it is alive: refused.
		b.channel_destroy_ret = channel->destroy();
		b.channel_destroyed = true;
		return 0;
	}

	// count SENDs (flush: moved to ERR first, so they complete in error),
	// the clock run 1 ms, the CQEs polled into the view.
	void post(Lane &lane, RawSender &sender, Cq &cq, int count, bool flush, uint64_t &wr_id, Bound &b)
	{
		if (flush) {
			ibv_qp_attr attr{};
			attr.qp_state = IBV_QPS_ERR;
			sender.qp->modify(attr, IBV_QP_STATE);
		}
		for (int k = 0; k < count; k++)
			if (sender.send(wr_id++))
				break;
		run_clock(lane.device(), std::chrono::milliseconds(1));
		ibv_wc wc[8];
		for (int n; (n = cq.poll(8, wc)) > 0;)
			for (int k = 0; k < n; k++) {
				NotifyStep s;
				s.kind = NotifyStep::Kind::Cqe;
				s.cq = 0;
				s.recv = wc[k].opcode & IBV_WC_RECV;
				s.success = wc[k].status == IBV_WC_SUCCESS;
				s.wr_id = wc[k].wr_id;
				b.view.steps.push_back(s);
			}
	}

	CallResult call_result(const Lane &) const override { return {Verb::Count, 0}; }

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		if (b.channel_destroyed)
			check_destroy(lane, oracle, Verb::DestroyCompChannel, 1, b.channel_destroy_ret, true);
		if (!b.called)
			return;
		Verdict v = judge_cq_notify(b.view);
		if (!v.accepts())
			oracle.fail(i, {std::string("cq_notify:") + v.first()->rule->id,
					"completion events broke their rows", v, {}, steps_text(b)});
	}

	static std::string steps_text(const Bound &b)
	{
		std::string out;
		for (size_t k = 0; k < b.view.steps.size(); k++)
			out += fmt::format("  {}. {}\n", k + 1, notify_step_text(b.view.steps[k]));
		return out;
	}

	std::string describe(const Lane &) const override
	{
		std::string out = "a channel, cq0 on it:";
		for (auto [act, n] : acts_)
			out += fmt::format(" {}({})", act_name(act), n);
		return out + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return (b.note.empty() ? "" : "not driven: " + b.note + "\n") + steps_text(b) +
		       (b.channel_destroyed ? "ibv_destroy_comp_channel with the CQ alive returned " +
						      errno_name(b.channel_destroy_ret) + "\n"
					    : "");
	}

	std::string summary(int lane) const override
	{
		return fmt::format("cq_notify {} actions, {} steps seen", acts_.size(),
				   bound_[lane].view.steps.size());
	}

private:
	std::vector<std::pair<Act, int>> acts_;
	Bound bound_[kMaxLanes];
};

} // namespace

// Completion events on a channel and a CQ of the op's own: arms, SENDs and
// a flush completing on it, reads and acks, judged by judge_cq_notify
// (contracts/cq_notify_judge.h).
void cq_notify_step(Session &s)
{
	auto &in = s.in();
	int count = 1 + in.ConsumeIntegralInRange(0, kMaxActs - 1);
	std::vector<std::pair<Act, int>> acts;
	for (int k = 0; k < count; k++) {
		auto act = (Act)in.ConsumeIntegralInRange(0, kActs - 1);
		acts.push_back({act, in.ConsumeIntegralInRange(0, 3)});
	}
	s.execute(std::make_unique<CqNotifyOp>(std::move(acts)));
}
IBVCERT_FUZZ_ROW(cq_notify, 25);

} // namespace ibvcert::fuzz
