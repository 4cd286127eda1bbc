#include "contracts/outcome_judge.h"

#include "contracts/effect_judge.h"

namespace ibvcert {
namespace {

std::vector<const ContractRule *> rows_of(Verb verb, Check check, bool unscoped)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : effect_rules_of(verb))
		if (r->check == check && (!unscoped || !r->other))
			out.push_back(r);
	return out;
}

} // namespace

std::vector<const ContractRule *> carried_out_rules(Verb verb)
{
	return rows_of(verb, Check::ValidAccepted, false);
}

std::vector<const ContractRule *> rejected_unchanged_rules(Verb verb)
{
	return rows_of(verb, Check::UnchangedOnReject, true);
}

Verdict judge_request_outcome(Verb verb, const Verdict &request, long long result)
{
	Verdict v;
	// The request rows themselves: what one of them rejects is refused.
	if (result == 0) {
		for (const RuleBreach &b : request.breaches)
			v.breaches.push_back({b.rule, "accepted although " + b.detail});
		return v;
	}
	// A valid request refused: the effect rows' one interpreter decides.
	EffectObservation o;
	o.verb = verb;
	o.result = result;
	o.request_known = true;
	o.request = request;
	for (RuleBreach &b : judge_effect(o).breaches)
		if (b.rule->check == Check::ValidAccepted)
			v.breaches.push_back(std::move(b));
	return v;
}

Verdict judge_rejected_unchanged(Verb verb, long long result, const std::vector<std::string> &changes)
{
	// What the call did to its own object, the request unknown here: the
	// rows scoped to a request rule are left to the judges that know it.
	EffectObservation o;
	o.verb = verb;
	o.result = result;
	o.viewed = true;
	o.changes = changes;
	return judge_effect(o);
}

} // namespace ibvcert
