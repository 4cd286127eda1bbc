// Bad input to ibvcert gets a clear message and exit 2, never a crash.
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <vector>

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

TEST(IbvcertBadInput, SelftestRepeatMustBeOneToAHundred)
{
	for (const char *bad : {"0", "-3", "101", "five", "2.5"}) {
		auto r = run_ibvcert(std::string("selftest --repeat ") + bad);
		EXPECT_EQ(r.status, 2) << bad << ": " << r.output;
		EXPECT_NE(r.output.find("--repeat"), std::string::npos) << bad << ": " << r.output;
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

namespace {

// A file with text in the test's temporary directory; its path.
std::string write_file(const std::string &name, const std::string &text)
{
	std::string path = ::testing::TempDir() + "ibvcert-bad-" + std::to_string(getpid()) + "-" + name;
	std::ofstream(path) << text;
	return path;
}

std::string known_file(const std::string &provider, const std::vector<std::string> &ids)
{
	std::string cases;
	for (const auto &id : ids)
		cases += (cases.empty() ? "\"" : ", \"") + id + "\"";
	return R"({"provider": ")" + provider + R"(", "deviations": [{"reason": "r", "breaks": "s", "cases": [)" + cases +
	       "]}]}";
}

} // namespace

TEST(IbvcertKnownFile, IdsThatMatchNoCaseAreListedByNameAndExit2)
{
	std::string path = write_file("unmatched.json",
				      known_file("emu", {"Table/ModifyQpRequiredSet.AloneSucceeds/RC_INIT_RTR",
							 "Table/NoSuchClause.Anything/RC_INIT_RTR", "*NoSuchPattern*"}));
	auto r = run_ibvcert("run --filter '*RC_RESET_INIT' --known " + path);
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("2 case id(s) match no case"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("  Table/NoSuchClause.Anything/RC_INIT_RTR\n"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("  *NoSuchPattern*\n"), std::string::npos) << r.output;
	EXPECT_EQ(r.output.find("  Table/ModifyQpRequiredSet.AloneSucceeds/RC_INIT_RTR\n"), std::string::npos) << r.output;
	std::remove(path.c_str());
}

TEST(IbvcertKnownFile, IdsOutsideTheFilterOrTheSuiteAreNotUnmatched)
{
	// Listed and outside --filter '*RC_RESET_INIT' (an INIT->RTR case), and a
	// property case in a conformance run: both name cases, so the run goes on
	// (the conformance case passes on emu0, so it is neither KNOWN nor FIXED).
	std::string path = write_file("outside.json",
				      known_file("emu", {"Table/ModifyQpRequiredSet.AloneSucceeds/RC_INIT_RTR",
							 "ModifyQpProperty.AcceptedExactlyWhenTheContractSays"}));
	auto r = run_ibvcert("run --filter 'Table/ModifyQpRequiredSet.*RC_RESET_INIT' --known " + path);
	EXPECT_EQ(r.status, 0) << r.output;
	EXPECT_NE(r.output.find("PASS [MUST] Table/ModifyQpRequiredSet.AloneSucceeds/RC_RESET_INIT"), std::string::npos)
		<< r.output;
	std::remove(path.c_str());
}

TEST(IbvcertKnownFile, AFileForAnotherProviderNamesBothAndExits2)
{
	std::string path = write_file("rxe.json", known_file("rxe", {"Table/ModifyQpRequiredSet.AloneSucceeds/RC_INIT_RTR"}));
	auto r = run_ibvcert("run --filter 'Table/ModifyQpRequiredSet.*RC_RESET_INIT' --known " + path);
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("provider 'rxe', but device emu0 is driven by provider 'emu'"), std::string::npos)
		<< r.output;
	std::remove(path.c_str());
}

TEST(IbvcertKnownFile, MalformedJsonNamesTheFileThePositionAndTheShape)
{
	std::string path = write_file("syntax.json", "{\n \"provider\": \"emu\",\n \"deviations\": [,]\n}\n");
	auto r = run_ibvcert("run --filter '*RC_RESET_INIT' --known " + path);
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find(path + ": not JSON: line 3, column"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("a known-deviations file looks like {\"provider\""), std::string::npos) << r.output;
	EXPECT_EQ(r.output.find("[json.exception"), std::string::npos) << r.output;
	std::remove(path.c_str());
}

TEST(IbvcertReportFile, MalformedReportNamesTheFileThePositionAndTheShape)
{
	std::string syntax = write_file("syntax-report.json", "{\"harness\": {\"version\": \"1\"},\n \"cases\": [}\n");
	std::string shape = write_file("shape-report.json", R"({"harness": {"name": "ibvcert"}, "cases": []})");
	for (const auto &[path, what] : {std::pair{syntax, std::string("not JSON: line 2, column")},
					 std::pair{shape, std::string("\"harness\": missing \"version\"")}}) {
		auto r = run_ibvcert("diff " + path + " " + path);
		EXPECT_EQ(r.status, 2) << r.output;
		EXPECT_NE(r.output.find(path + " is not an ibvcert report: " + what), std::string::npos) << r.output;
		EXPECT_NE(r.output.find("a report.json (written by `ibvcert run --report DIR`) looks like"),
			  std::string::npos)
			<< r.output;
		EXPECT_EQ(r.output.find("[json.exception"), std::string::npos) << r.output;
		auto html = run_ibvcert("report --html /dev/null " + path);
		EXPECT_EQ(html.status, 2) << html.output;
		EXPECT_NE(html.output.find(path + " is not an ibvcert report"), std::string::npos) << html.output;
		std::remove(path.c_str());
	}
}
