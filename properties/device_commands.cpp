#include "properties/device_commands.h"

#include "contracts/call_judge.h"
#include "contracts/ece_eval.h"
#include "contracts/frame_judge.h"
#include "contracts/modify_cq_eval.h"
#include "contracts/names.h"
#include "contracts/qp_table.h"
#include "contracts/rate_limit_eval.h"
#include "contracts/resize_cq_judge.h"
#include "fixtures/ece.h"
#include "fixtures/generators/modify_qp_request.h"
#include "fixtures/generators/pick.h"
#include "fixtures/generators/qos_values.h"
#include "fixtures/generators/srq_values.h"
#include "fixtures/qp_builder.h"
#include "fixtures/sched_attr.h"
#include "properties/modify_evidence.h"
#include "repro/device_frame.h"

#include <fmt/format.h>

#include <chrono>
#include <ostream>
#include <sstream>

namespace ibvcert {
namespace {

constexpr size_t kQpSlots = 4, kCqSlots = 3, kSrqSlots = 2, kMrSlots = 2, kSchedSlots = 4;
constexpr uint32_t kSrqCap = 32;     // max_wr of a created SRQ at most
constexpr uint32_t kMaxPost = 8;     // WRs in one ibv_post_srq_recv list
constexpr size_t kMrBytes = 4096;

std::string label(const char *kind, size_t slot)
{
	return kind + std::to_string(slot);
}

std::string shown(const DeviceCommand &command)
{
	std::ostringstream os;
	command.show(os);
	return os.str();
}

// A failed check: the step, what the device did, and the model before it.
[[noreturn]] void fail(const DeviceCommand &step, const DeviceModel &model, const DeviceBench &b,
		       const std::string &headline, const std::vector<std::string> &lines)
{
	std::string out = headline + "\ndevice: " + b.run.device().name() + "\nstep: " + shown(step);
	for (const auto &l : lines)
		out += "\n  " + l;
	out += "\nmodel before the step: " + model.describe();
	RC_FAIL(out);
}

// The call's result to its verb's result rows (contracts/call_judge.h).
void judge_result(const DeviceCommand &step, const DeviceModel &model, const DeviceBench &b,
		  const CallResult &call, const std::string &what)
{
	Verdict v = judge_call(call);
	if (!v.accepts())
		fail(step, model, b, std::string(verb_name(call.verb)) + " broke its result rows",
		     {what, "judge: " + v.describe()});
}

// The live objects but the one a call names, as the frame judge views them.
FrameObjects frame_objects(DeviceBench &b, const std::string &named)
{
	FrameObjects o;
	for (size_t i = 0; i < b.qps.size(); i++)
		if (b.qps[i] && label("qp", i) != named)
			o.qps.emplace_back(label("qp", i), b.qps[i].get());
	for (size_t i = 0; i < b.srqs.size(); i++)
		if (b.srqs[i] && label("srq", i) != named)
			o.srqs.emplace_back(label("srq", i), &b.srqs[i]->srq());
	for (size_t i = 0; i < b.cqs.size(); i++)
		if (b.cqs[i] && label("cq", i) != named)
			o.cqs.emplace_back(label("cq", i), b.cqs[i].get());
	return o;
}

// Reads every async event queued, acknowledges it, and counts the limit
// events per SRQ slot. What is left to judge: limit events naming no live
// SRQ of the bench.
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
			continue; // QP and port events are not judged here
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
		add(label("qp", i), m.qp_disagreements(i, take_snapshot(qp, false)));
		if (m.defaults.ece) {
			ibv_ece e{};
			int ret = qp.query_ece(e);
			add(label("qp", i), m.ece_disagreements(i, ret, e));
		}
		if (m.defaults.rate_limit_query) {
			ibv_qp_rate_limit_attr pace{};
			int ret = qp.query_rate_limit(pace);
			add(label("qp", i), m.pacing_disagreements(i, ret, pace));
		}
	}
	for (size_t i = 0; i < m.cqs.size(); i++) {
		if (!m.cqs[i].live)
			continue;
		Cq &cq = *b.cqs[i];
		ibv_moderate_cq mod{};
		int ret = m.defaults.moderation ? cq.query_moderation(mod) : 0;
		add(label("cq", i), m.cq_disagreements(i, ret, mod, cq.cqe()));
	}
	for (size_t i = 0; i < m.srqs.size(); i++) {
		if (!m.srqs[i].live)
			continue;
		int ret = 0;
		ibv_srq_attr a = b.srqs[i]->query(ret);
		add(label("srq", i), m.srq_disagreements(i, ret, a));
	}
	for (int i = 0; i < (int)m.sched.elements.size(); i++) {
		if (!m.sched.live(i) || !m.defaults.sched_query)
			continue;
		SchedAttr now{};
		int ret = b.sched[i]->query(now);
		for (size_t k = 0; k < b.sched.size(); k++)
			if (now.parent && b.sched[k].get() == now.parent)
				now.parent = const_cast<SchedNode *>(DeviceModel::sched_token(k));
		add(label("sched", i), m.sched_disagreements(i, ret, now));
	}
	// The events: emu0 raises each inside the verb that causes it, so by now
	// every event the model expects has come, and no other.
	add("events", read_events(b));
	for (size_t i = 0; i < m.srqs.size(); i++)
		if (m.srqs[i].live)
			add(label("srq", i), m.srq_event_disagreements(i, b.srq_limit_events[i]));
	if (!differ.empty())
		fail(step, before, b, "the device disagrees with the model after the step",
		     [&] {
			     std::vector<std::string> lines = differ;
			     lines.push_back("model after the step: " + m.describe());
			     return lines;
		     }());
}

// A command: the call (judged by its verb's judge and the model's
// verdict), then the frame of the object it names and the observables.
class Step : public DeviceCommand {
public:
	void run(const DeviceModel &model, DeviceBench &b) const override
	{
		const std::string named = names();
		const bool framed = frame_verb() != Verb::Count;
		FrameView before;
		if (framed)
			before = view_frame(frame_objects(b, named));
		call(model, b);
		if (framed) {
			auto changes = frame_changes(before, view_frame(frame_objects(b, named)));
			Verdict v = judge_frame(frame_verb(), changes);
			if (!v.accepts())
				fail(*this, model, b, "the call changed another object",
				     {"judge: " + v.describe()});
		}
		DeviceModel after = model;
		apply(after);
		observe_device(*this, model, after, b);
	}

protected:
	virtual void call(const DeviceModel &model, DeviceBench &b) const = 0;
	// The object the call names ("qp1"), and the verb whose frame rows judge
	// the others (Verb::Count: none, e.g. a create).
	virtual std::string names() const { return ""; }
	virtual Verb frame_verb() const { return Verb::Count; }
};

// Slots of a kind, live or empty.
template <typename Slots, typename Live>
rc::Gen<size_t> slot_where(const Slots &slots, Live live)
{
	std::vector<size_t> found;
	for (size_t i = 0; i < slots.size(); i++)
		if (live(slots[i]))
			found.push_back(i);
	RC_PRE(!found.empty());
	return rc::gen::elementOf(found);
}

template <typename Slots> rc::Gen<size_t> live_slot(const Slots &slots)
{
	return slot_where(slots, [](const auto &s) { return s.live; });
}

template <typename Slots> rc::Gen<size_t> empty_slot(const Slots &slots)
{
	return slot_where(slots, [](const auto &s) { return !s.live; });
}

// ---- QPs -----------------------------------------------------------------

class CreateQp : public Step {
public:
	// Any type the device creates, a type it paces more often.
	explicit CreateQp(const DeviceModel &m) : slot_(*empty_slot(m.qps))
	{
		std::vector<ibv_qp_type> paced;
		for (ibv_qp_type t : m.qp_types)
			if (m.caps->has_packet_pacing(t))
				paced.push_back(t);
		type_ = paced.empty() || *rc::gen::inRange(0, 3) ? *rc::gen::elementOf(m.qp_types)
								  : *rc::gen::elementOf(paced);
	}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(!m.qps[slot_].live); }
	void apply(DeviceModel &m) const override { m.create_qp(slot_, type_); }
	void show(std::ostream &os) const override
	{
		os << "CreateQp " << label("qp", slot_) << " " << qp_type_name(type_);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		std::string failed;
		if (int ret = b.run.new_qp(type_, IBV_QPS_RESET, b.qps[slot_], failed))
			fail(*this, m, b, "ibv_create_qp failed for a type the device creates",
			     {failed + " (" + errno_name(ret) + ")"});
	}

