// Whether a run failed: what counts against it in normal and strict mode.
#pragma once

#include "reports/run_result.h"

#include <string>
#include <vector>

namespace ibvcert {

struct VerdictPolicy {
	bool strict = false;      // SHOULD failures and KNOWN deviations count
	bool known_given = false; // a deviations file must match exactly
};

// The reasons the run failed; empty when it passed.
std::vector<std::string> verdict(const RunResult &run, const VerdictPolicy &policy);

} // namespace ibvcert
