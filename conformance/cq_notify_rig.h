// The rig of the completion-event clauses: an RC pair a <-> b on the run's
// device, two completion channels and three CQs on them, several CQs on one
// channel (ibv_get_cq_event(3) names the CQ):
//   cq0  a's send CQ        channel 0
//   cq1  b's receive CQ     channel 0
//   cq2  a's receive CQ     channel 1
// (b's send CQ has no channel). It arms, sends, flushes, reads and acks as a
// case asks, and writes each thing done and seen into the view the judge
// (contracts/cq_notify_judge.h) decides on; it decides nothing.
#pragma once

#include "contracts/cq_notify_judge.h"
#include "contracts/device_caps.h"
#include "fixtures/device.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

class CqNotifyRig {
public:
	static constexpr int kCqs = 3;
	CqNotifyRig();
	~CqNotifyRig();
	// nullopt when ready; a reason to SKIP otherwise (a failed precondition
	// is recorded as a failure and also returns a reason).
	std::optional<std::string> prepare();

	// ibv_req_notify_cq(cq, solicited_only).
	void arm(int cq, int solicited_only);
	// One SEND (a -> b, or b -> a), with IBV_SEND_SOLICITED or not; waits
	// until the CQEs it makes were seen (polled) and writes them into the view.
	// opcode: SEND_WITH_IMM or RDMA_WRITE_WITH_IMM instead (into the receive
	// WR's buffer), the other messages that consume a receive WR.
	std::optional<std::string> send(bool from_a, bool solicited, ibv_wr_opcode opcode = IBV_WR_SEND);
	// Posts one receive on b and moves b to ERR: the receive flushes into
	// cq1, an unsuccessful CQE.
	std::optional<std::string> flush_b();
	// Reads channel until it stays empty for the wait (one more read of the
	// empty channel included). Returns the events read.
	int read(int channel);
	// Acks every event got and not acked yet.
	void ack_all();
	// Destroys QP b, then cq1 from a second thread while its events are not
	// acked; acks after the wait, and waits for the destroy to return.
	void destroy_cq1_before_acks();

	const CqNotifyView &view() const { return view_; }
	std::string evidence() const;

private:
	std::optional<std::string> fail(const std::string &what, int ret);
	std::optional<std::string> settle(int cq, uint64_t wr_id, NotifyStep cqe);
	int cq_index(const void *handle) const;
	void note(const std::string &s) { steps_.push_back(s); }

	const DeviceCaps *caps_ = nullptr;
	std::unique_ptr<Pd> pd_;
	std::unique_ptr<Mr> mr_;
	std::unique_ptr<CompChannel> channels_[2];
	std::unique_ptr<Cq> cqs_[kCqs];
	std::unique_ptr<Cq> b_send_cq_;
	std::unique_ptr<Qp> a_, b_;
	std::vector<char> buf_;
	uint64_t next_wr_id_ = 1;
	long long unacked_[kCqs] = {};
	CqNotifyView view_;
	std::vector<std::string> steps_;
};

} // namespace ibvcert
