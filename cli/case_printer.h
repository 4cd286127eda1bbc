// The run's console output: one line per case, evidence under failures,
// and the closing summary, which lists the failing cases again with their
// replay commands.
#pragma once

#include "reports/run_result.h"

namespace ibvcert {

struct ConsoleOptions {
	bool quiet = false; // only non-PASS lines and the summary
	int total = 0;      // > 0: prefix each case's line with [n/total] (stdout is a terminal)
};
// Set once before the run.
void set_console(const ConsoleOptions &options);
// Whether stdout is a terminal (where the [n/N] progress goes).
bool stdout_is_terminal();

// A case's line and its evidence. counted: a first result (it advances
// [n/N]); a rerun's FLAKY verdict is not.
void print_case(const CaseResult &c, bool counted = true);
void print_summary(const RunResult &run);

} // namespace ibvcert
