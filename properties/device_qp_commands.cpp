// The QP commands of the whole-device state machine: CreateQp / DestroyQp,
// ModifyQp (one request around every boundary), WalkQp (a valid walk),
// PaceQp (RTS->RTS with IBV_QP_RATE_LIMIT), DrainQp (RTS->SQD with
// IBV_QP_EN_SQD_ASYNC_NOTIFY), RateLimit (ibv_modify_qp_rate_limit) and
// SetEce. Each call is held to its verb's judges (result and effect rows,
// the request's verdict from the verb's evaluator).
#include "properties/device_step.h"

#include "contracts/ece_eval.h"
#include "contracts/ece_judge.h"
#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"
#include "contracts/qp_table.h"
#include "contracts/rate_limit_eval.h"
#include "contracts/read_back.h"
#include "contracts/sched_judge.h"
#include "fixtures/ece.h"
#include "fixtures/generators/modify_qp_request.h"
#include "fixtures/generators/pick.h"
#include "fixtures/generators/qos_values.h"
#include "fixtures/qp_builder.h"
#include "fixtures/sched.h"
#include "properties/modify_evidence.h"

#include <fmt/format.h>

#include <ostream>

namespace ibvcert {
namespace {

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
		// While no RC QP lives, RC one time in three: the type DrainQp's
		// RTS->SQD with IBV_QP_EN_SQD_ASYNC_NOTIFY is asked on, otherwise
		// about one create in ten beside the paced types.
		bool rc_live = false, rc_made = false;
		for (const auto &q : m.qps)
			rc_live = rc_live || (q.live && q.qp.type == IBV_QPT_RC);
		for (ibv_qp_type t : m.qp_types)
			rc_made = rc_made || t == IBV_QPT_RC;
		if (!rc_live && rc_made && *rc::gen::inRange(0, 3) == 0)
			type_ = IBV_QPT_RC;
	}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(!m.qps[slot_].live); }
	void apply(DeviceModel &m) const override { m.create_qp(slot_, type_); }
	void show(std::ostream &os) const override
	{
		os << "CreateQp " << slot_label("qp", slot_) << " " << qp_type_name(type_);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		std::string failed;
		if (int ret = b.run.new_qp(type_, IBV_QPS_RESET, b.qps[slot_], failed))
			fail_step(*this, m, b, "precondition: ibv_create_qp of a type the device creates",
			     {failed + " (" + errno_name(ret) + ")"});
		// No call attached the new QP to a scheduling element, whatever
		// leaves live now (where the device reports attachments).
		const SchedLeaf *requestor = nullptr, *responder = nullptr;
		if (m.defaults.sched && b.run.device().query_qp_sched_elem(*b.qps[slot_], requestor, responder) == 0)
		{
			SchedCallView read;
			read.call = SchedCall::ReadQp;
			read.qp_type = type_;
			read.leaves_after = QpLeaves{reinterpret_cast<uintptr_t>(requestor),
						     reinterpret_cast<uintptr_t>(responder)};
			read.what = "ibv_create_qp(" + qp_type_name(type_) + "), then the QP's scheduling leaves";
			hold_verdict(*this, m, b, judge_sched_call(read), read.what);
		}
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
	void show(std::ostream &os) const override { os << "DestroyQp " << slot_label("qp", slot_); }

protected:
	// ibv_destroy_qp of a QP nothing depends on (ibv_destroy_qp(3)).
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		int ret = b.qps[slot_]->destroy();
		hold_verdict(*this, m, b, judge_destroy({Verb::DestroyQp, 0, ret, true}),
			     "ibv_destroy_qp returned " + errno_name(ret));
		b.qps[slot_].reset();
	}

private:
	size_t slot_;
};

