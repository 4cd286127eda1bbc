// Completion events, one test per clause of ibv_req_notify_cq(3),
// ibv_get_cq_event(3) and ibv_create_cq(3)'s channel: each drives the rig
// (fixtures/rigs/cq_notify_rig.h) and hands everything done and seen to the
// judge (contracts/cq_notify_judge.h), which holds all of it to every row.
#include "fixtures/rigs/cq_notify_rig.h"
#include "contracts/rule_ids/ack_cq_events.h"
#include "contracts/rule_ids/create_cq.h"
#include "contracts/rule_ids/get_cq_event.h"
#include "contracts/rule_ids/req_notify_cq.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

void judge(const CqNotifyRig &rig)
{
	std::vector<const ContractRule *> judged;
	for (const ContractRule &r : cq_notify_rules())
		judged.push_back(&r);
	record_verdict(judge_cq_notify(rig.view()), judged, rig.evidence());
}

#define PREPARE(rig)                                  \
	CqNotifyRig rig;                              \
	if (auto skip = rig.prepare())                \
		GTEST_SKIP() << *skip;                \
	ASSERT_FALSE(HasFailure())

#define STEP(call)                                    \
	if (auto failed = (call)) {                   \
		judge(rig);                           \
		GTEST_SKIP() << *failed;              \
	}

// Armed with solicited_only 0, b's successful receive CQE puts one event on
// channel0 naming cq1; cq0, never armed, gives none for its send CQE.
TEST(CqNotify, ReqNotifyCqArms)
{
	record_clause({rule_id::req_notify_cq_arms, {rule_id::req_notify_cq_return_zero_or_errno,
						    rule_id::get_cq_event_one_per_armed_completion}});
	PREPARE(rig);
	rig.arm(1, 0);
	STEP(rig.send(true, false));
	rig.read(0);
	judge(rig);
}

// Armed with solicited_only 0: a successful send CQE and an unsuccessful
// (flushed) receive CQE each put the event there.
TEST(CqNotify, ReqNotifyCqAnyCqe)
{
	record_clause({rule_id::req_notify_cq_any_cqe, {rule_id::req_notify_cq_arms}});
	PREPARE(rig);
	rig.arm(0, 0);
	STEP(rig.send(true, false));
	rig.read(0);
	rig.arm(1, 0);
	STEP(rig.flush_b());
	rig.read(0);
	judge(rig);
}

// Armed solicited only: a receive of a message sent with IBV_SEND_SOLICITED,
// and an unsuccessful CQE, each put the event there.
TEST(CqNotify, ReqNotifyCqSolicitedOnlySolicitedEvent)
{
	record_clause({rule_id::req_notify_cq_solicited_only_solicited_event});
	PREPARE(rig);
	rig.arm(1, 1);
	STEP(rig.send(true, true));
	rig.read(0);
	rig.arm(1, 1);
	STEP(rig.flush_b());
	rig.read(0);
	judge(rig);
}

// Armed solicited only: a successful send CQE (cq0) and a receive without
// the bit (cq1) put no event; the arm stays for the next solicited receive.
TEST(CqNotify, ReqNotifyCqSolicitedOnlyUnsolicitedQuiet)
{
	record_clause({rule_id::req_notify_cq_solicited_only_unsolicited_quiet,
		       {rule_id::req_notify_cq_solicited_only_solicited_event}});
	PREPARE(rig);
	rig.arm(0, 1);
	rig.arm(1, 1);
	STEP(rig.send(true, false));
	rig.read(0);
	STEP(rig.send(true, true));
	rig.read(0);
	judge(rig);
}

// One arm, three CQEs: one event.
TEST(CqNotify, ReqNotifyCqOneShot)
{
	record_clause({rule_id::req_notify_cq_one_shot});
	PREPARE(rig);
	rig.arm(1, 0);
	for (int i = 0; i < 3; i++)
		STEP(rig.send(true, false));
	rig.read(0);
	rig.arm(1, 0);
	STEP(rig.send(true, false));
	STEP(rig.send(true, false));
	rig.read(0);
	judge(rig);
}

// Every value class of solicited_only (zero, one, another non-zero) on the
// same CQ: 0, or a positive errno.
TEST(CqNotify, ReqNotifyCqReturnsZeroOrErrno)
{
	record_clause({rule_id::req_notify_cq_return_zero_or_errno});
	PREPARE(rig);
	for (int solicited_only : {0, 1, 0x100})
		rig.arm(1, solicited_only);
	STEP(rig.send(true, true));
	rig.read(0);
	judge(rig);
}

// Two CQs armed on one channel: two events, each naming its CQ and that
// CQ's cq_context.
TEST(CqNotify, GetCqEventNamesTheCq)
{
	record_clause({rule_id::get_cq_event_names_the_cq});
	PREPARE(rig);
	rig.arm(0, 0);
	rig.arm(1, 0);
	STEP(rig.send(true, false));
	rig.read(0);
	judge(rig);
}

// An empty channel's read returns -1; an event's read 0.
TEST(CqNotify, GetCqEventReturnsZeroOrMinusOne)
{
	record_clause({rule_id::get_cq_event_return_zero_or_minus_one});
	PREPARE(rig);
	rig.read(0);
	rig.arm(1, 0);
	STEP(rig.send(true, false));
	rig.read(0);
	judge(rig);
}

// No arm, no event; an arm with no CQE after it, no event; the armed CQE,
// one.
TEST(CqNotify, GetCqEventOnePerArmedCompletion)
{
	record_clause({rule_id::get_cq_event_one_per_armed_completion});
	PREPARE(rig);
	STEP(rig.send(true, false));
	rig.read(0);
	rig.arm(0, 0);
	rig.arm(1, 0);
	rig.read(0);
	STEP(rig.send(true, false));
	rig.read(0);
	judge(rig);
}

// cq2 is on channel1: its event is read there, and channel0 stays empty.
TEST(CqNotify, CreateCqChannelEventsOnTheChannel)
{
	record_clause({rule_id::create_cq_channel_events_on_the_channel});
	PREPARE(rig);
	rig.arm(2, 0);
	rig.arm(1, 0);
	STEP(rig.send(false, false));
	rig.read(0);
	rig.read(1);
	STEP(rig.send(true, false));
	rig.read(1);
	rig.read(0);
	judge(rig);
}

// An event got and not acked: ibv_destroy_cq waits for its ack, and
// returns once it came.
TEST(CqNotify, AckCqEventsDestroyWaitsForAcks)
{
	record_clause({rule_id::ack_cq_events_destroy_waits_for_acks});
	PREPARE(rig);
	rig.arm(1, 0);
	STEP(rig.send(true, false));
	rig.read(0);
	rig.destroy_cq1_before_acks();
	judge(rig);
}

} // namespace
} // namespace ibvcert
