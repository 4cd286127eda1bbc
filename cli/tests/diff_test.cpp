// ibvcert diff: the CI gate on before/after reports.
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>

#include <filesystem>

using ibvcert::testing::run_ibvcert;

class IbvcertDiff : public ::testing::Test {
protected:
	void SetUp() override
	{
		dir = ::testing::TempDir() + "ibvcert-diff-" + std::to_string(getpid());
		ASSERT_EQ(run_ibvcert("run --filter '*ModifyQpInvalidTransition*' --report " + dir + "/clean").status, 0);
		ASSERT_EQ(run_ibvcert("run --filter '*ModifyQpInvalidTransition*' --emu-fault accept-invalid-transition "
				      "--report " + dir + "/knob").status, 1);
	}
	void TearDown() override { std::filesystem::remove_all(dir); }
	std::string dir;
};

TEST_F(IbvcertDiff, NewFailuresExitNonZeroAndAreListed)
{
	auto r = run_ibvcert("diff " + dir + "/clean/report.json " + dir + "/knob/report.json");
	EXPECT_EQ(r.status, 1) << r.output;
	EXPECT_NE(r.output.find("diff: 92 new failures, 0 fixed"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("PASS     -> FAIL"), std::string::npos) << r.output;
}

TEST_F(IbvcertDiff, FixesAloneExitZero)
{
	auto r = run_ibvcert("diff " + dir + "/knob/report.json " + dir + "/clean/report.json");
	EXPECT_EQ(r.status, 0) << r.output;
	EXPECT_NE(r.output.find("0 new failures, 92 fixed"), std::string::npos) << r.output;
}

TEST_F(IbvcertDiff, MalformedReportExits2)
{
	auto r = run_ibvcert("diff " + dir + "/clean/junit.xml " + dir + "/clean/report.json");
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("not an ibvcert report"), std::string::npos) << r.output;
}
