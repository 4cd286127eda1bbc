// Runs the GoogleTest cases linked into ibvcert against the run's device and
// collects one CaseResult per case, printing a line per case as it ends.
#pragma once

#include "reports/run_result.h"

#include <functional>
#include <string>
#include <vector>

namespace ibvcert {

// Glob semantics of --filter: shell patterns with * and ?, several joined
// by ':', excluded ones after a '-' (GoogleTest's filter form). "" or why the
// glob is malformed.
std::string check_glob(const std::string &glob);
// Full names of the linked cases the glob selects, in run order.
std::vector<std::string> select_cases(const std::string &glob);

struct CaseSink {
	std::function<void(const std::string &full_name)> started;
	std::function<void(CaseResult)> ended;
	// The command that reruns a case by its full name: a failure whose
	// evidence has no replay line gets one.
	std::function<std::string(const std::string &)> replay = {};
};

// Runs the selected cases in this process, telling sink as each starts and
// ends.
void run_cases(const std::string &glob, const CaseSink &sink);
// A filter that selects what glob selects, less the names listed.
std::string glob_without(const std::string &glob, const std::vector<std::string> &names);

} // namespace ibvcert