// One ibv_modify_qp on the device, held to the verb's judges: the result
// rows, and the effect rows on the QP as queried before and after it (the
// request's verdict from the QP's model, i.e. the verb's evaluator; what
// the call changed; what an accepted request reads back).
void modify_qp(const DeviceCommand &step, const DeviceModel &model, DeviceBench &b, size_t slot,
	       const QpModel &m, const ibv_qp_attr &attr, int attr_mask, const std::string &part)
{
	Qp &qp = *b.qps[slot];
	QpSnapshot before = take_snapshot(qp, false);
	ibv_qp_attr sent = attr;
	int ret = qp.modify(sent, attr_mask);
	QpSnapshot after = take_snapshot(qp, false);
	EffectObservation effect;
	effect.verb = Verb::ModifyQp;
	effect.result = ret;
	effect.request_known = true;
	effect.request = m.verdict(*model.caps, attr, attr_mask);
	effect.request_text = "attr_mask " + qp_attr_mask_names(attr_mask);
	effect.viewed = before.query_ret == 0 && after.query_ret == 0;
	if (effect.viewed)
		effect.changes = snapshot_diff(before, after);
	if (ret == 0 && after.query_ret == 0) {
		bool to_reset = (attr_mask & IBV_QP_STATE) && attr.qp_state == IBV_QPS_RESET;
		effect.read_back = true;
		effect.read_back_mismatches =
			read_back_mismatches(attr, attr_mask, after.attr, to_reset ? 0 : m.loaded | attr_mask);
	}
	hold_verdict(step, model, b, judge_whole_call({Verb::ModifyQp, ret}, effect),
		     part + slot_label("qp", slot) + " " + qp_type_name(m.type) + " in " +
			     qp_state_name(m.state) + ": " + qp_attr_mask_names(attr_mask) + " {" +
			     describe_attr(attr, attr_mask) + "} returned " + errno_name(ret) +
			     "; contract: " + effect.request.describe());
}

// On a RoCE port (link_layer Ethernet) the destination GID of a path is
// resolved to a route when the QP moves to RTR: a random dgid is refused
// (rxe: ENETUNREACH), and the page does not forbid that. A global path there
// names the port's own GID (ibv_query_gid at the caps' gid_index, as the
// conformance builder's peer on this port); with_sgid: its source GID index
// too (a walk's path; a request drawn around the bounds keeps its drawn one).
void reachable_paths(const DeviceCaps &caps, int attr_mask, bool with_sgid, ibv_qp_attr &attr)
{
	if (caps.port.link_layer != IBV_LINK_LAYER_ETHERNET)
		return;
	auto own = [&](ibv_ah_attr &ah) {
		if (!ah.is_global)
			return;
		ah.grh.dgid = caps.gid;
		if (with_sgid)
			ah.grh.sgid_index = (uint8_t)caps.gid_index;
	};
	if (attr_mask & IBV_QP_AV)
		own(attr.ah_attr);
	if (attr_mask & IBV_QP_ALT_PATH)
		own(attr.alt_ah_attr);
}

