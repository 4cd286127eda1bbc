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
	}
	return "?";
}

int RunResult::count(Outcome outcome) const
{
	int n = 0;
	for (const auto &c : cases)
		n += c.outcome == outcome;
	return n;
}

} // namespace ibvcert
