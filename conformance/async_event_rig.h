// The rig of the async-event clauses (ibv_get_async_event(3), ibv_poll_cq(3)'s
// CQ overrun): several QPs of different types, two SRQs and three CQs alive
// at once on the run's device, indexed in the order created:
//   QP 0 a  RC  <-> QP 1 b  RC        (the RC pair)
//   QP 2 c  UC  <-> QP 3 d  UC        (where the device has UC)
//   QP 4 u  UD  ,   QP 5 v  UD        (where the device has UD)
//   QP 6 e  RC on SRQ 0 <-> QP 7 f RC on SRQ 1 (where the device has SRQs)
//   QP 8 g  RC in RTS -> QP 9 h RC left in RTR (not on iWARP: rdma_cm connects)
//   QP 10 p RC <-> QP 11 o RC, o's receives complete into the small CQ 2
//   CQ 0: every send CQ; CQ 1: every receive CQ but o's; CQ 2: o's (cqe 4 asked)
// It sends, writes, modifies, queries, polls and reads events as a case asks,
// and writes each thing done and seen into the view the judge
// (contracts/async_event_judge.h) decides on; it decides nothing.
#pragma once

#include "contracts/async_event_judge.h"
#include "contracts/device_caps.h"
#include "fixtures/device.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

class AsyncEventRig {
public:
	enum QpName { A, B, C, D, U, V, E, F, G, H, P, O, kQps };
	AsyncEventRig() = default;
	~AsyncEventRig();
	// nullopt when ready; a reason to SKIP otherwise (a failed precondition
	// is recorded as a failure and also returns a reason).
	std::optional<std::string> prepare();
	// Whether the QP was made (UC, UD, the SRQ QPs and the RTR QP are made
	// only where the device has them).
	bool has(QpName q) const { return (bool)qps_[q]; }

	// A SEND of bytes from -> to, with a receive of recv_bytes posted on to
	// (or its SRQ); waits for the sender's completion (RC: the receive's
	// too, when the receiver's CQ is not CQ 2). The message's receive wr_id.
	std::optional<std::string> send(QpName from, QpName to, uint32_t bytes = 64, uint32_t recv_bytes = 64);
	// An RDMA WRITE from -> to into a buffer whose MR has no remote access.
	std::optional<std::string> write_without_access(QpName from, QpName to);
	// ibv_modify_qp(qp, to), with IBV_QP_EN_SQD_ASYNC_NOTIFY set when notify.
	void modify(QpName qp, ibv_qp_state to, bool notify = false);
	// ibv_query_qp of every QP made.
	void query_all();
	// Polls CQ cq until it is empty (or fails).
	void poll(int cq);
	// Reads events until none comes for the case's wait (awaited: every
	// event due must have come), acking each at once.
	void read_events(bool awaited = true);
	// The CQ 2's size as ibv_create_cq reported it.
	int small_cqe() const { return small_cqe_; }

	const AsyncView &view() const { return view_; }
	std::string evidence() const;

private:
	std::optional<std::string> fail(const std::string &what, int ret);
	std::optional<std::string> make_qp(QpName q, ibv_qp_type type, int srq, int recv_cq, int recv_wr);
	std::optional<std::string> connect(QpName a, QpName b);
	std::optional<std::string> rtr_pair(QpName rts, QpName rtr);
	// Polls cq until wr_id's completion, recording every completion seen.
	std::optional<ibv_wc> await_wc(int cq, uint64_t wr_id);
	void completed(int cq, const ibv_wc &wc);
	int qp_of(uint32_t qp_num) const;
	void push(AsyncStep s);
	void note(const std::string &s) { steps_.push_back(s); }

	const DeviceCaps *caps_ = nullptr;
	std::unique_ptr<Pd> pd_;
	std::vector<char> buf_, ro_buf_;
	std::unique_ptr<Mr> mr_, ro_mr_;
	std::unique_ptr<Cq> cqs_[3];
	std::unique_ptr<Srq> srqs_[2];
	std::unique_ptr<Qp> qps_[kQps];
	int small_cqe_ = 0;
	uint64_t next_wr_id_ = 1;
	AsyncView view_;
	std::vector<std::string> steps_;
};

const char *qp_letter(AsyncEventRig::QpName q);

} // namespace ibvcert
