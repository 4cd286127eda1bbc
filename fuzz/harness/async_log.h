// The lane's QPs and CQs and what was done on them, in order, as the
// async-event judge views them (contracts/async_event_judge.h): the ops
// that create, connect, modify, query, poll or destroy record their step
// here, get_async_event reads the events into it and hands the whole view
// to judge_async_events.
//
// What it holds: the lane's CQ, the slots' QPs (every ibv_modify_qp of
// theirs goes through ModifyQpOp), the datapath pair and its CQ, and the
// completions polled from those CQs. What it leaves out, and why no event
// can name it when it is read: the builder's peer QP (never moved out of
// RESET) and CQ (no work), and the objects an op makes and destroys inside
// itself (resize_cq, cq_notify, the traffic rows): a destroyed object's
// unread events go with it. Only cq_overrun records its completions as fed
// (and reads the events before it destroys its CQ): the other ops poll what
// they post, and the view predicts no overrun of their CQs. On a device other
// than the reference one the events may come before the completions that
// explain them are polled: the view is partial there (only each read's
// result and the object it names are judged).
#pragma once

#include "contracts/async_event_judge.h"
#include "fixtures/device.h"

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace ibvcert::fuzz {

class AsyncLog {
public:
	// A new input: nothing recorded. partial: see above.
	void reset(bool partial);

	// name: how the evidence calls it ("the lane's CQ", "qp#1", "the pair's responder").
	void cq_created(const Cq &cq, const std::string &name);
	void qp_created(Qp &qp, const std::string &name, bool with_srq, const Cq &send_cq, const Cq &recv_cq);
	// a sends to b and b to a (the pair).
	void connected(const Qp &a, const Qp &b);
	// ibv_modify_qp(qp, attr, attr_mask) returned ret (attr as sent).
	void modified(const Qp &qp, const ibv_qp_attr &attr, int attr_mask, int ret);
	// ibv_query_qp read state.
	void queried(const Qp &qp, ibv_qp_state state);
	// Completions polled from cq.
	void polled(const Cq &cq, const ibv_wc *wcs, int n);
	// qp's work (wr_id) completes into cq: due there (what predicts an overrun).
	void fed(const Qp &qp, const Cq &cq, uint64_t wr_id);
	// cq polled until it gives nothing, each poll a step of the view.
	void poll(Cq &cq);
	void destroyed(const Qp &qp);
	void destroyed(const Cq &cq);

	// Every live QP of the view queried (a QP a completion error moved to
	// ERR, which no modify shows), then the device's events read until its
	// queue is empty (reference device: every due event has come), each
	// acked after seen had it. The read step.
	const AsyncStep &read(Device &d, std::chrono::milliseconds wait, bool awaited,
			      const std::function<void(const AsyncEvent &)> &seen);

	const AsyncView &view() const { return view_; }
	// "QP 0 = qp#1 (RC)", then each step in words, for the evidence.
	std::string evidence() const;

private:
	int qp_index(const void *qp) const;
	int cq_index(const void *cq) const;
	int qp_of_num(uint32_t qp_num) const;

	struct KnownQp {
		Qp *qp; // null once destroyed
		uint32_t qp_num;
		std::string name;
		ibv_qp_state state; // as the last recorded step left it
	};
	struct KnownCq {
		const Cq *cq; // null once destroyed
		std::string name;
	};
	std::vector<KnownQp> qps_;
	std::vector<KnownCq> cqs_;
	AsyncView view_;
};

} // namespace ibvcert::fuzz
