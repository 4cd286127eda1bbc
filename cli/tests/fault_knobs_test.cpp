// Proof the suite can fail: each test-only fault knob of emu0 makes the
// clause written against it FAIL, and a clean emu0 fails nothing.
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>

using ibvcert::testing::run_ibvcert;

namespace {

struct KnobExpectation {
	const char *knob;
	const char *clause; // must have failing cases under the knob
};

// knob -> the clause that must catch it
const KnobExpectation kExpectations[] = {
	{"partial-apply", "ModifyQpInvalidValue.RejectedAndChangesNothing"},
	{"partial-apply", "ModifyQpForeignAttribute.RejectedAndChangesNothing"},
	{"accept-missing-required", "ModifyQpRequiredAttribute.OmittedFailsAndChangesNothing"},
	{"accept-invalid-transition", "ModifyQpInvalidTransition.RejectedAndChangesNothing"},
	{"accept-foreign-attr", "ModifyQpForeignAttribute.RejectedAndChangesNothing"},
	{"accept-out-of-range", "ModifyQpInvalidValue.RejectedAndChangesNothing"},
	{"stale-state-field", "ModifyQpRequiredSet.AloneSucceeds"},
	{"srq-limit-at-equal", "SrqLimitEvent.FiresOnceBelowTheLimitThenDisarms"},
	{"srq-limit-refires", "SrqLimitEvent.FiresOnceBelowTheLimitThenDisarms"},
	{"srq-limit-not-disarmed", "SrqLimitEvent.FiresOnceBelowTheLimitThenDisarms"},
	{"srq-limit-armed-at-create", "SrqCreateLimit.DoesNotArm"},
	{"srq-resize-drops-wrs", "SrqResizeBelowOutstanding.RejectedAndSrqStillWorks"},
	{"crash-in-modify", "ModifyQpOptionalAttribute.AcceptedWithTheRequiredSet"},
	{"hang-in-modify", "ModifyQpOptionalAttribute.AcceptedWithTheRequiredSet"},
	{"leak-on-destroy", "ModifyQpRequiredSet.AloneSucceeds"},
	{"sched-root-bw-share", "SchedAttrInvalid.RejectedAndChangesNothing"},
	{"comp-mask-ignored", "SchedAttrInvalid.RejectedAndChangesNothing"},
	{"comp-mask-ignored", "EceInvalid.UnknownCompMaskRejectedAndNothingStored"},
	{"rate-limit-out-of-range", "RateLimitRange.OutsideTheCapsRejectedWithEinvalAndChangesNothing"},
	{"pacer-ignores-burst", "RateLimitPacing.BytesOverAnyWindowWithinRateTimesWindowPlusBurst"},
	{"sched-shares-ignored", "SchedShares.BackloggedSplitIsWeightedMaxMinFair"},
	{"cq-moderation-out-of-range", "ModifyCqAboveCap.Rejected"},
	{"cq-moderation-partial-apply", "ModifyCqAboveCap.WhenRejectedChangesNothing"},
	{"cq-moderation-partial-apply", "ModifyCqMask.RejectedAndChangesNothing"},
	{"rate-limit-zero-kept", "ModifyQpRateLimitZero.RtsToRtsRemovesTheLimit"},
	{"ece-query-returns-request", "EceInState.QueryReturnsWhatSetHandedBack"},
	{"ece-checked-only-in-reset", "EceInState.UnknownCompMaskRejectedAndNothingStored"},
	{"pacing-survives-reset", "QpLifecycle.ResetReportsNoPacingAndSendsUnpaced"},
	{"cross-object-interference", "DeviceIsolation.ModifyOnOneQpChangesNoOtherObject"},
	{"sched-modify-not-applied", "SchedModifyShares.MeasuredSharesFollowTheModify"},
	{"rate-limit-state-unchecked", "RateLimitInState.FollowsTheCurrentStateRow"},
	{"srq-resize-disarms", "SrqLimitAcrossResize.MaxWrAloneKeepsTheLimitArmed"},
	{"ece-kept-across-qps", "EceLifecycle.NewQpStartsFromTheDefaultAfterDestroy"},
	{"sched-recreate-keeps-cap", "SchedLifecycle.NewLeafIsScheduledByItsOwnAttributesAfterADestroy"},
	{"cq-moderation-kept-across-cqs", "ModifyCqLifecycle.NewCqStartsFromTheDefaultAfterDestroy"},
	{"srq-limit-kept-across-srqs", "SrqLifecycle.NewSrqIsNotArmedAfterAnArmedOneWasDestroyed"},
	// judged on every call: any clause whose modify is rejected fails
	{"rejection-as-negative-errno", "ModifyQpInvalidValue.RejectedAndChangesNothing"},
	{"rejection-as-negative-errno", "ModifyQpRequiredAttribute.OmittedFailsAndChangesNothing"},
	// judged on every poll: a CQ polled one completion at a time while more remain
	{"poll-counts-one-more", "ResizeCq.JudgedOnTheCqItLeaves"},
	// judged on every accepted modify: any walk through the states fails
	{"modify-touches-unmasked", "ModifyQpRequiredSet.AloneSucceeds"},
	{"create-qp-caps-unchecked", "CreateQp.JudgedAgainstTheRequestAndTheLiveQps"},
	{"create-qp-inline-not-reported", "CreateQp.JudgedAgainstTheRequestAndTheLiveQps"},
	{"qp-num-per-pd", "CreateQp.JudgedAgainstTheRequestAndTheLiveQps"},
	{"create-qp-srq-any-type", "CreateQp.JudgedAgainstTheRequestAndTheLiveQps"},
	{"create-qp-srq-recv-caps-checked", "CreateQp.JudgedAgainstTheRequestAndTheLiveQps"},
	{"dealloc-pd-in-use", "DestroyInUse.RefusedUntilTheLastDependentIsGone"},
	{"destroy-cq-in-use", "DestroyInUse.RefusedUntilTheLastDependentIsGone"},
	{"destroy-channel-in-use", "CompChannelDestroy.RefusedWhileItsCqsLiveThenFreed"},
	{"reg-mr-unknown-access", "RegMr.JudgedAgainstTheRequest"},
	{"reg-mr-reports-page-span", "RegMr.JudgedAgainstTheRequest"},
	{"create-ah-any-port", "CreateAh.JudgedAgainstTheRequest"},
	{"query-gid-beyond-table", "QueryGid.JudgedOnThePortAndIndex"},
};

std::set<std::string> failing_clauses(const std::string &args, int &status)
{
	std::string dir = ::testing::TempDir() + "ibvcert-knob-" + std::to_string(getpid());
	auto r = run_ibvcert(args + " --report " + dir);
	status = r.status;
	std::ifstream in(dir + "/report.json");
	auto doc = nlohmann::json::parse(in);
	std::set<std::string> out;
	for (const auto &c : doc.at("cases"))
		if (c.at("outcome") == "FAIL" || c.at("outcome") == "CRASH" || c.at("outcome") == "TIMEOUT")
			out.insert(c.at("clause").get<std::string>());
	return out;
}

class FaultKnob : public ::testing::TestWithParam<KnobExpectation> {};

TEST_P(FaultKnob, MakesItsClauseFail)
{
	int status = 0;
	auto failing = failing_clauses(std::string("run --case-timeout 2 --emu-fault ") + GetParam().knob, status);
	EXPECT_EQ(status, 1);
	EXPECT_TRUE(failing.count(GetParam().clause))
		<< "knob " << GetParam().knob << " was not caught by " << GetParam().clause;
}

std::string knob_name(const ::testing::TestParamInfo<KnobExpectation> &info)
{
	std::string name = std::string(info.param.knob) + "_" + std::to_string(info.index);
	for (char &c : name)
		if (!isalnum((unsigned char)c))
			c = '_';
	return name;
}

INSTANTIATE_TEST_SUITE_P(Emu, FaultKnob, ::testing::ValuesIn(kExpectations), knob_name);

TEST(FaultKnobs, CleanEmulatedDeviceFailsNothing)
{
	int status = 0;
	auto failing = failing_clauses("run", status);
	EXPECT_EQ(status, 0);
	EXPECT_TRUE(failing.empty());
}

} // namespace
