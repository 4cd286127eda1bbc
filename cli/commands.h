// The ibvcert subcommands other than run. Each returns the exit status:
// 0 success, 1 a finding (new failures), 2 bad input.
#pragma once

#include <string>
#include <vector>

namespace ibvcert {

// ibvcert diff BEFORE.json AFTER.json
int diff_command(const std::string &before, const std::string &after);
// ibvcert gate BASE CANDIDATE [--html FILE]: exit 1 on regressions (gate.h),
// writes gate.html (beside CANDIDATE's reports unless html is given).
int gate_command(const std::string &base, const std::string &candidate, const std::string &html);
// ibvcert report --html OUT REPORT.json...
int report_command(const std::string &html_out, const std::vector<std::string> &reports);
// ibvcert selftest; self is the path of this ibvcert binary. Each knob's
// suite runs repeat times. With fuzzers (the directory of the NAME_fuzzer
// binaries) and corpus (fuzz/corpus), the fuzz targets join the matrix.
// fail_fast: each knob's runs stop at their first case that fails the run.
// knobs: the knobs to judge (empty: every knob); an unknown one exits 2.
int selftest_command(const std::string &self, const std::string &fuzzers, const std::string &corpus,
		     int repeat, bool fail_fast, const std::vector<std::string> &knobs);

// ibvcert rules [--format text|json] [--coverage]: every contract rule, from
// contracts/; with coverage, the coverage map of the pages (contracts/coverage.h).
int rules_command(const std::string &format, bool coverage);

} // namespace ibvcert