private:
	size_t slot_;
	ibv_qp_type type_ = IBV_QPT_RC;
};

class DestroyQp : public Step {
public:
	explicit DestroyQp(const DeviceModel &m) : slot_(*live_slot(m.qps)) {}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(m.qps[slot_].live); }
	void apply(DeviceModel &m) const override { m.qps[slot_] = QpSlot{}; }
	void show(std::ostream &os) const override { os << "DestroyQp " << label("qp", slot_); }

protected:
	void call(const DeviceModel &, DeviceBench &b) const override { b.qps[slot_].reset(); }

private:
	size_t slot_;
};

// One ibv_modify_qp on the device against the QP's model: the outcome
// class agrees, the result rows hold, a rejection changes nothing of the QP.
void modify_qp(const DeviceCommand &step, const DeviceModel &model, DeviceBench &b, size_t slot,
	       const QpModel &m, const ibv_qp_attr &attr, int attr_mask, const std::string &part)
{
	Qp &qp = *b.qps[slot];
	ModifyQpVerdict v = m.verdict(*model.caps, attr, attr_mask);
	QpSnapshot before = take_snapshot(qp, false);
	ibv_qp_attr sent = attr;
	int ret = qp.modify(sent, attr_mask);
	QpSnapshot after = take_snapshot(qp, false);
	std::vector<std::string> lines = {
		part + label("qp", slot) + " " + qp_type_name(m.type) + " in " + qp_state_name(m.state) +
			": " + qp_attr_mask_names(attr_mask) + " {" + describe_attr(attr, attr_mask) + "}",
		"returned " + errno_name(ret), "contract: " + v.describe()};
	judge_result(step, model, b, {Verb::ModifyQp, ret}, lines[0] + ", returned " + errno_name(ret));
	if (v.accepts() && ret != 0)
		fail(step, model, b, "ibv_modify_qp rejected a request the model accepts", lines);
	if (!v.accepts() && ret == 0)
		fail(step, model, b, "ibv_modify_qp accepted a request the model rejects", lines);
	if (ret != 0)
		if (auto changed = snapshot_diff(before, after); !changed.empty()) {
			for (const auto &c : changed)
				lines.push_back("changed: " + c);
			fail(step, model, b, "ibv_modify_qp failed but changed the QP", lines);
		}
}

class ModifyQp : public Step {
public:
	explicit ModifyQp(const DeviceModel &m)
		: slot_(*live_slot(m.qps)),
		  request_(*gen::modify_qp_request(*m.caps, m.qps[slot_].qp.type, m.qps[slot_].qp.state,
						   gen::RequestMix::must_breach()))
	{
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.qps[slot_].live && m.qps[slot_].qp.type == request_.type);
		// SHOULD-level faults alone: a provider may mask them, the model
		// has no answer (as in QpStateMachineProperty).
		RC_PRE(verdict(m).verdict() != Verdict::Class::ShouldReject);
	}
	void apply(DeviceModel &m) const override
	{
		if (verdict(m).accepts())
			m.modify_qp(slot_, request_.attr, request_.attr_mask);
	}
	void show(std::ostream &os) const override
	{
		os << "ModifyQp " << label("qp", slot_) << " to "
		   << ((request_.attr_mask & IBV_QP_STATE) ? qp_state_name(request_.attr.qp_state)
							    : "(no IBV_QP_STATE)")
		   << " [" << gen::mask_shape_name(request_.shape)
		   << "]: " << qp_attr_mask_names(request_.attr_mask) << " {"
		   << describe_attr(request_.attr, request_.attr_mask) << "}";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		modify_qp(*this, m, b, slot_, m.qps[slot_].qp, request_.attr, request_.attr_mask, "");
	}
	std::string names() const override { return label("qp", slot_); }
	Verb frame_verb() const override { return Verb::ModifyQp; }

private:
	ModifyQpVerdict verdict(const DeviceModel &m) const
	{
		return m.qps[slot_].qp.verdict(*m.caps, request_.attr, request_.attr_mask);
	}
	size_t slot_;
	gen::ModifyQpRequest request_;
};

struct WalkStep {
	ibv_qp_state to;
	int attr_mask;
	ibv_qp_attr attr;
};

class WalkQp : public Step {
public:
	// Any start state, RTS (where the datapath and the pacing are) most often.
	explicit WalkQp(const DeviceModel &m)
		: slot_(*live_slot(m.qps)),
		  target_(*rc::gen::weightedOneOf<ibv_qp_state>(
			  {{1, gen::start_state()}, {1, rc::gen::just(IBV_QPS_RTS)}}))
	{
		const QpModel &q = m.qps[slot_].qp;
		type_ = q.type;
		ibv_qp_state at = q.state;
		std::vector<ibv_qp_state> path = {IBV_QPS_RESET};
		for (ibv_qp_state s : QpBuilder::path_to(target_))
			path.push_back(s);
		for (ibv_qp_state to : path) {
			const QpTransition *row = QpTransitionTable::kernel().find(q.type, at, to);
			int mask = IBV_QP_STATE | (row ? row->required : 0);
			auto planned = *gen::qp_attr(*m.caps, at, to, mask, gen::Invalid::None);
			steps_.push_back({to, mask, planned.attr});
			at = to;
		}
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.qps[slot_].live && m.qps[slot_].qp.type == type_);
		QpModel q = m.qps[slot_].qp;
		for (const auto &s : steps_) {
			RC_PRE(q.verdict(*m.caps, s.attr, s.attr_mask).accepts());
			q.accept(s.attr, s.attr_mask);
		}
	}
	void apply(DeviceModel &m) const override
	{
		for (const auto &s : steps_)
			m.modify_qp(slot_, s.attr, s.attr_mask);
	}
	void show(std::ostream &os) const override
	{
		os << "WalkQp " << label("qp", slot_) << " to " << qp_state_name(target_) << ":";
		for (const auto &s : steps_)
			os << " ->" << qp_state_name(s.to) << " {"
			   << describe_attr(s.attr, s.attr_mask & ~IBV_QP_STATE) << "}";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		QpModel q = m.qps[slot_].qp;
		for (size_t i = 0; i < steps_.size(); i++) {
			modify_qp(*this, m, b, slot_, q, steps_[i].attr, steps_[i].attr_mask,
				  fmt::format("walk step {} of {}: ", i + 1, steps_.size()));
			q.accept(steps_[i].attr, steps_[i].attr_mask);
		}
	}
	std::string names() const override { return label("qp", slot_); }
	Verb frame_verb() const override { return Verb::ModifyQp; }

private:
	size_t slot_;
	ibv_qp_type type_ = IBV_QPT_RC;
	ibv_qp_state target_;
	std::vector<WalkStep> steps_;
};

// A live QP of a type the device paces (any live QP when none is).
rc::Gen<size_t> paced_slot(const DeviceModel &m)
{
	bool any = false;
	for (const auto &q : m.qps)
		any |= q.live && m.caps->has_packet_pacing(q.qp.type);
	if (!any)
		return live_slot(m.qps);
	return slot_where(m.qps, [&m](const QpSlot &q) {
		return q.live && m.caps->has_packet_pacing(q.qp.type);
	});
}