class ModifyQp : public Step {
public:
	explicit ModifyQp(const DeviceModel &m)
		: slot_(*live_slot(m.qps)),
		  request_(*gen::modify_qp_request(*m.caps, m.qps[slot_].qp.type, m.qps[slot_].qp.state,
						   gen::RequestMix::must_breach()))
	{
		// Sometimes a request the table accepts plus IBV_QP_CAP: no transition
		// of the kernel's table allows it (and a device without
		// IBV_DEVICE_RESIZE_MAX_WR has no QP resize): the one fault of the
		// request, which the mixed shapes above rarely leave alone.
		if (*rc::gen::inRange(0, 8) == 0) {
			const QpModel &q = m.qps[slot_].qp;
			request_ = *gen::modify_qp_request(*m.caps, q.type, q.state, gen::RequestMix::contract_valid());
			request_.attr_mask |= IBV_QP_CAP;
			request_.attr.cap = {*rc::gen::inRange<uint32_t>(0, 64), *rc::gen::inRange<uint32_t>(0, 64), 1, 1, 0};
		}
		reachable_paths(*m.caps, request_.attr_mask, false, request_.attr);
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
		os << "ModifyQp " << slot_label("qp", slot_) << " to "
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
	std::string names() const override { return slot_label("qp", slot_); }
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
			reachable_paths(*m.caps, mask, true, planned.attr);
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
		os << "WalkQp " << slot_label("qp", slot_) << " to " << qp_state_name(target_) << ":";
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
	std::string names() const override { return slot_label("qp", slot_); }
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

// rate_limit within packet_pacing_caps: its two edges and between.
rc::Gen<uint32_t> paced_rate_within(const DeviceCaps &caps)
{
	const auto &p = caps.device.packet_pacing_caps;
	uint32_t lo = std::max(p.qp_rate_limit_min, 1u), hi = std::max(p.qp_rate_limit_max, lo);
	if (hi == lo)
		return rc::gen::just(lo);
	return rc::gen::weightedOneOf<uint32_t>(
		{{2, rc::gen::elementOf(std::vector<uint32_t>{lo, hi})}, {1, rc::gen::inRange<uint32_t>(lo, hi)}});
}

// ibv_modify_qp RTS -> RTS with IBV_QP_RATE_LIMIT: the pacing set (or
// ended, 0) through ibv_modify_qp rather than ibv_modify_qp_rate_limit.
class PaceQp : public Step {
public:
	PaceQp(size_t slot, uint32_t rate_limit) : slot_(slot)
	{
		attr_.qp_state = IBV_QPS_RTS;
		attr_.rate_limit = rate_limit;
	}
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
		os << "PaceQp " << slot_label("qp", slot_) << " RTS->RTS rate_limit=" << attr_.rate_limit;
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		modify_qp(*this, m, b, slot_, m.qps[slot_].qp, attr_, kMask, "");
	}
	std::string names() const override { return slot_label("qp", slot_); }
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
		os << "DrainQp " << slot_label("qp", slot_) << " RTS->SQD with IBV_QP_EN_SQD_ASYNC_NOTIFY";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		modify_qp(*this, m, b, slot_, m.qps[slot_].qp, attr_, kMask, "");
	}
	std::string names() const override { return slot_label("qp", slot_); }
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
		os << "RateLimit " << slot_label("qp", slot_) << " {" << describe_rate(attr_) << "}";
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
		// The effect rows on the pacing as read before and after.
		EffectObservation effect;
		effect.verb = Verb::ModifyQpRateLimit;
		effect.result = ret;
		effect.request_known = true;
		effect.request = v;
		effect.request_text = describe_rate(attr_);
		effect.viewed = qb == 0 && qa == 0;
		if (effect.viewed && describe_rate(pace_before) != describe_rate(pace_after))
			effect.changes.push_back("pacing: " + describe_rate(pace_before) + " -> " +
						 describe_rate(pace_after));
		hold_verdict(*this, m, b, judge_whole_call({Verb::ModifyQpRateLimit, ret}, effect),
			     "ibv_modify_qp_rate_limit {" + describe_rate(attr_) + "} returned " +
				     errno_name(ret) + " on " + qp_type_name(m.qps[slot_].qp.type) + " in " +
				     qp_state_name(m.qps[slot_].qp.state) + "; contract: " + v.describe());
	}
	std::string names() const override { return slot_label("qp", slot_); }
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
		// comp_mask's value classes in every state, not only in RESET
		// where a QP is made: past RESET, one request in three names a
		// comp_mask bit.
		if (m.qps[slot_].live && m.qps[slot_].qp.state != IBV_QPS_RESET && !ece_.comp_mask &&
		    *rc::gen::inRange(0, 3) == 0)
			ece_.comp_mask = *rc::gen::element<uint32_t>(1, 2, 0x80000000u);
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
		os << "SetEce " << slot_label("qp", slot_) << " {" << describe_ece(ece_) << "}";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Verdict v = verdict(m);
		Qp &qp = *b.qps[slot_];
		ibv_ece before{}, after{};
		int qb = qp.query_ece(before);
		ibv_ece io = ece_;
		int ret = qp.set_ece(io);
		int qa = qp.query_ece(after);
		EffectObservation effect;
		effect.verb = Verb::SetEce;
		effect.result = ret;
		effect.request_known = true;
		effect.request = v;
		effect.request_text = describe_ece(ece_);
		effect.viewed = qb == 0 && qa == 0;
		if (effect.viewed && describe_ece(before) != describe_ece(after))
			effect.changes.push_back("ece: " + describe_ece(before) + " -> " + describe_ece(after));
		const std::string what = "ibv_set_ece {" + describe_ece(ece_) + "} returned " + errno_name(ret) +
					 (ret ? std::string() : ", ece (OUT) " + describe_ece(io)) +
					 "; contract: " + v.describe();
		hold_verdict(*this, m, b, judge_whole_call({Verb::SetEce, ret}, effect), what);
		// The rules allowing it, the options are the provider's to take or
		// refuse (ibv_set_ece(3)): a rejection then is the device's choice;
		// what an accepted call hands back (OUT) is the row's.
		{
			EceView calls;
			calls.calls.push_back({Verb::QueryEce, {}, before, qb, "before ibv_set_ece"});
			calls.calls.push_back({Verb::SetEce, ece_, io, ret, ""});
			calls.calls.push_back({Verb::QueryEce, {}, after, qa, "after ibv_set_ece"});
			hold_verdict(*this, m, b, judge_ece(calls), what);
		}
		accepted_ = ret ? std::nullopt : std::optional<ibv_ece>(io);
	}
	std::string names() const override { return slot_label("qp", slot_); }
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

