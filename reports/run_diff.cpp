#include "reports/run_diff.h"

#include <map>

namespace ibvcert {

bool is_failure(Outcome o)
{
	return o == Outcome::Fail || o == Outcome::Fixed || o == Outcome::Crash ||
	       o == Outcome::Timeout;
}

RunDiff diff_runs(const RunResult &before, const RunResult &after)
{
	std::map<std::string, const CaseResult *> old_cases;
	for (const auto &c : before.cases)
		old_cases[c.full_name()] = &c;

	RunDiff diff;
	for (const auto &c : after.cases) {
		auto it = old_cases.find(c.full_name());
		const CaseResult *old = it == old_cases.end() ? nullptr : it->second;
		if (old)
			old_cases.erase(it);
		if (old && old->outcome == c.outcome)
			continue;
		CaseChange change{c.full_name(), old ? outcome_name(old->outcome) : "absent",
				  outcome_name(c.outcome), c.message};
		bool was_failing = old && is_failure(old->outcome);
		if (is_failure(c.outcome) && !was_failing)
			diff.new_failures.push_back(change);
		else if (was_failing && c.outcome == Outcome::Pass)
			diff.fixes.push_back(change);
		else if (c.outcome == Outcome::Skip)
			diff.new_skips.push_back(change);
		else if (old && old->outcome == Outcome::Skip)
			diff.skips_gone.push_back(change);
		else
			diff.other.push_back(change);
	}
	for (const auto &[name, old] : old_cases)
		diff.other.push_back({name, outcome_name(old->outcome), "absent", ""});
	return diff;
}

} // namespace ibvcert
