// Proof the properties can fail: each test-only fault knob of emu0 makes the
// properties written against it FAIL in properties_gtest (IBVCERT_EMU_FAULT),
// the failure carries the RapidCheck reproduce string and a replay command,
// and that command, run as printed, fails again on the shrunk case.
#include "fixtures/emu/emu_faults.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <ostream>
#include <sys/wait.h>

namespace {

struct KnobCatch {
	const char *knob;
	const char *property; // must FAIL under the knob
};

constexpr const char *kAcceptedExactly = "ModifyQpProperty.AcceptedExactlyWhenTheContractSays";
constexpr const char *kRejectedUnchanged = "ModifyQpProperty.RejectedRequestChangesNothing";
constexpr const char *kShouldBreach = "ModifyQpProperty.ShouldLevelBreachRejected";
constexpr const char *kModelOutcomes = "QpStateMachineProperty.OutcomesAndStatesAgreeWithTheModel";
constexpr const char *kModelQueries = "QpStateMachineProperty.QueriesAgreeWithTheModel";
constexpr const char *kSrqLimit = "SrqLimitProperty.EventsExactlyWhenTheCountFirstDropsBelowTheLimit";
constexpr const char *kSrqUnchanged = "SrqModifyProperty.RejectedRequestChangesNothing";
constexpr const char *kSrqModel = "SrqStateMachineProperty.OutcomesEventsAndQueriesAgreeWithTheModel";
constexpr const char *kRateLimit = "RateLimitProperty.AcceptedExactlyWhenTheRulesAllowAndRejectedChangesNothing";
constexpr const char *kEce = "EceProperty.AcceptedIffTheRulesAllowSubsetOrUnchanged";
constexpr const char *kSchedTree = "SchedTreeProperty.AcceptedIffTheRulesAllowAndRejectedChangesNothing";
constexpr const char *kSchedShare = "SchedShareProperty.BackloggedLeavesGetTheWeightedMaxMinFairShare";
constexpr const char *kModifyCq = "ModifyCqProperty.AcceptedExactlyWhenTheContractSays";

void PrintTo(const KnobCatch &c, std::ostream *os)
{
	*os << c.knob << " -> " << c.property;
}

// knob -> the properties that catch it
const KnobCatch kCatches[] = {
	{"partial-apply", kRejectedUnchanged},
	{"partial-apply", kModelOutcomes},
	{"accept-missing-required", kAcceptedExactly},
	{"accept-missing-required", kModelOutcomes},
	{"accept-invalid-transition", kAcceptedExactly},
	{"accept-invalid-transition", kModelOutcomes},
	{"accept-foreign-attr", kAcceptedExactly},
	{"accept-foreign-attr", kModelOutcomes},
	{"accept-out-of-range", kAcceptedExactly},
	{"accept-out-of-range", kShouldBreach},
	{"accept-out-of-range", kModelOutcomes},
	{"stale-state-field", kAcceptedExactly},
	{"stale-state-field", kModelOutcomes},
	{"stale-state-field", kModelQueries},
	{"srq-limit-at-equal", kSrqLimit},
	{"srq-limit-at-equal", kSrqModel},
	{"srq-limit-refires", kSrqLimit},
	{"srq-limit-refires", kSrqModel},
	{"srq-limit-not-disarmed", kSrqLimit},
	{"srq-limit-not-disarmed", kSrqModel},
	{"srq-limit-armed-at-create", kSrqModel},
	{"srq-resize-drops-wrs", kSrqUnchanged},
	{"srq-resize-drops-wrs", kSrqModel},
	{"sched-root-bw-share", kSchedTree},
	{"comp-mask-ignored", kEce},
	{"comp-mask-ignored", kSchedTree},
	{"rate-limit-out-of-range", kRateLimit},
	{"pacer-ignores-burst", kRateLimit},
	{"sched-shares-ignored", kSchedShare},
	{"cq-moderation-out-of-range", kModifyCq},
	{"cross-object-interference", kModelQueries},
	{"cq-moderation-partial-apply", kModifyCq},
};

// The knobs of fixtures/emu/emu_faults.cpp the properties target (issue
// 6): ibv_modify_qp's, the SRQ's, then rate limit / ECE / scheduling's.
// (The crash, hang and leak knobs prove the runner's isolation, not a
// contract: ibvcert selftest covers them.)
const char *const kTargetedKnobs[] = {
	"partial-apply",          "accept-missing-required",   "accept-invalid-transition",
	"accept-foreign-attr",    "accept-out-of-range",       "stale-state-field",
	"srq-limit-at-equal",     "srq-limit-refires",         "srq-limit-not-disarmed",
	"srq-limit-armed-at-create", "srq-resize-drops-wrs",
	"sched-root-bw-share",    "comp-mask-ignored",         "rate-limit-out-of-range",
	"pacer-ignores-burst",    "sched-shares-ignored",
	"cq-moderation-out-of-range", "cq-moderation-partial-apply",
	"cross-object-interference",
};

// Cases per run: the rarest catch (a dropped required bit) shows up about
// once in 50 cases, so 1000 misses it with odds below 1e-8. The SRQ knobs
// are caught sooner: within 100 cases in each of 40 seeds (the slowest,
// srq-resize-drops-wrs, needs a rejected resize below the WRs in the SRQ).
constexpr const char *kCases = "max_success=1000";

struct ShellRun {
	int status = -1;
	std::string output;
};

ShellRun shell(const std::string &command)
{
	ShellRun r;
	FILE *p = popen((command + " 2>&1").c_str(), "r");
	if (!p)
		return r;
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		r.output.append(buf, n);
	int status = pclose(p);
	if (WIFEXITED(status))
		r.status = WEXITSTATUS(status);
	return r;
}

std::string line_after(const std::string &text, const std::string &prefix)
{
	size_t at = text.find("\n" + prefix);
	if (at == std::string::npos)
		return "";
	at += 1 + prefix.size();
	return text.substr(at, text.find('\n', at) - at);
}

class PropertyFaultKnob : public ::testing::TestWithParam<KnobCatch> {};

TEST_P(PropertyFaultKnob, MakesItsPropertyFailWithAReplayThatFailsAgain)
{
	const KnobCatch &c = GetParam();
	ShellRun r = shell(std::string("IBVCERT_EMU_FAULT=") + c.knob + " RC_PARAMS='" + kCases + "' " +
		      PROPERTIES_GTEST + " --gtest_filter='" + c.property + "'");
	EXPECT_EQ(r.status, 1) << r.output;
	ASSERT_NE(r.output.find(std::string("[  FAILED  ] ") + c.property), std::string::npos)
		<< "knob " << c.knob << " was not caught by " << c.property << "\n" << r.output;
	EXPECT_NE(r.output.find("Falsifiable after"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("\ndevice: emu0\n"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("\nreproduce: RC_PARAMS='reproduce="), std::string::npos) << r.output;

	std::string replay = line_after(r.output, "replay: ");
	ASSERT_NE(replay.find(std::string("IBVCERT_EMU_FAULT=") + c.knob), std::string::npos) << replay;
	ShellRun again = shell(replay);
	EXPECT_EQ(again.status, 1) << again.output;
	EXPECT_NE(again.output.find("Falsifiable after 1 tests"), std::string::npos)
		<< "the replay command did not reproduce the shrunk case\n" << replay << "\n"
		<< again.output;
}

std::string knob_case_name(const ::testing::TestParamInfo<KnobCatch> &info)
{
	std::string property = info.param.property;
	std::string name = std::string(info.param.knob) + "_" + property.substr(property.find('.') + 1);
	for (char &ch : name)
		if (!isalnum((unsigned char)ch))
			ch = '_';
	return name;
}

INSTANTIATE_TEST_SUITE_P(Emu, PropertyFaultKnob, ::testing::ValuesIn(kCatches), knob_case_name);

TEST(PropertyFaultKnobs, EveryTargetedKnobIsCaughtAndExists)
{
	for (const char *knob : kTargetedKnobs) {
		EXPECT_TRUE(ibvcert::emu_fault_from_name(knob)) << knob << " is no knob of emu0";
		bool caught = false;
		for (const auto &c : kCatches)
			caught |= std::string(c.knob) == knob;
		EXPECT_TRUE(caught) << knob << " has no property that catches it";
	}
}

} // namespace
