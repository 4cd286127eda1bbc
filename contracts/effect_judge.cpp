#include "contracts/effect_judge.h"
#include "contracts/rules_by_verb.h"

#include "contracts/names.h"

#include <cerrno>
#include <string_view>

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
	case Check::StartsFresh:
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
	case Check::StartsFresh:
		return o.created;
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

// Whether `key` is one of the fields the row names (`field`: prefixes,
// comma-separated: "ece." names ece.options and ece.vendor_id).
bool names_field(const ContractRule &r, const std::string &key)
{
	std::string_view fields = r.field;
	while (!fields.empty()) {
		size_t comma = fields.find(',');
		std::string_view prefix = fields.substr(0, comma);
		if (key.compare(0, prefix.size(), prefix) == 0)
			return true;
		fields = comma == std::string_view::npos ? std::string_view() : fields.substr(comma + 1);
	}
	return false;
}

} // namespace

// Per verb, once (as call_rules): judge_effect runs on every call.
const std::vector<const ContractRule *> &effect_rules_of(Verb verb)
{
	static const RulesByVerb table([](const ContractRule &r) { return is_effect_check(r.check); });
	return table.of(verb);
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
			// Each field that reads back otherwise is a breach of its
			// own: a provider defect is one field's (rxe's hop_limit),
			// and a deviations entry names the breach it explains.
			if (o.result == 0)
				for (const std::string &field : o.read_back_mismatches)
					v.breaches.push_back(
						{r, fmt::format("{} returned 0, yet reads back otherwise: {}", verb, field)});
			break;
		case Check::ErrnoOfRule: {
			// A row scoped to one request rule: a request that breaks it
			// is refused with that rule's errno, whatever else it breaks.
			if (r->other) {
				const ContractRule *scope = find_rule(r->other);
				if (o.result > 0 && scope && o.request.breaks(r->other) &&
				    o.result != scope->err.value)
					v.breaches.push_back(
						{r, fmt::format("{} returned {}; the request breaks [{}], whose errno "
								"is {}{}",
								verb, returned(o.result), r->other,
								errno_name(scope->err.value), asked(o))});
				break;
			}
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
		case Check::StartsFresh: {
			if (o.result != 0)
				break;
			std::vector<std::string> differ;
			for (const auto &[key, first] : o.first_view) {
				if (!names_field(*r, key))
					continue;
				auto now = o.created_view.find(key);
				if (now == o.created_view.end() || now->second != first)
					differ.push_back(fmt::format(
						"{}={} (the first one read {})", key,
						now == o.created_view.end() ? std::string("(not read)")
									    : std::to_string(now->second),
						first));
			}
			if (!differ.empty())
				v.breaches.push_back({r, fmt::format("{} returned an object that does not start as the "
								     "case's first of its kind did: {}",
								     verb, fmt::join(differ, "; "))});
			break;
		}
		case Check::InvalidRejected:
			// The row's level is the level of the rejections it judges:
			// a MUST row, what a MUST row rejects; a SHOULD row, what
			// only SHOULD rows reject.
			if (o.result == 0 &&
			    o.request.verdict() == (r->level == Level::MUST ? Verdict::Class::MustReject
									    : Verdict::Class::ShouldReject) &&
			    (!r->other || o.request.breaks(r->other))) // a row scoped to one request rule
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
