#include "cli/commands.h"

#include "reports/run_result.h"

#include <fmt/core.h>

namespace ibvcert {

int report_command(const std::string &html_out, const std::vector<std::string> &reports)
{
	std::vector<RunResult> runs(reports.size());
	for (size_t i = 0; i < reports.size(); i++)
		if (auto bad = read_json(reports[i], runs[i]); !bad.empty()) {
			fmt::print(stderr, "ibvcert report: {}\n", bad);
			return 2;
		}
	if (auto bad = write_html(runs, html_out); !bad.empty()) {
		fmt::print(stderr, "ibvcert report: {}\n", bad);
		return 2;
	}
	fmt::print("report: {} ({} run(s))\n", html_out, runs.size());
	return 0;
}

} // namespace ibvcert