// rate_limit around the packet_pacing_caps edges, and 0 (no pacing).
rc::Gen<uint32_t> paced_rate(const DeviceCaps &caps)
{
	const auto &p = caps.device.packet_pacing_caps;
	uint32_t lo = p.qp_rate_limit_min, hi = p.qp_rate_limit_max;
	return rc::gen::weightedOneOf<uint32_t>(
		{{4, rc::gen::element<uint32_t>(0, lo, hi, lo ? lo - 1 : 0, hi + 1, lo + (hi - lo) / 2)},
		 {1, rc::gen::inRange<uint32_t>(lo, hi + 1)}});
}

// ibv_modify_qp RTS -> RTS with IBV_QP_RATE_LIMIT: the pacing set (or
// ended, 0) through ibv_modify_qp rather than ibv_modify_qp_rate_limit.
class PaceQp : public Step {
public:
	explicit PaceQp(const DeviceModel &m) : slot_(*paced_slot(m))
	{
		RC_PRE(m.qps[slot_].qp.state == IBV_QPS_RTS);
		attr_.qp_state = IBV_QPS_RTS;
		// Ending a pacing in effect half the time.
		bool end = m.qps[slot_].rate_limit && *rc::gen::arbitrary<bool>();
		attr_.rate_limit = end ? 0 : *paced_rate(*m.caps);
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.qps[slot_].live && m.qps[slot_].qp.state == IBV_QPS_RTS);
		RC_PRE(verdict(m).verdict() != Verdict::Class::ShouldReject);
	}
	void apply(DeviceModel &m) const override
	{
		if (verdict(m).accepts())
			m.modify_qp(slot_, attr_, kMask);
	}
	void show(std::ostream &os) const override
	{
		os << "PaceQp " << label("qp", slot_) << " RTS->RTS rate_limit=" << attr_.rate_limit;
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		modify_qp(*this, m, b, slot_, m.qps[slot_].qp, attr_, kMask, "");
	}
	std::string names() const override { return label("qp", slot_); }
	Verb frame_verb() const override { return Verb::ModifyQp; }

private:
	static constexpr int kMask = IBV_QP_STATE | IBV_QP_RATE_LIMIT;
	ModifyQpVerdict verdict(const DeviceModel &m) const
	{
		return m.qps[slot_].qp.verdict(*m.caps, attr_, kMask);
	}
	size_t slot_;
	ibv_qp_attr attr_{};
};

// ibv_modify_qp RTS -> SQD asking for the SQ-drained event
// (IBV_QP_EN_SQD_ASYNC_NOTIFY): the drain the datapath and the events meet at.
class DrainQp : public Step {
public:
	// An RC QP in RTS when there is one (the type SQD's notification is
	// mostly asked on), else any QP in RTS.
	explicit DrainQp(const DeviceModel &m)
		: slot_(*rc::gen::weightedOneOf<size_t>(
			  {{1, live_slot(m.qps)}, {3, slot_where(m.qps, [](const QpSlot &q) {
				   return q.live && q.qp.type == IBV_QPT_RC && q.qp.state == IBV_QPS_RTS;
			   })}}))
	{
		RC_PRE(m.qps[slot_].qp.state == IBV_QPS_RTS);
		attr_.qp_state = IBV_QPS_SQD;
		attr_.en_sqd_async_notify = 1;
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.qps[slot_].live && m.qps[slot_].qp.state == IBV_QPS_RTS);
		RC_PRE(verdict(m).verdict() != Verdict::Class::ShouldReject);
	}
	void apply(DeviceModel &m) const override
	{
		if (verdict(m).accepts())
			m.modify_qp(slot_, attr_, kMask);
	}
	void show(std::ostream &os) const override
	{
		os << "DrainQp " << label("qp", slot_) << " RTS->SQD with IBV_QP_EN_SQD_ASYNC_NOTIFY";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		modify_qp(*this, m, b, slot_, m.qps[slot_].qp, attr_, kMask, "");
	}
	std::string names() const override { return label("qp", slot_); }
	Verb frame_verb() const override { return Verb::ModifyQp; }

private:
	static constexpr int kMask = IBV_QP_STATE | IBV_QP_EN_SQD_ASYNC_NOTIFY;
	ModifyQpVerdict verdict(const DeviceModel &m) const
	{
		return m.qps[slot_].qp.verdict(*m.caps, attr_, kMask);
	}
	size_t slot_;
	ibv_qp_attr attr_{};
};

std::string describe_rate(const ibv_qp_rate_limit_attr &a)
{
	return fmt::format("rate_limit={} max_burst_sz={} typical_pkt_sz={} comp_mask={:#x}", a.rate_limit,
			   a.max_burst_sz, a.typical_pkt_sz, a.comp_mask);
}

class RateLimit : public Step {
public:
	explicit RateLimit(const DeviceModel &m)
		: slot_(*rc::gen::weightedOneOf<size_t>(
			  {{1, live_slot(m.qps)}, {3, paced_slot(m)}})),
		  attr_(*gen::rate_limit_request(*m.caps))
	{
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.qps[slot_].live);
		RC_PRE(verdict(m).verdict() != Verdict::Class::ShouldReject);
	}
	void apply(DeviceModel &m) const override
	{
		if (verdict(m).accepts())
			m.rate_limit(slot_, attr_.rate_limit);
	}
	void show(std::ostream &os) const override
	{
		os << "RateLimit " << label("qp", slot_) << " {" << describe_rate(attr_) << "}";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Qp &qp = *b.qps[slot_];
		Verdict v = verdict(m);
		ibv_qp_rate_limit_attr pace_before{}, pace_after{};
		int qb = m.defaults.rate_limit_query ? qp.query_rate_limit(pace_before) : -1;
		ibv_qp_rate_limit_attr sent = attr_;
		int ret = qp.modify_rate_limit(sent);
		int qa = m.defaults.rate_limit_query ? qp.query_rate_limit(pace_after) : -1;
		std::vector<std::string> lines = {
			"returned " + errno_name(ret) + " on " + qp_type_name(m.qps[slot_].qp.type) +
				" in " + qp_state_name(m.qps[slot_].qp.state),
			"contract: " + v.describe()};
		judge_result(*this, m, b, {Verb::ModifyQpRateLimit, ret}, lines[0]);
		if (v.accepts() && ret)
			fail(*this, m, b, "ibv_modify_qp_rate_limit rejected a request the rules accept", lines);
		if (!v.accepts() && !ret)
			fail(*this, m, b, "ibv_modify_qp_rate_limit accepted a request the rules reject", lines);
		if (ret && qb == 0 && qa == 0 && describe_rate(pace_before) != describe_rate(pace_after))
			fail(*this, m, b, "a rejected ibv_modify_qp_rate_limit changed the pacing",
			     {describe_rate(pace_before) + " -> " + describe_rate(pace_after)});
	}
	std::string names() const override { return label("qp", slot_); }
	Verb frame_verb() const override { return Verb::ModifyQpRateLimit; }

private:
	Verdict verdict(const DeviceModel &m) const
	{
		const QpModel &q = m.qps[slot_].qp;
		return evaluate_modify_qp_rate_limit(*m.caps, q.type, q.state, attr_);
	}
	size_t slot_;
	ibv_qp_rate_limit_attr attr_;
};

class SetEce : public Step {
public:
	explicit SetEce(const DeviceModel &m)
		: slot_(*live_slot(m.qps)), ece_(*gen::ece_request(m.defaults.ece->vendor_id))
	{
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.qps[slot_].live && m.defaults.ece.has_value());
	}
	// What the call returns (OUT) is the device's; run() holds it to the
	// request and the model takes it from the device only through
	// observe_device's comparison of ibv_query_ece, so the model keeps the
	// options as a prediction: accepted, ibv_query_ece returns the subset
	// ibv_set_ece returned. The subset is known only once run, so the model
	// follows the call: see accepted_.
	void apply(DeviceModel &m) const override
	{
		if (verdict(m).accepts() && accepted_)
			m.set_ece(slot_, *accepted_);
	}
	void show(std::ostream &os) const override
	{
		os << "SetEce " << label("qp", slot_) << " {" << describe_ece(ece_) << "}";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Verdict v = verdict(m);
		ibv_ece io = ece_;
		int ret = b.qps[slot_]->set_ece(io);
		std::vector<std::string> lines = {"returned " + errno_name(ret) +
							  (ret ? std::string() : ", ece (OUT) " + describe_ece(io)),
						  "contract: " + v.describe()};
		judge_result(*this, m, b, {Verb::SetEce, ret}, lines[0]);
		if (!v.accepts() && !ret)
			fail(*this, m, b, "ibv_set_ece accepted a request the rules reject", lines);
		// The rules allowing it, the options are the provider's to take or
		// refuse (ibv_set_ece(3)): a rejection then is the device's choice.
		if (!ret && (!ece_options_subset(io.options, ece_.options) ||
			     io.vendor_id != ece_.vendor_id))
			fail(*this, m, b, "ibv_set_ece returned (OUT) options beyond the request", lines);
		accepted_ = ret ? std::nullopt : std::optional<ibv_ece>(io);
	}
	std::string names() const override { return label("qp", slot_); }
	Verb frame_verb() const override { return Verb::SetEce; }

