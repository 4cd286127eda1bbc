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

namespace ibvcert {

std::vector<std::string> suites_of(const std::string &suite)
{
	if (suite == "all")
		return {"conformance", "properties"};
	return {suite};
}

std::string property_budget(const RunPolicy &policy)
{
	if (policy.suite == "conformance")
		return "none";
	// RC_PARAMS is "key=value" words; RapidCheck's own default is 100.
	const std::string key = "max_success=";
	const std::string &p = policy.rc_params;
	for (size_t at = p.find(key); at != std::string::npos; at = p.find(key, at + 1))
		if (at == 0 || p[at - 1] == ' ')
			return key + p.substr(at + key.size(), p.find(' ', at) - at - key.size()) +
			       " cases per property (RC_PARAMS)";
	return "max_success=100 cases per property (RapidCheck's default)";
}

bool policy_is_partial(const RunPolicy &policy)
{
	return policy.filter != "*" || policy.suite != "all" || policy.fail_fast;
}

} // namespace ibvcert
