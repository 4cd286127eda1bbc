#include "cli/commands.h"

#include "cli/case_evidence.h"
#include "reports/run_diff.h"

#include <fmt/core.h>

namespace ibvcert {
namespace {

void print_changes(const char *title, const std::vector<CaseChange> &changes, bool detail)
{
	if (changes.empty())
		return;
	fmt::print("{} ({}):\n", title, changes.size());
	for (const auto &c : changes) {
		fmt::print("  {:<8} -> {:<8} {}\n", c.before, c.after, c.name);
		if (detail && !c.detail.empty())
			fmt::print("      {}\n", evidence_headline(c.detail));
	}
}

} // namespace

int diff_command(const std::string &before_path, const std::string &after_path)
{
	RunResult before, after;
	for (auto [path, run] : {std::pair{&before_path, &before}, std::pair{&after_path, &after}})
		if (auto bad = read_json(*path, *run); !bad.empty()) {
			fmt::print(stderr, "ibvcert diff: {}\n", bad);
			return 2;
		}
	fmt::print("before: {} on {} ({})\nafter:  {} on {} ({})\n", before_path, before.device.name,
		   before.started, after_path, after.device.name, after.started);
	RunDiff d = diff_runs(before, after);
	print_changes("new failures", d.new_failures, true);
	print_changes("fixed", d.fixes, false);
	print_changes("skips that appeared", d.new_skips, true);
	print_changes("skips that went away", d.skips_gone, false);
	print_changes("other changes", d.other, false);
	fmt::print("diff: {} new failures, {} fixed, {} new skips, {} skips gone, {} other\n",
		   d.new_failures.size(), d.fixes.size(), d.new_skips.size(), d.skips_gone.size(),
		   d.other.size());
	return d.new_failures.empty() ? 0 : 1;
}

} // namespace ibvcert
