// ibvcert gate BASE CANDIDATE: reads the runs of each side (a report.json,
// a report directory, or a directory of report directories: one run per
// device and kernel), pairs them (gate.h), prints each regression with its
// evidence and replay, then the fixes, new passes and other changes, and
// writes gate.html beside CANDIDATE's reports.
#include "cli/commands.h"

#include "cli/case_evidence.h"
#include "cli/gate.h"
#include "cli/gate_html.h"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace ibvcert {
namespace {

constexpr size_t kEvidenceLines = 30; // per regression on the console; gate.html has all of it

// The runs of one side; "" or what is wrong with it. dir: where its reports are.
std::string read_side(const char *side, const std::string &arg, std::vector<GateRun> &runs, std::string &dir)
{
	std::error_code ec;
	fs::path path(arg);
	if (!fs::exists(path, ec))
		return std::string(side) + " " + arg + ": no such file or directory";
	std::vector<std::string> files;
	bool matrix = false; // a directory of report directories
	if (fs::is_directory(path, ec)) {
		dir = arg;
		if (fs::is_regular_file(path / "report.json", ec)) {
			files.push_back((path / "report.json").string());
		} else {
			// A directory of report directories (a lab matrix: rxe0-6.1/, siw0-6.12/, ...).
			for (const auto &e : fs::directory_iterator(path, ec))
				if (e.is_directory() && fs::is_regular_file(e.path() / "report.json", ec))
					files.push_back((e.path() / "report.json").string());
			std::sort(files.begin(), files.end());
			matrix = true;
		}
		if (files.empty())
			return std::string(side) + " " + arg + " is a directory without report.json, and none of its "
			       "subdirectories has one: give a report.json, a report directory (`ibvcert run --report "
			       "DIR`) or a directory of report directories";
	} else {
		dir = path.has_parent_path() ? path.parent_path().string() : ".";
		files.push_back(arg);
	}
	for (const auto &f : files) {
		GateRun r{f, {}, matrix ? fs::path(f).parent_path().filename().string() : ""};
		if (auto bad = read_json(f, r.run); !bad.empty())
			return std::string(side) + ": " + bad;
		runs.push_back(std::move(r));
	}
	return "";
}

void print_evidence(const GateChange &c)
{
	std::istringstream lines(c.evidence);
	std::string line;
	size_t shown = 0, hidden = 0;
	while (std::getline(lines, line)) {
		if (line.rfind("replay: ", 0) == 0)
			continue; // printed last, once
		if (shown < kEvidenceLines) {
			fmt::print("      {}\n", line);
			shown++;
		} else {
			hidden++;
		}
	}
	if (hidden)
		fmt::print("      ({} more line(s) in gate.html)\n", hidden);
	if (!c.replay.empty())
		fmt::print("      replay: {}\n", c.replay);
}

void print_changes(const char *title, const std::vector<GateChange> &changes, bool evidence)
{
	if (changes.empty())
		return;
	fmt::print("  {} ({}):\n", title, changes.size());
	for (const auto &c : changes) {
		fmt::print("    {:<22} {}{}\n", c.kind, c.name, c.level.empty() ? "" : " [" + c.level + "]");
		if (evidence)
			print_evidence(c);
	}
}

} // namespace

int gate_command(const std::string &base_arg, const std::string &candidate_arg, const std::string &html_arg)
{
	std::vector<GateRun> base, candidate;
	std::string base_dir, candidate_dir;
	for (auto bad : {read_side("BASE", base_arg, base, base_dir),
			 read_side("CANDIDATE", candidate_arg, candidate, candidate_dir)})
		if (!bad.empty()) {
			fmt::print(stderr, "ibvcert gate: {}\n", bad);
			return 2;
		}
	// Where gate.html goes, checked before anything is printed: a verdict
	// then an exit 2 would read as bad input.
	std::string html = html_arg.empty() ? (fs::path(candidate_dir) / "gate.html").string() : html_arg;
	std::string html_dir = fs::path(html).has_parent_path() ? fs::path(html).parent_path().string() : ".";
	if (std::error_code ec; !fs::is_directory(html_dir, ec) || access(html_dir.c_str(), W_OK) != 0) {
		fmt::print(stderr, "ibvcert gate: cannot write {}: {} is not a writable directory (give --html FILE)\n",
			   html, html_dir);
		return 2;
	}
	Gate gate;
	if (auto bad = pair_runs(base, candidate, gate); !bad.empty()) {
		fmt::print(stderr, "ibvcert gate: {}\n", bad);
		return 2;
	}
	fmt::print("gate: BASE {} ({} run(s)), CANDIDATE {} ({} run(s))\n", base_arg, base.size(), candidate_arg,
		   candidate.size());
	size_t fixes = 0, new_passes = 0, other = 0;
	for (auto &p : gate.pairs) {
		compare_pair(p);
		fmt::print("{}: {} -> {}\n", gate_run_label(p.candidate->run), p.base->path, p.candidate->path);
		if (!p.note.empty())
			fmt::print("  note: {}\n", p.note);
		print_changes("regressions", p.regressions, true);
		print_changes("fixes", p.fixes, false);
		print_changes("new passes", p.new_passes, false);
		print_changes("other changes (not regressions)", p.other, false);
		if (p.regressions.empty() && p.fixes.empty() && p.new_passes.empty() && p.other.empty())
			fmt::print("  no case changed its outcome\n");
		fixes += p.fixes.size();
		new_passes += p.new_passes.size();
		other += p.other.size();
	}
	for (const auto *r : gate.base_only)
		fmt::print("{}: regression: in BASE ({}) but CANDIDATE has no run of this device and kernel: its "
			   "{} case(s) are lost coverage\n",
			   gate_run_label(r->run), r->path, r->run.cases.size());
	for (const auto *r : gate.candidate_only)
		fmt::print("{}: new in CANDIDATE ({}), nothing to compare with\n", gate_run_label(r->run), r->path);

	if (auto bad = write_gate_html(gate, base_arg, candidate_arg, html); !bad.empty()) {
		fmt::print(stderr, "ibvcert gate: {}\n", bad);
		return 2;
	}
	size_t regressions = gate.regressions();
	fmt::print("gate: {} regression(s), {} fix(es), {} new pass(es), {} other change(s) in {} pair(s) of runs; "
		   "{}\n",
		   regressions, fixes, new_passes, other, gate.pairs.size(), html);
	fmt::print("gate: {}\n", regressions ? "FAILED: the candidate regressed" : "passed: no regression");
	return regressions ? 1 : 0;
}

} // namespace ibvcert
