// What one run of the harness found: the device, and each case's outcome
// with its clause level, source and evidence. Every report is written from it.
#pragma once

#include <string>
#include <vector>

namespace ibvcert {

// PASS, FAIL, SKIP from the case itself; KNOWN (a listed deviation that
// still fails), FIXED (a listed deviation that now passes), FLAKY (failed,
// then passed on the automatic rerun), CRASH and TIMEOUT (the case's process
// died or hung) from the runner.
// Interrupted: the run was stopped (SIGINT, SIGTERM, SIGHUP) while the case ran.
enum class Outcome { Pass, Fail, Skip, Known, Fixed, Flaky, Crash, Timeout, Interrupted };
const char *outcome_name(Outcome outcome);
// Every outcome, in the order above.
const std::vector<Outcome> &all_outcomes();

struct CaseResult {
	std::string suite;  // "Table/ModifyQpRequiredSet"
	std::string name;   // "AloneSucceeds/RC_INIT_RTR"
	std::string clause; // "ModifyQpRequiredSet.AloneSucceeds"
	Outcome outcome = Outcome::Pass;
	std::string level;  // MUST / SHOULD
	std::string source; // the man page sentence or table behind the clause
	std::vector<std::string> rules; // the contract rule ids the case checks (ibvcert rules)
	std::vector<std::string> judged; // the rule ids the call judge held its calls to
	std::string message; // failure evidence, or the skip reason
	std::string known_reason; // for KNOWN / FIXED: the deviation file's entry
	// Listed by a predicted entry of the deviations file (its "predicted":
	// "from source, never run"), whatever the outcome; "" otherwise.
	std::string predicted;
	double seconds = 0;

	std::string full_name() const { return suite + "." + name; }
};

struct DeviceInfo {
	std::string name;
	std::string driver;
	std::string kernel;    // uname -r of the machine the run drove
	std::string rdma_core; // libibverbs version the harness was built with
	std::string transport;
	std::string link_layer;
	std::string fw_ver;
	bool emulated = false;
	std::string faults; // emulated device fault knobs, test-only
	std::string provider; // the libibverbs provider that drives it ("rxe", "mlx5"), "" unknown
};

// How the run was asked for and judged, recorded with its results.
struct RunPolicy {
	std::string suite = "all"; // conformance, properties, all (the default: every suite)
	std::string filter = "*";
	std::string known_file;   // the deviations file, "" for none
	bool strict = false;      // SHOULD failures and KNOWN deviations fail the run
	bool known_given = false; // a deviations file must match exactly
	std::string rc_params;    // RC_PARAMS the properties ran with (their seed)
	bool fail_fast = false;   // the run started no case after the first that failed it
};

// The suites a --suite value runs: "all" is every suite.
std::vector<std::string> suites_of(const std::string &suite);
// The properties' budget under rc_params: "max_success=100 (RapidCheck's
// default)" or "max_success=N (RC_PARAMS)"; "none" when no property ran.
std::string property_budget(const RunPolicy &policy);
// Whether the run left out part of the certification: a --filter, a
// --suite other than all, or --fail-fast.
bool policy_is_partial(const RunPolicy &policy);

// Whether this case's outcome fails a run judged by policy.
bool fails_the_run(const CaseResult &c, const RunPolicy &policy);

struct RunResult {
	std::string harness_version;
	std::string started; // ISO 8601, UTC
	double seconds = 0;
	DeviceInfo device;
	RunPolicy policy;
	std::vector<CaseResult> cases;
	// The verdict: the reasons the run failed (empty: it passed), and the
	// exit status ibvcert returned.
	std::vector<std::string> failed_because;
	int exit_status = 0;
	std::string interrupted_by; // "SIGTERM" when a signal stopped the run

	int count(Outcome outcome) const;
};

// Each writer returns "" or an error message.
std::string write_junit(const RunResult &run, const std::string &path);
std::string write_json(const RunResult &run, const std::string &path);
// The certification report: clauses x runs, for one run or many.
std::string write_html(const std::vector<RunResult> &runs, const std::string &path);
// Reads a report.json back: "" or a message naming the file, what is wrong
// (the JSON error's line and column, or the missing part) and the shape.
std::string read_json(const std::string &path, RunResult &run);

} // namespace ibvcert
