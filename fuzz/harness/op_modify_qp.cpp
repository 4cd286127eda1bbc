// ibv_modify_qp: decoded into a target state, an attr_mask shaped by the
// transition table (its required set, a subset of its optional bits, one
// required bit dropped, a foreign or unknown bit added, or raw bits) and a
// value kind per field; the QP's model (fixtures/model/qp_model.h) gives
// the verdict, follows an accepted call and says what must read back.
#include "fuzz/harness/feedback.h"
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"
#include "fuzz/harness/values.h"

#include "contracts/effect_judge.h"
#include "contracts/names.h"
#include "contracts/pacing_judge.h"
#include "contracts/qp_table.h"
#include "contracts/read_back.h"
#include "contracts/rule.h"
#include "fixtures/rate_limit.h"

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ibvcert::fuzz {
namespace {

// The next state along the builder's path, so that short inputs walk on.
ibv_qp_state natural_next(ibv_qp_state s)
{
	switch (s) {
	case IBV_QPS_RESET: return IBV_QPS_INIT;
	case IBV_QPS_INIT: return IBV_QPS_RTR;
	case IBV_QPS_RTR: return IBV_QPS_RTS;
	case IBV_QPS_RTS: return IBV_QPS_SQD;
	case IBV_QPS_SQD: return IBV_QPS_RTS;
	case IBV_QPS_SQE: return IBV_QPS_RTS;
	default: return IBV_QPS_RESET;
	}
}

const QpTransition *find_transition(ibv_qp_type type, ibv_qp_state from, ibv_qp_state to)
{
	return QpTransitionTable::kernel().find(type, from, to);
}

// "accept (the QP moves to RTS)" or "reject [MUST] modify_qp.transition.required: ..."
std::string explain(const ModifyQpVerdict &v)
{
	const RuleBreach *b = v.first();
	if (!b)
		return "accept (the QP moves to " + qp_state_name(v.next) + ")";
	return std::string("reject [") + level_name(b->rule->level) + "] " + b->rule->id + ": " +
	       b->detail;
}

bool compared(const QpAttrField &f, const ibv_qp_attr &sent)
{
	return f.queried && guard_holds(f, sent) && f.flag != IBV_QP_STATE &&
	       f.flag != IBV_QP_CUR_STATE && f.flag != IBV_QP_CAP;
}

class ModifyQpOp : public Op {
public:
	ModifyQpOp(int slot, ibv_qp_state to, int mask, std::vector<ValueChoice> values)
		: slot_(slot), to_(to), mask_(mask), values_(std::move(values))
	{
	}

	const OpVerb &verb() const override { return kModifyQp; }
	int slot() const override { return slot_; }

	void bind(Lane &lane) override
	{
		const QpSlot &s = lane.slot(slot_);
		Bound &b = bound_[lane.index()];
		b.type = s.model.type;
		b.from = s.model.state;
		b.qp_num = s.qp->qp_num();
		ibv_qp_state to = (mask_ & IBV_QP_STATE) ? to_ : b.from;
		ibv_qp_attr valid = lane.builder().valid_attr(*s.qp, b.from, to, mask_);
		b.attr = valid;
		for (const auto &c : values_)
			apply_choice(c, b.attr, valid, lane.caps(), b.from);
		b.verdict = s.model.verdict(lane.caps(), b.attr, mask_);
	}

	int run(Lane &lane) override
	{
		ibv_qp_attr attr = bound_[lane.index()].attr; // the device may write to it
		return lane.slot(slot_).qp->modify(attr, mask_);
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		return expect_of(bound_[lane.index()].verdict);
	}

	void settle(Lane &lane, int ret) override
	{
		const Bound &b = bound_[lane.index()];
		if (lane.index() == 0)
			give_feedback(lane.slot(slot_), b, ret);
		if (ret == 0)
			lane.slot(slot_).model.accept(b.attr, mask_);
		lane.events().modified(*lane.slot(slot_).qp, b.attr, mask_, ret);
	}

	void check(Lane &lane, const LaneSnapshot &before, const LaneSnapshot &after,
		   Oracle &oracle) override
	{
		int i = lane.index();
		if (ret[i] == 0 && (mask_ & IBV_QP_RATE_LIMIT) && after.live[slot_])
			check_pacing(lane, oracle);
		if (ret[i] == 0 && before.live[slot_] && after.live[slot_] && !before.qp[slot_].query_ret &&
		    !after.qp[slot_].query_ret && !((mask_ & IBV_QP_STATE) && bound_[i].attr.qp_state == IBV_QPS_RESET)) {
			// The fields the mask does not name, on any device: an accepted
			// call changes none (a move to RESET returns the QP to its
			// initial attributes).
			EffectObservation obs;
			obs.verb = Verb::ModifyQp;
			obs.result = 0;
			obs.unmasked_known = true;
			obs.unmasked_changes = unmasked_changes(before.qp[slot_].attr, after.qp[slot_].attr, mask_);
			oracle.judged(lane, "modify_qp.unmasked", "an accepted ibv_modify_qp changed what its mask does not name",
				      judge_effect(obs));
		}
		if (ret[i] != 0 || !lane.strict() || !after.live[slot_] || after.qp[slot_].query_ret)
			return;
		std::vector<std::string> differ;
		for (const auto &d : lane.slot(slot_).model.disagreements(after.qp[slot_], mask_))
			if (d.kind == QpDisagreement::Kind::Attribute)
				differ.push_back(d.text);
		// The accepted call's read-back (the model's attributes are those
		// accepted; contracts/read_back.h decides what may differ) to the
		// effect rows.
		EffectObservation obs;
		obs.verb = Verb::ModifyQp;
		obs.result = ret[i];
		obs.read_back = true;
		obs.read_back_mismatches = differ;
		Verdict v = judge_effect(obs);
		if (!v.accepts())
			oracle.fail(i, {std::string("modify_qp.read-back:") + v.first()->rule->id, "an accepted attribute does not read back as set", v,
					differ});
	}

	// An accepted IBV_QP_RATE_LIMIT is the QP's pacing from then on (0: none),
	// by the pacing the device reports (Qp::query_rate_limit; a device that
	// cannot tell is not judged here). ibv_query_qp has no rate_limit to read.
	void check_pacing(Lane &lane, Oracle &oracle)
	{
		int i = lane.index();
		ibv_qp_rate_limit_attr effect{};
		if (lane.slot(slot_).qp->query_rate_limit(effect) != 0)
			return;
		uint32_t set = bound_[i].attr.rate_limit;
		PacingView v;
		v.verb = Verb::ModifyQp;
		v.situation = set ? PacingSituation::Set : PacingSituation::Removed;
		v.rate_kbps = set;
		v.in_effect = effect;
		Verdict verdict = judge_pacing(v);
		if (!verdict.accepts())
			oracle.fail(i, {"modify_qp.rate-limit", "an accepted IBV_QP_RATE_LIMIT is not the QP's pacing",
					verdict});
	}

	void compare(const LaneSnapshot &after_a, const LaneSnapshot &after_b,
		     Oracle &oracle) override
	{
		if (ret[0] || ret[1] || !after_a.live[slot_] || !after_b.live[slot_])
			return;
		const ibv_qp_attr &sa = bound_[0].attr, &sb = bound_[1].attr;
		const ibv_qp_attr &ra = after_a.qp[slot_].attr, &rb = after_b.qp[slot_].attr;
		std::vector<std::string> differ;
		for (const auto &f : qp_attr_fields())
			if ((mask_ & f.flag) && compared(f, sa) && compared(f, sb) &&
			    f.get(sa) == f.get(sb) && f.get(ra) != f.get(rb))
				differ.push_back(describe_field(f, f.get(sa)) + " set on both, read back " +
						 describe_field(f, f.get(ra)).substr(strlen(f.name) + 1) +
						 " and " + describe_field(f, f.get(rb)).substr(strlen(f.name) + 1));
		if (!differ.empty())
			oracle.fail(-1, {"differential.attr",
					 "the devices read back an attribute set alike differently", {}, differ});
	}

	std::string describe(const Lane &lane) const override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		std::string to = (mask_ & IBV_QP_STATE)
			? qp_state_name(b.attr.qp_state)
			: qp_state_name(b.from) + " (no IBV_QP_STATE)";
		return "qp: " + qp_phrase(b.type, b.qp_num, b.from) + " (qp#" +
		       std::to_string(slot_) + "), modify " + qp_state_name(b.from) + "->" + to +
		       "\nattr_mask: " + qp_attr_mask_names(mask_) +
		       "\nattr: " + describe_attr(b.attr, mask_) + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		int i = lane.index();
		return "returned: " + errno_name(ret[i]) + "\nmodel: " +
		       explain(bound_[i].verdict) + "\n";
	}

	std::string summary(int lane) const override
	{
		const Bound &b = bound_[lane];
		return "modify_qp qp#" + std::to_string(slot_) + ": " +
		       qp_phrase(b.type, b.qp_num, b.from) + ", attr_mask=" +
		       qp_attr_mask_names(mask_) + " (" + describe_attr(b.attr, mask_) +
		       ") returned " + errno_name(ret[lane]) +
		       (origin ? std::string(" [") + origin + "]" : "");
	}

private:
	struct Bound {
		ibv_qp_type type = IBV_QPT_RC;
		ibv_qp_state from = IBV_QPS_RESET;
		uint32_t qp_num = 0;
		ibv_qp_attr attr{};
		ModifyQpVerdict verdict; // the model's, before the call
	};

	// What this call chose and gave the QP, for libFuzzer (feedback.h).
	void give_feedback(QpSlot &s, const Bound &b, int ret) const
	{
		const auto &fields = qp_attr_fields();
		if (fields.size() > QpValueHistory::kFields) {
			std::fprintf(stderr, "feedback.h: QpValueHistory::kFields %u < %zu fields of ibv_qp_attr\n",
				     QpValueHistory::kFields, fields.size());
			std::abort();
		}
		for (size_t f = 0; f < fields.size(); f++) {
			if (!(mask_ & fields[f].flag))
				continue;
			ValueKind kind = ValueKind::Valid;
			for (const auto &c : values_)
				if (c.field == f)
					kind = c.kind;
			note_modify_qp_field(b.type, b.from, ret == 0, (uint16_t)f, kind);
			if (ret == 0)
				note_value_given(b.type, (uint16_t)f, fields[f].get(b.attr), s.given);
		}
	}

	int slot_;
	ibv_qp_state to_;
	int mask_;
	std::vector<ValueChoice> values_;
	Bound bound_[kMaxLanes];
};

std::unique_ptr<Op> decode_modify(FuzzedDataProvider &in, int slot, ibv_qp_type type,
				  ibv_qp_state from)
{
	auto to = (ibv_qp_state)((natural_next(from) + in.ConsumeIntegralInRange<int>(0, 7)) % 8);
	int form = in.ConsumeIntegralInRange<int>(0, 3);
	bool with_state = !in.ConsumeBool();
	int mask;
	if (form == 3) {
		mask = (int)in.ConsumeIntegral<uint32_t>(); // raw bits, unknown ones too
	} else {
		ibv_qp_state next = with_state ? to : from;
		const QpTransition *t = find_transition(type, from, next);
		if (!t) // an invalid transition: the RC row's bits, if it has one
			t = find_transition(IBV_QPT_RC, from, next);
		int required = t ? t->required : 0, optional = t ? t->optional : 0;
		mask = required | ((int)in.ConsumeIntegral<uint32_t>() & optional);
		if (form == 1 && required) { // one required bit dropped
			int k = in.ConsumeIntegralInRange<int>(0, std::popcount((unsigned)required) - 1);
			for (int bit = 0; bit < 32; bit++)
				if ((required >> bit) & 1 && k-- == 0)
					mask &= ~(1 << bit);
		}
		if (form == 2) // one more bit, foreign or undefined
			mask |= (int)(1u << in.ConsumeIntegralInRange<int>(0, 31));
	}
	mask = with_state ? (mask | IBV_QP_STATE) : (mask & ~IBV_QP_STATE);

	std::vector<ValueChoice> values;
	const auto &fields = qp_attr_fields();
	for (size_t i = 0; i < fields.size(); i++) {
		if (!(mask & fields[i].flag))
			continue;
		ValueChoice c = decode_value(in, (uint16_t)i);
		if (c.kind != ValueKind::Valid)
			values.push_back(c);
	}
	return std::make_unique<ModifyQpOp>(slot, to, mask, std::move(values));
}

} // namespace

