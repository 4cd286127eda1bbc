// ibvcert: conformance harness for RDMA verbs providers.
//   ibvcert devices
//   ibvcert run [-d NAME] [--filter GLOB] [--list] [--report DIR]
// Exit status: 0 nothing failed, 1 a case failed, 2 bad input.
#include "cli/case_printer.h"
#include "cli/judged_device.h"
#include "cli/case_runner.h"
#include "cli/commands.h"
#include "cli/deviations_path.h"
#include "cli/device_provider.h"
#include "cli/isolated_runner.h"
#include "cli/known_deviations.h"
#include "cli/repro_command.h"
#include "cli/verdict.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/run_context.h"
#include "fixtures/device.h"
#include "fixtures/device_caps.h"
#include "fixtures/emu/emu_device.h"
#include "contracts/names.h"
#include "properties/property_check.h"
#include "properties/suite.h"
#include "reports/run_result.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <random>
#include <set>
#include <sstream>
#include <sys/utsname.h>
#include <filesystem>
#include <fstream>

#ifndef IBVCERT_VERSION
#define IBVCERT_VERSION "0.0.0"
#endif

namespace ibvcert {
namespace {

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

void print_devices(FILE *to)
{
	auto devices = list_devices();
	bool any_real = std::any_of(devices.begin(), devices.end(),
				    [](const DeviceSummary &d) { return !d.emulated; });
	if (!any_real)
		fmt::print(to, "No RDMA device found by libibverbs on this machine.\n");
	fmt::print(to, "{:<12} {:<14} {:<12} {:<12} {}\n", "NAME", "DRIVER", "TRANSPORT",
		   "LINK LAYER", "PORTS");
	for (const auto &d : devices) {
		fmt::print(to, "{:<12} {:<14} {:<12} {:<12} {}{}\n", d.name, d.driver, d.transport,
			   d.link_layer.empty() ? "-" : d.link_layer, d.ports,
			   d.emulated ? "  (bundled emulated device)" : "");
		if (!d.open_error.empty())
			fmt::print(to, "{:<12} cannot open: {}\n", "", d.open_error);
	}
}

std::string iso_now()
{
	auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
	char buf[32];
	std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
	return buf;
}

std::string device_driver(const std::string &name)
{
	for (const auto &d : list_devices())
		if (d.name == name)
			return d.driver;
	return "";
}

std::string kernel_release()
{
	utsname u{};
	return uname(&u) == 0 ? u.release : "";
}

// "" or why DIR cannot take the reports.
std::string prepare_report_dir(const std::string &dir)
{
	std::error_code ec;
	std::filesystem::create_directories(dir, ec);
	if (ec)
		return "cannot create report directory " + dir + ": " + ec.message();
	std::string probe = dir + "/.ibvcert-write-test";
	std::ofstream out(probe);
	if (!out)
		return "report directory " + dir + " is not writable";
	out.close();
	std::filesystem::remove(probe, ec);
	return "";
}

struct RunOptions {
	std::string device = kEmuDeviceName;
	std::string filter = "*";
	std::string suite = "all";
	bool list = false;
	std::string report_dir;
	std::vector<std::string> emu_faults;
	std::string known_file;
	bool strict = false;
	bool no_isolation = false;
	bool fail_fast = false;
	double case_timeout = 60;
	int reruns = 1;
	bool quiet = false;
};

// RC_PARAMS with a seed: the caller's, or one drawn now and put into the
// environment every case process inherits. Returns RC_PARAMS as set.
std::string fix_property_seed()
{
	const char *env = std::getenv("RC_PARAMS");
	std::string params = env ? env : "";
	if (params.find("seed=") == std::string::npos) {
		std::random_device rd;
		uint64_t seed = ((uint64_t)rd() << 32) | rd();
		params += (params.empty() ? "" : " ") + fmt::format("seed={}", seed);
		setenv("RC_PARAMS", params.c_str(), 1);
	}
	return params;
}

// The cases that ran before `name` in its process: those that ended before
// it since the last case that ended its process (a crash, a hang).
std::vector<std::string> history_of(const RunResult &result, const std::string &name)
{
	std::vector<std::string> before;
	for (const auto &c : result.cases) {
		if (c.full_name() == name)
			return before;
		if (c.outcome == Outcome::Crash || c.outcome == Outcome::Timeout)
			before.clear(); // the next case ran in a new process
		else
			before.push_back(c.full_name());
	}
	return before;
}

// The evidence of a case that failed again after the cases before it:
// note, then the replay that runs them with it, in place of the replay of
// the case alone (which passes).
std::string with_history_replay(const std::string &message, const std::string &note,
				const std::string &replay)
{
	std::string out, line;
	std::istringstream lines(message);
	while (std::getline(lines, line))
		out += (line.rfind("replay: ", 0) == 0 ? note + "\nreplay: " + replay : line) + "\n";
	if (out.find("replay: ") == std::string::npos)
		out += note + "\nreplay: " + replay + "\n";
	return out.substr(0, out.size() - 1);
}

// Runs each failed case again, up to opt.reruns times, in a fresh child
// with the same input (the same RC_PARAMS seed for a property). A case that
// passes alone is run once more after the cases that ran before it in its
// process, as they ran: the device state they left is part of its input.
// If it fails again there it stays FAIL, its replay the run's own selection
// (it depends on what those cases left on the device: a state leak across
// objects); only a case that passes both ways is FLAKY, never PASS.
void rerun_failures(RunResult &result, const RunOptions &opt, const IsolationOptions &isolation,
		    const std::function<void()> &setup)
{
	std::set<std::string> depends_on_history;
	for (int round = 0; round < opt.reruns; round++) {
		std::vector<std::string> names;
		for (const auto &c : result.cases)
			if (c.outcome == Outcome::Fail && !depends_on_history.count(c.full_name()))
				names.push_back(c.full_name());
		if (names.empty())
			return;
		if (!opt.quiet)
			fmt::print("rerunning the failed cases (round {} of {})\n", round + 1, opt.reruns);
		// Each alone, in a process of its own: a failed case run after
		// another failed case would inherit what that one left.
		std::vector<std::string> passed_alone;
		for (const auto &name : names) {
			if (interrupting_signal())
				break;
			run_isolated(name, isolation, setup, [&](CaseResult again) {
				if (again.outcome == Outcome::Pass)
					passed_alone.push_back(again.full_name());
			});
		}
		for (const auto &name : passed_alone) {
			std::vector<std::string> before = history_of(result, name);
			bool failed_after_them = false;
			if (!before.empty() && !interrupting_signal()) {
				std::string glob;
				for (const auto &b : before)
					glob += b + ":";
				run_isolated(glob + name, isolation, setup, [&](CaseResult again) {
					if (again.full_name() == name)
						failed_after_them = again.outcome == Outcome::Fail;
				});
			}
			for (auto &c : result.cases) {
				if (c.full_name() != name)
					continue;
				if (failed_after_them) {
					depends_on_history.insert(name);
					std::string with = (getenv("RC_PARAMS") ? "RC_PARAMS='" + std::string(getenv("RC_PARAMS")) + "' "
										: std::string()) +
							   isolation.replay(opt.filter);
					std::string note = fmt::format(
						"passes alone (rerun {}) but fails again after the {} case(s) that ran "
						"before it in its process: it depends on what they left on the device "
						"(state carried across objects), so it stays FAIL; the replay runs them "
						"with it",
						round + 1, before.size());
					c.message = with_history_replay(c.message, note, with);
					print_case(c, false);
					continue;
				}
				c.outcome = Outcome::Flaky;
				c.message = "failed, then passed on rerun " + std::to_string(round + 1) +
					    (before.empty() ? "" : ", alone and after the cases that ran before it") +
					    "; the first failure:\n" + c.message;
				print_case(c, false);
			}
		}
	}
}

int open_run_device(const RunOptions &opt, std::unique_ptr<Device> &device, std::string &faults)
{
	if (!opt.emu_faults.empty()) {
		if (opt.device != kEmuDeviceName) {
			fmt::print(stderr, "ibvcert: --emu-fault applies only to {}\n", kEmuDeviceName);
			return kExitUsage;
		}
		EmuFaults set;
		for (const auto &name : opt.emu_faults) {
			auto fault = emu_fault_from_name(name);
			if (!fault) {
				fmt::print(stderr, "ibvcert: unknown fault knob '{}'; knobs:\n", name);
				for (const auto &k : emu_fault_knobs())
					fmt::print(stderr, "  {:<28} {}\n", k.name, k.what);
				return kExitUsage;
			}
			set.set(*fault);
			faults += (faults.empty() ? "" : ",") + name;
		}
		device = make_emu_device(set);
		return 0;
	}
	int ret = open_device(opt.device, device);
	if (ret == ENODEV) {
		fmt::print(stderr, "ibvcert: unknown device '{}'. Devices:\n", opt.device);
		print_devices(stderr);
		return kExitUsage;
	}
	if (ret) {
		fmt::print(stderr, "ibvcert: cannot open device '{}': {} ({})\n", opt.device,
			   errno_name(ret), strerror(ret));
		return kExitUsage;
	}
	return 0;
}

// The filter that runs opt.filter within opt.suite.
std::string suite_filter(const RunOptions &opt)
{
	if (opt.suite == "conformance")
		return glob_without(opt.filter, {kPropertySuiteFilter});
	if (opt.suite == "properties" && opt.filter == "*")
		return kPropertySuiteFilter;
	return opt.filter; // all, or properties chosen by name
}

int run(RunOptions opt, const std::string &argv0)
{
	if (auto bad = check_glob(opt.filter); !bad.empty()) {
		fmt::print(stderr, "ibvcert: bad --filter '{}': {}\n", opt.filter, bad);
		return kExitUsage;
	}
	std::string user_filter = opt.filter;
	opt.filter = suite_filter(opt);
	auto cases = select_cases(opt.filter);
	if (cases.empty()) {
		fmt::print(stderr, "ibvcert: --filter '{}' selects no case (ibvcert run --list shows them)\n",
			   opt.filter);
		return kExitUsage;
	}
	if (opt.list) {
		for (const auto &c : cases)
			fmt::print("{}\n", c);
		return 0;
	}
	if (!opt.report_dir.empty()) {
		if (auto bad = prepare_report_dir(opt.report_dir); !bad.empty()) {
			fmt::print(stderr, "ibvcert: {}\n", bad);
			return kExitUsage;
		}
	}

	KnownDeviations known;
	if (!opt.known_file.empty()) {
		if (auto bad = load_known_deviations(opt.known_file, known); !bad.empty()) {
			fmt::print(stderr, "ibvcert: {}\n", bad);
			return kExitUsage;
		}
		// Against every case of every suite: an id outside --suite or
		// --filter names a case all the same; one that names no case is a
		// typo or a case that is gone, and the file must match exactly.
		if (auto unmatched = unmatched_known_ids(known, select_cases("*")); !unmatched.empty()) {
			fmt::print(stderr,
				   "ibvcert: {}: {} case id(s) match no case of ibvcert (any suite; `ibvcert run "
				   "--list --suite all` lists them); fix or remove them:\n",
				   opt.known_file, unmatched.size());
			for (const auto &id : unmatched)
				fmt::print(stderr, "  {}\n", id);
			return kExitUsage;
		}
		// The entries that describe a breach wherever a call shows it:
		// the case processes (forked from here) consult them.
		set_known_breach_hook([known](const ContractRule &rule,
					      const std::string &detail) -> std::optional<std::string> {
			if (const KnownDeviation *d = known_breach(known, rule.id, detail))
				return known_text(known, *d);
			return std::nullopt;
		});
	}

	std::unique_ptr<Device> device;
	RunResult result;
	if (int ret = open_run_device(opt, device, result.device.faults))
		return ret;

	result.harness_version = IBVCERT_VERSION;
	result.started = iso_now();
	result.device.name = device->name();
	result.device.emulated = device->emulated();
	result.device.transport = transport_name(device->transport());
	DeviceCaps caps;
	result.device.driver = device_driver(opt.device);
	if (!opt.known_file.empty()) {
		// A file for another provider would judge this device by another's
		// deviations: its KNOWN and FIXED would mean nothing.
		auto names = device_provider_names(result.device.name, result.device.driver);
		if (names.empty()) {
			fmt::print(stderr, "ibvcert: warning: cannot tell which provider drives {}; {} is the "
					   "known-deviations file of provider '{}'\n",
				   result.device.name, opt.known_file, known.provider);
		} else if (!provider_matches(known.provider, names)) {
			std::string as;
			for (const auto &n : names)
				as += (as.empty() ? "" : ", ") + n;
			fmt::print(stderr, "ibvcert: {} is the known-deviations file of provider '{}', but device {} "
					   "is driven by provider '{}' (known as {}): give its own file (--known {})\n",
				   opt.known_file, known.provider, result.device.name, names.front(), as,
				   names.front());
			return kExitUsage;
		}
	}
	result.device.provider = result.device.name == kEmuDeviceName ? "emu" : userspace_provider(result.device.name);
	result.device.kernel = kernel_release();
	result.device.rdma_core = IBVCERT_RDMA_CORE_VERSION;
	// lab/run --rdma-core: the rdma-core build the run's libibverbs comes
	// from (LD_LIBRARY_PATH): where it was built from, then its release as
	// the last word, where readers of the field take the version from
	// ("Debian 56.1-1, release 56.1").
	if (const char *v = std::getenv("IBVCERT_RDMA_CORE_VERSION"); v && *v) {
		const char *from = std::getenv("IBVCERT_RDMA_CORE_SOURCE");
		result.device.rdma_core = (from && *from ? std::string(from) + ", " : std::string()) + "release " + v;
	}
	if (read_device_caps(*device, 1, caps) == 0) {
		result.device.fw_ver = caps.device.orig_attr.fw_ver;
		result.device.link_layer = link_layer_name(caps.port.link_layer);
	}
	device.reset(); // each process that runs cases opens its own
	// Every process of the run draws the properties' cases from one seed, so
	// a rerun of a failed property replays the same input (its own
	// counterexample), and FLAKY means the same input passed.
	std::string property_seed = fix_property_seed();
	// --suite all: the replay of a property case must select it too.
	std::string replay = argv0 + " run --device " + opt.device + " --suite all";
	for (const auto &f : opt.emu_faults)
		replay += " --emu-fault " + f;
	std::vector<std::string> property_cases = select_cases(kPropertySuiteFilter);
	IsolationOptions isolation;
	isolation.case_timeout = opt.case_timeout;
	isolation.device = result.device.name +
			   (result.device.faults.empty() ? "" : " (fault knobs: " + result.device.faults + ")");
	isolation.replay = [replay, property_seed, property_cases](const std::string &name) {
		bool property = std::find(property_cases.begin(), property_cases.end(), name) != property_cases.end();
		return (property ? "RC_PARAMS='" + property_seed + "' " : std::string()) + replay + " --filter '" +
		       name + "'";
	};
	auto open_in_this_process = [&opt, replay] {
		std::unique_ptr<Device> d;
		std::string faults;
		if (open_run_device(opt, d, faults) == 0)
			set_run_device(make_judged_device(std::move(d)), replay);
	};

	if (opt.quiet)
		load_property_configuration_silently();
	else
		fmt::print("ibvcert {}: {} cases of suite {} against {} ({}{}){}; RC_PARAMS='{}'\n", IBVCERT_VERSION,
			   cases.size(), opt.suite, result.device.name, result.device.transport,
			   result.device.faults.empty() ? "" : ", fault knobs: " + result.device.faults,
			   opt.no_isolation ? ", not isolated" : "", property_seed);
	// [n/N] on a terminal only: a pipe or a CI log keeps plain lines.
	set_console({opt.quiet, stdout_is_terminal() ? (int)cases.size() : 0});
	auto t0 = std::chrono::steady_clock::now();
	auto keep = [&](CaseResult c) {
		apply_known_deviations(known, c);
		print_case(c);
		result.cases.push_back(std::move(c));
	};
	result.policy.suite = opt.suite;
	result.policy.filter = user_filter;
	result.policy.known_file = opt.known_file;
	result.policy.strict = opt.strict;
	result.policy.known_given = !opt.known_file.empty();
	result.policy.rc_params = property_seed;
	result.policy.fail_fast = opt.fail_fast;
	// --fail-fast: no case starts after one that fails the run (its reruns still come).
	if (opt.fail_fast)
		isolation.stop = [&result] {
			return !result.cases.empty() && fails_the_run(result.cases.back(), result.policy);
		};
	if (opt.no_isolation) {
		// A crash ends the process: say which case was running first.
		open_in_this_process();
		run_cases(opt.filter, {[](const std::string &name) {
					       fmt::print("RUN  {}\n", name);
					       std::fflush(stdout);
				       },
				       keep, isolation.replay});
	} else {
		stop_on_signals();
		run_isolated(opt.filter, isolation, open_in_this_process, keep);
		isolation.stop = nullptr; // the reruns run whole (a rerun after its history included)
		if (!interrupting_signal())
			rerun_failures(result, opt, isolation, open_in_this_process);
	}
	result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
	print_summary(result);
	int sig = interrupting_signal();
	if (sig) {
		const char *abbrev = sigabbrev_np(sig);
		result.interrupted_by = std::string("SIG") + (abbrev ? abbrev : std::to_string(sig).c_str());
		fmt::print("ibvcert: stopped by {}: the report holds the {} case(s) that finished\n",
			   result.interrupted_by, result.cases.size());
	}
	result.failed_because = verdict(result, {opt.strict, !opt.known_file.empty()});
	result.exit_status = sig ? 128 + sig : result.failed_because.empty() ? 0 : kExitFailed;

	if (!opt.report_dir.empty()) {
		for (auto err : {write_junit(result, opt.report_dir + "/junit.xml"),
				 write_json(result, opt.report_dir + "/report.json"),
				 write_html({result}, opt.report_dir + "/report.html")})
			if (!err.empty()) {
				fmt::print(stderr, "ibvcert: {}\n", err);
				return kExitUsage;
			}
		fmt::print("reports: {0}/junit.xml {0}/report.json {0}/report.html\n", opt.report_dir);
	}
	for (const auto &w : result.failed_because)
		fmt::print("FAILED: {}\n", w);
	return result.exit_status;
}

} // namespace
} // namespace ibvcert