// A pacing set and removed in one command (ibv_modify_qp(3),
// IBV_QP_RATE_LIMIT: rate_limit 0 means unlimited): a QP in RTS that the
// device paces gets a rate within packet_pacing_caps, then rate_limit 0; each
// a PaceQp, held to the same judges (what the device then reports in effect
// among them) as when drawn alone.
class PaceCycle : public StepChain {
public:
	explicit PaceCycle(const DeviceModel &m)
	{
		const size_t slot = *slot_where(m.qps, [&m](const QpSlot &q) { return eligible(m, q); });
		label_ = "PaceCycle " + slot_label("qp", slot);
		steps_.push_back(std::make_shared<PaceQp>(slot, *paced_rate_within(*m.caps)));
		steps_.push_back(std::make_shared<PaceQp>(slot, 0));
	}
	static bool eligible(const DeviceModel &m, const QpSlot &q)
	{
		return q.live && q.qp.state == IBV_QPS_RTS && m.caps->has_packet_pacing(q.qp.type);
	}
};

} // namespace

void add_qp_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	size_t qps = 0, in_rts = 0, paced = 0, rc_rts = 0;
	for (const auto &q : m.qps) {
		qps += q.live;
		in_rts += q.live && q.qp.state == IBV_QPS_RTS;
		paced += q.live && q.qp.state == IBV_QPS_RTS && q.rate_limit;
		rc_rts += q.live && q.qp.state == IBV_QPS_RTS && q.qp.type == IBV_QPT_RC;
	}
	// Creates while few QPs live; pacing and draining where one is in RTS.
	mix.push_back({qps < 2 ? 6u : 2u, execOneOfWithArgs<CreateQp>()(m)});
	mix.push_back({1, execOneOfWithArgs<DestroyQp>()(m)});
	mix.push_back({5, execOneOfWithArgs<ModifyQp>()(m)});
	mix.push_back({in_rts ? 2u : 4u, execOneOfWithArgs<WalkQp>()(m)});
	mix.push_back({in_rts ? 3u : 1u, execOneOfWithArgs<RateLimit>()(m)});
	// A pacing in effect: what ends or changes it comes more often.
	mix.push_back({paced ? 5u : in_rts ? 3u : 0u, execOneOfWithArgs<PaceQp>()(m)});
	// DrainQp prefers an RC QP in RTS (SQD with the async event): more often when one is.
	mix.push_back({rc_rts ? 3u : in_rts ? 2u : 0u, execOneOfWithArgs<DrainQp>()(m)});
	if (m.defaults.ece)
		mix.push_back({2, execOneOfWithArgs<SetEce>()(m)});
	size_t pace_cycles = 0;
	for (const auto &q : m.qps)
		pace_cycles += PaceCycle::eligible(m, q);
	mix.push_back({pace_cycles && !paced ? 2u : 0u, execOneOfWithArgs<PaceCycle>()(m)});
}

} // namespace ibvcert
