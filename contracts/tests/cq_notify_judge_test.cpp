// The completion-event judge on hand-made views: what a correct device shows
// passes, and each wrong thing breaks its own row.
#include "contracts/cq_notify_judge.h"
#include "contracts/rule_ids/ack_cq_events.h"
#include "contracts/rule_ids/create_cq.h"
#include "contracts/rule_ids/get_cq_event.h"
#include "contracts/rule_ids/req_notify_cq.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

using K = NotifyStep::Kind;

NotifyStep arm(int cq, int solicited_only, long long result = 0)
{
	NotifyStep s;
	s.kind = K::Arm;
	s.cq = cq;
	s.solicited_only = solicited_only;
	s.result = result;
	return s;
}
NotifyStep cqe(int cq, bool recv, bool success = true, bool solicited = false)
{
	NotifyStep s;
	s.kind = K::Cqe;
	s.cq = cq;
	s.recv = recv;
	s.success = success;
	s.solicited = solicited;
	return s;
}
NotifyStep event(int channel, int cq, long long result = 0, bool context = true)
{
	NotifyStep s;
	s.kind = K::Event;
	s.channel = channel;
	s.cq = cq;
	s.result = result;
	s.context_matches = context;
	return s;
}
NotifyStep drained(int channel)
{
	NotifyStep s;
	s.kind = K::Drained;
	s.channel = channel;
	return s;
}

// cq0 and cq1 on channel0, cq2 on channel1.
CqNotifyView view(std::vector<NotifyStep> steps)
{
	return {{0, 0, 1}, std::move(steps)};
}

std::vector<std::string> broken(const CqNotifyView &v)
{
	return judge_cq_notify(v).rule_ids();
}

TEST(CqNotifyJudge, ArmedCqesWithTheirEventsPass)
{
	EXPECT_TRUE(broken(view({arm(0, 0), arm(1, 1), cqe(0, false), cqe(1, true, true, false),
				 cqe(1, true, true, true), event(0, 0), event(0, 1), event(0, -1, -1),
				 drained(0), arm(2, 1), cqe(2, true, false), event(1, 2), drained(1)}))
			    .empty());
}

TEST(CqNotifyJudge, AMissingEventBreaksTheRowOfItsCqe)
{
	EXPECT_EQ(broken(view({arm(1, 0), cqe(1, true), drained(0)})),
		  std::vector<std::string>{rule_id::req_notify_cq_arms});
	EXPECT_EQ(broken(view({arm(0, 0), cqe(0, false), drained(0)})),
		  std::vector<std::string>{rule_id::req_notify_cq_any_cqe});
	EXPECT_EQ(broken(view({arm(1, 1), cqe(1, true, false), drained(0)})),
		  std::vector<std::string>{rule_id::req_notify_cq_solicited_only_solicited_event});
}

TEST(CqNotifyJudge, AnEventWithNothingBehindItBreaksTheRowThatExplainsIt)
{
	EXPECT_EQ(broken(view({arm(1, 1), cqe(1, true), event(0, 1)})),
		  std::vector<std::string>{rule_id::req_notify_cq_solicited_only_unsolicited_quiet});
	EXPECT_EQ(broken(view({arm(1, 0), cqe(1, true), cqe(1, true), event(0, 1), event(0, 1)})),
		  std::vector<std::string>{rule_id::req_notify_cq_one_shot});
	EXPECT_EQ(broken(view({arm(1, 0), event(0, 1)})),
		  std::vector<std::string>{rule_id::get_cq_event_one_per_armed_completion});
	// Two arms before the CQE: one event each is allowed.
	EXPECT_TRUE(broken(view({arm(1, 0), arm(1, 0), cqe(1, true), event(0, 1), event(0, 1)})).empty());
}

TEST(CqNotifyJudge, TheEventNamesItsCqOnItsChannel)
{
	EXPECT_EQ(broken(view({arm(1, 0), cqe(1, true), event(0, 0), drained(0)})),
		  std::vector<std::string>{rule_id::get_cq_event_names_the_cq});
	EXPECT_EQ(broken(view({arm(1, 0), cqe(1, true), event(0, 1, 0, false)})),
		  std::vector<std::string>{rule_id::get_cq_event_names_the_cq});
	EXPECT_EQ(broken(view({arm(2, 0), cqe(2, true), event(0, 2), drained(1)})),
		  std::vector<std::string>{rule_id::create_cq_channel_events_on_the_channel});
}

TEST(CqNotifyJudge, ResultsAreJudgedByTheResultRows)
{
	EXPECT_EQ(broken(view({arm(1, 1, -1)})),
		  std::vector<std::string>{rule_id::req_notify_cq_return_zero_or_errno});
	EXPECT_EQ(broken(view({event(0, -1, EAGAIN)})),
		  std::vector<std::string>{rule_id::get_cq_event_return_zero_or_minus_one});
}

TEST(CqNotifyJudge, DestroyWaitsForTheAcks)
{
	NotifyStep early;
	early.kind = K::Destroy;
	early.cq = 1;
	early.returned_before_acks = true;
	EXPECT_EQ(broken(view({arm(1, 0), cqe(1, true), event(0, 1), early})),
		  std::vector<std::string>{rule_id::ack_cq_events_destroy_waits_for_acks});
	NotifyStep waited = early;
	waited.returned_before_acks = false;
	NotifyStep ack;
	ack.kind = K::Ack;
	ack.cq = 1;
	ack.nevents = 1;
	EXPECT_TRUE(broken(view({arm(1, 0), cqe(1, true), event(0, 1), waited, ack})).empty());
	NotifyStep stuck = waited;
	stuck.returned = false;
	EXPECT_EQ(broken(view({arm(1, 0), cqe(1, true), event(0, 1), stuck, ack})),
		  std::vector<std::string>{rule_id::ack_cq_events_destroy_waits_for_acks});
	// Nothing got: returning at once is right.
	EXPECT_TRUE(broken(view({early})).empty());
}

} // namespace
} // namespace ibvcert
