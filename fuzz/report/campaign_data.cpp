#include "fuzz/report/campaign_data.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace ibvcert::fuzz {
namespace fs = std::filesystem;
namespace {

std::vector<std::string> split_tabs(const std::string &line)
{
	std::vector<std::string> cells;
	std::string cell;
	std::istringstream in(line);
	while (std::getline(in, cell, '\t'))
		cells.push_back(cell);
	if (!line.empty() && line.back() == '\t')
		cells.emplace_back();
	return cells;
}

std::vector<std::vector<std::string>> read_tsv(const fs::path &file)
{
	std::vector<std::vector<std::string>> rows;
	std::ifstream in(file);
	std::string line;
	while (std::getline(in, line))
		if (!line.empty())
			rows.push_back(split_tabs(line));
	return rows;
}

double number(const std::vector<std::string> &row, size_t i)
{
	if (i >= row.size())
		return 0;
	try {
		return std::stod(row[i]);
	} catch (...) {
		return 0;
	}
}

std::string cell(const std::vector<std::string> &row, size_t i)
{
	return i < row.size() ? row[i] : "";
}

// The files of dir/sub with the extension, sorted by name.
std::vector<fs::path> files_in(const fs::path &dir, const char *ext)
{
	std::vector<fs::path> out;
	std::error_code ec;
	for (const auto &e : fs::directory_iterator(dir, ec))
		if (e.is_regular_file() && e.path().extension() == ext)
			out.push_back(e.path());
	std::sort(out.begin(), out.end());
	return out;
}

TargetRun &target_of(Campaign &c, const std::string &run, const std::string &target)
{
	for (auto &t : c.targets)
		if (t.run == run && t.target == target)
			return t;
	c.targets.push_back({});
	c.targets.back().run = run;
	c.targets.back().target = target;
	return c.targets.back();
}

std::string read_text(const fs::path &file)
{
	std::ifstream in(file);
	std::stringstream s;
	s << in.rdbuf();
	return s.str();
}

// A guest kernel failure's write-up (lab/fuzz-campaign.sh).
Finding kernel_finding(const std::string &run, const fs::path &txt)
{
	Finding f;
	f.run = run;
	f.kind = "kernel";
	f.files = 1;
	f.evidence = txt.string();
	std::string text = read_text(txt), console;
	std::istringstream in(text);
	std::string line;
	bool in_console = false;
	while (std::getline(in, line)) {
		if (in_console) {
			console += line + "\n";
			continue;
		}
		auto value = [&](const char *prefix) -> const char * {
			return line.rfind(prefix, 0) == 0 ? line.c_str() + strlen(prefix) : nullptr;
		};
		if (const char *v = value("guest kernel failure: "))
			f.headline = v;
		else if (const char *v = value("known kernel bug: "))
			f.known_bug = v;
		else if (const char *v = value("target: "))
			f.target = v;
		else if (const char *v = value("replay: "))
			f.replay = v;
		else if (const char *v = value("input: "))
			f.input = std::string(v).substr(0, std::string(v).find(' '));
		else if (line == "--- guest console ---")
			in_console = true;
	}
	if (f.input == "none")
		f.input.clear();
	f.key = oops_key(console.empty() ? f.headline : console);
	f.repro_note = "a guest kernel failure: replay it in the lab";
	return f;
}

void read_run(Campaign &c, const fs::path &dir, const std::string &run)
{
	for (const auto &file : files_in(dir / "progress", ".tsv")) {
		TargetRun &t = target_of(c, run, file.stem().string());
		for (const auto &row : read_tsv(file))
			t.progress.push_back({number(row, 0), number(row, 1), number(row, 2), number(row, 3),
					      number(row, 4), number(row, 5), number(row, 6)});
	}
	for (const auto &file : files_in(dir / "summary", ".tsv")) {
		auto rows = read_tsv(file);
		if (rows.empty())
			continue;
		TargetRun &t = target_of(c, run, file.stem().string());
		const auto &r = rows.back();
		t.has_summary = true;
		t.runs = number(r, 0);
		t.seconds = number(r, 1);
		t.exec_per_s = number(r, 2);
		t.cov = number(r, 3);
		t.ft = number(r, 4);
		t.corpus_before = number(r, 5);
		t.corpus_after = number(r, 6);
		t.budget = number(r, 7);
	}
	for (const auto &file : files_in(dir / "findings", ".tsv"))
		for (const auto &r : read_tsv(file)) {
			Finding f;
			f.run = run;
			f.target = file.stem().string();
			f.key = cell(r, 0);
			f.kind = f.key.rfind("ORACLE VIOLATION ", 0) == 0 ? "oracle" : "sanitizer";
			f.headline = f.key;
			f.files = (int)number(r, 1);
			f.evidence = cell(r, 2);
			f.input = cell(r, 3);
			f.replay = cell(r, 4);
			f.repro = cell(r, 5);
			f.repro_note = cell(r, 6);
			c.findings.push_back(f);
		}
	for (const auto &file : files_in(dir / "evidence" / "kernel", ".txt")) {
		Finding f = kernel_finding(run, file);
		// Deduplicated by the oops and its stack: one row, the guest stops counted.
		auto same = std::find_if(c.findings.begin(), c.findings.end(),
					 [&](const Finding &o) { return identity(o) == identity(f); });
		if (same != c.findings.end())
			same->files++;
		else
			c.findings.push_back(f);
	}
	for (const auto &r : read_tsv(dir / "known-met.tsv")) {
		KnownMet k;
		k.run = run;
		k.count = (long)number(r, 0);
		k.target = cell(r, 1);
		k.entry = cell(r, 2);
		k.clause = cell(r, 3);
		k.reason = cell(r, 4);
		c.known.push_back(k);
	}
}

bool is_run_dir(const fs::path &dir)
{
	for (const char *sub : {"progress", "summary", "findings", "evidence"})
		if (fs::is_directory(dir / sub))
			return true;
	return fs::exists(dir / "known-met.tsv");
}

} // namespace

