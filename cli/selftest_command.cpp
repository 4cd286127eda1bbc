// ibvcert selftest: proves the harness still catches what it claims to. The
// whole suite runs against emu0 N times per test-only fault knob (--repeat,
// each run with its own RapidCheck seed); every run must exit 1 through a
// MUST failure, a crash or a hang, with no FLAKY case, and a clean emu0 must
// fail nothing. With --fuzzers the fuzz targets join the matrix. With
// --fail-fast a knob's run stops at its first case that fails it (the
// clauses it lists are then that one's), the clean run runs whole.
#include "cli/commands.h"

#include "fixtures/emu/emu_faults.h"
#include "reports/run_diff.h"
#include "reports/run_result.h"

#include <fmt/core.h>

#include <chrono>
#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <fcntl.h>
#include <future>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace ibvcert {
namespace {

// Runs argv with stdout and stderr discarded; its exit status, or -1.
int run_quietly(const std::vector<std::string> &argv)
{
	std::fflush(stdout); // or the child flushes our pending output too
	pid_t pid = fork();
	if (pid == 0) {
		// Only async-signal-safe calls here: two knobs run at once, from
		// two threads.
		int null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		std::vector<char *> args;
		for (const auto &a : argv)
			args.push_back(const_cast<char *>(a.c_str()));
		args.push_back(nullptr);
		execv(args[0], args.data());
		_exit(127);
	}
	int status = 0;
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// One run of the whole suite on emu0 with knob ("" = none), judged as
// issue 12 asks of a fault knob: the run exits 1, through at least one case
// that fails it by itself (a MUST failure, a crash or a hang: a SHOULD
// failure alone would be a MUST breach seen only at SHOULD level), and no
// case is FLAKY (the rerun replays the same input: a knob's failure that
// passes on its rerun is a finding lost). A clean emu0 must exit 0 with no
// failure at all.
struct KnobRun {
	std::string error;             // the run could not be judged: exit 2
	std::string miss;              // "" when the run is what it must be
	std::set<std::string> clauses; // clauses with a case that fails the run
	double seconds = 0;
};

KnobRun run_with_knob(const std::string &self, const std::string &knob, const std::string &dir, bool fail_fast)
{
	KnobRun r;
	// A case timeout shorter than the default: the hang knob costs twice
	// that (the case and its rerun), not minutes. Not shorter: the slowest
	// properties take 1.3-2.8 s on emu0 by their seed on an idle 2-core
	// machine, and a 3 s timeout made a clean run fail on CI with two
	// knobs' runs beside it (SchedShareProperty, TIMEOUT). The default rerun
	// stays on, so a FLAKY case shows.
	std::vector<std::string> argv = {self, "run", "--device", "emu0", "--suite", "all",
					 "--case-timeout", "20", "--report", dir};
	if (!knob.empty()) {
		argv.push_back("--emu-fault");
		argv.push_back(knob);
		if (fail_fast)
			argv.push_back("--fail-fast");
	}
	auto start = std::chrono::steady_clock::now();
	int status = run_quietly(argv);
	r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
	std::string what = "ibvcert run" + (knob.empty() ? "" : " --emu-fault " + knob);
	if (status != 0 && status != 1) {
		r.error = what + " exited with status " + std::to_string(status);
		return r;
	}
	RunResult run;
	if (auto bad = read_json(dir + "/report.json", run); !bad.empty()) {
		r.error = bad;
		return r;
	}
	std::vector<std::string> flaky, should_only;
	for (const auto &c : run.cases) {
		if (c.outcome == Outcome::Flaky)
			flaky.push_back(c.full_name());
		else if (fails_the_run(c, run.policy))
			r.clauses.insert(c.clause);
		else if (is_failure(c.outcome))
			should_only.push_back(c.full_name());
	}
	if (!flaky.empty())
		r.miss = fmt::format("{} FLAKY (first: {})", flaky.size(), flaky.front());
	else if (knob.empty() && status != 0)
		r.miss = fmt::format("exit {} without a fault: {} clauses fail", status, r.clauses.size());
	else if (knob.empty() && !should_only.empty())
		r.miss = fmt::format("{} SHOULD failures without a fault (first: {})", should_only.size(),
				     should_only.front());
	else if (!knob.empty() && status != 1)
		r.miss = should_only.empty()
				 ? fmt::format("exit {}: nothing failed", status)
				 : fmt::format("exit {}: only SHOULD failures, {} (first: {})", status,
					       should_only.size(), should_only.front());
	else if (!knob.empty() && r.clauses.empty())
		r.miss = "exit 1 but no case fails the run";
	return r;
}

// The fuzz targets (NAME_fuzzer) in dir, the empty one aside.
std::vector<std::string> fuzz_targets(const std::string &dir)
{
	std::vector<std::string> names;
	std::error_code ec;
	for (const auto &entry : std::filesystem::directory_iterator(dir, ec)) {
		std::string name = entry.path().filename().string();
		const std::string suffix = "_fuzzer";
		if (entry.is_regular_file() && name.size() > suffix.size() &&
		    name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0 &&
		    name != "empty_fuzzer" && access(entry.path().c_str(), X_OK) == 0)
			names.push_back(name.substr(0, name.size() - suffix.size()));
	}
	std::sort(names.begin(), names.end());
	return names;
}

// True when the fuzz target reports an oracle violation or a sanitizer or
// libFuzzer error within a bounded run with knob on, starting from its seeds.
bool fuzzer_catches(const std::string &dir, const std::string &target, const std::string &corpus,
		    const std::string &knob, const std::string &work)
{
	// libFuzzer writes new inputs into its first corpus directory: give it an
	// empty one of the run's own, so the committed seeds are only read.
	std::string found = work + "/corpus-" + target;
	std::filesystem::create_directories(found);
	std::string cmd = "cd '" + work + "' && IBVCERT_EMU_FAULT=" + knob + " '" + dir + "/" + target +
			  "_fuzzer' -seed=1 -runs=20000 -max_total_time=4 -timeout=3 -print_final_stats=0 '" +
			  found + "' '" + corpus + "/" + target + "' 2>&1";
	std::fflush(stdout);
	FILE *p = popen(cmd.c_str(), "r");
	if (!p)
		return false;
	std::string out;
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		out.append(buf, n);
	int status = pclose(p);
	bool failed = !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return failed && (out.find("ORACLE VIOLATION") != std::string::npos ||
			  out.find("ERROR:") != std::string::npos);
}

} // namespace

int selftest_command(const std::string &self, const std::string &fuzzers, const std::string &corpus,
		     int repeat, bool fail_fast, const std::vector<std::string> &only)
{
	std::vector<std::string> knobs;
	for (const auto &name : only) {
		if (!emu_fault_from_name(name)) {
			fmt::print(stderr, "ibvcert selftest: unknown fault knob '{}'; knobs:\n", name);
			for (const auto &k : emu_fault_knobs())
				fmt::print(stderr, "  {}\n", k.name);
			return 2;
		}
		knobs.push_back(name);
	}
	if (only.empty())
		for (const auto &k : emu_fault_knobs())
			knobs.emplace_back(k.name);

	std::string dir = (std::filesystem::temp_directory_path() /
			   ("ibvcert-selftest-" + std::to_string(getpid()))).string();
	int broken = 0;

	// Each knob's N runs: the misses, the clauses any run failed, the time.
	auto runs_of = [&](const std::string &knob, std::set<std::string> &caught,
			   std::vector<std::string> &misses, double &seconds) -> bool {
		for (int i = 0; i < repeat; i++) {
			KnobRun r = run_with_knob(self, knob,
						  dir + "/" + (knob.empty() ? "clean" : knob) + "-" + std::to_string(i),
						  fail_fast);
			if (!r.error.empty()) {
				fmt::print(stderr, "ibvcert selftest: {}\n", r.error);
				return false;
			}
			if (!r.miss.empty())
				misses.push_back(fmt::format("run {}: {}", i + 1, r.miss));
			caught.insert(r.clauses.begin(), r.clauses.end());
			seconds += r.seconds;
		}
		return true;
	};

	fmt::print("{:<28} {}\n", "fault knob",
		   fmt::format("runs of --suite all that exit 1 by a MUST failure, crash or hang, none FLAKY "
			       "(of {}); caught by (clauses, properties, fuzz:targets)", repeat));
	{
		std::set<std::string> failing;
		std::vector<std::string> misses;
		double seconds = 0;
		if (!runs_of("", failing, misses, seconds))
			return 2;
		fmt::print("{:<28} {}\n", "(none)",
			   misses.empty() ? fmt::format("{}/{} clean ({:.1f} s a run)", repeat, repeat, seconds / repeat)
					  : "FAILS without a fault");
		for (const auto &m : misses)
			fmt::print("{:<30} {}\n", "", m);
		broken += !misses.empty();
	}

	// Each knob's runs are processes of their own: two knobs at a time on a
	// machine with two cores or more, printed in the knobs' order.
	struct KnobResult {
		bool ok = false;
		std::set<std::string> caught, by_fuzz;
		std::vector<std::string> misses;
		double seconds = 0;
	};
	auto judge_knob = [&](const std::string &name) {
		KnobResult k;
		k.ok = runs_of(name, k.caught, k.misses, k.seconds);
		if (k.ok && !fuzzers.empty())
			for (const auto &target : fuzz_targets(fuzzers))
				if (fuzzer_catches(fuzzers, target, corpus, name, dir + "/fuzz-" + name + "-" + target))
					k.by_fuzz.insert("fuzz:" + target);
		return k;
	};
	size_t jobs = std::thread::hardware_concurrency() >= 2 ? 2 : 1;
	std::vector<std::future<KnobResult>> pending;
	for (size_t i = 0; i < knobs.size() && i < jobs; i++)
		pending.push_back(std::async(std::launch::async, judge_knob, knobs[i]));
	for (size_t i = 0; i < knobs.size(); i++) {
		const auto &knob = knobs[i];
		KnobResult k = pending[i].get();
		if (i + jobs < knobs.size())
			pending.push_back(std::async(std::launch::async, judge_knob, knobs[i + jobs]));
		if (!k.ok) {
			for (size_t j = i + 1; j < pending.size(); j++)
				pending[j].wait();
			return 2;
		}
		const auto &caught = k.caught;
		const auto &misses = k.misses;
		const auto &by_fuzz = k.by_fuzz;
		double seconds = k.seconds;
		int good = repeat - static_cast<int>(misses.size());
		fmt::print("{:<28} {}\n", knob,
			   misses.empty() ? fmt::format("{}/{} ({:.1f} s a run)", good, repeat, seconds / repeat)
					  : fmt::format("MISSED in {} of {} runs", misses.size(), repeat));
		for (const auto &m : misses)
			fmt::print("{:<30} {}\n", "", m);
		for (const auto &c : caught)
			fmt::print("{:<30} {}\n", "", c);
		for (const auto &c : by_fuzz)
			fmt::print("{:<30} {}\n", "", c);
		broken += !misses.empty();
	}
	std::filesystem::remove_all(dir);
	fmt::print("selftest: {} knobs, {} runs each, {} not caught every time\n", knobs.size(),
		   repeat, broken);
	return broken ? 1 : 0;
}

} // namespace ibvcert
