// Proof the suite can fail: each test-only fault knob of emu0 makes the
// clause written against it FAIL (a run of that clause's cases alone: that
// the whole run fails under every knob is `ibvcert selftest`'s), every knob
// emu0 has is listed, and a clean emu0 fails nothing.
#include "cli/tests/run_command.h"
#include "fixtures/emu/emu_faults.h"

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
	// the CQ's and the scheduler's verbs
	{"accept-qp-cap", "ModifyQpForeignAttribute.RejectedAndChangesNothing"},
	{"resize-cq-drops-completions", "ResizeCq.JudgedOnTheCqItLeaves"},
	{"create-cq-rounds-down", "CreateCq.ReturnsACqOfAtLeastTheRequestOrRefusesIt"},
	{"sched-qp-starts-attached", "SchedQpAttach.NewQpIsInNoElement"},
	{"sched-zero-share-not-default", "SchedDefault.ZeroBwShareIsTheDefaultWeight"},
	{"sched-flagless-applied", "SchedTree.BuildsModifiesAndTearsDownTheManPageExample"},
	{"sched-detach-refused", "SchedQpAttach.AttachAndDetach"},
	{"sched-root-modify-refused", "SchedTree.BuildsModifiesAndTearsDownTheManPageExample"},
	// the datapath: what a completion carries, where the bytes land
	{"wc-write-as-send", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"wc-byte-len-is-room", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"wc-imm-flag-missing", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"wc-src-qp-own", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"wc-grh-flag-missing", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"wc-flags-stray-bit", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"unsignaled-completes", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"sq-sig-all-ignored", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"recv-newest-first", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"gather-first-sge-only", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"write-at-mr-start", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"cas-always-swaps", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"ud-grh-not-written", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"ud-ignores-remote-qpn", "PostSendExchange.JudgedOnWhatEachCqGaveAndWhereTheBytesLanded"},
	{"inline-checks-lkey", "PostSendInline.SendsTheBytesAsPostedWithoutTheirLkey"},
	{"ud-qkey-unchecked", "PostSendUd.OnlyTheMessagesWithTheDestinationsQkeyArrive"},
	{"recv-wc-on-send-cq", "CompletionRouting.EachCompletionOnItsOwnQpsCqEachReceiveFromItsOwnSrq"},
	{"flush-as-general-err", "PostInErr.EveryWrHeldOrPostedCompletesFlushedOnItsOwnCq"},
	{"post-in-err-dropped", "PostInErr.EveryWrHeldOrPostedCompletesFlushedOnItsOwnCq"},
	{"srq-qp-post-recv-accepted", "PostRecvOnSrqQp.IsRefusedAndTheMessageTakesTheSrqsWr"},
	// completion events (ibv_req_notify_cq, ibv_get_cq_event, ibv_ack_cq_events)
	{"notify-arm-ignored", "CqNotify.ReqNotifyCqArms"},
	{"notify-send-cqe-ignored", "CqNotify.ReqNotifyCqAnyCqe"},
	{"notify-error-not-solicited", "CqNotify.ReqNotifyCqSolicitedOnlySolicitedEvent"},
	{"notify-solicited-as-any", "CqNotify.ReqNotifyCqSolicitedOnlyUnsolicitedQuiet"},
	{"notify-not-one-shot", "CqNotify.ReqNotifyCqOneShot"},
	{"notify-event-at-arm", "CqNotify.GetCqEventOnePerArmedCompletion"},
	{"cq-event-wrong-context", "CqNotify.GetCqEventNamesTheCq"},
	{"cq-event-on-first-channel", "CqNotify.CreateCqChannelEventsOnTheChannel"},
	{"destroy-cq-ignores-acks", "CqNotify.AckCqEventsDestroyWaitsForAcks"},
	{"req-notify-returns-minus-one", "CqNotify.ReqNotifyCqReturnsZeroOrErrno"},
	{"get-cq-event-returns-errno", "CqNotify.GetCqEventReturnsZeroOrMinusOne"},
	// the device list, the contexts, the CQ's comp_vector and destroy result
	{"device-list-repeats-device", "DeviceList.ReturnsTheDevicesCurrentlyAvailable"},
	{"device-list-misses-device", "DeviceList.ReturnsTheDevicesCurrentlyAvailable"},
	{"device-list-counts-terminator", "DeviceList.SetsNumDevicesToTheDevicesReturned"},
	{"device-list-null-without-errno", "DeviceList.ReturnsTheArrayOrNullWithErrno"},
	{"device-list-empty-is-null", "DeviceList.NoDevicesFoundSetsZeroAndReturnsNonNull"},
	{"open-device-context-unusable", "OpenDevice.ReturnsAContextOfTheDevice"},
	{"close-device-returns-one", "CloseDevice.ReturnsZeroOrMinusOne"},
	{"destroy-cq-negative-errno", "DestroyInUse.RefusedUntilTheLastDependentIsGone"},
	{"create-cq-comp-vector-unchecked", "CreateCqCompVector.AtLeastZeroAndBelowNumCompVectors"},
	// send_flags and completion routing
	{"unknown-send-flag-runs-refused", "SendFlagsKnown.UnlistedBitRefusedFailedOrIgnored"},
	{"fence-outside-rc-drops", "SendFlagsFenceRcOnly.FenceOffRcRefusedFailedOrIgnored"},
	{"solicited-write-consumes-recv",
	 "SendFlagsSolicitedOpcodes.SolicitedOffSendAndWriteWithImmRefusedFailedOrIgnored"},
	{"inline-read-lands-nowhere", "SendFlagsInlineOpcodes.InlineOffSendAndWriteRefusedFailedOrIgnored"},
	{"fence-ignored", "SendFlagsFence.FencedWrCarriesWhatTheReadOrAtomicFetched"},
	{"fenced-read-refused", "SendFlagsFenceRcOnly.FenceOffRcRefusedFailedOrIgnored"},
	{"send-wc-on-first-qps-cq", "CompletionRouting.EachCompletionOnItsOwnQpsCqEachReceiveFromItsOwnSrq"},
	{"srq-wc-on-first-sharer", "CompletionRouting.EachCompletionOnItsOwnQpsCqEachReceiveFromItsOwnSrq"},
	{"srq-takes-newest", "CompletionRouting.EachCompletionOnItsOwnQpsCqEachReceiveFromItsOwnSrq"},
	{"wc-sl-zero", "SendFlagsSl.UdReceiveShowsTheSendersAhSl"},
	// memory access
	{"other-pd-keys-accepted", "MemoryAccessPdIsolation.AKeyOfAnotherPdsMrIsNeverHonoured"},
	{"lkey-range-unchecked", "MemoryAccessSendLkeyChecked.AnSgeOfNoMrOrPastItsEndOrNotWritableFailsItsWr"},
	{"recv-lkey-unchecked", "MemoryAccessRecvLkeyChecked.AReceiveSgeOfNoWritableMrTakesNoByte"},
	{"srq-lkey-unchecked", "MemoryAccessRecvLkeyChecked.AReceiveSgeOfNoWritableMrTakesNoByte"},
	{"remote-write-unchecked", "MemoryAccessRemoteAccess.TheOperationIsCarriedOutExactlyWhereTheMrHasItsFlag"},
	{"remote-read-unchecked", "MemoryAccessRemoteAccess.TheOperationIsCarriedOutExactlyWhereTheMrHasItsFlag"},
	{"remote-atomic-unchecked", "MemoryAccessRemoteAccess.TheOperationIsCarriedOutExactlyWhereTheMrHasItsFlag"},
	{"local-read-needs-flag", "MemoryAccessLocalReadAlways.AnMrOfEveryAccessServesAsASource"},
	{"keys-of-first-pd-only", "MemoryAccessKeysServe.AnMrOfTheQpsPdServesItsLkeyAndRkey"},
	{"recv-truncates", "MemoryAccessMessageFits.AMessageLongerThanTheReceiveFailsItAndWritesNothingPastIt"},
	// async events
	{"async-event-returns-one", "AsyncEvent.GetAsyncEventReturnsZeroOrMinusOne"},
	{"async-event-names-other-qp", "AsyncEvent.ElementQpNamesTheQp"},
	{"comm-est-on-rts", "AsyncEvent.CommEstOnArrivalInRtr"},
	{"last-wqe-without-srq", "AsyncEvent.LastWqeReachedOnSrqQp"},
	{"access-err-on-requester", "AsyncEvent.QpAccessErrOnTheResponder"},
	{"qp-fatal-without-err", "AsyncEvent.QpFatalQpInErr"},
	{"cq-err-not-raised", "AsyncEvent.CqOverrunRaisesCqErr"},
	{"cq-usable-after-overrun", "AsyncEvent.CqOverrunCqCannotBeUsed"},
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
	auto failing = failing_clauses(std::string("run --case-timeout 2 --emu-fault ") + GetParam().knob +
					       " --filter '*" + GetParam().clause + "*'",
				       status);
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

TEST(FaultKnobs, EveryKnobNamesTheClauseWrittenAgainstIt)
{
	std::set<std::string> listed;
	for (const auto &e : kExpectations)
		listed.insert(e.knob);
	for (const auto &k : ibvcert::emu_fault_knobs())
		EXPECT_TRUE(listed.count(k.name)) << "knob " << k.name << " (" << k.what
						  << ") names no clause in kExpectations";
}

TEST(FaultKnobs, CleanEmulatedDeviceFailsNothing)
{
	int status = 0;
	auto failing = failing_clauses("run", status);
	EXPECT_EQ(status, 0);
	EXPECT_TRUE(failing.empty());
}

} // namespace
