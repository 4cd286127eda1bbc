#include "reports/run_verdict.h"

namespace ibvcert {
namespace {

std::string plural(int n, const std::string &one, const std::string &many)
{
	return std::to_string(n) + " " + (n == 1 ? one : many);
}

// A case during which the lab's guest kernel died (lab/run-suite writes
// its evidence: "the guest kernel oopsed/panicked ... during this case").
bool kernel_crash(const CaseResult &c)
{
	return c.message.find("guest kernel") != std::string::npos;
}

// "A, B, C and 2 more"
std::string some_names(const std::vector<std::string> &names, size_t most = 3)
{
	std::string out;
	for (size_t i = 0; i < names.size() && i < most; i++)
		out += (i ? ", " : "") + names[i];
	if (names.size() > most)
		out += " and " + std::to_string(names.size() - most) + " more";
	return out;
}

// "2 known deviations (1 of MUST clauses, 1 an expected kernel crash: X) listed in FILE"
std::string known_line(const RunResult &run)
{
	int known = run.count(Outcome::Known), known_must = 0;
	std::vector<std::string> crashes;
	for (const auto &c : run.cases)
		if (c.outcome == Outcome::Known) {
			known_must += c.level != "SHOULD";
			if (kernel_crash(c))
				crashes.push_back(c.full_name());
		}
	const std::string &file = run.policy.known_file;
	return plural(known, "known deviation", "known deviations") + " (" + std::to_string(known_must) +
	       " of MUST clauses" +
	       (crashes.empty() ? std::string()
				: ", " + plural((int)crashes.size(), "expected kernel crash", "expected kernel crashes") +
					  ": " + some_names(crashes)) +
	       ") listed in " + (file.empty() ? std::string("the known-deviations file") : file);
}

// "predicted deviations (from source, never run): 5 listed cases ran: 2
// confirmed (KNOWN), 1 refuted (FIXED), 2 untested"; "" when none is listed.
std::string predicted_line(const RunResult &run)
{
	int listed = 0, confirmed = 0, refuted = 0;
	std::string how;
	for (const auto &c : run.cases) {
		if (c.predicted.empty())
			continue;
		++listed;
		confirmed += c.outcome == Outcome::Known;
		refuted += c.outcome == Outcome::Fixed;
		if (how.empty())
			how = c.predicted;
	}
	if (!listed)
		return "";
	return "predicted deviations (" + how + "): " + plural(listed, "listed case", "listed cases") + ": " +
	       std::to_string(confirmed) + " confirmed (the deviation showed: KNOWN), " + std::to_string(refuted) +
	       " refuted (it did not show: FIXED), " + std::to_string(listed - confirmed - refuted) +
	       " left untested (skipped, or another outcome)";
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
	v.policy = "suite " + p.suite + " (properties: " + property_budget(p) + "), filter " + p.filter + ", known-deviations file " +
		   (p.known_file.empty() ? "none" : p.known_file) + (p.strict ? ", --strict" : ", not strict") +
		   ", exit status " + std::to_string(run.exit_status);
	if (p.filter != "*") {
		v.partial = true;
		v.partial_why = "--filter '" + p.filter + "' ran " + plural((int)run.cases.size(), "case", "cases") +
				" of " + (p.suite == "all" ? std::string("every suite") : "the " + p.suite + " suite") +
				": a certification runs them whole";
	}
	if (p.suite != "all") {
		v.partial = true;
		v.partial_why += (v.partial_why.empty() ? "" : "; ") + std::string("--suite ") + p.suite +
				 " ran the " + p.suite + " suite alone: a certification runs every suite (the default)";
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
		// What a reader must see first: the kernel crashes (the guest
		// died: nothing after them in that boot is trustworthy), then the
		// deviations the file already knows, then the other reasons.
		std::vector<std::string> crashed;
		for (const auto &c : run.cases)
			if (c.outcome == Outcome::Crash && kernel_crash(c))
				crashed.push_back(c.full_name());
		v.words = "not conformant";
		v.css = "not-conformant";
		if (!crashed.empty()) {
			v.headline = v.words + ": " + plural((int)crashed.size(), "kernel crash", "kernel crashes") +
				     (must ? ", " + plural(must, "MUST failure", "MUST failures") : "");
			v.details.push_back(plural((int)crashed.size(), "kernel crash", "kernel crashes") +
					    " (the guest kernel died during the case): " + some_names(crashed, 5));
		} else {
			v.headline = v.words + ": " + (must ? plural(must, "MUST failure", "MUST failures") : reasons.front());
		}
		if (known)
			v.details.push_back(known_line(run));
		if (auto p = predicted_line(run); !p.empty())
			v.details.push_back(p);
		for (const auto &r : reasons)
			if (crashed.empty() || r.find("crashed the guest kernel") == std::string::npos)
				v.details.push_back(r);
		return v;
	}
	if (known) {
		v.words = "conformant with known deviations";
		v.details.push_back(known_line(run));
	} else if (should) {
		v.words = "conformant with deviations";
	} else {
		v.words = "conformant";
	}
	if (auto p = predicted_line(run); !p.empty())
		v.details.push_back(p);
	if (should)
		v.details.push_back(plural(should, "SHOULD failure", "SHOULD failures") +
				    ": spec ranges a provider may mask (they fail the run with --strict)");
	v.css = known || should ? "deviations" : "conformant";
	v.headline = v.words;
	return v;
}

} // namespace ibvcert