void modify_qp_step(Session &s)
{
	int slot = s.pick_live_slot();
	if (slot < 0)
		return;
	const QpModel &q = s.lane(0).slot(slot).model;
	s.execute(decode_modify(s.in(), slot, q.type, q.state));
}
IBVCERT_FUZZ_ROW(modify_qp, 1);

void walk_to(Session &s, int slot, ibv_qp_state target)
{
	static const char *const kOrigin[] = {"walk to RESET", "walk to INIT", "walk to RTR",
					      "walk to RTS",   "walk to SQD",  "walk to SQE",
					      "walk to ERR",   "walk"};
	for (ibv_qp_state next : QpBuilder::path_to(target)) {
		const QpModel &q = s.lane(0).slot(slot).model;
		const QpTransition *t = find_transition(q.type, q.state, next);
		int mask = IBV_QP_STATE | (t ? t->required : 0);
		auto op = std::make_unique<ModifyQpOp>(slot, next, mask, std::vector<ValueChoice>{});
		op->origin = kOrigin[target <= IBV_QPS_ERR ? target : 7];
		if (s.execute(std::move(op)).ret[0] != 0)
			return;
	}
}

namespace {

// Back to RESET (every state may go there, with IBV_QP_STATE alone; a QP
// in RESET stays), then along the builder's path to a decoded state, each
// step's required set with the values choose(field index) gives: what the
// QP keeps across RESET meets new values.
template <typename Choose>
void rewalk(Session &s, int slot, ibv_qp_state target, const char *const (&kOrigin)[8],
	    Choose choose)
{
	const char *origin = kOrigin[target <= IBV_QPS_ERR ? target : 7];
	auto reset = std::make_unique<ModifyQpOp>(slot, IBV_QPS_RESET, IBV_QP_STATE,
						  std::vector<ValueChoice>{});
	reset->origin = origin;
	if (s.lane(0).slot(slot).model.state != IBV_QPS_RESET &&
	    s.execute(std::move(reset)).ret[0] != 0)
		return;
	const auto &fields = qp_attr_fields();
	for (ibv_qp_state next : QpBuilder::path_to(target)) {
		const QpModel &q = s.lane(0).slot(slot).model;
		const QpTransition *t = find_transition(q.type, q.state, next);
		int mask = IBV_QP_STATE | (t ? t->required : 0);
		std::vector<ValueChoice> values;
		for (size_t i = 0; i < fields.size(); i++) {
			if (!(mask & fields[i].flag))
				continue;
			ValueChoice c = choose((uint16_t)i);
			if (c.kind != ValueKind::Valid)
				values.push_back(c);
		}
		auto op = std::make_unique<ModifyQpOp>(slot, next, mask, std::move(values));
		op->origin = origin;
		if (s.execute(std::move(op)).ret[0] != 0)
			return;
	}
}

ibv_qp_state decode_target(FuzzedDataProvider &in)
{
	const auto &states = QpBuilder::reachable_states();
	return states[in.ConsumeIntegralInRange<size_t>(0, states.size() - 1)];
}

} // namespace

