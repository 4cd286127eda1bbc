// What changed between two runs (before/after an rdma-core change, or two
// devices): new failures, fixes, skips that appeared or went away.
#pragma once

#include "reports/run_result.h"

#include <string>
#include <vector>

namespace ibvcert {

struct CaseChange {
	std::string name;
	std::string before; // outcome name, or "absent"
	std::string after;
	std::string detail; // the after side's message (its first line is the headline)
};

struct RunDiff {
	std::vector<CaseChange> new_failures; // not failing before, failing after
	std::vector<CaseChange> fixes;        // failing before, passing after
	std::vector<CaseChange> new_skips;
	std::vector<CaseChange> skips_gone;
	std::vector<CaseChange> other;        // any other change of outcome
};

// A failing outcome: FAIL, FIXED, CRASH, TIMEOUT.
bool is_failure(Outcome outcome);
RunDiff diff_runs(const RunResult &before, const RunResult &after);

} // namespace ibvcert