private:
	Verdict verdict(const DeviceModel &m) const
	{
		DeviceCaps caps = *m.caps;
		caps.ece_vendor_id = m.defaults.ece->vendor_id;
		return evaluate_set_ece(caps, ece_);
	}
	size_t slot_;
	ibv_ece ece_;
	mutable std::optional<ibv_ece> accepted_; // what the device returned, once run
};

// ---- CQs -----------------------------------------------------------------

rc::Gen<int> cqe_value(const DeviceCaps &caps)
{
	int max = std::min(caps.device.orig_attr.max_cqe, 4096);
	return rc::gen::weightedOneOf<int>({{3, rc::gen::element<int>(1, 2, 16, max)},
					    {2, rc::gen::inRange<int>(1, max + 1)}});
}

class CreateCq : public Step {
public:
	explicit CreateCq(const DeviceModel &m) : slot_(*empty_slot(m.cqs)), cqe_(*cqe_value(*m.caps)) {}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(!m.cqs[slot_].live); }
	void apply(DeviceModel &m) const override { m.create_cq(slot_, cqe_); }
	void show(std::ostream &os) const override
	{
		os << "CreateCq " << label("cq", slot_) << " cqe=" << cqe_;
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		if (int ret = b.run.device().create_cq(cqe_, b.cqs[slot_]))
			fail(*this, m, b, "ibv_create_cq failed within max_cqe",
			     {"returned " + errno_name(ret)});
	}

private:
	size_t slot_;
	int cqe_;
};

class DestroyCq : public Step {
public:
	explicit DestroyCq(const DeviceModel &m) : slot_(*live_slot(m.cqs)) {}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(m.cqs[slot_].live); }
	void apply(DeviceModel &m) const override { m.cqs[slot_] = CqSlot{}; }
	void show(std::ostream &os) const override { os << "DestroyCq " << label("cq", slot_); }

protected:
	void call(const DeviceModel &, DeviceBench &b) const override
	{
		b.cq_pairs[slot_].clear();
		b.cqs[slot_].reset();
	}

private:
	size_t slot_;
};

constexpr uint32_t kMaxSends = 4;
constexpr size_t kDpBytes = 64;

// Polls up to n completions of the CQ; the count (or a negative value),
// each must name a WR of the pair and have succeeded.
int poll_some(Cq &cq, int n, std::string &bad)
{
	std::vector<ibv_wc> wc(std::max(n, 1));
	int got = cq.poll(n, wc.data());
	for (int i = 0; i < got; i++)
		if (wc[i].status != IBV_WC_SUCCESS)
			bad = fmt::format("completion of wr_id {} has status {}", wc[i].wr_id,
					  ibv_wc_status_str(wc[i].status));
	return got;
}

// n signaled SENDs over a loopback RC pair on the CQ, a receive posted for
// each: 2n completions (each send's and each receive's) on the CQ.
class SendOnCq : public Step {
public:
	explicit SendOnCq(const DeviceModel &m) : slot_(*live_slot(m.cqs)), n_(*rc::gen::inRange(1u, kMaxSends + 1)) {}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.cqs[slot_].live);
		RC_PRE(m.cqs[slot_].unpolled + 2 * n_ <= (uint32_t)m.cqs[slot_].cqe_asked);
	}
	void apply(DeviceModel &m) const override { m.cqs[slot_].unpolled += 2 * n_; }
	void show(std::ostream &os) const override
	{
		os << "SendOnCq " << label("cq", slot_) << " " << n_ << " SENDs";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		auto &pair = b.cq_pairs[slot_];
		Cq &cq = *b.cqs[slot_];
		if (pair.empty()) {
			for (int k = 0; k < 2; k++) {
				ibv_qp_init_attr init{};
				init.qp_type = IBV_QPT_RC;
				init.sq_sig_all = 0;
				init.cap = {kMaxSends, kMaxSends, 1, 1, 0};
				std::unique_ptr<Qp> qp;
				if (int ret = b.run.device().create_qp(*b.pd, cq, cq, init, qp))
					fail(*this, m, b, "precondition: an RC QP on the CQ",
					     {"ibv_create_qp returned " + errno_name(ret)});
				pair.push_back(std::move(qp));
			}
			std::string failed;
			if (int ret = b.run.device().connect_loopback(*pair[0], *pair[1], failed))
				fail(*this, m, b, "precondition: a loopback RC pair on the CQ",
				     {failed + " (" + errno_name(ret) + ")"});
		}
		for (uint32_t i = 0; i < n_; i++) {
			ibv_sge rs{reinterpret_cast<uint64_t>(b.dp_buffer.data()) + kDpBytes * (kMaxSends + i),
				   (uint32_t)kDpBytes, b.dp_mr->lkey()};
			ibv_recv_wr r{};
			r.wr_id = 1000 + i;
			r.sg_list = &rs;
			r.num_sge = 1;
			ibv_recv_wr *bad_r = nullptr;
			int ret = pair[1]->post_recv(&r, &bad_r);
			judge_result(*this, m, b, {Verb::PostRecv, ret, 1, ret ? (bad_r == &r ? 0 : -1) : -1},
				     "ibv_post_recv returned " + errno_name(ret));
			if (ret)
				fail(*this, m, b, "ibv_post_recv failed on a connected RC QP",
				     {"returned " + errno_name(ret)});
			ibv_sge ss{reinterpret_cast<uint64_t>(b.dp_buffer.data()) + kDpBytes * i,
				   (uint32_t)kDpBytes, b.dp_mr->lkey()};
			ibv_send_wr w{};
			w.wr_id = i;
			w.sg_list = &ss;
			w.num_sge = 1;
			w.opcode = IBV_WR_SEND;
			w.send_flags = IBV_SEND_SIGNALED;
			ibv_send_wr *bad_s = nullptr;
			ret = pair[0]->post_send(&w, &bad_s);
			judge_result(*this, m, b, {Verb::PostSend, ret, 1, ret ? (bad_s == &w ? 0 : -1) : -1},
				     "ibv_post_send returned " + errno_name(ret));
			if (ret)
				fail(*this, m, b, "ibv_post_send of a SEND failed on a connected RC QP",
				     {"returned " + errno_name(ret)});
		}
	}

private:
	size_t slot_;
	uint32_t n_;
};

// Polls every completion the CQ holds: as many as the model counts, each a
// success (post_send.wc.success_on_connected_pair), then none.
void poll_all(const DeviceCommand &step, const DeviceModel &m, DeviceBench &b, size_t slot,
	      uint32_t want, const std::string &when)
{
	Cq &cq = *b.cqs[slot];
	uint32_t got = 0;
	std::string bad;
	for (int tries = 0; tries < 1000 && got < want; tries++) {
		int r = poll_some(cq, (int)(want - got), bad);
		judge_result(step, m, b, {Verb::PollCq, r}, fmt::format("ibv_poll_cq returned {}", r));
		if (r < 0)
			fail(step, m, b, "ibv_poll_cq failed", {fmt::format("returned {}", r)});
		got += (uint32_t)r;
	}
	int extra = poll_some(cq, 4, bad);
	if (got != want || extra != 0)
		fail(step, m, b, "the CQ does not hold the completions the model counts",
		     {fmt::format("{}: polled {} of {}, then {} more", when, got, want, extra)});
	if (!bad.empty())
		fail(step, m, b, "a SEND on a connected RC pair completed in error", {bad});
}

