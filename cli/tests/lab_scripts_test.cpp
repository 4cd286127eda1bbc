// The lab scripts' own logic, on the host: lab/run-suite and
// lab/kernel-regression with cli/tests/fake-lab-run in place of lab/run
// (IBVCERT_LAB_RUN), driving ibvcert on emu0. What a newcomer tripped on
// (issue 22): a usage error inside the guest read as a lab failure; replays
// without --share and the deviations file; a `reports:` line naming a
// boot's report; policy.partial on a full run; the kernel printed twice.
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/utsname.h>

using ibvcert::testing::run_shell;
using nlohmann::json;

namespace {

const std::string kSource = IBVCERT_SOURCE_DIR;
const std::string kFake = kSource + "/cli/tests/fake-lab-run";
const std::string kCrashCase = "Traffic/SrqCreateLimit.DoesNotArm/RC";
const std::string kPropertyCase = "ModifyQpProperty.RejectedRequestChangesNothing";

std::string read_file(const std::string &path)
{
	std::ifstream in(path);
	std::stringstream s;
	s << in.rdbuf();
	return s.str();
}

class LabScripts : public ::testing::Test {
protected:
	void SetUp() override
	{
		dir = ::testing::TempDir() + "ibvcert-labscripts-" + std::to_string(getpid());
		std::filesystem::create_directories(dir + "/devs");
		report = dir + "/report";
	}
	void TearDown() override { std::filesystem::remove_all(dir); }

	// lab/run-suite with the fake lab/run; env: extra NAME=value words.
	ibvcert::testing::CommandResult run_suite(const std::string &env, const std::string &lab_args,
						  const std::string &ibvcert_args)
	{
		return run_shell("env IBVCERT_LAB_RUN=" + kFake + " " + env + " " + kSource + "/lab/run-suite " +
				 lab_args + " -- " + IBVCERT_BINARY + " run --device emu0 " + ibvcert_args +
				 " --report " + report);
	}
	// A deviations file for emu0 whose one entry lists case.
	void write_devs(const std::string &case_name, const std::string &extra)
	{
		std::ofstream(dir + "/devs/emu.json")
			<< R"({"provider": "emu", "deviations": [{"cases": [")" << case_name
			<< R"("], "reason": "the kernel oopses", "breaks": "the kernel must not corrupt memory")" << extra
			<< "}]}";
	}
	json merged() { return json::parse(read_file(report + "/report.json")); }

	std::string dir, report;
};

// The cases the crash test's filter selects: the SRQ limit ones.
const std::string kFilter = "--filter '*SrqCreateLimit*:*SrqLimitAboveMaxWr*'";

} // namespace

TEST_F(LabScripts, AUsageErrorInsideTheGuestIsExit2NotALabFailure)
{
	auto r = run_suite("FAKE_LAB_EXIT=2", "", kFilter);
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("refused as bad usage (exit 2, its message is above), inside the guest: not a lab "
				"failure"),
		  std::string::npos)
		<< r.output;
	EXPECT_EQ(r.output.find("the lab failed"), std::string::npos) << r.output;
}

// `--known NAME` is found on the host and the guest gets the file's path;
// a file under /tmp (which the guest does not see) is copied into the
// report directory first.
TEST_F(LabScripts, KnownByNameIsResolvedOnTheHostAndTheGuestGetsAPathItSees)
{
	write_devs("Attr/SrqLimitAboveMaxWr.*", "");
	auto r = run_suite("IBVCERT_DEVIATIONS_DIR=" + dir + "/devs FAKE_LAB_ARGV=" + dir + "/argv", "",
			   kFilter + " --known emu");
	ASSERT_EQ(r.status, 1) << r.output; // the listed cases pass on emu0: FIXED
	std::string copy = report + "/known-deviations.json";
	EXPECT_NE(r.output.find("using a copy, " + copy), std::string::npos) << r.output;
	EXPECT_NE(read_file(dir + "/argv").find("--known " + copy + " "), std::string::npos) << read_file(dir + "/argv");
	EXPECT_EQ(merged()["policy"]["known_file"], copy);
	EXPECT_EQ(merged()["summary"]["FIXED"], 1) << r.output;
}