int main(int argc, char **argv)
{
	using namespace ibvcert;
	int gtest_argc = 1;
	::testing::InitGoogleTest(&gtest_argc, argv);

	CLI::App app{"ibvcert: conformance harness for RDMA verbs providers"};
	app.set_version_flag("--version", IBVCERT_VERSION);
	app.require_subcommand(1);

	auto *devices = app.add_subcommand("devices", "List the devices ibvcert can test");

	RunOptions opt;
	auto *run_cmd = app.add_subcommand("run", "Run every suite (conformance and properties) against one device");
	run_cmd->add_option("-d,--device", opt.device, "Device name (default emu0, the emulated device)");
	run_cmd->add_option("--filter", opt.filter,
			    "Cases to run: shell patterns (* ?) on Suite.Test/Param names, joined by ':', "
			    "excluded ones after '-'");
	run_cmd->add_flag("--list", opt.list, "List the selected cases instead of running them");
	run_cmd->add_option("--suite", opt.suite,
			    "all (default: every suite), conformance, or properties (RapidCheck; case count and "
			    "seed from RC_PARAMS); a run of one suite is partial")
		->check(CLI::IsMember({"conformance", "properties", "all"}));
	run_cmd->add_option("--report", opt.report_dir, "Write junit.xml and report.json into DIR");
	run_cmd->add_option("--emu-fault", opt.emu_faults,
			    "Test-only: plant a fault knob in emu0 (self-test of the harness)");
	run_cmd->add_option("--known", opt.known_file,
			    "Known-deviations file of the provider, or its name (rxe: the installed "
			    "deviations/rxe.json): listed failures are KNOWN, listed passes FIXED")
		->transform(CLI::Validator(resolve_deviations_file, "FILE|PROVIDER"));
	run_cmd->add_flag("--strict", opt.strict, "SHOULD failures and KNOWN deviations fail the run");
	auto *no_isolation = run_cmd->add_flag("--no-isolation", opt.no_isolation,
			  "Run every case in this process (for debugging; a crash ends the run)");
	run_cmd->add_flag("--fail-fast", opt.fail_fast,
			  "Start no case after the first that fails the run (it is rerun as usual); the report "
			  "says the run is partial")
		->excludes(no_isolation);
	run_cmd->add_option("--case-timeout", opt.case_timeout,
			    "Seconds one case may take (default 60; more than 0, at most 86400)")
		->check(CLI::Validator(
			[](std::string &text) -> std::string {
				double v = 0;
				try {
					size_t used = 0;
					v = std::stod(text, &used);
					if (used != text.size())
						return "--case-timeout takes a number of seconds, not '" + text + "'";
				} catch (const std::exception &) {
					return "--case-timeout takes a number of seconds, not '" + text + "'";
				}
				if (!std::isfinite(v) || v <= 0 || v > 86400)
					return "--case-timeout must be a finite number of seconds above 0 and at "
					       "most 86400 (a day), not '" + text + "'";
				return "";
			},
			"SECONDS"));
	run_cmd->add_option("--reruns", opt.reruns,
			    "Times a failed case is run again; a pass on rerun is FLAKY (default 1)")
		->check(CLI::Range(0, 10));
	run_cmd->add_flag("-q,--quiet", opt.quiet,
			  "Print only the cases that did not pass and the summary");

	std::string diff_before, diff_after;
	auto *diff = app.add_subcommand("diff", "Compare two report.json files; exit 1 on new failures");
	diff->add_option("before", diff_before, "report.json of the earlier run or the reference device")
		->required()->check(CLI::ExistingFile);
	diff->add_option("after", diff_after, "report.json of the later run or the other device")
		->required()->check(CLI::ExistingFile);

	std::string gate_base, gate_candidate, gate_html;
	auto *gate = app.add_subcommand(
		"gate", "Gate a change: compare CANDIDATE's runs with BASE's, exit 1 on regressions (PASS -> "
			"FAIL/KNOWN/CRASH, a new CRASH or TIMEOUT, lost coverage); writes gate.html");
	gate->add_option("base", gate_base, "BASE: a report.json, a report directory, or a directory of them")
		->required();
	gate->add_option("candidate", gate_candidate, "CANDIDATE: the same for the runs with the change")->required();
	gate->add_option("--html", gate_html, "Where to write the page (default: gate.html beside CANDIDATE's reports)");

	std::string html_out;
	std::vector<std::string> report_inputs;
	auto *report = app.add_subcommand("report", "Build the HTML certification report from report.json files");
	report->add_option("--html", html_out, "Where to write the HTML report")->required();
	report->add_option("reports", report_inputs, "report.json of each run (devices, runs)")
		->required()->check(CLI::ExistingFile);

	std::string rules_format = "text";
	auto *rules = app.add_subcommand("rules", "Print the contract: every rule with its level, errno, "
						  "condition and citation");
	rules->add_option("--format", rules_format, "text (default) or json")
		->check(CLI::IsMember({"text", "json"}));
	bool rules_coverage = false;
	rules->add_flag("--coverage", rules_coverage,
			"Print the coverage map instead: per man page, each normative sentence judged (by "
			"which rules), decided (why) or open, and the totals");

	auto *selftest = app.add_subcommand(
		"selftest", "Run the whole suite on emu0 per fault knob: every run must exit 1 through a MUST "
			    "failure, a crash or a hang, with no FLAKY case");
	std::string fuzzers_dir, fuzz_corpus = "fuzz/corpus";
	int selftest_repeat = 1;
	selftest->add_option("--repeat", selftest_repeat,
			     "Runs of the suite per knob, each with its own RapidCheck seed (1 to 100)")
		->check(CLI::Range(1, 100));
	selftest->add_option("--fuzzers", fuzzers_dir, "Directory of the built fuzz targets (build-fuzz/fuzz)")
		->check(CLI::ExistingDirectory);
	selftest->add_option("--fuzz-corpus", fuzz_corpus, "Seed corpus directory, one folder per target")
		->check(CLI::ExistingDirectory);
	bool selftest_fail_fast = false;
	selftest->add_flag("--fail-fast", selftest_fail_fast,
			   "Each knob's runs stop at their first case that fails the run (run --fail-fast); the "
			   "clean runs run whole");
	std::vector<std::string> selftest_knobs;
	selftest->add_option("--knob", selftest_knobs,
			     "Only this fault knob (repeatable; default every knob); an unknown name exits 2");

	ReproOptions repro_opt;
	auto *repro = app.add_subcommand(
		"repro", "Turn a finding (a failed case, or a fuzz input's verb trace) into a standalone C "
			 "program (cc repro.c -libverbs) that exits 1 while the deviation is present");
	auto *repro_case =
		repro->add_option("--case", repro_opt.case_name, "The case, as `ibvcert run --list` names it");
	auto *repro_from = repro->add_option("--from-trace", repro_opt.from_trace,
			  "A verb trace instead of a case: a fuzz target's (IBVCERT_FUZZ_TRACE=FILE), or --trace's")
		->check(CLI::ExistingFile);
	repro_case->excludes(repro_from);
	repro->add_option("-d,--device", repro_opt.device,
			  "Device to run the case on, or whose caps judge the trace (default: the report's, else emu0)");
	repro->add_option("--report", repro_opt.report,
			  "report.json of the run that found it: its device, seed and fault knobs")
		->check(CLI::ExistingFile);
	repro->add_option("-o,--output", repro_opt.output, "Where to write the C program (default stdout)");
	repro->add_option("--trace", repro_opt.trace_file, "Also write the case's verb trace (JSON) here");
	repro->add_option("--emu-fault", repro_opt.emu_faults, "Test-only: a fault knob of emu0");

	try {
		app.parse(argc, argv);
	} catch (const CLI::CallForHelp &e) {
		return app.exit(e);
	} catch (const CLI::CallForVersion &e) {
		return app.exit(e);
	} catch (const CLI::ParseError &e) {
		app.exit(e);
		return 2;
	}

	if (*devices) {
		print_devices(stdout);
		return 0;
	}
	if (*diff)
		return diff_command(diff_before, diff_after);
	if (*gate)
		return gate_command(gate_base, gate_candidate, gate_html);
	if (*report)
		return report_command(html_out, report_inputs);
	if (*rules)
		return rules_command(rules_format, rules_coverage);
	if (*repro)
		return repro_command(repro_opt, std::filesystem::canonical("/proc/self/exe").string());
	if (*selftest)
		return selftest_command(std::filesystem::canonical("/proc/self/exe").string(),
					fuzzers_dir.empty() ? "" : std::filesystem::absolute(fuzzers_dir).string(),
					std::filesystem::absolute(fuzz_corpus).string(), selftest_repeat,
					selftest_fail_fast, selftest_knobs);
	return run(opt, argv[0]);
}
