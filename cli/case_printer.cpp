#include "cli/case_printer.h"

#include "cli/case_evidence.h"

#include <fmt/core.h>

#include <unistd.h>

#include <cstdio>
#include <map>

namespace ibvcert {
namespace {

ConsoleOptions console;
int printed = 0;

// Cases listed again at the end of the summary.
bool failing(const CaseResult &c)
{
	return c.outcome == Outcome::Fail || c.outcome == Outcome::Fixed || c.outcome == Outcome::Crash ||
	       c.outcome == Outcome::Timeout || c.outcome == Outcome::Interrupted;
}

void print_indented(const std::string &text)
{
	size_t start = 0;
	while (start < text.size()) {
		size_t end = text.find('\n', start);
		if (end == std::string::npos)
			end = text.size();
		fmt::print("    {}\n", text.substr(start, end - start));
		start = end + 1;
	}
}

} // namespace

void set_console(const ConsoleOptions &options)
{
	console = options;
	printed = 0;
}

bool stdout_is_terminal()
{
	return isatty(STDOUT_FILENO) == 1;
}

void print_case(const CaseResult &c, bool counted)
{
	if (counted)
		printed++;
	if (console.quiet && c.outcome == Outcome::Pass)
		return;
	std::string level = c.level.empty() ? "" : "[" + c.level + "] ";
	if (console.total > 0) {
		int width = (int)std::to_string(console.total).size();
		if (counted)
			fmt::print("[{:>{}}/{}] ", printed, width, console.total);
		else
			fmt::print("[{:>{}}] ", "rerun", 2 * width + 1);
	}
	fmt::print("{} {}{}", outcome_name(c.outcome), level, c.full_name());
	if (c.outcome == Outcome::Skip)
		fmt::print(": {}", c.message);
	fmt::print("\n");
	if (c.outcome == Outcome::Known || c.outcome == Outcome::Fixed)
		print_indented("known deviation: " + c.known_reason);
	if (c.outcome == Outcome::Fail || c.outcome == Outcome::Crash ||
	    c.outcome == Outcome::Timeout || c.outcome == Outcome::Fixed ||
	    c.outcome == Outcome::Flaky)
		print_indented(c.message);
	std::fflush(stdout);
}

void print_summary(const RunResult &run)
{
	int should = 0;
	for (const auto &c : run.cases)
		should += c.outcome == Outcome::Fail && c.level == "SHOULD";
	fmt::print("ibvcert: {} passed, {} failed, {} skipped\n", run.count(Outcome::Pass),
		   run.count(Outcome::Fail), run.count(Outcome::Skip));
	fmt::print("  failed: {} MUST, {} SHOULD; known {}, fixed {}, flaky {}, crash {}, timeout {}\n",
		   run.count(Outcome::Fail) - should, should, run.count(Outcome::Known),
		   run.count(Outcome::Fixed), run.count(Outcome::Flaky), run.count(Outcome::Crash),
		   run.count(Outcome::Timeout));
	std::map<std::string, int> skips;
	for (const auto &c : run.cases)
		if (c.outcome == Outcome::Skip)
			skips[c.message]++;
	for (const auto &[reason, n] : skips)
		fmt::print("  skipped {:>5}: {}\n", n, reason);
	fmt::print("  time: {:.2f} s on {}\n", run.seconds, run.device.name);
	int n = 0;
	for (const auto &c : run.cases)
		n += failing(c);
	if (!n)
		return;
	fmt::print("failing cases ({}):\n", n);
	for (const auto &c : run.cases) {
		if (!failing(c))
			continue;
		std::string level = c.level.empty() ? "" : "[" + c.level + "] ";
		fmt::print("  {} {}{}\n", outcome_name(c.outcome), level, c.full_name());
		std::string headline = evidence_headline(c.message);
		if (!headline.empty())
			fmt::print("      {}\n", headline);
		std::string replay = evidence_replay(c.message);
		if (!replay.empty())
			fmt::print("      replay: {}\n", replay);
	}
}

} // namespace ibvcert
