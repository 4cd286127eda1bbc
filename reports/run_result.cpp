#include "reports/run_result.h"

namespace ibvcert {

const char *outcome_name(Outcome outcome)
{
	switch (outcome) {
	case Outcome::Pass: return "PASS";
	case Outcome::Fail: return "FAIL";
	case Outcome::Skip: return "SKIP";
	case Outcome::Known: return "KNOWN";
	case Outcome::Fixed: return "FIXED";
	case Outcome::Flaky: return "FLAKY";
	case Outcome::Crash: return "CRASH";
	case Outcome::Timeout: return "TIMEOUT";
	case Outcome::Interrupted: return "INTERRUPTED";
	}
	return "?";
}

const std::vector<Outcome> &all_outcomes()
{
	static const std::vector<Outcome> all = {Outcome::Pass,  Outcome::Fail,  Outcome::Skip,
						  Outcome::Known, Outcome::Fixed, Outcome::Flaky,
						  Outcome::Crash, Outcome::Timeout, Outcome::Interrupted};
	return all;
}

bool fails_the_run(const CaseResult &c, const RunPolicy &policy)
{
	switch (c.outcome) {
	case Outcome::Fail:
		return c.level != "SHOULD" || policy.strict || policy.known_given;
	case Outcome::Known:
		return policy.strict;
	case Outcome::Fixed:
	case Outcome::Crash:
	case Outcome::Timeout:
	case Outcome::Interrupted:
		return true;
	default:
		return false;
	}
}

int RunResult::count(Outcome outcome) const
{
	int n = 0;
	for (const auto &c : cases)
		n += c.outcome == outcome;
	return n;
}

} // namespace ibvcert
