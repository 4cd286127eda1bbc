// Runs cases in child processes, so that a provider call that crashes or
// hangs costs one case (CRASH or TIMEOUT, with the signal and the last verb
// called), never the run. A child runs cases in sequence until it ends; the
// next child resumes after the case it was running.
#pragma once

#include "cli/case_runner.h"

#include <functional>
#include <string>
#include <vector>

namespace ibvcert {

struct IsolationOptions {
	double case_timeout = 60; // seconds one case may take
	std::string device;       // the run's device, as a CRASH / TIMEOUT case names it
	// The command that reruns one case (by its full name), for the evidence
	// of a case that crashed, hung or was interrupted.
	std::function<std::string(const std::string &)> replay;
	// Asked after each ended case: true, and no further case starts (the
	// running child is killed between cases). Unset: every case runs.
	std::function<bool()> stop;
};

// From now on SIGINT, SIGTERM and SIGHUP stop the run cleanly instead of
// killing it: run_isolated kills the running case's process group, records
// that case INTERRUPTED and returns; the caller writes what finished.
void stop_on_signals();
// The signal that stopped the run, 0 when none did.
int interrupting_signal();

// The record of a case that did not finish (CRASH, TIMEOUT, INTERRUPTED):
// what headlines it, then the device, the object and the last verb with its
// arguments (fixtures/verb_trace.h), and the replay; level, source and rules
// as the case recorded them before it ended.
CaseResult unfinished_case(const std::string &full_name, Outcome outcome, const std::string &what,
			   const IsolationOptions &options);

// child_setup runs first in every child (it opens the run's device there).
// Each ended case, from a child or as CRASH / TIMEOUT, goes to ended.
void run_isolated(const std::string &glob, const IsolationOptions &options,
		  const std::function<void()> &child_setup,
		  const std::function<void(CaseResult)> &ended);

} // namespace ibvcert
