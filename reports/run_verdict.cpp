#include "reports/run_verdict.h"

namespace ibvcert {
namespace {

std::string plural(int n, const std::string &one, const std::string &many)
{
	return std::to_string(n) + " " + (n == 1 ? one : many);
}

} // namespace

int must_failures(const RunResult &run)
{
	int n = 0;
	for (const auto &c : run.cases)
		n += c.outcome == Outcome::Fail && c.level != "SHOULD";
	return n;
}

int should_failures(const RunResult &run)
{
	int n = 0;
	for (const auto &c : run.cases)
		n += c.outcome == Outcome::Fail && c.level == "SHOULD";
	return n;
}

RunVerdict run_verdict(const RunResult &run)
{
	RunVerdict v;
	const RunPolicy &p = run.policy;
	v.policy = "suite " + p.suite + ", filter " + p.filter + ", known-deviations file " +
		   (p.known_file.empty() ? "none" : p.known_file) + (p.strict ? ", --strict" : ", not strict") +
		   ", exit status " + std::to_string(run.exit_status);
	if (p.filter != "*") {
		v.partial = true;
		v.partial_why = "--filter '" + p.filter + "' ran " + plural((int)run.cases.size(), "case", "cases") +
				" of the " + p.suite + " suite: a certification runs it whole";
	}
	if (!run.interrupted_by.empty()) {
		v.partial = true;
		v.partial_why += (v.partial_why.empty() ? "" : "; ") + std::string("stopped by ") +
				 run.interrupted_by + " before the end";
	}

	// The reasons the run recorded; a report written before runs recorded
	// them is judged again by its cases under its policy.
	std::vector<std::string> reasons = run.failed_because;
	if (reasons.empty()) {
		int failing = 0;
		for (const auto &c : run.cases)
			failing += fails_the_run(c, p);
		if (failing)
			reasons.push_back(plural(failing, "case fails", "cases fail") + " the run under its policy");
		else if (run.exit_status != 0)
			reasons.push_back("ibvcert exited with status " + std::to_string(run.exit_status));
	}
	int must = must_failures(run), should = should_failures(run), known = run.count(Outcome::Known);
	if (!reasons.empty()) {
		v.words = "not conformant";
		v.css = "not-conformant";
		v.headline = v.words + ": " + (must ? plural(must, "MUST failure", "MUST failures") : reasons.front());
		v.details = reasons;
		return v;
	}
	if (known) {
		v.words = "conformant with known deviations";
		int known_must = 0;
		for (const auto &c : run.cases)
			known_must += c.outcome == Outcome::Known && c.level != "SHOULD";
		v.details.push_back(plural(known, "known deviation", "known deviations") + " (" +
				    std::to_string(known_must) + " of MUST clauses) listed in " +
				    (p.known_file.empty() ? std::string("the known-deviations file") : p.known_file));
	} else if (should) {
		v.words = "conformant with deviations";
	} else {
		v.words = "conformant";
	}
	if (should)
		v.details.push_back(plural(should, "SHOULD failure", "SHOULD failures") +
				    ": spec ranges a provider may mask (they fail the run with --strict)");
	v.css = known || should ? "deviations" : "conformant";
	v.headline = v.words;
	return v;
}

} // namespace ibvcert
