#include "contracts/outcome_judge.h"

#include "contracts/names.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cerrno>
#include <string_view>
#include <utility>

namespace ibvcert {
namespace {

// The families' rows that state these checks as Check::Effect today, by
// verb: "a valid request is carried out" and "a rejected call changes
// nothing". A row that names the check itself is found without this table.
const std::pair<Verb, std::string_view> kCarriedOut[] = {
	{Verb::ModifyQp, "modify_qp.property.accepted_exactly_per_contract"},
	{Verb::ModifySrq, "srq.property.modify_accepted_exactly_per_contract"},
	{Verb::CreateSrq, "srq.property.create_reports_what_it_made"},
};
const std::pair<Verb, std::string_view> kRejectedUnchanged[] = {
	{Verb::ModifyQp, "modify_qp.rejected.changes_nothing"},
	{Verb::ModifySrq, "srq.rejected.changes_nothing"},
	{Verb::ModifyQpRateLimit, "rate_limit.range.rejected_changes_nothing"},
	{Verb::SetEce, "ece.comp_mask.rejected_stores_nothing"},
	{Verb::ModifyCq, "modify_cq.rejected.changes_nothing"},
	{Verb::SchedCreate, "sched.invalid.changes_nothing"},
	{Verb::SchedModify, "sched.invalid.changes_nothing"},
};

template <size_t N>
std::vector<const ContractRule *> rows(Verb verb, Check check,
				       const std::pair<Verb, std::string_view> (&table)[N])
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : rules_of(verb))
		if (r->check == check)
			out.push_back(r);
	if (out.empty())
		for (const auto &[v, id] : table)
			if (v == verb)
				if (const ContractRule *r = find_rule(id))
					out.push_back(r);
	return out;
}

} // namespace

std::vector<const ContractRule *> carried_out_rules(Verb verb)
{
	return rows(verb, Check::ValidAccepted, kCarriedOut);
}

std::vector<const ContractRule *> rejected_unchanged_rules(Verb verb)
{
	return rows(verb, Check::UnchangedOnReject, kRejectedUnchanged);
}

Verdict judge_request_outcome(Verb verb, const Verdict &request, long long result)
{
	Verdict v;
	if (result == 0) {
		for (const RuleBreach &b : request.breaches)
			v.breaches.push_back({b.rule, "accepted although " + b.detail});
		return v;
	}
	// A device without the feature, or without the memory, may refuse a
	// valid request (the pages' EOPNOTSUPP and ENOMEM).
	if (request.accepts() && result != EOPNOTSUPP && result != ENOMEM)
		for (const ContractRule *r : carried_out_rules(verb))
			v.breaches.push_back({r, fmt::format("no rule rejects the request, yet {} returned {}",
							     verb_name(verb), errno_name((int)result))});
	return v;
}

Verdict judge_rejected_unchanged(Verb verb, long long result, const std::vector<std::string> &changes)
{
	Verdict v;
	if (result == 0 || changes.empty())
		return v;
	for (const ContractRule *r : rejected_unchanged_rules(verb))
		v.breaches.push_back({r, fmt::format("{} returned {}, yet it changed: {}", verb_name(verb),
						     errno_name((int)result), fmt::join(changes, "; "))});
	return v;
}

} // namespace ibvcert
