// The rig of the datapath clauses: a pair of QPs of one type on the run's
// device, connected in RTS, each QP with its own send and receive CQ (and,
// for UD, a third QP with the same Q_Key beside them), one MR over a buffer
// laid out in areas. It posts what a case asks for and fills the view the
// judge (contracts/completion_judge.h) decides on; it decides nothing.
#pragma once

#include "contracts/completion_judge.h"
#include "contracts/device_caps.h"
#include "fixtures/device.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

struct PairSpec {
	ibv_qp_type type = IBV_QPT_RC;
	bool sq_sig_all = false;
	bool srq = false; // the responder receives through an SRQ
};

// One send WR of an exchange.
struct SendSpec {
	ibv_wr_opcode opcode = IBV_WR_SEND;
	bool signaled = true;
	bool inline_data = false; // IBV_SEND_INLINE, lkey naming no MR, buffer overwritten after the post
	int num_sge = 1;
	uint32_t length = 48;     // 8 for atomics
	bool qkey_matches = true; // UD
};

class DatapathPair {
public:
	DatapathPair();
	~DatapathPair();
	// nullopt when ready; a reason to SKIP otherwise (a precondition that
	// fails is recorded as a failure and also returns a reason).
	std::optional<std::string> prepare(const PairSpec &spec);

	// Posts recv_count receive WRs (each over recv_sges SGEs), then the sends
	// as one list, then polls every CQ until the work settles.
	std::optional<std::string> post(const std::vector<SendSpec> &sends, int recv_count, int recv_sges = 2);
	// Polls until the work settles, and fills the view.
	ExchangeView settle();

	// Whether the reason post() returned is the device's lack of a feature
	// (SKIP), not a failure already recorded.
	bool skipped() const { return skipped_; }
	uint32_t max_inline() const { return max_inline_; }
	bool has_atomics() const;
	const DeviceCaps &caps() const { return *caps_; }
	Qp &sender() { return *sender_; }
	Qp &responder() { return *responder_; }
	Cq &responder_send_cq() { return *cqs_[2]; }
	Cq &responder_recv_cq() { return *cqs_[3]; }
	Srq *srq() { return srq_.get(); }
	void note(const std::string &s) { steps_.push_back(s); }
	std::string evidence() const;
	// A receive WR for the responder's own queue or the SRQ: wr_id, one SGE
	// at slot's place in the receive area.
	ibv_recv_wr recv_wr(uint64_t wr_id, int slot, ibv_sge &sge);
	uint32_t lkey() const;
	// Polls cq for up to ms milliseconds, until want completions came (0:
	// the whole time).
	std::vector<ibv_wc> poll(Cq &cq, size_t want, int ms);

private:
	std::optional<std::string> fail(const std::string &what, int ret);

	PairSpec spec_;
	const DeviceCaps *caps_ = nullptr;
	std::unique_ptr<Pd> pd_;
	std::vector<uint8_t> buf_;
	std::unique_ptr<Mr> mr_;
	std::vector<std::unique_ptr<Cq>> cqs_; // sender send, sender recv, responder send, responder recv, bystander
	std::unique_ptr<Srq> srq_;
	std::unique_ptr<Qp> sender_, responder_, bystander_;
	std::unique_ptr<Ah> ah_;
	ibv_ah_attr ah_attr_{};
	uint32_t max_inline_ = 0;
	ExchangeView view_;
	std::vector<SendSpec> specs_;
	size_t signaled_ = 0, consuming_ = 0;
	int recv_sges_ = 2;
	bool skipped_ = false;
	std::vector<std::string> steps_;
};

} // namespace ibvcert