// A live QP moved to RESET, then walked to a decoded state with a decoded
// kind of value per field of each step's required set (the walk_to of a
// create uses the builder's values only).
void rewalk_qp_step(Session &s)
{
	int slot = s.pick_live_slot();
	if (slot < 0)
		return;
	auto &in = s.in();
	static const char *const kOrigin[] = {"rewalk to RESET", "rewalk to INIT", "rewalk to RTR",
					      "rewalk to RTS",   "rewalk to SQD",  "rewalk to SQE",
					      "rewalk to ERR",   "rewalk"};
	rewalk(s, slot, decode_target(in), kOrigin,
	       [&](uint16_t field) { return decode_value(in, field); });
}
IBVCERT_FUZZ_ROW(rewalk_qp, 26);

void vary_walk(Session &s, int slot, VaryWalk how)
{
	auto &in = s.in();
	ibv_qp_state target = decode_target(in);
	// One field the walk sends (of its steps' required sets) at a decoded
	// kind, every other the builder's valid value: a bound reaches the state
	// a rewalk of every field at a drawn kind rarely does (each field on the
	// path must hold for the walk to go on).
	ibv_qp_type type = s.lane(0).slot(slot).model.type;
	int sent = 0;
	ibv_qp_state from = IBV_QPS_RESET;
	for (ibv_qp_state next : QpBuilder::path_to(target)) {
		if (const QpTransition *t = find_transition(type, from, next))
			sent |= t->required;
		from = next;
	}
	const auto &fields = qp_attr_fields();
	std::vector<uint16_t> candidates;
	for (size_t i = 0; i < fields.size(); i++)
		if (sent & fields[i].flag & ~IBV_QP_STATE)
			candidates.push_back((uint16_t)i);
	if (candidates.empty()) // RESET: the walk sends IBV_QP_STATE alone
		candidates.push_back(0);
	uint16_t field = candidates[in.ConsumeIntegralInRange<size_t>(0, candidates.size() - 1)];
	ValueChoice varied = decode_varied_value(in, field);
	static const char *const kOrigin[] = {
		"walk to RESET, one field varied", "walk to INIT, one field varied",
		"walk to RTR, one field varied",   "walk to RTS, one field varied",
		"walk to SQD, one field varied",   "walk to SQE, one field varied",
		"walk to ERR, one field varied",   "walk, one field varied"};
	static const char *const kAgain[] = {
		"walk again to RESET", "walk again to INIT", "walk again to RTR", "walk again to RTS",
		"walk again to SQD",   "walk again to SQE",  "walk again to ERR", "walk again"};
	auto valid = [](uint16_t f) { return ValueChoice{f, ValueKind::Valid, 0}; };
	if (how == VaryWalk::AfterValid) {
		static const char *const kFirst[] = {
			"walk to RESET, then varied", "walk to INIT, then varied", "walk to RTR, then varied",
			"walk to RTS, then varied",   "walk to SQD, then varied",  "walk to SQE, then varied",
			"walk to ERR, then varied",   "walk, then varied"};
		rewalk(s, slot, target, kFirst, valid);
		if (!s.lane(0).slot(slot))
			return;
	}
	rewalk(s, slot, target, kOrigin, [&](uint16_t f) { return f == field ? varied : valid(f); });
	if (how == VaryWalk::ThenValid && s.lane(0).slot(slot))
		rewalk(s, slot, target, kAgain, valid);
}

void vary_walk_qp_step(Session &s)
{
	int slot = s.pick_live_slot();
	if (slot >= 0)
		vary_walk(s, slot, VaryWalk::Once);
}
IBVCERT_FUZZ_ROW(vary_walk_qp, 28);

} // namespace ibvcert::fuzz
