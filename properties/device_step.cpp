#include "properties/device_step.h"

#include "contracts/frame_judge.h"
#include "fixtures/rigs/call_record.h"
#include "repro/device_frame.h"

#include <chrono>
#include <sstream>

namespace ibvcert {
namespace {

std::string shown(const DeviceCommand &command)
{
	std::ostringstream os;
	command.show(os);
	return os.str();
}

// The live objects but the one a call names, as the frame judge views them.
FrameObjects frame_objects(DeviceBench &b, const std::string &named)
{
	FrameObjects o;
	for (size_t i = 0; i < b.qps.size(); i++)
		if (b.qps[i] && slot_label("qp", i) != named)
			o.qps.emplace_back(slot_label("qp", i), b.qps[i].get());
	for (size_t i = 0; i < b.srqs.size(); i++)
		if (b.srqs[i] && slot_label("srq", i) != named)
			o.srqs.emplace_back(slot_label("srq", i), &b.srqs[i]->srq());
	for (size_t i = 0; i < b.cqs.size(); i++)
		if (b.cqs[i] && slot_label("cq", i) != named)
			o.cqs.emplace_back(slot_label("cq", i), b.cqs[i].get());
	return o;
}

// Every observable of the device against the model, after each command:
// the one place the model's predictions are compared.
void observe_device(const DeviceCommand &step, const DeviceModel &before, const DeviceModel &m,
		    DeviceBench &b)
{
	std::vector<std::string> differ;
	auto add = [&differ](const std::string &who, const std::vector<std::string> &found) {
		for (const auto &d : found)
			differ.push_back(who + ": " + d);
	};
	for (size_t i = 0; i < m.qps.size(); i++) {
		if (!m.qps[i].live)
			continue;
		Qp &qp = *b.qps[i];
		add(slot_label("qp", i), m.qp_disagreements(i, take_snapshot(qp, false)));
		if (m.defaults.ece) {
			ibv_ece e{};
			int ret = qp.query_ece(e);
			add(slot_label("qp", i), m.ece_disagreements(i, ret, e));
		}
		if (m.defaults.rate_limit_query) {
			ibv_qp_rate_limit_attr pace{};
			int ret = qp.query_rate_limit(pace);
			add(slot_label("qp", i), m.pacing_disagreements(i, ret, pace));
		}
	}
	for (size_t i = 0; i < m.cqs.size(); i++) {
		if (!m.cqs[i].live)
			continue;
		Cq &cq = *b.cqs[i];
		ibv_moderate_cq mod{};
		int ret = m.defaults.moderation ? cq.query_moderation(mod) : 0;
		add(slot_label("cq", i), m.cq_disagreements(i, ret, mod, cq.cqe()));
	}
	for (size_t i = 0; i < m.srqs.size(); i++) {
		if (!m.srqs[i].live)
			continue;
		int ret = 0;
		ibv_srq_attr a = b.srqs[i]->query(ret);
		add(slot_label("srq", i), m.srq_disagreements(i, ret, a));
	}
	for (int i = 0; i < (int)m.sched.elements.size(); i++) {
		if (!m.sched.live(i) || !m.defaults.sched_query)
			continue;
		SchedAttr now{};
		int ret = b.sched[i]->query(now);
		for (size_t k = 0; k < b.sched.size(); k++)
			if (now.parent && b.sched[k].get() == now.parent)
				now.parent = const_cast<SchedNode *>(DeviceModel::sched_token(k));
		add(slot_label("sched", i), m.sched_disagreements(i, ret, now));
	}
	// The events: emu0 raises each inside the verb that causes it, so by now
	// every event the model expects has come, and no other.
	add("events", read_events(b));
	for (size_t i = 0; i < m.srqs.size(); i++)
		if (m.srqs[i].live)
			add(slot_label("srq", i), m.srq_event_disagreements(i, b.srq_limit_events[i]));
	if (differ.empty())
		return;
	differ.push_back("model after the step: " + m.describe());
	fail_step(step, before, b, "the device disagrees with the model after the step", differ);
}

} // namespace

std::string slot_label(const char *kind, size_t slot)
{
	return kind + std::to_string(slot);
}

void fail_step(const DeviceCommand &step, const DeviceModel &model, const DeviceBench &b,
	       const std::string &headline, const std::vector<std::string> &lines)
{
	std::string out = headline + "\ndevice: " + b.run.device().name() + "\nstep: " + shown(step);
	for (const auto &l : lines)
		out += "\n  " + l;
	out += "\nmodel before the step: " + model.describe();
	RC_FAIL(out);
}

void hold_verdict(const DeviceCommand &step, const DeviceModel &model, const DeviceBench &b,
		  const Verdict &verdict, const std::string &call)
{
	// A read-back the deviations file lists leaves the device where the
	// model holds it (the call took effect; a field reads back otherwise):
	// noted on the case, which is KNOWN if nothing else breaks, and the
	// sequence goes on. Any other breach ends it: past it the model would
	// no longer hold the device.
	Verdict unknown;
	for (const RuleBreach &breach : verdict.breaches)
		if (breach.rule->check != Check::ReadsBack || !known_breach_on_running_case(breach))
			unknown.breaches.push_back(breach);
	if (unknown.verdict() != Verdict::Class::MustReject)
		return;
	std::vector<std::string> lines = {call};
	for (const RuleBreach &breach : unknown.breaches)
		lines.push_back("[" + std::string(breach.rule->id) + " " + level_name(breach.rule->level) + "] " +
				breach.detail);
	fail_step(step, model, b, "the call breaks its verb's rows", lines);
}

void hold_own_verdict(const DeviceCommand &step, const DeviceModel &model, const DeviceBench &b,
		      const Verdict &verdict, const std::string &call)
{
	Verdict unknown;
	for (const RuleBreach &breach : verdict.breaches)
		if (!known_breach_on_running_case(breach))
			unknown.breaches.push_back(breach);
	hold_verdict(step, model, b, unknown, call);
}

Verdict judge_whole_call(const CallResult &call, const EffectObservation &effect)
{
	Verdict v = judge_call(call);
	if (effect.verb != Verb::Count)
		for (RuleBreach &breach : judge_effect(effect).breaches)
			v.breaches.push_back(std::move(breach));
	return v;
}

std::vector<std::string> read_events(DeviceBench &b)
{
	std::vector<std::string> stray;
	for (;;) {
		AsyncEvent ev;
		if (b.run.device().get_async_event(ev, std::chrono::milliseconds(0)) != 0)
			break;
		ibv_event_type type = ev.event_type;
		const Srq *srq = ev.srq;
		b.run.device().ack_async_event(ev);
		if (type != IBV_EVENT_SRQ_LIMIT_REACHED)
			continue; // QP and port events are not held to the model here
		bool named = false;
		for (size_t i = 0; i < b.srqs.size(); i++)
			if (b.srqs[i] && &b.srqs[i]->srq() == srq) {
				b.srq_limit_events[i]++;
				named = true;
			}
		if (!named)
			stray.push_back("IBV_EVENT_SRQ_LIMIT_REACHED naming no live SRQ");
	}
	return stray;
}

void Step::run(const DeviceModel &model, DeviceBench &b) const
{
	const std::string named = names();
	const bool framed = frame_verb() != Verb::Count;
	FrameView before;
	if (framed)
		before = view_frame(frame_objects(b, named));
	call(model, b);
	if (framed) {
		auto changes = frame_changes(before, view_frame(frame_objects(b, named)));
		hold_verdict(*this, model, b, judge_frame(frame_verb(), changes),
			     std::string(verb_name(frame_verb())) + " on " + named);
	}
	DeviceModel after = model;
	apply(after);
	observe_device(*this, model, after, b);
}

void StepChain::checkPreconditions(const DeviceModel &m) const
{
	DeviceModel at = m;
	for (const auto &step : steps_) {
		step->checkPreconditions(at);
		step->apply(at);
	}
}

void StepChain::apply(DeviceModel &m) const
{
	for (const auto &step : steps_)
		step->apply(m);
}

void StepChain::run(const DeviceModel &m, DeviceBench &b) const
{
	DeviceModel at = m;
	for (const auto &step : steps_) {
		step->run(at, b);
		step->apply(at);
	}
}

void StepChain::show(std::ostream &os) const
{
	os << label_ << ":";
	for (const auto &step : steps_) {
		os << " ";
		step->show(os);
		os << ";";
	}
}

bool model_watched(const DeviceModel &m)
{
	bool watched = false;
	for (const auto &s : m.srqs)
		watched |= s.live && (s.srq.armed || s.refused_shrink || s.resized_armed ||
				      (s.srq.events && s.srq.outstanding)); // fired: does it fire again?
	for (const auto &q : m.qps)
		watched |= q.live && q.qp.state == IBV_QPS_RTS && q.rate_limit;
	return watched;
}

} // namespace ibvcert
