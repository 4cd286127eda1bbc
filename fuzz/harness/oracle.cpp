#include "fuzz/harness/oracle.h"

#include "contracts/call_judge.h"
#include "contracts/effect_judge.h"
#include "contracts/frame_judge.h"
#include "contracts/outcome_judge.h"
#include "contracts/rule.h"

#include "fuzz/harness/known.h"
#include "fuzz/harness/session.h"
#include "fuzz/harness/sha1.h"
#include "fuzz/harness/trace.h"

#include "contracts/names.h"

#include "fixtures/frame_view.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>

namespace ibvcert::fuzz {

namespace {

// The slots include() takes (QP i, kSrqSlot, kSchedSlot0 + i) as a view of
// the device's objects ("qp#0", "srq", "sched#1"), for fixtures/frame_view's
// one diff.
template <typename Include>
FrameView lane_view(const LaneSnapshot &s, Include include)
{
	FrameView v;
	for (int i = 0; i < kSlots; i++)
		if (include(i) && s.live[i])
			v.qps["qp#" + std::to_string(i)] = s.qp[i];
	if (include(kSrqSlot) && s.srq_live)
		v.srqs["srq"] = {s.srq_ret, s.srq};
	for (int i = 0; i < kSchedSlots; i++)
		if (include(kSchedSlot0 + i) && s.sched_live[i])
			v.sched["sched#" + std::to_string(i)] = {s.sched_ret[i], s.sched[i]};
	return v;
}

template <typename Include>
std::vector<std::string> diff(const LaneSnapshot &before, const LaneSnapshot &after, Include include)
{
	return frame_changes(lane_view(before, include), lane_view(after, include));
}

} // namespace

std::vector<std::string> diff_slots(const LaneSnapshot &before, const LaneSnapshot &after,
				    int skip_slot)
{
	return diff(before, after, [&](int slot) { return slot != skip_slot; });
}

std::vector<std::string> diff_slot(const LaneSnapshot &before, const LaneSnapshot &after, int slot)
{
	return diff(before, after, [&](int s) { return s == slot; });
}

void Oracle::fail(int lane, const Violation &v) const
{
	const Session &s = session_;
	// A known deviation of the device under test (not of emu0 beside it in
	// differential mode) ends the input without a crash (harness/known.h).
	if (known_loaded() && !(lane >= 0 && s.lanes() > 1 && s.lane(lane).strict()) &&
	    match_known(v.id, v.verdict.rule_ids()) >= 0)
		throw KnownDeviationMet(v.id);
	std::string out;
	out += "==ibvcert-fuzz== ORACLE VIOLATION " + v.id + ": " + v.summary + "\n";
	// The rows the judge named: their level, ids (what a known-deviations
	// entry lists) and sentences. None: the harness's own check.
	if (const RuleBreach *first = v.verdict.first()) {
		out += std::string("level: ") + level_name(first->rule->level) + "\n";
		out += "clause: " + citation(*first->rule) + "\n";
		out += "rules:";
		for (const auto &r : v.verdict.rule_ids())
			out += " " + r;
		out += "\n";
		for (const RuleBreach &b : v.verdict.breaches)
			out += std::string("  ") + b.rule->id + " [" + level_name(b.rule->level) + "]: " +
			       b.detail + "\n";
	} else {
		out += "level: none (no contract row: the harness's own check)\n";
	}
	if (op_) {
		out += "target: " + s.target().name + ", step " + std::to_string(s.history().size()) +
		       " of the input: " + op_->verb().call +
		       (op_->origin ? std::string(" (") + op_->origin + ")" : "") + "\n";
		for (int i = 0; i < s.lanes(); i++)
			if (lane < 0 || lane == i)
				out += "device: " + s.lane(i).label() + "\n" + op_->describe(s.lane(i)) +
				       op_->outcome(s.lane(i));
	} else {
		out += "target: " + s.target().name + ", at the end of the input, after its " +
		       std::to_string(s.history().size()) + " steps\n";
		for (int i = 0; i < s.lanes(); i++)
			out += "device: " + s.lane(i).label() + "\n";
	}
	if (!v.changed.empty()) {
		out += "changed:\n";
		for (const auto &c : v.changed)
			out += "  " + c + "\n";
	}
	if (!v.extra.empty())
		out += v.extra + (v.extra.back() == '\n' ? "" : "\n");
	const auto &h = s.history();
	size_t before = op_ ? h.size() - 1 : h.size();
	if (before > 0) {
		out += "steps before it:\n";
		for (size_t i = 0; i < before; i++)
			out += "  " + std::to_string(i + 1) + ". " + h[i]->summary(lane < 0 ? 0 : lane) + "\n";
	}
	std::string file = input_file_for(sha1_hex(s.data(), s.size()));
	out += "replay: " + replay_command(file) + "\n";
	out += "decoded input: IBVCERT_FUZZ_PRINT=1 " + replay_command(file) + "\n";
	if (tracing())
		out += "verb trace: " + options().trace + " (ibvcert repro --from-trace " + options().trace +
		       " -d " + options().device.name + ")\n";
	fputs(out.c_str(), stderr);
	fflush(stderr);
	write_trace(v.id + ": " + v.summary);
	abort();
}

void Oracle::judged(const Lane &lane, const std::string &prefix, const std::string &summary, const Verdict &v,
		    const std::string &extra) const
{
	if (!v.accepts() && (lane.strict() || v.verdict() == Verdict::Class::MustReject))
		fail(lane.index(), {prefix + ":" + v.first()->rule->id, summary, v, {}, extra});
}

void Oracle::check_call(Lane &lane, const LaneSnapshot &before, const LaneSnapshot &after)
{
	const OpVerb &verb = op_->verb();
	if (verb.verb == Verb::Count)
		return; // no rows for this call yet (verbs.h)
	const std::string id = verb.id;
	const std::string call = verb.call;
	int i = lane.index();
	int ret = op_->ret[i];

	if (Verdict v = judge_call(op_->call_result(lane)); !v.accepts())
		fail(i, {id + ".return", call + " returned a value outside its verb's result rows", v});

	int own = op_->slot();
	if (ret != 0 && own >= 0) {
		auto changed = diff_slot(before, after, own);
		if (Verdict v = judge_rejected_unchanged(verb.verb, ret, changed); !v.accepts())
			fail(i, {id + ".unchanged", "a failed " + call + " changed its object", v, changed});
	}
	auto others = diff_slots(before, after, own);
	if (Verdict v = judge_frame(verb.verb, others); !v.accepts())
		fail(i, {id + ".isolation", call + " changed an object other than its own", v, others});

	if (auto expect = op_->expect(lane)) {
		Verdict v = judge_request_outcome(verb.verb, expect->verdict, ret);
		if (v.accepts())
			return;
		if (ret == 0 && (lane.strict() || v.verdict() == Verdict::Class::MustReject))
			fail(i, {id + ".model.accepted:" + v.first()->rule->id,
				 call + " accepted what the contract rejects (" + v.first()->rule->id + ")", v,
				 diff_slots(before, after)});
		if (ret != 0 && lane.strict())
			fail(i, {id + ".model.rejected-valid", call + " rejected what the rows accept", v});
	}
}

// A QP whose state, as ibv_query_qp or ibv_qp::state reads it, is not the
// one the accepted ibv_modify_qp calls set (the model follows nothing else;
// a call on another object that moved it is the frame's): the read-back rows
// of ibv_modify_qp, by the effect rows' interpreter (judge_effect).
Verdict judge_state(const std::string &where)
{
	EffectObservation obs;
	obs.verb = Verb::ModifyQp;
	obs.result = 0;
	obs.read_back = true;
	obs.read_back_mismatches = {where};
	return judge_effect(obs);
}

void Oracle::check_after(Lane &lane, const LaneSnapshot &before, const LaneSnapshot &after)
{
	using Kind = QpDisagreement::Kind;
	const std::string id = op_->verb().id;
	int i = lane.index();
	for (int s = 0; s < kSlots; s++) {
		if (!after.live[s] || after.qp[s].query_ret)
			continue;
		for (const auto &d : lane.slot(s).model.disagreements(after.qp[s], 0)) {
			std::string where = "qp#" + std::to_string(s) + ": " + d.text;
			if (d.kind == Kind::State)
				fail(i, {id + ".state", "ibv_query_qp reports a state other than the one the QP is in",
					 judge_state(where)});
			if (d.kind == Kind::StateField)
				fail(i, {id + ".state-field", "ibv_qp::state differs from the state the QP is in",
					 judge_state(where)});
		}
	}

	op_->check(lane, before, after, *this);
}

void Oracle::check_ledger(long before, long after) const
{
	if (after != before)
		fail(-1, {"input.leak", "objects the input created outlive it (the device layer's ledger)",
			  {}, {},
			  "device objects outstanding: " + std::to_string(before) + " before the input, " +
				  std::to_string(after) + " after every object of it was destroyed"});
}

void Oracle::compare_outcomes(const Lane &a, const Lane &b)
{
	int ra = op_->ret[a.index()], rb = op_->ret[b.index()];
	// A call no table predicts (ibv_create_qp of a QP type) that one device
	// does not provide (EOPNOTSUPP: rxe and siw have no RAW_PACKET QP): the
	// input cannot be compared; it is counted and passed over (known.h).
	// The same for the optional families (mlx5dv scheduling, packet pacing,
	// ECE, CQ moderation: "EOPNOTSUPP" is their man pages' "not supported").
	static const std::set<std::string> optional = {
		"create_qp", "sched_create", "sched_modify", "sched_destroy",
		"modify_qp_rate_limit", "set_ece", "modify_cq"};
	// And a create one device has not the memory for (ENOMEM: rxe's SRQ of
	// max_srq_wr = 1048576 WRs in the lab's 1 GB guest), each at its own caps.
	std::string verb = op_->verb().id;
	int err = ra ? ra : rb;
	if ((ra == 0) != (rb == 0) &&
	    ((err == EOPNOTSUPP && (!op_->expect(ra ? a : b) || optional.count(verb))) ||
	     (err == ENOMEM && verb.rfind("create_", 0) == 0))) {
		count_unsupported(std::string(op_->verb().call) + " returned " + errno_name(err) +
				  " on " + (ra ? a : b).label() + " (" +
				  op_->describe(ra ? a : b).substr(0, 60) + ")");
		throw KnownDeviationMet("differential.unsupported");
	}
	// Each device's model, on its own caps, predicts a different verdict:
	// the outcomes may differ (each is held to its own model by check_call).
	auto ea = op_->expect(a), eb = op_->expect(b);
	if ((ra == 0) != (rb == 0) && ea && eb && ea->accept != eb->accept) {
		const ContractRule *r = ea->accept ? eb->rule() : ea->rule();
		count_unsupported(std::string(op_->verb().call) + ": the devices' caps give different "
				  "verdicts (" + r->id + ")");
		throw KnownDeviationMet("differential.unsupported");
	}
	if ((ra == 0) == (rb == 0))
		return;
	// The disagreement is the real device's: what the judge makes of its
	// call against its model (none: the devices differ where no row decides).
	Verdict v;
	for (const Lane *l : {&a, &b}) {
		auto e = l->strict() ? std::nullopt : op_->expect(*l);
		if (e && !v.breaches.size())
			v = judge_request_outcome(op_->verb().verb, e->verdict, op_->ret[l->index()]);
	}
	fail(-1, {"differential.outcome",
		  std::string("the devices disagree on whether ") + op_->verb().call + " succeeds", v});
}

void Oracle::compare_states(const Lane &a, const Lane &b, const LaneSnapshot &after_a,
			    const LaneSnapshot &after_b)
{
	for (int s = 0; s < kSlots; s++) {
		if (after_a.live[s] != after_b.live[s] ||
		    (after_a.live[s] && after_a.qp[s].attr.qp_state != after_b.qp[s].attr.qp_state))
			fail(-1, {"differential.state", "the devices' QPs are in different states", {}, {},
				  "qp#" + std::to_string(s) + ": " + a.label() + " " +
					  (after_a.live[s] ? qp_state_name(after_a.qp[s].attr.qp_state) : "none") +
					  ", " + b.label() + " " +
					  (after_b.live[s] ? qp_state_name(after_b.qp[s].attr.qp_state) : "none")});
	}
}

} // namespace ibvcert::fuzz