class PollCq : public Step {
public:
	explicit PollCq(const DeviceModel &m) : slot_(*live_slot(m.cqs)) {}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(m.cqs[slot_].live); }
	void apply(DeviceModel &m) const override { m.cqs[slot_].unpolled = 0; }
	void show(std::ostream &os) const override { os << "PollCq " << label("cq", slot_) << " (all)"; }

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		poll_all(*this, m, b, slot_, m.cqs[slot_].unpolled, "polled");
	}

private:
	size_t slot_;
};

rc::Gen<uint16_t> around(uint16_t cap)
{
	uint16_t below = cap ? cap - 1 : 0, above = cap < UINT16_MAX ? cap + 1 : cap;
	return rc::gen::weightedOneOf<uint16_t>(
		{{3, rc::gen::element<uint16_t>(0, 1, below, cap, above, UINT16_MAX)},
		 {1, rc::gen::arbitrary<uint16_t>()}});
}

class ModifyCq : public Step {
public:
	explicit ModifyCq(const DeviceModel &m) : slot_(*live_slot(m.cqs))
	{
		const auto &mc = m.caps->device.cq_mod_caps;
		int kind = *rc::gen::weightedElement<int>({{7, 0}, {1, 1}, {1, 2}});
		uint32_t unknown = 1u << *rc::gen::inRange(1, 32);
		const uint32_t moderate = IBV_CQ_ATTR_MODERATE;
		attr_.attr_mask = kind == 0 ? moderate : kind == 1 ? 0u : unknown | moderate;
		attr_.moderate.cq_count = *around(mc.max_cq_count);
		attr_.moderate.cq_period = *around(mc.max_cq_period);
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.cqs[slot_].live);
		// A SHOULD breach (a value above cq_mod_caps): the reference device
		// rejects it, another may mask it and the model cannot follow.
		RC_PRE(m.reference || evaluate_modify_cq(*m.caps, attr_).verdict() !=
					      Verdict::Class::ShouldReject);
	}
	void apply(DeviceModel &m) const override
	{
		if (evaluate_modify_cq(*m.caps, attr_).accepts())
			m.modify_cq(slot_, attr_);
	}
	void show(std::ostream &os) const override
	{
		os << "ModifyCq " << label("cq", slot_) << " {" << describe_modify_cq_attr(attr_) << "}";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Verdict v = evaluate_modify_cq(*m.caps, attr_);
		ibv_modify_cq_attr sent = attr_;
		int ret = b.cqs[slot_]->modify(sent);
		std::vector<std::string> lines = {"returned " + errno_name(ret), "contract: " + v.describe()};
		judge_result(*this, m, b, {Verb::ModifyCq, ret}, lines[0]);
		if (v.accepts() && ret)
			fail(*this, m, b, "ibv_modify_cq rejected a request the rules accept", lines);
		if (!v.accepts() && !ret)
			fail(*this, m, b, "ibv_modify_cq accepted a request the rules reject", lines);
	}
	std::string names() const override { return label("cq", slot_); }
	Verb frame_verb() const override { return Verb::ModifyCq; }

private:
	size_t slot_;
	ibv_modify_cq_attr attr_{};
};

class ResizeCq : public Step {
public:
	explicit ResizeCq(const DeviceModel &m) : slot_(*live_slot(m.cqs)), cqe_(*cqe_value(*m.caps)) {}
	// The device's answer decides (judge_resize_cq holds it to the rows):
	// an accepted resize asks at least cqe_ from then on.
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.cqs[slot_].live);
		// Below the completions it holds: a resize the device may refuse
		// (resize_cq's rows); the model does not follow it.
		RC_PRE((uint32_t)cqe_ >= m.cqs[slot_].unpolled);
	}
	void apply(DeviceModel &m) const override
	{
		if (accepted_)
			m.cqs[slot_].cqe_asked = cqe_;
		m.cqs[slot_].unpolled = 0; // polled after the resize
	}
	void show(std::ostream &os) const override
	{
		os << "ResizeCq " << label("cq", slot_) << " cqe=" << cqe_;
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Cq &cq = *b.cqs[slot_];
		std::vector<uint64_t> held(m.cqs[slot_].unpolled);
		CqView before{cq.cqe(), held};
		int ret = cq.resize(cqe_);
		CqView after{cq.cqe(), held};
		Verdict v = judge_resize_cq(*m.caps, before, cqe_, ret, after);
		judge_result(*this, m, b, {Verb::ResizeCq, ret}, "returned " + errno_name(ret));
		if (!v.accepts())
			fail(*this, m, b, "ibv_resize_cq broke its rows",
			     {fmt::format("cqe {} -> {}, returned {}", before.cqe, after.cqe, errno_name(ret)),
			      "judge: " + v.describe()});
		accepted_ = ret == 0;
		// ibv_resize_cq(3): the completions the CQ held are still there.
		poll_all(*this, m, b, slot_, m.cqs[slot_].unpolled,
			 fmt::format("after ibv_resize_cq({}) returned {}", cqe_, errno_name(ret)));
	}

private:
	size_t slot_;
	int cqe_;
	mutable bool accepted_ = false;
};

// ---- SRQs ----------------------------------------------------------------

class CreateSrq : public Step {
public:
	explicit CreateSrq(const DeviceModel &m) : slot_(*empty_slot(m.srqs))
	{
		spec_.max_wr = *gen::srq_create_max_wr(*m.caps, kSrqCap);
		spec_.create_limit = *gen::srq_create_limit(spec_.max_wr);
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(!m.srqs[slot_].live && m.caps->device.orig_attr.max_srq > 0);
	}
	// The SRQ as the device made it once run; while the sequence is drawn,
	// as asked (a reference device makes exactly that).
	void apply(DeviceModel &m) const override
	{
		ibv_srq_attr asked{spec_.max_wr, 1, 0};
		m.create_srq(slot_, made_ ? actual_ : asked);
	}
	void show(std::ostream &os) const override
	{
		os << "CreateSrq " << label("srq", slot_)
		   << fmt::format(" max_wr={} srq_limit={} (irrelevant)", spec_.max_wr, spec_.create_limit);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		auto rig = std::make_unique<SrqRig>(SrqTraffic::RC);
		if (auto why = rig->prepare(spec_))
			fail(*this, m, b, "precondition: an SRQ with its loopback RC pairs: " + *why, {});
		if (::testing::Test::HasFatalFailure())
			fail(*this, m, b, "precondition: the SRQ's rig failed", {rig->evidence()});
		actual_ = rig->created();
		actual_.srq_limit = 0;
		if (actual_.max_wr < spec_.max_wr)
			fail(*this, m, b, "ibv_create_srq reported less than asked",
			     {fmt::format("max_wr={}, asked {}", actual_.max_wr, spec_.max_wr)});
		made_ = true;
		b.srqs[slot_] = std::move(rig);
		b.srq_limit_events[slot_] = 0;
	}

private:
	size_t slot_;
	SrqSpec spec_;
	mutable ibv_srq_attr actual_{}; // as the device made it, once run
	mutable bool made_ = false;
};

class DestroySrq : public Step {
public:
	explicit DestroySrq(const DeviceModel &m) : slot_(*live_slot(m.srqs)) {}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(m.srqs[slot_].live); }
	void apply(DeviceModel &m) const override { m.srqs[slot_] = SrqSlot{}; }
	void show(std::ostream &os) const override
	{
		os << "DestroySrq " << label("srq", slot_) << " (its QPs first)";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		// Events of the SRQ still queued are counted before it goes.
		(void)read_events(b);
		int ret = b.srqs[slot_]->destroy();
		judge_result(*this, m, b, {Verb::DestroySrq, ret}, "returned " + errno_name(ret));
		if (ret)
			fail(*this, m, b, "ibv_destroy_srq failed on an SRQ no QP uses",
			     {"returned " + errno_name(ret)});
		b.srqs[slot_].reset();
		b.srq_limit_events[slot_] = 0;
	}

