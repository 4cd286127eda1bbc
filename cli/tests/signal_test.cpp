// A run stopped by a signal (a CI job's timeout) keeps its results: the
// running case is INTERRUPTED, its process group killed, every report
// written whole, the exit status 128 + the signal, and no ibvcert left.
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include <filesystem>
#include <fstream>

using ibvcert::testing::run_shell;

namespace {

class StoppedRun : public ::testing::TestWithParam<const char *> {
protected:
	void TearDown() override { std::filesystem::remove_all(dir); }
	std::string dir = ::testing::TempDir() + "ibvcert-signal-" + std::to_string(getpid());
};

TEST_P(StoppedRun, WritesWhatFinishedMarksTheRunningCaseInterruptedAndLeavesNoProcess)
{
	// The hang knob makes the RC RTS->SQD case hang (with a timeout far away),
	// after the cases before it have finished.
	std::string sig = GetParam();
	auto r = run_shell(std::string(IBVCERT_BINARY) +
			   " run --emu-fault hang-in-modify --case-timeout 600 --report " + dir +
			   " --filter '*ModifyQpInvalidValue*:*ModifyQpOptionalAttribute*RC_RTS_SQD_EN_SQD*'"
			   " > " + dir + ".log 2>&1 & pid=$!; sleep 3; kill -" + sig +
			   " $pid; wait $pid; echo status=$?; sleep 1; pgrep -f '^[^ ]*ibvcert run .*" + dir + "' || echo none-left");
	int want = sig == "TERM" ? 143 : sig == "INT" ? 130 : 129;
	EXPECT_NE(r.output.find("status=" + std::to_string(want)), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("none-left"), std::string::npos) << "an ibvcert process outlived the run:\n"
								 << r.output;

	std::ifstream in(dir + "/report.json");
	auto doc = nlohmann::json::parse(in); // whole, or this throws
	EXPECT_EQ(doc.at("verdict").at("exit_status"), want);
	EXPECT_EQ(doc.at("verdict").at("interrupted_by"), "SIG" + sig);
	EXPECT_EQ(doc.at("summary").at("INTERRUPTED"), 1);
	EXPECT_GT(doc.at("summary").at("PASS").get<int>(), 10) << "the cases that finished are kept";
	pugi::xml_document junit;
	ASSERT_TRUE(junit.load_file((dir + "/junit.xml").c_str()));
	EXPECT_EQ(junit.child("testsuites").attribute("errors").as_int(), 1);
	EXPECT_TRUE(std::filesystem::exists(dir + "/report.html"));
	std::filesystem::remove(dir + ".log");
}

INSTANTIATE_TEST_SUITE_P(Signals, StoppedRun, ::testing::Values("TERM", "INT", "HUP"));

} // namespace
