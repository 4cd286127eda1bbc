// The QP and CQ async events, one test per clause of ibv_get_async_event(3)
// and ibv_poll_cq(3)'s CQ overrun: each drives the rig
// (conformance/async_event_rig.h: QPs of every type, SRQs and CQs alive at
// once) into the clause's situation, reads the events, queries every QP and
// hands everything done and seen to the judge (contracts/async_event_judge.h),
// which holds all of it to every row, in both directions: no event out of
// nothing or on another object, and the situation's event on its object.
#include "conformance/async_event_rig.h"
#include "contracts/rule_ids/async_event.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

using Q = AsyncEventRig;

void judge(AsyncEventRig &rig)
{
	rig.read_events(true);
	rig.query_all();
	std::vector<const ContractRule *> judged;
	for (const ContractRule &r : async_event_rules())
		judged.push_back(&r);
	record_verdict(judge_async_events(rig.view()), judged, rig.evidence());
}

#define PREPARE(rig)                                  \
	AsyncEventRig rig;                            \
	if (auto skip = rig.prepare())                \
		GTEST_SKIP() << *skip;                \
	ASSERT_FALSE(HasFailure())

#define STEP(call)                                    \
	if (auto failed = (call)) {                   \
		judge(rig);                           \
		GTEST_SKIP() << *failed;              \
	}

// The CQ 2 overrun: p sends o one message more than CQ 2 holds, CQ 2
// never polled (each SEND's success says o took it).
std::optional<std::string> overrun(AsyncEventRig &rig)
{
	for (int i = 0; i <= rig.small_cqe(); i++)
		if (auto f = rig.send(Q::P, Q::O))
			return f;
	return std::nullopt;
}

// Every read returns 0 with its event (-1 only on error): an RDMA WRITE
// refused for access, and the RC pair's traffic, with every QP alive.
TEST(AsyncEvent, GetAsyncEventReturnsZeroOrMinusOne)
{
	record_clause({rule_id::async_event_return_zero_or_minus_one, {rule_id::async_event_element_qp}});
	PREPARE(rig);
	STEP(rig.send(Q::A, Q::B));
	STEP(rig.write_without_access(Q::A, Q::B));
	judge(rig);
}

// Several QPs get events at once: each names, in element.qp, the QP it
// happened on (e leaving for ERR with its SRQ, b refusing a's RDMA WRITE,
// h reached in RTR).
TEST(AsyncEvent, ElementQpNamesTheQp)
{
	record_clause({rule_id::async_event_element_qp,
		       {rule_id::async_event_last_wqe_reached_of_srq_qp_in_err,
			rule_id::async_event_qp_access_err_of_access_violation,
			rule_id::async_event_comm_est_of_arrival_in_rtr}});
	PREPARE(rig);
	if (rig.has(Q::E))
		rig.modify(Q::E, IBV_QPS_ERR);
	STEP(rig.write_without_access(Q::A, Q::B));
	if (rig.has(Q::G))
		STEP(rig.send(Q::G, Q::H));
	judge(rig);
}

// CQ 2 overruns: IBV_EVENT_CQ_ERR names CQ 2 in element.cq, not CQ 0 or 1.
TEST(AsyncEvent, ElementCqNamesTheCq)
{
	record_clause({rule_id::async_event_element_cq, {rule_id::async_event_cq_err_of_overrun}});
	PREPARE(rig);
	STEP(rig.send(Q::A, Q::B));
	STEP(overrun(rig));
	judge(rig);
}

// A QP_FATAL names a QP an error happened on, and that QP reads ERR after it:
// o, whose receive completion did not fit into the overrun CQ 2.
TEST(AsyncEvent, QpFatalQpInErr)
{
	record_clause({rule_id::async_event_qp_fatal_qp_in_err,
		       {rule_id::async_event_qp_fatal_raised_on_lost_completion}});
	PREPARE(rig);
	STEP(overrun(rig));
	judge(rig);
}

