// ibvcert selftest: proves the harness still catches what it claims to. The
// suite runs against emu0 once per test-only fault knob; every knob must make
// at least one clause or property fail, and a clean emu0 must fail nothing.
#include "cli/commands.h"

#include "fixtures/emu/emu_faults.h"
#include "reports/run_diff.h"
#include "reports/run_result.h"

#include <fmt/core.h>

#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

namespace ibvcert {
namespace {

// Runs argv with stdout and stderr discarded; its exit status, or -1.
int run_quietly(const std::vector<std::string> &argv)
{
	std::fflush(stdout); // or the child flushes our pending output too
	pid_t pid = fork();
	if (pid == 0) {
		freopen("/dev/null", "w", stdout);
		freopen("/dev/null", "w", stderr);
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

// The clauses with a failing case when the suite runs with knob ("" = none).
std::string failing_clauses(const std::string &self, const std::string &knob,
			    const std::string &dir, std::set<std::string> &clauses)
{
	// A short case timeout: the hang knob costs a few seconds, not minutes.
	std::vector<std::string> argv = {self, "run", "--device", "emu0", "--suite", "all", "--reruns", "0",
					 "--case-timeout", "3", "--report", dir};
	if (!knob.empty()) {
		argv.push_back("--emu-fault");
		argv.push_back(knob);
	}
	int status = run_quietly(argv);
	if (status != 0 && status != 1)
		return "ibvcert run" + (knob.empty() ? "" : " --emu-fault " + knob) +
		       " exited with status " + std::to_string(status);
	RunResult run;
	if (auto bad = read_json(dir + "/report.json", run); !bad.empty())
		return bad;
	for (const auto &c : run.cases)
		if (is_failure(c.outcome))
			clauses.insert(c.clause);
	return "";
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

int selftest_command(const std::string &self, const std::string &fuzzers, const std::string &corpus)
{
	std::string dir = (std::filesystem::temp_directory_path() /
			   ("ibvcert-selftest-" + std::to_string(getpid()))).string();
	int broken = 0;

	std::set<std::string> clean;
	if (auto bad = failing_clauses(self, "", dir + "/clean", clean); !bad.empty()) {
		fmt::print(stderr, "ibvcert selftest: {}\n", bad);
		return 2;
	}
	fmt::print("{:<28} {}\n", "fault knob", "caught by (clauses, properties, fuzz:targets)");
	fmt::print("{:<28} {}\n", "(none)", clean.empty() ? "nothing fails: clean" : "FAILS without a fault");
	broken += !clean.empty();

	for (const auto &knob : emu_fault_knobs()) {
		std::set<std::string> caught;
		if (auto bad = failing_clauses(self, knob.name, dir + "/" + knob.name, caught); !bad.empty()) {
			fmt::print(stderr, "ibvcert selftest: {}\n", bad);
			return 2;
		}
		if (!fuzzers.empty())
			for (const auto &target : fuzz_targets(fuzzers))
				if (fuzzer_catches(fuzzers, target, corpus, knob.name,
						   dir + "/fuzz-" + knob.name + "-" + target))
					caught.insert("fuzz:" + target);
		fmt::print("{:<28} {}\n", knob.name, caught.empty() ? "NOTHING (the suites miss this fault)" : "");
		for (const auto &c : caught)
			fmt::print("{:<30} {}\n", "", c);
		broken += caught.empty();
	}
	std::filesystem::remove_all(dir);
	fmt::print("selftest: {} knobs, {} not caught\n", emu_fault_knobs().size(), broken);
	return broken ? 1 : 0;
}

} // namespace ibvcert