private:
	size_t slot_;
};

class ModifySrq : public Step {
public:
	// Drawn around the boundaries (srq_values.h), or aimed: arming at most
	// the WRs in the SRQ, a resize alone the SRQ can take, a resize below
	// the WRs outstanding.
	explicit ModifySrq(const DeviceModel &m) : slot_(*live_slot(m.srqs))
	{
		const SrqModel &s = m.srqs[slot_].srq;
		// Armed, a resize alone is what may disturb the arming.
		int kind = s.armed ? *rc::gen::weightedElement<int>({{1, 0}, {1, 1}, {6, 2}, {1, 3}})
				   : *rc::gen::weightedElement<int>({{2, 0}, {3, 1}, {2, 2}, {1, 3}});
		if (kind == 1 && s.outstanding > 0) {
			request_.attr_mask = IBV_SRQ_LIMIT;
			request_.attr.srq_limit = *gen::in_range_aimed(1, s.outstanding, {1, s.outstanding});
		} else if (kind == 2) {
			uint32_t lo = std::max({s.outstanding, s.armed, 1u});
			request_.attr_mask = IBV_SRQ_MAX_WR;
			request_.attr.max_wr = *gen::in_range_aimed(lo, lo + kSrqCap, {lo, lo + 1});
		} else if (kind == 3 && s.outstanding > 1) {
			request_.attr_mask = IBV_SRQ_MAX_WR;
			request_.attr.max_wr = *rc::gen::inRange<uint32_t>(1, s.outstanding);
		} else {
			request_ = *gen::srq_modify_request(*m.caps,
							    {s.max_wr, s.max_sge, s.armed, s.outstanding},
							    gen::SrqRequestMix::everything());
		}
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.srqs[slot_].live);
		SrqVerdict v = verdict(m);
		RC_PRE(v.verdict != SrqVerdict::Class::AcceptedIfRounded);
		// The model arms no limit above the WRs in the SRQ (README).
		if (v.accepts() && (request_.attr_mask & IBV_SRQ_LIMIT))
			RC_PRE(request_.attr.srq_limit <= m.srqs[slot_].srq.outstanding);
	}
	void apply(DeviceModel &m) const override
	{
		if (verdict(m).accepts())
			m.srqs[slot_].srq.accept(request_.attr, request_.attr_mask);
	}
	void show(std::ostream &os) const override
	{
		os << "ModifySrq " << label("srq", slot_) << " " << describe(request_);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		SrqVerdict v = verdict(m);
		SrqRig &rig = *b.srqs[slot_];
		int qb = 0, qa = 0;
		ibv_srq_attr before = rig.query(qb);
		int ret = rig.modify(request_.attr, request_.attr_mask);
		ibv_srq_attr after = rig.query(qa);
		std::vector<std::string> lines = {"returned " + errno_name(ret), "contract: " + v.describe()};
		judge_result(*this, m, b, {Verb::ModifySrq, ret}, lines[0]);
		if (v.accepts() && ret)
			fail(*this, m, b, "ibv_modify_srq rejected a request the rules accept", lines);
		if (!v.accepts() && !ret)
			fail(*this, m, b, "ibv_modify_srq accepted a request the rules reject", lines);
		if (ret && qb == 0 && qa == 0 &&
		    (before.max_wr != after.max_wr || before.srq_limit != after.srq_limit))
			fail(*this, m, b, "a rejected ibv_modify_srq changed the SRQ",
			     {fmt::format("max_wr {} -> {}, srq_limit {} -> {}", before.max_wr, after.max_wr,
					  before.srq_limit, after.srq_limit)});
	}
	std::string names() const override { return label("srq", slot_); }
	Verb frame_verb() const override { return Verb::ModifySrq; }

private:
	SrqVerdict verdict(const DeviceModel &m) const
	{
		return m.srqs[slot_].srq.verdict(request_.attr, request_.attr_mask);
	}
	size_t slot_;
	gen::SrqModifyRequest request_;
};

class PostSrqRecv : public Step {
public:
	explicit PostSrqRecv(const DeviceModel &m) : slot_(*live_slot(m.srqs))
	{
		uint32_t room = m.srqs[slot_].srq.room();
		n_ = *gen::in_range_aimed(1, kMaxPost, {1, room, room + 1});
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.srqs[slot_].live && n_ >= 1u);
		RC_PRE(m.srqs[slot_].srq.post_verdict(n_, 1).known);
	}
	void apply(DeviceModel &m) const override { m.srqs[slot_].srq.post(n_); }
	void show(std::ostream &os) const override
	{
		os << "PostSrqRecv " << label("srq", slot_) << " " << n_ << " WRs";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		const SrqModel &s = m.srqs[slot_].srq;
		SrqPost want = s.post_verdict(n_, 1);
		int bad_index = -1;
		int ret = b.srqs[slot_]->post_list(std::vector<int>(n_, 1), bad_index);
		uint32_t took = ret == 0 ? n_ : bad_index < 0 ? 0 : (uint32_t)bad_index;
		std::string what = fmt::format("{} WRs with {} of max_wr {} outstanding: returned {}, "
					       "bad_wr {}", n_, s.outstanding, s.max_wr, errno_name(ret),
					       bad_index);
		judge_result(*this, m, b, {Verb::PostSrqRecv, ret, (int)n_, bad_index}, what);
		if (want.accepts && ret)
			fail(*this, m, b, "ibv_post_srq_recv rejected WRs that fit in the SRQ", {what});
		if (!want.accepts && !ret)
			fail(*this, m, b, "ibv_post_srq_recv took WRs past max_wr", {what});
		if (took != want.taken)
			fail(*this, m, b,
			     fmt::format("ibv_post_srq_recv took {} WRs, the model {}", took, want.taken),
			     {what});
	}
	std::string names() const override { return label("srq", slot_); }
	Verb frame_verb() const override { return Verb::PostSrqRecv; }

private:
	size_t slot_;
	uint32_t n_ = 1;
};

// n messages from the SRQ's loopback senders, each taking one WR; after
// each, the limit events naming the SRQ are what the model says by then.
class ConsumeSrq : public Step {
public:
	explicit ConsumeSrq(const DeviceModel &m) : slot_(*live_slot(m.srqs))
	{
		const SrqModel &s = m.srqs[slot_].srq;
		RC_PRE(s.outstanding > 0u);
		uint32_t hi = std::min(s.outstanding, 2 * kMaxPost);
		std::vector<uint32_t> edges = {1, hi};
		if (s.armed && s.armed <= s.outstanding)
			edges.insert(edges.end(), {s.outstanding - s.armed, s.outstanding - s.armed + 1});
		n_ = *gen::in_range_aimed(1, hi, edges);
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.srqs[slot_].live && n_ >= 1u && n_ <= m.srqs[slot_].srq.outstanding);
	}
	void apply(DeviceModel &m) const override
	{
		for (uint32_t i = 0; i < n_; i++)
			m.consume_srq(slot_);
	}
	void show(std::ostream &os) const override
	{
		os << "ConsumeSrq " << label("srq", slot_) << " " << n_ << " messages";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		DeviceModel at = m;
		for (uint32_t i = 0; i < n_; i++) {
			uint32_t from = at.srqs[slot_].srq.outstanding;
			std::string arming = at.srqs[slot_].srq.arming();
			if (std::string problem = b.srqs[slot_]->consume(1); !problem.empty())
				fail(*this, m, b,
				     fmt::format("message {} of {} found no WR in the SRQ, where the model "
						 "holds {}", i + 1, n_, from),
				     {problem});
			at.consume_srq(slot_);
			auto stray = read_events(b);
			auto differ = at.srq_event_disagreements(slot_, b.srq_limit_events[slot_]);
			differ.insert(differ.end(), stray.begin(), stray.end());
			if (!differ.empty()) {
				differ.insert(differ.begin(),
					      fmt::format("message {} of {}: the count dropped from {} to {}, "
							  "the SRQ {}", i + 1, n_, from, from - 1, arming));
				fail(*this, m, b, "the limit events disagree with the model", differ);
			}
		}
	}

