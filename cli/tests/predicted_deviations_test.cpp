// Deviations predicted from source (deviations/mlx5.json: "predicted":
// "from source, never run"): a run's verdict counts each listed case as
// confirmed (it failed: KNOWN), refuted (it passed: FIXED) or left untested.
#include "cli/known_deviations.h"
#include "contracts/rule_ids/sched.h"
#include "reports/case_json.h"
#include "reports/run_verdict.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

namespace ibvcert {
namespace {

std::string write(const std::string &name, const std::string &text)
{
	// Per process: ctest runs the tests of this file side by side.
	std::string path = ::testing::TempDir() + std::to_string(getpid()) + "-" + name;
	std::ofstream(path) << text;
	return path;
}

const std::string kFile = std::string(R"({"provider": "mlx5", "deviations": [
 {"cases": ["Sched/Clause.Test/*"], "reason": "refuses it", "breaks": "a sentence",
  "rules": [")") + rule_id::sched_parent_same + R"("], "predicted": "from source, never run"},
 {"cases": ["Seen/Clause.Test"], "reason": "seen on a device", "breaks": "a sentence"}]})";

CaseResult run_case(const std::string &suite, const std::string &name, Outcome outcome)
{
	CaseResult c;
	c.suite = suite;
	c.name = name;
	c.clause = "Clause.Test";
	c.level = "MUST";
	c.outcome = outcome;
	return c;
}

TEST(PredictedDeviations, TheFileSaysWhichEntriesArePredicted)
{
	KnownDeviations k;
	ASSERT_EQ(load_known_deviations(write("predicted.json", kFile), k), "");
	ASSERT_EQ(k.deviations.size(), 2u);
	EXPECT_EQ(k.deviations[0].predicted, "from source, never run");
	EXPECT_EQ(k.deviations[1].predicted, "");

	KnownDeviations bad;
	std::string why = load_known_deviations(
		write("bad.json", R"({"provider": "mlx5", "deviations": [{"cases": ["A.B"], "reason": "r",
		  "breaks": "b", "predicted": ""}]})"),
		bad);
	EXPECT_NE(why.find("\"predicted\""), std::string::npos) << why;
}

TEST(PredictedDeviations, TheVerdictCountsConfirmedRefutedAndUntested)
{
	KnownDeviations k;
	ASSERT_EQ(load_known_deviations(write("predicted.json", kFile), k), "");
	RunResult run;
	run.policy.known_file = "deviations/mlx5.json";
	run.policy.known_given = true;
	run.cases = {run_case("Sched/Clause", "Test/Confirmed", Outcome::Fail),
		     run_case("Sched/Clause", "Test/Refuted", Outcome::Pass),
		     run_case("Sched/Clause", "Test/Skipped", Outcome::Skip),
		     run_case("Sched/Clause", "Test/Confirmed2", Outcome::Fail),
		     run_case("Seen/Clause", "Test", Outcome::Fail),
		     run_case("Other", "Clause.Test", Outcome::Pass)};
	for (auto &c : run.cases)
		apply_known_deviations(k, c);
	EXPECT_EQ(run.cases[0].outcome, Outcome::Known);
	EXPECT_EQ(run.cases[1].outcome, Outcome::Fixed);
	EXPECT_EQ(run.cases[2].outcome, Outcome::Skip);
	EXPECT_EQ(run.cases[4].outcome, Outcome::Known);
	EXPECT_EQ(run.cases[4].predicted, ""); // seen, not predicted
	EXPECT_NE(run.cases[0].known_reason.find("predicted from source, never run"), std::string::npos);

	// A FIXED case fails the run, predicted or not: the file must be updated.
	run.failed_because = {"1 listed deviation is FIXED"};
	run.exit_status = 1;
	RunVerdict v = run_verdict(run);
	std::string line;
	for (const auto &d : v.details)
		if (d.rfind("predicted deviations", 0) == 0)
			line = d;
	EXPECT_EQ(line, "predicted deviations (from source, never run): 4 listed cases: 2 confirmed (the "
			"deviation showed: KNOWN), 1 refuted (it did not show: FIXED), 1 left untested "
			"(skipped, or another outcome)");

	// The report keeps it: report.json's case carries predicted_deviation.
	CaseResult back = case_from_json(case_to_json(run.cases[2]));
	EXPECT_EQ(back.predicted, "from source, never run");
	EXPECT_FALSE(case_to_json(run.cases[5]).contains("predicted_deviation"));

	// A run where every predicted case was confirmed says so too.
	run.cases.erase(run.cases.begin() + 1);
	run.failed_because.clear();
	run.exit_status = 0;
	v = run_verdict(run);
	EXPECT_EQ(v.words, "conformant with known deviations");
	bool found = false;
	for (const auto &d : v.details)
		found = found || d.find("2 confirmed (the deviation showed: KNOWN), 0 refuted") != std::string::npos;
	EXPECT_TRUE(found);
}

} // namespace
} // namespace ibvcert
