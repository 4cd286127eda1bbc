// ibvcert repro on emu0: each fault knob plants a deviation, the case that
// catches it gives a C program, which must name the rule, compile with
// `cc -libverbs`, and refuse to decide (exit 2) without its device. emu0 is
// not a libibverbs device, so the programs run in the lab
// (lab/repro-deviations, ctest -L lab) against rxe0 and siw0.
#include "cli/tests/run_command.h"
#include "contracts/rule_ids/create_qp.h"
#include "contracts/rule_ids/modify_qp.h"
#include "contracts/rule_ids/srq.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

using ibvcert::testing::run_ibvcert;
using ibvcert::testing::run_shell;

namespace {

struct ReproCase {
	const char *name;  // file stem
	const char *test;  // the case
	const char *knob;  // the emu0 fault knob that makes it fail
	const char *check; // the header's "Checked:" word
	const char *rule;  // a rule id the header names
};

const ReproCase kCases[] = {
	{"outcome", "Table/ModifyQpForeignAttribute.RejectedAndChangesNothing/RC_INIT_RTR_QKEY",
	 "accept-foreign-attr", "outcome", ibvcert::rule_id::modify_qp_transition_allowed},
	{"unchanged", "Table/ModifyQpInvalidValue.RejectedAndChangesNothing/RC_INIT_RTR_ah_attr_sl_above",
	 "partial-apply", "changes nothing", ibvcert::rule_id::modify_qp_rejected_changes_nothing},
	{"read_back", "Table/ModifyQpRequiredSet.AloneSucceeds/RC_INIT_RTR", "stale-state-field",
	 "reads back", ibvcert::rule_id::modify_qp_query_reads_back_as_set},
	{"srq_event", "Traffic/SrqCreateLimit.DoesNotArm/UD", "srq-limit-armed-at-create", "no event",
	 ibvcert::rule_id::srq_create_srq_limit_arms_nothing},
	{"srq_disarm", "Traffic/SrqLimitEvent.FiresOnceBelowTheLimitThenDisarms/RC", "srq-limit-not-disarmed",
	 "reads back", ibvcert::rule_id::srq_limit_event_once_below_the_limit},
	{"property", "QpStateMachineProperty.OutcomesAndStatesAgreeWithTheModel", "accept-invalid-transition",
	 "outcome", "modify_qp.transition"},
	{"create_qp_taken", "Request/CreateQp.JudgedAgainstTheRequestAndTheLiveQps/UC_Srq_Baseline",
	 "create-qp-srq-any-type", "outcome", ibvcert::rule_id::create_qp_srq_rc_ud_only},
	{"create_qp_refused", "Request/CreateQp.JudgedAgainstTheRequestAndTheLiveQps/RC_Srq_RecvWrAboveMax",
	 "create-qp-srq-recv-caps-checked", "outcome", ibvcert::rule_id::create_qp_srq_recv_caps_ignored},
};

std::string read(const std::filesystem::path &p)
{
	std::ifstream in(p);
	std::stringstream s;
	s << in.rdbuf();
	return s.str();
}

class Repro : public ::testing::TestWithParam<ReproCase> {
protected:
	std::filesystem::path dir =
		std::filesystem::temp_directory_path() / ("ibvcert-repro-" + std::to_string(getpid()));
	void SetUp() override { std::filesystem::create_directories(dir); }
	void TearDown() override { std::filesystem::remove_all(dir); }
};

TEST_P(Repro, GeneratesACProgramThatCompilesAndNamesTheRule)
{
	const ReproCase &c = GetParam();
	auto src = dir / (std::string(c.name) + ".c");
	auto r = run_ibvcert(std::string("repro --case '") + c.test + "' --device emu0 --emu-fault " + c.knob +
			     " -o " + src.string());
	ASSERT_EQ(r.status, 0) << r.output;
	std::string program = read(src);
	EXPECT_NE(program.find(std::string("Checked: ") + c.check), std::string::npos) << program.substr(0, 2000);
	EXPECT_NE(program.find(c.rule), std::string::npos) << program.substr(0, 2000);
	EXPECT_NE(program.find("int main"), std::string::npos);
	auto bin = dir / c.name;
	auto cc = run_shell("cc -Wall -Werror -o " + bin.string() + " " + src.string() + " -libverbs 2>&1");
	ASSERT_EQ(cc.status, 0) << cc.output;
	auto no_device = run_shell(bin.string() + " -d no_such_device0");
	EXPECT_EQ(no_device.status, 2) << no_device.output;
	EXPECT_NE(no_device.output.find("no device no_such_device0"), std::string::npos) << no_device.output;
}

INSTANTIATE_TEST_SUITE_P(Emu0Knobs, Repro, ::testing::ValuesIn(kCases),
			 [](const auto &info) { return std::string(info.param.name); });

TEST(ReproCommand, ACaseThatPassesHasNothingToReproduceAndExits1)
{
	auto r = run_ibvcert("repro --case 'Table/ModifyQpRequiredSet.AloneSucceeds/RC_INIT_RTR' --device emu0");
	EXPECT_EQ(r.status, 1) << r.output;
	EXPECT_NE(r.output.find("did not fail"), std::string::npos) << r.output;
}

TEST(ReproCommand, FromAReportTakesItsDeviceAndKnobs)
{
	auto dir = std::filesystem::temp_directory_path() / ("ibvcert-repro-report-" + std::to_string(getpid()));
	const std::string test = "Table/ModifyQpForeignAttribute.RejectedAndChangesNothing/RC_INIT_RTR_QKEY";
	auto run = run_ibvcert("run --emu-fault accept-foreign-attr --filter '" + test + "' --report " + dir.string());
	ASSERT_EQ(run.status, 1) << run.output;
	auto r = run_ibvcert("repro --report " + (dir / "report.json").string() + " --case '" + test + "'");
	EXPECT_EQ(r.status, 0) << r.output;
	EXPECT_NE(r.output.find("--emu-fault accept-foreign-attr"), std::string::npos) << r.output.substr(0, 3000);
	std::filesystem::remove_all(dir);
}

TEST(ReproCommand, FromATraceGivesTheProgramTheCaseGives)
{
	auto dir = std::filesystem::temp_directory_path() / ("ibvcert-repro-trace-" + std::to_string(getpid()));
	std::filesystem::create_directories(dir);
	const std::string test = "Table/ModifyQpInvalidValue.RejectedAndChangesNothing/RC_INIT_RTR_ah_attr_sl_above";
	auto trace = dir / "trace.json";
	auto from_case = run_ibvcert("repro --case '" + test + "' --device emu0 --emu-fault partial-apply --trace " +
				     trace.string() + " -o " + (dir / "case.c").string());
	ASSERT_EQ(from_case.status, 0) << from_case.output;
	auto r = run_ibvcert("repro --from-trace " + trace.string() + " -d emu0 -o " + (dir / "trace.c").string());
	ASSERT_EQ(r.status, 0) << r.output;
	std::string program = read(dir / "trace.c");
	EXPECT_NE(program.find("Checked: changes nothing"), std::string::npos) << program.substr(0, 2000);
	EXPECT_NE(program.find(ibvcert::rule_id::modify_qp_rejected_changes_nothing), std::string::npos) << program.substr(0, 2000);
	EXPECT_NE(program.find("repro --from-trace " + trace.string()), std::string::npos) << program.substr(0, 2000);
	std::filesystem::remove_all(dir);
}

TEST(ReproCommand, ATraceWithoutAFailureHasNothingToReproduceAndExits1)
{
	auto dir = std::filesystem::temp_directory_path() / ("ibvcert-repro-pass-" + std::to_string(getpid()));
	std::filesystem::create_directories(dir);
	auto trace = dir / "trace.json";
	run_ibvcert("repro --case 'Table/ModifyQpRequiredSet.AloneSucceeds/RC_INIT_RTR' --device emu0 --trace " +
		    trace.string());
	auto r = run_ibvcert("repro --from-trace " + trace.string());
	EXPECT_EQ(r.status, 1) << r.output;
	std::filesystem::remove_all(dir);
}

TEST(ReproCommand, BadTraceInputExits2WithASentence)
{
	auto dir = std::filesystem::temp_directory_path() / ("ibvcert-repro-bad-" + std::to_string(getpid()));
	std::filesystem::create_directories(dir);
	auto junk = dir / "junk.json", object = dir / "object.json";
	std::ofstream(junk) << "not json";
	std::ofstream(object) << "{\"verb\": \"ibv_modify_qp\"}";
	for (std::string args : {"repro --from-trace " + junk.string(), "repro --from-trace " + object.string(),
				 std::string("repro --from-trace /nonexistent/trace.json"),
				 "repro --from-trace " + object.string() + " --case 'X.Y'"}) {
		auto r = run_ibvcert(args);
		EXPECT_EQ(r.status, 2) << args << ": " << r.output;
		EXPECT_NE(r.output.find("trace"), std::string::npos) << args << ": " << r.output;
	}
	std::filesystem::remove_all(dir);
}

TEST(ReproCommand, BadInputExits2WithASentence)
{
	for (const char *args : {"repro --case 'NoSuch.Case'", "repro --case '*RC_INIT_RTR*'",
				 "repro --case 'Table/ModifyQpRequiredSet.AloneSucceeds/RC_INIT_RTR' --device nosuchdev0",
				 "repro --case 'Table/ModifyQpRequiredSet.AloneSucceeds/RC_INIT_RTR' --emu-fault nosuchknob",
				 "repro --report /nonexistent/report.json --case 'X.Y'", "repro"}) {
		auto r = run_ibvcert(args);
		EXPECT_EQ(r.status, 2) << args << ": " << r.output;
		EXPECT_FALSE(r.output.empty()) << args;
	}
}

} // namespace
