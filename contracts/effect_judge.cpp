#include "contracts/effect_judge.h"

#include "contracts/names.h"

#include <cerrno>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace ibvcert {
namespace {

bool is_effect_check(Check check)
{
	switch (check) {
	case Check::UnchangedOnReject:
	case Check::ReadsBack:
	case Check::ErrnoOfRule:
	case Check::ValidAccepted:
	case Check::InvalidRejected:
	case Check::UnmaskedKept:
		return true;
	default:
		return false;
	}
}

// Whether the observation holds what this row needs to be decided.
bool decidable(const ContractRule &r, const EffectObservation &o)
{
	switch (r.check) {
	case Check::UnchangedOnReject:
		return o.viewed && (!r.other || o.request_known);
	case Check::ReadsBack:
		return o.read_back;
	case Check::UnmaskedKept:
		return o.unmasked_known;
	case Check::ErrnoOfRule:
	case Check::ValidAccepted:
	case Check::InvalidRejected:
		return o.request_known;
	default:
		return false;
	}
}

std::string returned(long long result)
{
	return result > 0 ? fmt::format("{} ({})", errno_name((int)result), result) : std::to_string(result);
}

// " (attr_mask ...)": the request, where the family said it.
std::string asked(const EffectObservation &o)
{
	return o.request_text.empty() ? "" : " (" + o.request_text + ")";
}

} // namespace

std::vector<const ContractRule *> effect_rules_of(Verb verb)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : all_rules())
		if ((r->verbs & verb_bit(verb)) && is_effect_check(r->check))
			out.push_back(r);
	return out;
}

std::vector<const ContractRule *> effect_rules_judged(const EffectObservation &obs)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : effect_rules_of(obs.verb))
		if (decidable(*r, obs))
			out.push_back(r);
	return out;
}

Verdict judge_effect(const EffectObservation &o)
{
	Verdict v;
	const char *verb = verb_name(o.verb);
	for (const ContractRule *r : effect_rules_judged(o)) {
		switch (r->check) {
		case Check::UnchangedOnReject:
			if (o.result != 0 && !o.changes.empty() && (!r->other || o.request.breaks(r->other)))
				v.breaches.push_back(
					{r, fmt::format("{} returned {}{}, yet changed its object: {}", verb,
							returned(o.result),
							r->other ? fmt::format(" (the request breaks {})", r->other)
								 : std::string(),
							fmt::join(o.changes, "; "))});
			break;
		case Check::ReadsBack:
			if (o.result == 0 && !o.read_back_mismatches.empty())
				v.breaches.push_back({r, fmt::format("{} returned 0, yet reads back otherwise: {}", verb,
								     fmt::join(o.read_back_mismatches, "; "))});
			break;
		case Check::ErrnoOfRule: {
			// A request that breaks several rules may be refused for any
			// of them: the errno must be one of theirs.
			bool theirs = false;
			for (const RuleBreach &b : o.request.breaches)
				theirs = theirs || o.result == b.rule->err.value;
			if (o.result > 0 && !o.request.accepts() && !theirs)
				v.breaches.push_back(
					{r, fmt::format("{} returned {}; the request breaks [{}], whose errno is {}{}",
							verb, returned(o.result), o.request.first()->rule->id,
							errno_name(o.request.err()), asked(o))});
			break;
		}
		case Check::ValidAccepted:
			// No page promises resources, and a provider without the
			// verb answers EOPNOTSUPP (the verb's Feature rows, or a SKIP).
			if (o.result != 0 && o.result != ENOMEM && o.result != EOPNOTSUPP && o.request.accepts())
				v.breaches.push_back({r, fmt::format("{} returned {} on a request no rule of the verb "
								     "rejects{}",
								     verb, returned(o.result), asked(o))});
			break;
		case Check::UnmaskedKept:
			if (o.result == 0 && !o.unmasked_changes.empty())
				v.breaches.push_back({r, fmt::format("{} returned 0, yet changed what the request does not "
								     "name: {}{}",
								     verb, fmt::join(o.unmasked_changes, "; "), asked(o))});
			break;
		case Check::InvalidRejected:
			if (o.result == 0 && o.request.verdict() == Verdict::Class::MustReject)
				v.breaches.push_back({r, fmt::format("{} returned 0 on a request the contract rejects: {}",
								     verb, o.request.describe())});
			break;
		default:
			break;
		}
	}
	return v;
}

} // namespace ibvcert
