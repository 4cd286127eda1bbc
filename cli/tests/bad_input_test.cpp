// Bad input to ibvcert gets a clear message and exit 2, never a crash.
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>

using ibvcert::testing::run_ibvcert;

TEST(IbvcertBadInput, UnknownDeviceListsTheDevicesAndExits2)
{
	auto r = run_ibvcert("run --device nosuchdev0");
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("unknown device 'nosuchdev0'"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("emu0"), std::string::npos) << r.output;
}

TEST(IbvcertBadInput, UnknownFlagExits2)
{
	auto r = run_ibvcert("run --frobnicate");
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("frobnicate"), std::string::npos) << r.output;
}

TEST(IbvcertBadInput, MissingSubcommandExits2)
{
	EXPECT_EQ(run_ibvcert("").status, 2);
}

TEST(IbvcertBadInput, MalformedGlobExits2)
{
	auto r = run_ibvcert("run --filter '[RC'");
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("bad --filter"), std::string::npos) << r.output;
}

TEST(IbvcertBadInput, CaseTimeoutMustBeFinitePositiveAndAtMostADay)
{
	for (const char *bad : {"nan", "inf", "-1", "0", "1e12", "86401", "ten", "5s"}) {
		auto r = run_ibvcert(std::string("run --filter '*RC_RESET_INIT' --case-timeout ") + bad);
		EXPECT_EQ(r.status, 2) << bad << ": " << r.output;
		EXPECT_NE(r.output.find("--case-timeout"), std::string::npos) << bad << ": " << r.output;
	}
	auto ok = run_ibvcert("run --list --filter '*ModifyQpRequiredSet*RC_INIT_RTR' --case-timeout 0.5");
	EXPECT_EQ(ok.status, 0) << ok.output;
}

TEST(IbvcertBadInput, ADashWithNothingAroundItExits2)
{
	for (const char *bad : {"-", "*-", "-*RC*", "*-:"}) {
		auto r = run_ibvcert(std::string("run --filter '") + bad + "'");
		EXPECT_EQ(r.status, 2) << bad << ": " << r.output;
		EXPECT_NE(r.output.find("bad --filter"), std::string::npos) << bad << ": " << r.output;
	}
}

TEST(IbvcertBadInput, GlobSelectingNothingExits2)
{
	auto r = run_ibvcert("run --filter 'NoSuchClause*'");
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("selects no case"), std::string::npos) << r.output;
}

TEST(IbvcertBadInput, UnwritableReportDirExits2)
{
	auto r = run_ibvcert("run --filter '*RC_RESET_INIT' --report /dev/null/reports");
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("report directory"), std::string::npos) << r.output;
}

TEST(IbvcertBadInput, UnknownFaultKnobListsTheKnobsAndExits2)
{
	auto r = run_ibvcert("run --emu-fault nope");
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("partial-apply"), std::string::npos) << r.output;
}

TEST(IbvcertRun, ListPrintsSelectedCasesOnly)
{
	auto r = run_ibvcert("run --list --filter '*ModifyQpRequiredSet*RC_INIT_RTR'");
	EXPECT_EQ(r.status, 0) << r.output;
	EXPECT_EQ(r.output, "Table/ModifyQpRequiredSet.AloneSucceeds/RC_INIT_RTR\n");
}

TEST(IbvcertRun, DevicesAlwaysListsTheEmulatedDevice)
{
	auto r = run_ibvcert("devices");
	EXPECT_EQ(r.status, 0) << r.output;
	EXPECT_NE(r.output.find("emu0"), std::string::npos) << r.output;
}