// A QP_REQ_ERR names only a responder that refused a request as invalid: a
// SEND of 256 bytes into b's 16-byte receive (a: IBV_WC_REM_INV_REQ_ERR).
TEST(AsyncEvent, QpReqErrOfInvalidRequest)
{
	record_clause({rule_id::async_event_qp_req_err_of_invalid_request});
	PREPARE(rig);
	STEP(rig.send(Q::A, Q::B, 256, 16));
	judge(rig);
}

// An RDMA WRITE into b's buffer whose MR has no IBV_ACCESS_REMOTE_WRITE:
// QP_ACCESS_ERR on b, the responder, and on no other QP.
TEST(AsyncEvent, QpAccessErrOnTheResponder)
{
	record_clause({rule_id::async_event_qp_access_err_raised_on_remote_access_error,
		       {rule_id::async_event_qp_access_err_of_access_violation}});
	PREPARE(rig);
	STEP(rig.write_without_access(Q::A, Q::B));
	judge(rig);
}

// COMM_EST on h, reached while in RTR, and on no QP reached in RTS (the RC
// and UC pairs' traffic).
TEST(AsyncEvent, CommEstOnArrivalInRtr)
{
	record_clause({rule_id::async_event_comm_est_raised_on_arrival_in_rtr,
		       {rule_id::async_event_comm_est_of_arrival_in_rtr}});
	PREPARE(rig);
	STEP(rig.send(Q::A, Q::B));
	if (rig.has(Q::C))
		STEP(rig.send(Q::C, Q::D));
	if (!rig.has(Q::G)) {
		judge(rig);
		GTEST_SKIP() << "no QP in RTR with traffic on this device (iWARP QPs are connected by rdma_cm)";
	}
	STEP(rig.send(Q::G, Q::H));
	judge(rig);
}

// a RTS->SQD asking for the event: SQ_DRAINED on a; p RTS->SQD without
// asking: no row requires it there.
TEST(AsyncEvent, SqDrainedWithNotify)
{
	record_clause({rule_id::async_event_sq_drained_raised_with_notify, {rule_id::async_event_sq_drained_of_sqd}});
	PREPARE(rig);
	STEP(rig.send(Q::A, Q::B));
	rig.modify(Q::A, IBV_QPS_SQD, true);
	rig.modify(Q::P, IBV_QPS_SQD, false);
	judge(rig);
}

// e (on SRQ 0) to ERR: LAST_WQE_REACHED on e; b (no SRQ) to ERR: none on b.
TEST(AsyncEvent, LastWqeReachedOnSrqQp)
{
	record_clause({rule_id::async_event_last_wqe_reached_raised_on_err,
		       {rule_id::async_event_last_wqe_reached_of_srq_qp_in_err}});
	PREPARE(rig);
	rig.modify(Q::B, IBV_QPS_ERR);
	if (!rig.has(Q::E)) {
		judge(rig);
		GTEST_SKIP() << "the device makes no SRQ";
	}
	STEP(rig.send(Q::F, Q::E));
	rig.modify(Q::E, IBV_QPS_ERR);
	judge(rig);
}

// ibv_poll_cq(3): a CQ overrun raises IBV_EVENT_CQ_ERR on the CQ.
TEST(AsyncEvent, CqOverrunRaisesCqErr)
{
	record_clause({rule_id::async_event_cq_err_raised_on_overrun, {rule_id::async_event_cq_err_of_overrun}});
	PREPARE(rig);
	STEP(overrun(rig));
	judge(rig);
}

// ibv_poll_cq(3): after the overrun the CQ cannot be used: polls give no
// completion of the message that did not fit, nor of one sent after.
TEST(AsyncEvent, CqOverrunCqCannotBeUsed)
{
	record_clause({rule_id::async_event_cq_err_cq_unusable, {rule_id::async_event_cq_err_raised_on_overrun}});
	PREPARE(rig);
	STEP(overrun(rig));
	rig.poll(2);
	(void)rig.send(Q::P, Q::O); // o may be in ERR by now: the SEND's fate is the device's
	rig.poll(2);
	judge(rig);
}

} // namespace
} // namespace ibvcert