private:
	size_t slot_;
	uint32_t n_ = 1;
};

// ---- MRs -----------------------------------------------------------------

class RegMr : public Step {
public:
	explicit RegMr(const DeviceModel &m)
		: slot_(*empty_slot(m.mrs)),
		  access_(*rc::gen::map(rc::gen::inRange(0, 16),
					[](int bits) {
						const int flags[] = {IBV_ACCESS_LOCAL_WRITE,
								     IBV_ACCESS_REMOTE_WRITE,
								     IBV_ACCESS_REMOTE_READ,
								     IBV_ACCESS_REMOTE_ATOMIC};
						int a = 0;
						for (int i = 0; i < 4; i++)
							if (bits & (1 << i))
								a |= flags[i];
						return a;
					}))
	{
	}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(!m.mrs[slot_].live); }
	void apply(DeviceModel &m) const override
	{
		if (!reg_mr_breaks(access_))
			m.reg_mr(slot_, access_, kMrBytes);
	}
	void show(std::ostream &os) const override
	{
		os << "RegMr " << label("mr", slot_) << fmt::format(" access={:#x}", access_);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		const ContractRule *breaks = reg_mr_breaks(access_);
		int ret = b.run.device().reg_mr(*b.pd, b.mr_buffer.data() + slot_ * kMrBytes, kMrBytes,
						access_, b.mrs[slot_]);
		std::vector<std::string> lines = {"returned " + errno_name(ret),
						  std::string("contract: ") +
							  (breaks ? breaks->id : "accepted")};
		judge_result(*this, m, b, {Verb::RegMr, ret}, lines[0]);
		if (breaks && !ret)
			fail(*this, m, b, "ibv_reg_mr accepted an access the page refuses", lines);
		if (!breaks && ret)
			fail(*this, m, b, "ibv_reg_mr refused a valid access", lines);
	}

private:
	size_t slot_;
	int access_;
};

class DeregMr : public Step {
public:
	explicit DeregMr(const DeviceModel &m) : slot_(*live_slot(m.mrs)) {}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(m.mrs[slot_].live); }
	void apply(DeviceModel &m) const override { m.mrs[slot_] = MrState{}; }
	void show(std::ostream &os) const override { os << "DeregMr " << label("mr", slot_); }

protected:
	void call(const DeviceModel &, DeviceBench &b) const override { b.mrs[slot_].reset(); }

private:
	size_t slot_;
};

// The events are read after every step (observe_device); this step only
// names the moment in the sequence.
class AwaitEvents : public Step {
public:
	explicit AwaitEvents(const DeviceModel &) {}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override { os << "AwaitEvents"; }

protected:
	void call(const DeviceModel &, DeviceBench &) const override {}
};


// ---- scheduling elements (mlx5dv_sched_*) ---------------------------------

// The request with its parent named by the model's token, and the same
// request on the device, its parent the device's node of that slot.
SchedAttr sched_request_of(const gen::SchedValues &v, int parent)
{
	return SchedAttr{parent >= 0 ? const_cast<SchedNode *>(DeviceModel::sched_token(parent))
				     : nullptr,
			 v.flags, v.bw_share, v.max_avg_bw, v.comp_mask};
}

SchedAttr on_device(const DeviceBench &b, SchedAttr a, int parent)
{
	a.parent = parent >= 0 ? static_cast<SchedNode *>(b.sched[parent].get()) : nullptr;
	return a;
}

std::string sched_what(const SchedAttr &a, int parent)
{
	return describe_sched_attr(a, parent >= 0 ? label("sched", parent) : std::string("null"));
}

class SchedCreate : public Step {
public:
	explicit SchedCreate(const DeviceModel &m)
	{
		RC_PRE(m.defaults.sched);
		std::vector<int> empty, shallow;
		for (int i = 0; i < (int)m.sched.elements.size(); i++) {
			if (!m.sched.live(i))
				empty.push_back(i);
			else if (m.sched.at(i).kind != SchedKind::Leaf && m.sched.depth(i) <= 1)
				shallow.push_back(i);
		}
		RC_PRE(!empty.empty());
		slot_ = *rc::gen::elementOf(empty);
		leaf_ = !shallow.empty() && *rc::gen::arbitrary<bool>();
		parent_ = shallow.empty() || *rc::gen::inRange(0, 6) == 0 ? -1 : *rc::gen::elementOf(shallow);
		values_ = *gen::sched_values();
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.defaults.sched && !m.sched.live(slot_));
		RC_PRE(parent_ < 0 || (m.sched.live(parent_) && m.sched.at(parent_).kind != SchedKind::Leaf));
	}
	void apply(DeviceModel &m) const override
	{
		SchedAttr req = sched_request_of(values_, parent_);
		if (m.sched.create_verdict(*m.caps, leaf_, req).accepts())
			m.sched.created(slot_, leaf_ ? nullptr : DeviceModel::sched_token(slot_), leaf_, req);
	}
	void show(std::ostream &os) const override
	{
		os << "SchedCreate " << label("sched", slot_) << (leaf_ ? " leaf " : " node ")
		   << sched_what(sched_request_of(values_, parent_), parent_);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		SchedAttr req = sched_request_of(values_, parent_);
		Verdict v = m.sched.create_verdict(*m.caps, leaf_, req);
		SchedAttr sent = on_device(b, req, parent_);
		int ret;
		if (leaf_) {
			std::unique_ptr<SchedLeaf> l;
			ret = b.run.device().create_sched_leaf(sent, l);
			if (!ret)
				b.sched[slot_] = std::move(l);
		} else {
			std::unique_ptr<SchedNode> n;
			ret = b.run.device().create_sched_node(sent, n);
			if (!ret)
				b.sched[slot_] = std::move(n);
		}
		std::vector<std::string> lines = {"returned " + errno_name(ret), "contract: " + v.describe()};
		judge_result(*this, m, b, {Verb::SchedCreate, ret}, lines[0]);
		if (v.accepts() && ret)
			fail(*this, m, b, "the scheduling element create rejected a request the rules accept",
			     lines);
		if (!v.accepts() && !ret)
			fail(*this, m, b, "the scheduling element create accepted a request the rules reject",
			     lines);
	}

private:
	int slot_ = 0, parent_ = -1;
	bool leaf_ = false;
	gen::SchedValues values_;
};

class SchedModify : public Step {
public:
	explicit SchedModify(const DeviceModel &m)
	{
		RC_PRE(m.defaults.sched);
		std::vector<int> live;
		for (int i = 0; i < (int)m.sched.elements.size(); i++)
			if (m.sched.live(i))
				live.push_back(i);
		RC_PRE(!live.empty());
		slot_ = *rc::gen::elementOf(live);
		parent_ = m.sched.at(slot_).parent;
		values_ = *gen::sched_values();
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.defaults.sched && m.sched.live(slot_) && m.sched.at(slot_).parent == parent_);
	}
	void apply(DeviceModel &m) const override
	{
		SchedAttr req = sched_request_of(values_, parent_);
		if (m.sched.modify_verdict(*m.caps, slot_, req).accepts())
			m.sched.modified(slot_, req);
	}
	void show(std::ostream &os) const override
	{
		os << "SchedModify " << label("sched", slot_) << " "
		   << sched_what(sched_request_of(values_, parent_), parent_);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		SchedAttr req = sched_request_of(values_, parent_);
		Verdict v = m.sched.modify_verdict(*m.caps, slot_, req);
		int ret = b.sched[slot_]->modify(on_device(b, req, parent_));
		std::vector<std::string> lines = {"returned " + errno_name(ret), "contract: " + v.describe()};
		judge_result(*this, m, b, {Verb::SchedModify, ret}, lines[0]);
		if (v.accepts() && ret)
			fail(*this, m, b, "the scheduling element modify rejected a request the rules accept",
			     lines);
		if (!v.accepts() && !ret)
			fail(*this, m, b, "the scheduling element modify accepted a request the rules reject",
			     lines);
	}

