// The verdict a report states for one run, in words: read from what the run
// recorded (its policy, and the reasons it failed), so a report says what
// ibvcert's exit status said.
#pragma once

#include "reports/run_result.h"

#include <string>
#include <vector>

namespace ibvcert {

struct RunVerdict {
	// "conformant", "conformant with known deviations" (KNOWN cases the
	// deviations file lists), "conformant with deviations" (SHOULD failures
	// the policy lets pass, no file lists them), "not conformant".
	std::string words;
	// words, plus what makes a run not conformant: "not conformant: 27 MUST failures".
	std::string headline;
	const char *css; // "conformant", "deviations", "not-conformant"
	// A --filter run checks part of the suite: it is no certification.
	bool partial = false;
	std::string partial_why;          // "--filter '*Srq*' ran 40 cases"
	std::vector<std::string> details; // the reasons, one sentence each
	std::string policy;               // "suite conformance, filter *, known file -, not strict"
};

// Failures of a MUST clause (a case without a level counts as MUST, as the
// exit status counts it).
int must_failures(const RunResult &run);
// SHOULD failures: they fail the run only with --strict or a --known file.
int should_failures(const RunResult &run);

RunVerdict run_verdict(const RunResult &run);

} // namespace ibvcert
