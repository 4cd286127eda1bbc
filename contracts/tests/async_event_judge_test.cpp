// The async-event judge on hand-made views: what a correct device shows
// passes, and each wrong thing breaks its own row.
#include "contracts/async_event_judge.h"
#include "contracts/rule_ids/async_event.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

using K = AsyncStep::Kind;

AsyncStep qp(int i, bool srq = false, int recv_cq = 1)
{
	AsyncStep s;
	s.kind = K::QpCreated;
	s.qp = i;
	s.with_srq = srq;
	s.send_cq = 0;
	s.recv_cq = recv_cq;
	return s;
}
AsyncStep cq(int i, int cqe)
{
	AsyncStep s;
	s.kind = K::CqCreated;
	s.cq = i;
	s.cqe = cqe;
	return s;
}
AsyncStep state(int i, ibv_qp_state st, K kind = K::Queried)
{
	AsyncStep s;
	s.kind = kind;
	s.qp = i;
	s.state = st;
	s.to = st;
	s.attr_mask = IBV_QP_STATE;
	return s;
}
AsyncStep simple(K kind, int q, int c = -1, uint64_t wr_id = 0)
{
	AsyncStep s;
	s.kind = kind;
	s.qp = q;
	s.cq = c;
	s.wr_id = wr_id;
	return s;
}
ReadEvent on_qp(ibv_event_type t, int q, int returned = 0)
{
	ReadEvent e;
	e.type = t;
	e.qp = q;
	e.names_qp = true;
	e.returned = returned;
	return e;
}
ReadEvent on_cq(int c)
{
	ReadEvent e;
	e.type = IBV_EVENT_CQ_ERR;
	e.cq = c;
	e.names_cq = true;
	return e;
}
AsyncStep read(std::vector<ReadEvent> events, bool awaited = true)
{
	AsyncStep s;
	s.kind = K::EventsRead;
	s.events = std::move(events);
	s.awaited = awaited;
	return s;
}

std::vector<std::string> broken(std::vector<AsyncStep> steps)
{
	return judge_async_events(AsyncView{std::move(steps)}).rule_ids();
}

// QP 0 (RTS) and QP 1 (RTR), CQ 0 (256) and CQ 1 (2).
std::vector<AsyncStep> base()
{
	return {cq(0, 256), cq(1, 2), qp(0), qp(1, false, 1), qp(2, true), state(0, IBV_QPS_RTS),
		state(1, IBV_QPS_RTR), state(2, IBV_QPS_RTS)};
}

TEST(AsyncEventJudge, ArrivalInRtrRaisesCommEstThere)
{
	auto v = base();
	v.push_back(simple(K::Arrived, 1));
	v.push_back(read({on_qp(IBV_EVENT_COMM_EST, 1)}));
	EXPECT_TRUE(broken(v).empty());
	auto missing = base();
	missing.push_back(simple(K::Arrived, 1));
	missing.push_back(read({}));
	EXPECT_EQ(broken(missing), std::vector<std::string>{rule_id::async_event_comm_est_raised_on_arrival_in_rtr});
	auto on_rts = base();
	on_rts.push_back(simple(K::Arrived, 0));
	on_rts.push_back(read({on_qp(IBV_EVENT_COMM_EST, 0)}));
	EXPECT_EQ(broken(on_rts), std::vector<std::string>{rule_id::async_event_comm_est_of_arrival_in_rtr});
}

TEST(AsyncEventJudge, EventOnAnUnknownQpBreaksTheElement)
{
	auto v = base();
	v.push_back(read({on_qp(IBV_EVENT_QP_FATAL, -1)}));
	EXPECT_EQ(broken(v), std::vector<std::string>{rule_id::async_event_element_qp});
}

TEST(AsyncEventJudge, ReturnOtherThanZeroOrMinusOne)
{
	auto v = base();
	v.push_back(state(2, IBV_QPS_ERR, K::Modified));
	v.push_back(read({on_qp(IBV_EVENT_QP_LAST_WQE_REACHED, 2, 1)}));
	EXPECT_EQ(broken(v), std::vector<std::string>{rule_id::async_event_return_zero_or_minus_one});
}

