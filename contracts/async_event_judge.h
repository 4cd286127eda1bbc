// The judge of the QP and CQ async events (ibv_get_async_event(3)) and of a
// CQ overrun (ibv_poll_cq(3) NOTES): what a caller did on the objects of one
// context and what it saw, in order, replayed against the rows of
// contracts/async_event_rules.cpp. Both directions: an event read names an
// object of the caller's on which its type's situation happened, and a
// situation the rows name raises its event on its object. The SRQ limit
// event is contracts/srq_event_judge.h's.
#pragma once

#include "contracts/verdict.h"

#include <infiniband/verbs.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ibvcert {

// One event read (or a failed read). qp / cq: the index of the object the
// event names in the view (-1: none of the caller's live objects).
struct ReadEvent {
	int returned = 0; // what ibv_get_async_event returned
	bool got = true;  // an event came with it
	ibv_event_type type{};
	int qp = -1, cq = -1;
	bool names_qp = false, names_cq = false; // the member set (element.qp / element.cq)
};

// One thing the caller did or saw. qp / cq / peer are indexes of the QPs and
// CQs in the order the caller created them.
struct AsyncStep {
	enum class Kind {
		QpCreated,  // qp of qp_type, on srq (with_srq), completing into send_cq / recv_cq
		CqCreated,  // cq, cqe as ibv_create_cq reported it
		Connected,  // qp's destination is peer (RC/UC)
		Modified,   // ibv_modify_qp(qp) from -> to (to == from without IBV_QP_STATE), attr_mask, result
		Queried,    // ibv_query_qp(qp) returned 0: state as read
		Arrived,    // a message reached qp (its receive completed, or the RC requester's WR succeeded)
		Fed,        // a message reached qp with a receive posted: its completion (wr_id) is due in cq
		Completed,  // a completion of qp's work was polled from cq: status
		Polled,     // ibv_poll_cq(cq) returned result with wr_ids
		EventsRead, // ibv_get_async_event reads; awaited: read until the queue stayed empty for the wait
		Destroyed,  // qp (or cq, qp -1) destroyed
		Violated,   // an RDMA WRITE to qp named memory whose MR gives it no remote write (an access violation there)
	};
	Kind kind = Kind::QpCreated;
	int qp = -1, cq = -1, peer = -1;
	ibv_qp_type qp_type = IBV_QPT_RC;
	bool with_srq = false;
	int send_cq = -1, recv_cq = -1;
	int cqe = 0;
	ibv_qp_state from = IBV_QPS_RESET, to = IBV_QPS_RESET;
	int attr_mask = 0;
	int en_sqd_async_notify = 0;
	long long result = 0;
	ibv_qp_state state = IBV_QPS_RESET;
	ibv_wc_status status = IBV_WC_SUCCESS;
	uint64_t wr_id = 0;
	std::vector<uint64_t> wr_ids;
	std::vector<ReadEvent> events;
	bool awaited = false;
	std::string at; // the case's step, for the detail

	// The steps every caller records the same way (the suites' rig, the
	// property's scene, the fuzz lane's log).
	static AsyncStep cq_created(int cq, int cqe)
	{
		AsyncStep s;
		s.kind = Kind::CqCreated;
		s.cq = cq;
		s.cqe = cqe;
		return s;
	}
	static AsyncStep qp_created(int qp, ibv_qp_type type, bool with_srq, int send_cq, int recv_cq)
	{
		AsyncStep s;
		s.kind = Kind::QpCreated;
		s.qp = qp;
		s.qp_type = type;
		s.with_srq = with_srq;
		s.send_cq = send_cq;
		s.recv_cq = recv_cq;
		return s;
	}
	// qp's destination is peer (one direction: a pair is two).
	static AsyncStep connected(int qp, int peer)
	{
		AsyncStep s;
		s.kind = Kind::Connected;
		s.qp = qp;
		s.peer = peer;
		return s;
	}
	// ibv_modify_qp(qp, attr, attr_mask) from `from` returned result.
	static AsyncStep modified(int qp, ibv_qp_state from, const ibv_qp_attr &attr, int attr_mask, long long result)
	{
		AsyncStep s;
		s.kind = Kind::Modified;
		s.qp = qp;
		s.from = from;
		s.to = (attr_mask & IBV_QP_STATE) ? attr.qp_state : from;
		s.attr_mask = attr_mask;
		s.en_sqd_async_notify = attr.en_sqd_async_notify;
		s.result = result;
		return s;
	}
	static AsyncStep queried(int qp, ibv_qp_state state)
	{
		AsyncStep s;
		s.kind = Kind::Queried;
		s.qp = qp;
		s.state = state;
		return s;
	}
	// wc, polled from cq; qp: the index of the QP of wc.qp_num.
	static AsyncStep completed(int cq, int qp, const ibv_wc &wc)
	{
		AsyncStep s;
		s.kind = Kind::Completed;
		s.cq = cq;
		s.qp = qp;
		s.status = wc.status;
		s.wr_id = wc.wr_id;
		return s;
	}
};

struct AsyncView {
	std::vector<AsyncStep> steps;
	// The steps miss some of what happened (a caller that cannot record
	// every completion or transition in order, e.g. the fuzz harness on a
	// real device, whose events may come before the completions that
	// explain them are polled): only what such a view decides is judged,
	// each read's result and that its event names a live object of the
	// view, not which situation explains it nor which events are due.
	bool partial = false;
};

// A step in words, for evidence.
std::string async_step_text(const AsyncStep &step);
// The view in words, for evidence: the objects by index ("QP 0 = <name>",
// then the CQs) and every step judged, numbered.
std::string async_view_text(const AsyncView &view, const std::vector<std::string> &qp_names,
			    const std::vector<std::string> &cq_names);
// Every row of contracts/async_event_rules.cpp the steps break (the return
// row through contracts/call_judge.h).
Verdict judge_async_events(const AsyncView &view);

} // namespace ibvcert
