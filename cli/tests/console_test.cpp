// The console as a vendor reads it: the headline of each failure first, no
// path of the build machine, the evidence and replay once per case; [n/N]
// progress on a terminal only; -q prints only what did not pass and the
// summary, which lists the failing cases again with their replay commands.
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

using ibvcert::testing::run_ibvcert;
using ibvcert::testing::run_shell;

namespace {

// The cases of this filter: an out-of-range qp_state the knob accepts and
// applies (both checks of the case fail: accepted, and the QP changed), and
// cases that pass.
const char kCases[] = "--filter 'Table/ModifyQpInvalidValue.*/RC_INIT_RTR_qp_state_above:Table/ModifyQpRequiredSet.*/RC_*_INIT'";
const std::string kFaulty = std::string("run ") + kCases + " --emu-fault accept-out-of-range";

size_t count(const std::string &text, const std::string &what)
{
	size_t n = 0;
	for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
		n++;
	return n;
}

// The repository's path on the build machine (this file is <repo>/cli/tests/console_test.cpp).
std::string repo_path()
{
	std::string self = __FILE__;
	return self.substr(0, self.size() - std::string("/cli/tests/console_test.cpp").size());
}

} // namespace

TEST(Console, FailureEvidenceOpensWithTheHeadlineOncePerCaseWithoutBuildPaths)
{
	std::string dir = ::testing::TempDir() + "ibvcert-console-" + std::to_string(getpid());
	auto r = run_ibvcert(kFaulty + " --reruns 0 --report " + dir);
	EXPECT_EQ(r.status, 1) << r.output;
	std::ifstream in(dir + "/report.json");
	auto doc = nlohmann::json::parse(in);
	std::filesystem::remove_all(dir);
	int failed = 0;
	for (const auto &c : doc.at("cases")) {
		if (c.at("outcome") != "FAIL")
			continue;
		failed++;
		std::string m = c.at("message");
		std::string name = c.at("name");
		EXPECT_EQ(m.rfind("ibv_modify_qp accepted an invalid request\n"
				  "the QP changed although the request was invalid\ndevice: emu0\n",
				  0),
			  0u)
			<< m;
		EXPECT_EQ(count(m, "device: "), 1u) << m;
		EXPECT_EQ(count(m, "replay: "), 1u) << m;
		EXPECT_EQ(m.substr(m.rfind('\n') + 1).rfind("replay: ", 0), 0u) << m;
		EXPECT_NE(m.find("--filter '" + name + "'"), std::string::npos) << m;
		// The replay names the binary as it was run; no source file by its build path.
		for (const char *dir : {"/fixtures/", "/conformance/", "/cli/", "/contracts/"})
			EXPECT_EQ(m.find(repo_path() + dir), std::string::npos) << "a build path: " << m;
		EXPECT_NE(m.find("check: fixtures/rigs/qp_case.cpp:"), std::string::npos) << m;
	}
	EXPECT_EQ(failed, 1) << r.output;
	EXPECT_EQ(r.output.find(repo_path() + "/fixtures"), std::string::npos) << r.output;
}

TEST(Console, QuietPrintsOnlyWhatDidNotPassAndTheSummaryWithTheFailingCasesAgain)
{
	auto r = run_ibvcert(kFaulty + " --reruns 0 -q");
	EXPECT_EQ(r.status, 1) << r.output;
	EXPECT_EQ(r.output.find("PASS "), std::string::npos) << r.output;
	EXPECT_EQ(r.output.find("cases against emu0"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("FAIL [MUST] Table/ModifyQpInvalidValue"), std::string::npos) << r.output;
	size_t summary = r.output.find("failing cases (");
	ASSERT_NE(summary, std::string::npos) << r.output;
	EXPECT_LT(r.output.find("ibvcert: "), summary) << r.output;
	std::string tail = r.output.substr(summary);
	size_t fails = count(r.output.substr(0, summary), "FAIL [MUST] ");
	EXPECT_EQ(count(tail, "  FAIL [MUST] Table/ModifyQpInvalidValue"), fails) << tail;
	EXPECT_EQ(count(tail, "      replay: "), fails) << tail;
	EXPECT_EQ(count(tail, "      ibv_modify_qp accepted an invalid request\n"), fails) << tail;

	auto clean = run_ibvcert("run -q --filter 'Table/ModifyQpRequiredSet.*RC_RESET_INIT'");
	EXPECT_EQ(clean.status, 0) << clean.output;
	EXPECT_EQ(clean.output.find("PASS "), std::string::npos) << clean.output;
	EXPECT_NE(clean.output.find("ibvcert: 1 passed, 0 failed"), std::string::npos) << clean.output;
	EXPECT_EQ(clean.output.find("failing cases"), std::string::npos) << clean.output;

	// RapidCheck's own "Using configuration" line is not printed either.
	auto props = run_ibvcert("run -q --suite properties --filter 'SrqLimitProperty.*'");
	EXPECT_EQ(props.status, 0) << props.output;
	EXPECT_EQ(props.output.find("Using configuration"), std::string::npos) << props.output;
	EXPECT_NE(props.output.find("ibvcert: 1 passed, 0 failed"), std::string::npos) << props.output;
}

TEST(Console, ProgressOnATerminalOnly)
{
	const std::string filter = "'Table/ModifyQpRequiredSet.*/RC_RESET_INIT:Table/ModifyQpRequiredSet.*/UC_RESET_INIT'";
	auto piped = run_ibvcert("run --filter " + filter);
	EXPECT_EQ(piped.status, 0) << piped.output;
	EXPECT_EQ(piped.output.find("[1/2]"), std::string::npos) << piped.output;
	// script(1) runs it on a pseudo-terminal.
	auto tty = run_shell("script -qec \"" IBVCERT_BINARY " run --filter " + filter + "\" /dev/null");
	EXPECT_EQ(tty.status, 0) << tty.output;
	EXPECT_NE(tty.output.find("[1/2] PASS [MUST] Table/ModifyQpRequiredSet.AloneSucceeds/"), std::string::npos)
		<< tty.output;
	EXPECT_NE(tty.output.find("[2/2] PASS [MUST] "), std::string::npos) << tty.output;
}

TEST(Console, DiffSummarisesANewFailureByItsHeadline)
{
	std::string dir = ::testing::TempDir() + "ibvcert-diff-headline-" + std::to_string(getpid());
	auto before = run_ibvcert(std::string("run ") + kCases + " --report " + dir + "/before");
	auto after = run_ibvcert(kFaulty + " --reruns 0 --report " + dir + "/after");
	ASSERT_EQ(before.status, 0) << before.output;
	auto d = run_ibvcert("diff " + dir + "/before/report.json " + dir + "/after/report.json");
	std::filesystem::remove_all(dir);
	EXPECT_EQ(d.status, 1) << d.output;
	EXPECT_NE(d.output.find("\n      ibv_modify_qp accepted an invalid request\n"), std::string::npos) << d.output;
	EXPECT_EQ(d.output.find("Expected"), std::string::npos) << d.output;
}
