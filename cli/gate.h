// What a change did to the runs it gates: the runs of BASE and CANDIDATE
// paired by device and kernel, and per pair the regressions (which fail the
// gate), the fixes, the new passes and the other changes of outcome.
//
// A regression is: PASS -> FAIL, KNOWN or CRASH; a new CRASH or TIMEOUT; a
// case that ran (any outcome but SKIP) and now SKIPs, or a clause that ran
// and has no case in CANDIDATE at all (lost coverage). A fix is a failing
// case (FAIL, KNOWN, CRASH, TIMEOUT) that passes (PASS, or FIXED: a listed
// deviation that passes). A new pass is a case that passes and was SKIP or
// absent. Anything else that changed is reported, and fails nothing.
#pragma once

#include "reports/run_result.h"

#include <string>
#include <vector>

namespace ibvcert {

struct GateRun {
	std::string path; // the report.json it came from
	RunResult run;
	std::string dir;  // its report directory's name in a directory of them ("rxe0-6.1"), else ""
};

// "rxe0 on 6.1.0-28-amd64" (and ", rdma-core X" when it was recorded).
std::string gate_run_label(const RunResult &run);

struct GateChange {
	std::string kind;   // "PASS -> FAIL", "new CRASH", "lost coverage", "FAIL -> PASS", ...
	std::string name;   // the case, or the clause for a clause that lost all its cases
	std::string level;  // MUST / SHOULD, "" unknown
	std::string before; // outcome name, "absent" or "ran" (a clause)
	std::string after;
	std::string evidence; // the candidate's message (for lost coverage: why it skips, or what ran)
	std::string replay;   // the candidate's replay command, "" if none
};

struct GatePair {
	const GateRun *base = nullptr;
	const GateRun *candidate = nullptr;
	std::string note; // why two runs of different devices or kernels were paired
	std::vector<GateChange> regressions, fixes, new_passes, other;
};

struct Gate {
	std::vector<GatePair> pairs;
	// A BASE run with no CANDIDATE run of its device and kernel: all it
	// checked is lost (a regression). A CANDIDATE run without a BASE one is
	// new coverage.
	std::vector<const GateRun *> base_only, candidate_only;

	size_t regressions() const;
};

// Pairs the runs: report directories of the same name first (a lab
// matrix: base/rxe0-6.1 with candidate/rxe0-6.1), then by device name and
// kernel release, and by rdma-core version among runs that share both. One
// run on each side is paired whatever its device and kernel (a note says
// so). "" or why the runs cannot be paired (two runs of one side that
// nothing tells apart).
std::string pair_runs(const std::vector<GateRun> &base, const std::vector<GateRun> &candidate, Gate &gate);

// The changes between the two runs of a pair.
void compare_pair(GatePair &pair);

} // namespace ibvcert
