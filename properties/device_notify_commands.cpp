// The completion-event command of the whole-device state machine:
// NotifyRound, a drawn sequence of ibv_req_notify_cq / SENDs / a flush /
// ibv_get_cq_event / ibv_ack_cq_events / ibv_destroy_cq with events not yet
// acked, on the completion-event rig (fixtures/rigs/cq_notify_rig.h: an RC
// pair, two channels, three CQs on them), made beside the live objects of
// the sequence for the step; everything done and seen is judged by the
// verb's judge (contracts/cq_notify_judge.h), and every observable of the
// live objects is compared with the model after it, as after every step.
#include "properties/device_step.h"

#include "contracts/cq_notify_judge.h"
#include "fixtures/rigs/cq_notify_rig.h"

#include <fmt/format.h>

#include <ostream>

namespace ibvcert {
namespace {

struct NotifyOp {
	enum class Kind { Arm, Send, Read, Ack, Flush, Destroy } kind = Kind::Arm;
	int cq = 0;             // Arm
	int solicited_only = 0; // Arm
	bool from_a = true;     // Send
	bool solicited = false; // Send
	int channel = 0;        // Read
};

std::string op_text(const NotifyOp &op)
{
	switch (op.kind) {
	case NotifyOp::Kind::Arm: return fmt::format("arm cq{} solicited_only={}", op.cq, op.solicited_only);
	case NotifyOp::Kind::Send:
		return fmt::format("SEND {}{}", op.from_a ? "a->b" : "b->a", op.solicited ? " solicited" : "");
	case NotifyOp::Kind::Read: return fmt::format("read channel{}", op.channel);
	case NotifyOp::Kind::Ack: return "ack all";
	case NotifyOp::Kind::Flush: return "flush b";
	case NotifyOp::Kind::Destroy: return "destroy cq1 before its acks";
	}
	return "?";
}

rc::Gen<NotifyOp> arm_op()
{
	return rc::gen::map(rc::gen::pair(rc::gen::inRange(0, CqNotifyRig::kCqs),
					  rc::gen::weightedElement<int>({{4, 0}, {4, 1}, {1, 0x100}})),
			    [](std::pair<int, int> p) {
				    NotifyOp op;
				    op.kind = NotifyOp::Kind::Arm;
				    op.cq = p.first;
				    op.solicited_only = p.second;
				    return op;
			    });
}

rc::Gen<NotifyOp> read_op()
{
	return rc::gen::map(rc::gen::inRange(0, 2), [](int ch) {
		NotifyOp op;
		op.kind = NotifyOp::Kind::Read;
		op.channel = ch;
		return op;
	});
}

// Arms, SENDs either way, reads and acks; then sometimes b's flush (an
// unsuccessful CQE; no SEND after it) and arms and reads after it; both
// channels read; sometimes, last, the destroy of cq1 with its events not acked.
rc::Gen<std::vector<NotifyOp>> notify_ops()
{
	return rc::gen::exec([] {
		std::vector<NotifyOp> ops;
		// Often first one arm and two unsolicited CQEs on the CQ before a
		// read: one event, not two (the arm is for the next completion only),
		// or none where the arm is for solicited ones only.
		if (*rc::gen::arbitrary<bool>()) {
			NotifyOp arm = *arm_op();
			arm.solicited_only = *rc::gen::inRange(0, 2);
			ops.push_back(arm);
			NotifyOp send;
			send.kind = NotifyOp::Kind::Send;
			send.from_a = arm.cq != 2; // cq0 and cq1 take a->b's CQEs, cq2 b->a's receive
			ops.push_back(send);
			ops.push_back(send);
			NotifyOp read;
			read.kind = NotifyOp::Kind::Read;
			read.channel = arm.cq == 2 ? 1 : 0;
			ops.push_back(read);
		}
		const int n = *rc::gen::inRange(1, 8);
		for (int i = 0; i < n; i++) {
			NotifyOp op = *rc::gen::weightedOneOf<NotifyOp>(
				{{3, arm_op()},
				 {3, rc::gen::map(rc::gen::pair(rc::gen::arbitrary<bool>(), rc::gen::arbitrary<bool>()),
						  [](std::pair<bool, bool> p) {
							  NotifyOp s;
							  s.kind = NotifyOp::Kind::Send;
							  s.from_a = p.first;
							  s.solicited = p.second;
							  return s;
						  })},
				 {2, read_op()},
				 {1, rc::gen::just(NotifyOp{NotifyOp::Kind::Ack})}});
			ops.push_back(op);
		}
		if (*rc::gen::inRange(0, 3) == 0) {
			ops.push_back(*arm_op());
			ops.push_back(NotifyOp{NotifyOp::Kind::Flush});
			ops.push_back(*read_op());
		}
		// The destroy: cq1 armed and a CQE on it, its event read (and not
		// acked) by the reads of both channels before it.
		// (Rare: the destroy is watched 50 ms on emu0, 300 ms on a real device.)
		const bool destroy = *rc::gen::inRange(0, 10) == 0;
		if (destroy) {
			NotifyOp arm;
			arm.cq = 1;
			ops.push_back(arm);
			bool flushed = false;
			for (const auto &o : ops)
				flushed |= o.kind == NotifyOp::Kind::Flush;
			if (!flushed) {
				NotifyOp send;
				send.kind = NotifyOp::Kind::Send;
				ops.push_back(send);
			}
		}
		for (int ch : {0, 1}) {
			NotifyOp read;
			read.kind = NotifyOp::Kind::Read;
			read.channel = ch;
			ops.push_back(read);
		}
		if (destroy)
			ops.push_back(NotifyOp{NotifyOp::Kind::Destroy});
		return ops;
	});
}

class NotifyRound : public Step {
public:
	explicit NotifyRound(const DeviceModel &) : ops_(*notify_ops()) {}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "NotifyRound:";
		for (const auto &op : ops_)
			os << " " << op_text(op) << ";";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		CqNotifyRig rig;
		if (auto skip = rig.prepare()) {
			// No completion channels: nothing of this round to judge.
			if (skip->rfind("precondition failed", 0) == 0)
				fail_step(*this, m, b, "precondition: the completion-event rig", {*skip, rig.evidence()});
			return;
		}
		for (const NotifyOp &op : ops_) {
			std::optional<std::string> failed;
			switch (op.kind) {
			case NotifyOp::Kind::Arm: rig.arm(op.cq, op.solicited_only); break;
			case NotifyOp::Kind::Send: failed = rig.send(op.from_a, op.solicited); break;
			case NotifyOp::Kind::Read: rig.read(op.channel); break;
			case NotifyOp::Kind::Ack: rig.ack_all(); break;
			case NotifyOp::Kind::Flush: failed = rig.flush_b(); break;
			case NotifyOp::Kind::Destroy: rig.destroy_cq1_before_acks(); break;
			}
			if (failed)
				fail_step(*this, m, b, "precondition: " + op_text(op), {*failed, rig.evidence()});
		}
		hold_verdict(*this, m, b, judge_cq_notify(rig.view()), rig.evidence());
	}

private:
	std::vector<NotifyOp> ops_;
};

} // namespace

void add_notify_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	mix.push_back({1, execOneOfWithArgs<NotifyRound>()(m)});
}

} // namespace ibvcert
