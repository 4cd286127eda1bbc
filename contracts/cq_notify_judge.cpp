#include "contracts/cq_notify_judge.h"

#include "contracts/call_judge.h"

#include <fmt/format.h>

#include <deque>

namespace ibvcert {
namespace {

const ContractRule *row(Check check)
{
	for (const ContractRule &r : cq_notify_rules())
		if (r.check == check)
			return &r;
	return nullptr;
}

enum class Arm { None, Any, Solicited };

struct CqState {
	Arm arm = Arm::None;
	int extra_arms = 0;  // calls made while already armed: one event each allowed
	bool spent = false;  // the last arm gave its event
	bool unsolicited_since_arm = false;
	long long got = 0, acked = 0;
};

// An event the device owes: an armed CQ got a CQE that generates one.
struct Due {
	int cq;
	Check check; // the row a missing event breaks
	std::string why;
};

std::string cqe_text(const NotifyStep &s)
{
	return fmt::format("{} {} CQE wr_id {}{}", s.success ? "a successful" : "an unsuccessful",
			   s.recv ? "receive" : "send", s.wr_id,
			   s.recv && s.solicited ? " (solicited)" : "");
}

} // namespace

std::string notify_step_text(const NotifyStep &s)
{
	using K = NotifyStep::Kind;
	switch (s.kind) {
	case K::Arm:
		return fmt::format("ibv_req_notify_cq(cq{}, solicited_only={}) -> {}", s.cq, s.solicited_only,
				   s.result);
	case K::Cqe: return fmt::format("cq{} got {}", s.cq, cqe_text(s));
	case K::Event:
		return fmt::format("ibv_get_cq_event(channel{}) -> {}{}", s.channel, s.result,
				   s.result ? std::string()
					    : fmt::format(", cq={}{}", s.cq < 0 ? "unknown" : fmt::format("cq{}", s.cq),
							  s.context_matches ? "" : ", cq_context not the CQ's"));
	case K::Drained: return fmt::format("channel{} empty after the wait", s.channel);
	case K::Ack: return fmt::format("ibv_ack_cq_events(cq{}, {})", s.cq, s.nevents);
	case K::Destroy:
		return fmt::format("ibv_destroy_cq(cq{}) in a second thread: {}", s.cq,
				   !s.returned ? "never returned"
				   : s.returned_before_acks ? "returned before the acks"
							    : "returned after the acks");
	}
	return "?";
}

Verdict judge_cq_notify(const CqNotifyView &view)
{
	using K = NotifyStep::Kind;
	Verdict v;
	auto breach = [&](Check check, std::string detail) {
		if (const ContractRule *r = row(check))
			v.breaches.push_back({r, std::move(detail)});
	};
	std::vector<CqState> cqs(view.channel_of.size());
	std::vector<std::deque<Due>> due;
	for (int ch : view.channel_of)
		if (ch >= 0 && (size_t)ch >= due.size())
			due.resize(ch + 1);
	auto channel_of = [&](int cq) { return cq >= 0 && (size_t)cq < cqs.size() ? view.channel_of[cq] : -1; };
	auto take_due = [&](int ch, int cq) {
		if (ch < 0 || (size_t)ch >= due.size())
			return false;
		for (auto it = due[ch].begin(); it != due[ch].end(); ++it)
			if (it->cq == cq) {
				due[ch].erase(it);
				return true;
			}
		return false;
	};
	for (size_t i = 0; i < view.steps.size(); i++) {
		const NotifyStep &s = view.steps[i];
		std::string at = fmt::format("step {}: {}", i + 1, notify_step_text(s));
		bool known_cq = s.cq >= 0 && (size_t)s.cq < cqs.size();
		switch (s.kind) {
		case K::Arm: {
			for (RuleBreach &b : judge_call({Verb::ReqNotifyCq, s.result}).breaches)
				v.breaches.push_back({b.rule, at + ": " + b.detail});
			if (s.result != 0 || !known_cq)
				break;
			CqState &c = cqs[s.cq];
			if (c.arm != Arm::None)
				c.extra_arms++;
			c.arm = s.solicited_only ? Arm::Solicited : Arm::Any;
			c.spent = false;
			c.unsolicited_since_arm = false;
			break;
		}
		case K::Cqe: {
			if (!known_cq || channel_of(s.cq) < 0)
				break;
			CqState &c = cqs[s.cq];
			if (c.arm == Arm::None)
				break;
			bool solicited = !s.success || (s.recv && s.solicited);
			if (c.arm == Arm::Solicited && !solicited) {
				c.unsolicited_since_arm = true;
				break;
			}
			Check check = c.arm == Arm::Solicited    ? Check::SolicitedCqeEvent
				      : s.recv && s.success ? Check::ArmedCqeEvent
							    : Check::AnyCqeEvent;
			due[channel_of(s.cq)].push_back(
				{s.cq, check,
				 fmt::format("cq{} armed {} got {} (step {}), and channel{} gave no event for it",
					     s.cq, c.arm == Arm::Solicited ? "solicited_only=1" : "solicited_only=0",
					     cqe_text(s), i + 1, channel_of(s.cq))});
			c.arm = Arm::None;
			c.spent = true;
			break;
		}
		case K::Event: {
			for (RuleBreach &b : judge_call({Verb::GetCqEvent, s.result}).breaches)
				v.breaches.push_back({b.rule, at + ": " + b.detail});
			if (s.result != 0)
				break;
			if (!known_cq) {
				breach(Check::EventNamesCq, at + ": the event names none of the CQs made");
				if (s.channel >= 0 && (size_t)s.channel < due.size() && !due[s.channel].empty())
					due[s.channel].pop_front();
				break;
			}
			CqState &c = cqs[s.cq];
			c.got++;
			if (!s.context_matches)
				breach(Check::EventNamesCq,
				       fmt::format("{}: cq_context is not cq{}'s cq_context", at, s.cq));
			if (channel_of(s.cq) != s.channel) {
				breach(Check::EventOnOwnChannel,
				       fmt::format("{}: cq{} was created on channel{}", at, s.cq, channel_of(s.cq)));
				take_due(channel_of(s.cq), s.cq);
				break;
			}
			if (take_due(s.channel, s.cq))
				break;
			if (!due[s.channel].empty()) {
				breach(Check::EventNamesCq,
				       fmt::format("{}: no event was due on cq{}; cq{} had the armed CQE", at, s.cq,
						   due[s.channel].front().cq));
				due[s.channel].pop_front();
				break;
			}
			if (c.extra_arms > 0) {
				c.extra_arms--;
				break;
			}
			if (c.spent)
				breach(Check::OneShot,
				       at + ": a second event for one ibv_req_notify_cq (its event was due once)");
			else if (c.arm == Arm::Solicited && c.unsolicited_since_arm)
				breach(Check::UnsolicitedQuiet,
				       at + ": the CQ is armed solicited only and got only unsolicited CQEs");
			else
				breach(Check::EventWhenDue,
				       fmt::format("{}: cq{} had no armed CQE behind an event ({})", at, s.cq,
						   c.arm == Arm::None ? "never armed" : "armed, no CQE since"));
			break;
		}
		case K::Drained:
			if (s.channel < 0 || (size_t)s.channel >= due.size())
				break;
			for (const Due &d : due[s.channel])
				breach(d.check, d.why + fmt::format(" (empty at step {})", i + 1));
			due[s.channel].clear();
			break;
		case K::Ack:
			if (known_cq)
				cqs[s.cq].acked += s.nevents;
			break;
		case K::Destroy: {
			if (!known_cq)
				break;
			const CqState &c = cqs[s.cq];
			long long unacked = c.got - c.acked;
			if (unacked > 0 && s.returned_before_acks)
				breach(Check::DestroyWaitsForAcks,
				       fmt::format("{}: {} event(s) got on cq{} were not acknowledged", at, unacked,
						   s.cq));
			if (!s.returned)
				breach(Check::DestroyWaitsForAcks,
				       fmt::format("{}: every event got on cq{} was acknowledged ({} got)", at, s.cq,
						   c.got));
			break;
		}
		}
	}
	return v;
}

} // namespace ibvcert