TEST(AsyncEventJudge, LastWqeOnlyOnAnSrqQp)
{
	auto v = base();
	v.push_back(state(0, IBV_QPS_ERR, K::Modified));
	v.push_back(read({on_qp(IBV_EVENT_QP_LAST_WQE_REACHED, 0)}));
	EXPECT_EQ(broken(v), std::vector<std::string>{rule_id::async_event_last_wqe_reached_of_srq_qp_in_err});
}

TEST(AsyncEventJudge, OverrunRaisesCqErrAndQpFatalAndTheCqIsDone)
{
	auto v = base();
	for (uint64_t id = 1; id <= 3; id++)
		v.push_back(simple(K::Fed, 1, 1, id));
	v.push_back(read({on_cq(1), on_qp(IBV_EVENT_QP_FATAL, 1)}));
	v.push_back(state(1, IBV_QPS_ERR));
	EXPECT_TRUE(broken(v).empty());

	auto quiet = base();
	for (uint64_t id = 1; id <= 3; id++)
		quiet.push_back(simple(K::Fed, 1, 1, id));
	quiet.push_back(read({on_qp(IBV_EVENT_QP_FATAL, 1)}));
	quiet.push_back(state(1, IBV_QPS_RTR));
	EXPECT_EQ(broken(quiet), (std::vector<std::string>{rule_id::async_event_cq_err_raised_on_overrun,
							   rule_id::async_event_qp_fatal_qp_in_err}));

	auto usable = base();
	for (uint64_t id = 1; id <= 3; id++)
		usable.push_back(simple(K::Fed, 1, 1, id));
	usable.push_back(read({on_cq(1), on_qp(IBV_EVENT_QP_FATAL, 1)}));
	AsyncStep poll = simple(K::Polled, -1, 1);
	poll.wr_ids = {1, 2, 3};
	usable.push_back(poll);
	EXPECT_EQ(broken(usable), std::vector<std::string>{rule_id::async_event_cq_err_cq_unusable});
}

TEST(AsyncEventJudge, CqErrWithoutOverrun)
{
	auto v = base();
	v.push_back(simple(K::Fed, 1, 1, 1));
	v.push_back(read({on_cq(1)}));
	EXPECT_EQ(broken(v), std::vector<std::string>{rule_id::async_event_cq_err_of_overrun});
}

// A QP's unread events go with it (ibv_destroy_qp): an event due on it
// before its destroy is not awaited after.
TEST(AsyncEventJudge, DestroyedQpsDueEventsAreNotAwaited)
{
	auto v = base();
	v.push_back(state(2, IBV_QPS_ERR, K::Modified)); // QP 2 is on an SRQ: LAST_WQE_REACHED due
	v.push_back(simple(K::Destroyed, 2));
	v.push_back(read({}));
	EXPECT_TRUE(broken(v).empty());
	auto kept = base();
	kept.push_back(state(2, IBV_QPS_ERR, K::Modified));
	kept.push_back(read({}));
	EXPECT_EQ(broken(kept), std::vector<std::string>{rule_id::async_event_last_wqe_reached_raised_on_err});
}

// A partial view judges each read's result and the object its event names,
// not the situation behind it nor the events due.
TEST(AsyncEventJudge, PartialViewJudgesResultAndElementOnly)
{
	auto v = base();
	v.push_back(state(2, IBV_QPS_ERR, K::Modified));
	v.push_back(read({on_qp(IBV_EVENT_COMM_EST, 0)}));
	AsyncView partial{v, true};
	EXPECT_TRUE(judge_async_events(partial).rule_ids().empty());
	partial.steps.push_back(read({on_qp(IBV_EVENT_QP_FATAL, 7)}));
	partial.steps.push_back(read({on_qp(IBV_EVENT_QP_FATAL, 0, 1)}));
	EXPECT_EQ(judge_async_events(partial).rule_ids(),
		  (std::vector<std::string>{rule_id::async_event_element_qp, rule_id::async_event_return_zero_or_minus_one}));
}

} // namespace
} // namespace ibvcert
