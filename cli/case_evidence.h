// The evidence of a failed case, as a person reads it: the headline first
// (what happened, in the words of the check that failed), then the facts
// (device, QP, attributes, errno, changes), each once even when several
// checks failed with the same facts; GoogleTest's assertion text last, with
// source paths relative to the repository (no path of the build machine),
// and the replay command once, as the last line.
#pragma once

#include <string>
#include <vector>

namespace ibvcert {

struct FailedCheck {
	std::string file; // __FILE__ of the check, "" when unknown
	int line = 0;
	std::string message; // GoogleTest's text, then the check's own message
};

std::string case_evidence(const std::vector<FailedCheck> &checks);

// "/src/ibvcert/fixtures/rigs/qp_case.cpp" -> "fixtures/rigs/qp_case.cpp"
// (relative to the repository ibvcert was built from); a file outside it
// (a system header) -> its base name.
std::string repo_relative(const std::string &file);

// The first line of an evidence text (its headline).
std::string evidence_headline(const std::string &message);
// The replay command in an evidence text ("replay: ..." line), "" if none.
std::string evidence_replay(const std::string &message);

} // namespace ibvcert