std::string identity(const Finding &f)
{
	return f.run + "|" + (f.kind == "kernel" ? std::string("kernel") : f.target) + "|" + f.key;
}

std::string oops_key(const std::string &console)
{
	static const std::regex failure(
		"(Oops|BUG:|kernel BUG at|Kernel panic|general protection fault|Unable to handle kernel|"
		"unable to handle page fault|double fault|WARNING:|soft lockup|hung_task).*");
	static const std::regex stamp("^\\[ *[0-9.]+\\] *");
	static const std::regex cpu_pid("CPU: [0-9]+ PID: [0-9]+");
	static const std::regex offset("\\+0x[0-9a-f]+/0x[0-9a-f]+");
	static const std::regex address("(0x[0-9a-f]+|ffff[0-9a-f]{12})");
	static const std::regex frame("^ *(\\? )?([A-Za-z_][A-Za-z0-9_.]*)\\+0x[0-9a-f]+/0x[0-9a-f]+");
	std::istringstream in(console);
	std::string line, first;
	std::vector<std::string> frames;
	bool trace = false;
	while (std::getline(in, line)) {
		if (!line.empty() && line.back() == '\r')
			line.pop_back();
		line = std::regex_replace(line, stamp, "");
		std::smatch m;
		if (first.empty() && std::regex_search(line, m, failure)) {
			first = std::regex_replace(m.str(0), cpu_pid, "CPU PID");
			first = std::regex_replace(std::regex_replace(first, offset, ""), address, "ADDR");
			continue;
		}
		if (first.empty())
			continue;
		if (line.find("Call Trace:") != std::string::npos) {
			trace = true;
			continue;
		}
		// Unreliable frames ("? foo+0x...") are left out; the first five of the rest.
		if (trace && std::regex_search(line, m, frame) && !m[1].matched && frames.size() < 5) {
			std::string fn = m[2].str();
			if (fn != "dump_stack_lvl" && fn != "dump_stack" && fn.rfind("kasan_", 0) &&
			    fn.rfind("print_", 0) && fn != "__warn" && fn != "report_bug")
				frames.push_back(fn);
		}
	}
	if (first.empty()) {
		first = console.substr(0, console.find('\n'));
		first = std::regex_replace(std::regex_replace(first, stamp, ""), offset, "");
		first = std::regex_replace(first, address, "ADDR");
	}
	std::string key = first;
	if (!frames.empty()) {
		key += " @";
		for (const auto &f : frames)
			key += " " + f;
	}
	return key;
}

Campaign read_campaign(const std::string &dir, std::string &error)
{
	Campaign c;
	c.dir = dir;
	if (!fs::is_directory(dir)) {
		error = "'" + dir + "' is not a campaign output directory";
		return c;
	}
	if (is_run_dir(dir))
		read_run(c, dir, "");
	std::vector<fs::path> runs;
	std::error_code ec;
	for (const auto &e : fs::directory_iterator(dir, ec))
		if (e.is_directory() && is_run_dir(e.path()) && e.path().filename() != "evidence")
			runs.push_back(e.path());
	std::sort(runs.begin(), runs.end());
	for (const auto &r : runs)
		read_run(c, r, r.filename().string());
	return c;
}

} // namespace ibvcert::fuzz
