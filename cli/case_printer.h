// The run's console output: one line per case, evidence under failures,
// and the closing summary.
#pragma once

#include "reports/run_result.h"

namespace ibvcert {

void print_case(const CaseResult &c);
void print_summary(const RunResult &run);

} // namespace ibvcert
