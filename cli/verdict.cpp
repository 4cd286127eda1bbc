#include "cli/verdict.h"

namespace ibvcert {

std::vector<std::string> verdict(const RunResult &run, const VerdictPolicy &policy)
{
	int must = 0, should = 0;
	for (const auto &c : run.cases)
		if (c.outcome == Outcome::Fail)
			(c.level == "SHOULD" ? should : must)++;
	std::vector<std::string> why;
	auto add = [&](int n, const char *what) {
		if (n)
			why.push_back(std::to_string(n) + " " + what);
	};
	add(must, "MUST case(s) failed");
	if (policy.strict)
		add(should, "SHOULD case(s) failed (--strict)");
	else if (policy.known_given)
		add(should, "SHOULD case(s) failed that the known-deviations file does not list");
	if (policy.strict)
		add(run.count(Outcome::Known), "known deviation(s) (--strict)");
	add(run.count(Outcome::Fixed), "listed deviation(s) now pass: update the known-deviations file");
	add(run.count(Outcome::Crash), "case(s) crashed");
	add(run.count(Outcome::Timeout), "case(s) timed out");
	add(run.count(Outcome::Interrupted), "case(s) interrupted: the run did not finish");
	return why;
}

} // namespace ibvcert