private:
	int slot_ = 0, parent_ = -1;
	gen::SchedValues values_;
};

class SchedDestroy : public Step {
public:
	explicit SchedDestroy(const DeviceModel &m)
	{
		RC_PRE(m.defaults.sched);
		std::vector<int> live;
		for (int i = 0; i < (int)m.sched.elements.size(); i++)
			if (m.sched.live(i))
				live.push_back(i);
		RC_PRE(!live.empty());
		slot_ = *rc::gen::elementOf(live);
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.defaults.sched && m.sched.live(slot_));
	}
	void apply(DeviceModel &m) const override
	{
		if (!m.sched.destroy_breaks(slot_))
			m.sched.destroyed(slot_);
	}
	void show(std::ostream &os) const override { os << "SchedDestroy " << label("sched", slot_); }

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		const ContractRule *breaks = m.sched.destroy_breaks(slot_);
		int ret = b.sched[slot_]->destroy();
		std::vector<std::string> lines = {"returned " + errno_name(ret),
						  std::string("contract: ") + (breaks ? breaks->id : "accepted")};
		if (breaks && !ret)
			fail(*this, m, b, "a scheduling node with children was destroyed", lines);
		if (!breaks && ret)
			fail(*this, m, b, "a scheduling element without children was not destroyed", lines);
		if (!ret)
			b.sched[slot_].reset();
	}

private:
	int slot_ = 0;
};
} // namespace

DeviceBench::~DeviceBench()
{
	for (bool progress = true; progress;) {
		progress = false;
		for (auto &e : sched)
			if (e && e->destroy() == 0) {
				e.reset();
				progress = true;
			}
	}
}

std::string DeviceBench::open(const DeviceModel &model)
{
	if (int ret = run.device().alloc_pd(pd))
		return "ibv_alloc_pd returned " + errno_name(ret);
	mr_buffer.assign(model.mrs.size() * kMrBytes, 0);
	qps.resize(model.qps.size());
	cqs.resize(model.cqs.size());
	cq_pairs.resize(model.cqs.size());
	dp_buffer.assign(2 * kMaxSends * kDpBytes, 0);
	if (int ret = run.device().reg_mr(*pd, dp_buffer.data(), dp_buffer.size(), IBV_ACCESS_LOCAL_WRITE,
					  dp_mr))
		return "ibv_reg_mr of the datapath buffer returned " + errno_name(ret);
	srqs.resize(model.srqs.size());
	srq_limit_events.assign(model.srqs.size(), 0);
	mrs.resize(model.mrs.size());
	sched.resize(model.sched.elements.size());
	return "";
}

DeviceDefaults learn_defaults(PropertyRun &run, std::string &error)
{
	DeviceDefaults d;
	std::unique_ptr<Qp> qp;
	std::string failed;
	if (int ret = run.new_qp(IBV_QPT_RC, IBV_QPS_RESET, qp, failed)) {
		error = "a new RC QP: " + failed + " (" + errno_name(ret) + ")";
		return d;
	}
	ibv_ece e{};
	if (qp->query_ece(e) == 0)
		d.ece = e;
	ibv_qp_rate_limit_attr pace{};
	d.rate_limit_query = qp->query_rate_limit(pace) == 0;
	std::unique_ptr<Cq> cq;
	if (int ret = run.device().create_cq(16, cq)) {
		error = "ibv_create_cq(16) returned " + errno_name(ret);
		return d;
	}
	ibv_moderate_cq mod{};
	if (cq->query_moderation(mod) == 0)
		d.moderation = mod;
	std::string why;
	std::unique_ptr<SchedNode> root;
	if (run.device().has_sched_elements(why) &&
	    run.device().create_sched_node(SchedAttr{}, root) == 0) {
		d.sched = true;
		SchedAttr q{};
		d.sched_query = root->query(q) == 0;
		(void)root->destroy();
	}
	return d;
}

DeviceModel initial_device(PropertyRun &run, const DeviceDefaults &defaults)
{
	DeviceModel m = DeviceModel::empty(run.caps(), run.device().emulated(), defaults, kQpSlots,
					   kCqSlots, kSrqSlots, kMrSlots, kSchedSlots);
	m.qp_types = run.qp_types();
	return m;
}

void showValue(const DeviceModel &model, std::ostream &os)
{
	os << model.describe();
}

rc::Gen<std::shared_ptr<const DeviceCommand>> device_command(const DeviceModel &m)
{
	using rc::state::gen::execOneOfWithArgs;
	using G = rc::Gen<std::shared_ptr<const DeviceCommand>>;
	size_t qps = 0, in_rts = 0, srqs = 0, outstanding = 0, armed = 0, cqs = 0;
	for (const auto &q : m.qps) {
		qps += q.live;
		in_rts += q.live && q.qp.state == IBV_QPS_RTS;
	}
	for (const auto &s : m.srqs) {
		srqs += s.live;
		outstanding += s.live ? s.srq.outstanding : 0;
		armed += s.live && s.srq.armed;
	}
	for (const auto &c : m.cqs)
		cqs += c.live;
	// Creates while few objects live; calls on those that do.
	std::vector<std::pair<std::size_t, G>> choices = {
		{qps < 2 ? 6u : 2u, execOneOfWithArgs<CreateQp>()(m)},
		{1, execOneOfWithArgs<DestroyQp>()(m)},
		{5, execOneOfWithArgs<ModifyQp>()(m)},
		{in_rts ? 2u : 4u, execOneOfWithArgs<WalkQp>()(m)},
		{in_rts ? 3u : 1u, execOneOfWithArgs<RateLimit>()(m)},
		{in_rts ? 3u : 0u, execOneOfWithArgs<PaceQp>()(m)},
		{in_rts ? 2u : 0u, execOneOfWithArgs<DrainQp>()(m)},
		{cqs ? 1u : 3u, execOneOfWithArgs<CreateCq>()(m)},
		{1, execOneOfWithArgs<DestroyCq>()(m)},
		{2, execOneOfWithArgs<ModifyCq>()(m)},
		{cqs ? 2u : 0u, execOneOfWithArgs<ResizeCq>()(m)},
		{cqs ? 2u : 0u, execOneOfWithArgs<SendOnCq>()(m)},
		{cqs ? 1u : 0u, execOneOfWithArgs<PollCq>()(m)},
		{1, execOneOfWithArgs<RegMr>()(m)},
		{1, execOneOfWithArgs<DeregMr>()(m)},
		{1, execOneOfWithArgs<AwaitEvents>()(m)},
	};
	if (m.defaults.ece)
		choices.push_back({2, execOneOfWithArgs<SetEce>()(m)});
	if (m.caps->device.orig_attr.max_srq > 0) {
		choices.push_back({srqs ? 1u : 4u, execOneOfWithArgs<CreateSrq>()(m)});
		choices.push_back({1, execOneOfWithArgs<DestroySrq>()(m)});
		choices.push_back({srqs ? 4u : 0u, execOneOfWithArgs<ModifySrq>()(m)});
		choices.push_back({srqs ? 3u : 0u, execOneOfWithArgs<PostSrqRecv>()(m)});
		choices.push_back({outstanding ? (armed ? 8u : 3u) : 0u,
				   execOneOfWithArgs<ConsumeSrq>()(m)});
	}
	if (m.defaults.sched) {
		choices.push_back({2, execOneOfWithArgs<SchedCreate>()(m)});
		choices.push_back({2, execOneOfWithArgs<SchedModify>()(m)});
		choices.push_back({1, execOneOfWithArgs<SchedDestroy>()(m)});
	}
	std::erase_if(choices, [](const auto &c) { return c.first == 0; });
	return gen::pick(std::move(choices));
}

} // namespace ibvcert