// A kernel crash in boot 1: the case is CRASH with a replay that runs it
// in a fresh guest as this run did (kernel, share, deviations file), the
// run ends in boot 2, the `reports:` line names the merged report, and a
// run of the whole suite is not partial.
TEST_F(LabScripts, AKernelCrashHasAFullReplayAndTheMergedReportIsNamed)
{
	write_devs("Attr/SrqLimitAboveMaxWr.*", ", \"kernels\": [\"0.1\"]"); // applies to no kernel
	// The whole property suite, at a few cases per property: a full run.
	auto r = run_suite("RC_PARAMS=max_success=3 FAKE_LAB_KERNEL_CRASH_AT=" + kPropertyCase,
			   "--kernel debian-6.12 --share " + dir,
			   "--suite properties --known " + dir + "/devs/emu.json");
	ASSERT_EQ(r.status, 1) << r.output;
	json run = merged();
	json crashed;
	for (const auto &c : run["cases"])
		if (c["name"] == kPropertyCase)
			crashed = c;
	ASSERT_TRUE(crashed.is_object()) << r.output;
	EXPECT_EQ(crashed["outcome"], "CRASH");
	std::string msg = crashed["message"];
	auto at = msg.find("\nreplay: ");
	ASSERT_NE(at, std::string::npos) << msg;
	std::string replay = msg.substr(at + 9, msg.find('\n', at + 1) - at - 9);
	EXPECT_NE(replay.find(kSource + "/lab/run --kernel debian-6.12 --share " + dir + " "), std::string::npos)
		<< replay;
	// the deviations file the run used: the copy the guest can see (the test's files are in /tmp)
	EXPECT_NE(replay.find("--known " + report + "/known-deviations.json"), std::string::npos) << replay;
	EXPECT_NE(replay.find("--filter " + kPropertyCase), std::string::npos) << replay;
	EXPECT_NE(replay.find("RC_PARAMS='max_success=3 seed="), std::string::npos) << replay;
	// the boots' own reports are not announced as the run's reports
	EXPECT_NE(r.output.find("reports: " + report + "/junit.xml " + report + "/report.json " + report +
				"/report.html"),
		  std::string::npos)
		<< r.output;
	EXPECT_EQ(r.output.find("reports: " + report + "/boots/"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("boot 2's own reports (merged at the end): " + report + "/boots/2/"),
		  std::string::npos)
		<< r.output;
	// the whole property suite ran (two boots), but alone: partial for
	// that reason only (the boots' own filters of remaining cases do not count)
	EXPECT_EQ(run["policy"]["suite"], "properties");
	EXPECT_EQ(run["policy"]["filter"], "*");
	EXPECT_EQ(run["policy"]["partial"], true) << run["policy"].dump();
	EXPECT_EQ(run["lab"]["not_run"], json::array());
	EXPECT_EQ(run["lab"]["boots"].size(), 2u);
	EXPECT_EQ(run["verdict"]["failed_because"], json({"1 case(s) crashed the guest kernel"}));
}

// A kernel bug the deviations file lists for this kernel with "outcome":
// "CRASH" is a known deviation: KNOWN, and the run passes.
TEST_F(LabScripts, AKernelCrashTheFileListsForThisKernelIsKnown)
{
	utsname u{};
	ASSERT_EQ(uname(&u), 0);
	std::string release = u.release;
	std::string kernel = release.substr(0, release.find('.', release.find('.') + 1)); // "6.18"
	write_devs(kCrashCase, ", \"outcome\": \"CRASH\", \"kernels\": [\"" + kernel + "\"]");
	auto r = run_suite("FAKE_LAB_KERNEL_CRASH_AT=" + kCrashCase, "", kFilter + " --known " + dir + "/devs/emu.json");
	ASSERT_EQ(r.status, 0) << r.output;
	json run = merged();
	bool found = false;
	for (const auto &c : run["cases"])
		if (c["name"] == kCrashCase) {
			found = true;
			EXPECT_EQ(c["outcome"], "KNOWN");
			EXPECT_NE(c["message"].get<std::string>().find("the guest kernel oopsed"), std::string::npos);
			EXPECT_NE(c["known_deviation"].get<std::string>().find("emu: the kernel oopses"), std::string::npos);
		}
	EXPECT_TRUE(found) << r.output;
	EXPECT_EQ(run["verdict"]["failed_because"], json::array());
	EXPECT_EQ(run["summary"]["KNOWN"], 1);
	EXPECT_EQ(run["policy"]["partial"], true); // --filter chose the cases
}

TEST_F(LabScripts, KernelRegressionNamesEachKernelOnce)
{
	auto r = run_shell("IBVCERT_LAB_RUN=" + kFake + " " + kSource +
			   "/lab/kernel-regression --name some-bug --bad debian-6.12 --good debian-6.1 --timeout 120 -- "
			   "sh -c 'exit 0'");
	EXPECT_EQ(r.status, 1) << r.output; // the "bad" kernel runs it clean: FIXED
	EXPECT_NE(r.output.find("== some-bug on debian-6.12: lab/run --kernel debian-6.12 --timeout 120 -- sh -c exit 0\n"),
		  std::string::npos)
		<< r.output;
	EXPECT_NE(r.output.find("== some-bug on debian-6.1: lab/run --kernel debian-6.1 --timeout 120 -- sh -c exit 0\n"),
		  std::string::npos)
		<< r.output;
	EXPECT_NE(r.output.find("the kernel bug looks FIXED on debian-6.12"), std::string::npos) << r.output;
}
