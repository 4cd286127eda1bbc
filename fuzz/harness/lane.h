// One device under test during one input: the device, its caps, a PD and a
// CQ for the input's QPs, the QP builder (valid values, its own PD, CQ and
// peer QP), and the slots of the objects the input makes (QPs, the SRQ,
// scheduling elements), each object with what the model of device state
// (fixtures/model/) holds of it. Everything but a real device is created per
// input and destroyed at its end (LeakSanitizer checks that); a real device
// is opened once.
#pragma once

#include "fuzz/harness/async_log.h"
#include "fuzz/harness/feedback.h"
#include "fuzz/harness/options.h"

#include "fixtures/model/datapath_model.h"
#include "fixtures/model/qp_model.h"
#include "fixtures/model/sched_model.h"
#include "fixtures/model/srq_model.h"
#include "contracts/srq_event_judge.h"
#include "fixtures/qp_builder.h"
#include "fixtures/qp_snapshot.h"
#include "fixtures/sched.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ibvcert::fuzz {

inline constexpr int kSlots = 4;
// The skip_slot of diff_slots that stands for the lane's SRQ (an SRQ op's own).
inline constexpr int kSrqSlot = kSlots;
// Scheduling elements (the sched target's); diff_slots' skip_slot for
// element i is kSchedSlot0 + i.
inline constexpr int kSchedSlots = 6;
inline constexpr int kSchedSlot0 = kSrqSlot + 1;

// A QP and its model: its type, its state, the attributes it holds.
struct QpSlot {
	std::unique_ptr<Qp> qp;
	QpModel model;
	QpValueHistory given; // every value its modifies gave it (feedback.h)
	std::vector<uint64_t> sends; // wr_ids posted by raw_send and not yet completed
	explicit operator bool() const { return qp != nullptr; }
};

// The lane's SRQ (the modify_srq target's) and its model: its attributes as
// ibv_query_srq must report them, the WRs posted to it and not consumed (no
// verb reads them back), the arming.
struct SrqSlot {
	std::unique_ptr<Srq> srq;
	SrqModel model;
	uint32_t limit_events_got = 0; // IBV_EVENT_SRQ_LIMIT_REACHED got for it (get_async_event)
	// Its life as contracts/srq_event_judge.h views it: each call made on
	// it, each message that took one of its WRs, each event read, each
	// srq_limit read (the SRQ's ops add the steps; judge_srq asks the judge).
	SrqHistory history;
	explicit operator bool() const { return srq != nullptr; }
};

// A scheduling element (node or leaf). The tree (each element's parent, what
// it applies, its children) is the lane's SchedModel, by slot.
struct SchedSlot {
	std::unique_ptr<SchedNode> node;
	std::unique_ptr<SchedLeaf> leaf;
	SchedElement *elem() const
	{
		return node ? static_cast<SchedElement *>(node.get()) : leaf.get();
	}
	explicit operator bool() const { return node || leaf; }
};

// The datapath's memory regions: each slot a buffer of its own and the MR
// registered on it (the lane's PD), with what the model holds of it.
inline constexpr int kMrSlots = 2;
inline constexpr size_t kMrBytes = 4096;
struct MrSlot {
	std::unique_ptr<Mr> mr;
	std::vector<uint8_t> buf;
	MrState model;
	explicit operator bool() const { return mr != nullptr; }
};

// A loopback-connected QP pair (Device::connect_loopback) on a CQ of its
// own: the requester sends to the responder, which receives from its own
// queue or the lane's SRQ. It is outside the QP slots: the oracle's QP
// checks do not see it, its ops check it against its model.
struct PairSlot {
	std::unique_ptr<Cq> cq;
	std::unique_ptr<Qp> requester, responder;
	std::unique_ptr<Ah> ah; // UD: reaches the port itself
	uint32_t qkey = 0;      // UD: the responder's
	PairModel model;
	// The pair's wr_ids take all 64 bits (ibv_post_send(3): "uint64_t wr_id;
	// /* User defined WR ID */"): the top bit set and every byte of the base
	// its own, so a completion that kept fewer bits, or swapped their order,
	// names no WR posted.
	static constexpr uint64_t kWrIdBase = 0xb6a5c4d3e2f10000ull;
	uint64_t next_wr_id = kWrIdBase + 1;
	std::vector<uint64_t> sends, recvs; // wr_ids posted and not yet completed
	explicit operator bool() const { return requester && responder; }
};

// ibv_query_qp and ibv_qp::state of every live QP of a lane, ibv_query_srq
// of its SRQ, and what each scheduling element applies.
struct LaneSnapshot {
	std::array<bool, kSlots> live{};
	std::array<QpSnapshot, kSlots> qp{};
	bool srq_live = false;
	int srq_ret = 0;
	ibv_srq_attr srq{};
	std::array<bool, kSchedSlots> sched_live{};
	std::array<int, kSchedSlots> sched_ret{};
	std::array<SchedAttr, kSchedSlots> sched{};
};

class Lane {
public:
	Lane(int index, const DeviceSpec &spec);
	~Lane();
	Lane(const Lane &) = delete;
	Lane &operator=(const Lane &) = delete;

	// Opens the device, reads port 1's caps, allocates the PD and CQ.
	// 0, or an errno value with what failed in `what`.
	int open(std::string &what);

	int index() const { return index_; }
	// "emu0", "emu0 (emu fault: partial-apply)", "mlx5_0"
	const std::string &label() const { return label_; }
	// The emulated device: its model agreement is checked both ways.
	bool strict() const { return strict_; }
	Device &device() { return *device_; }
	const DeviceCaps &caps() const { return *caps_; }
	QpBuilder &builder() { return *builder_; }
	Pd &pd() { return *pd_; }
	Cq &cq() { return *cq_; }
	QpSlot &slot(int i) { return slots_[i]; }
	const QpSlot &slot(int i) const { return slots_[i]; }
	SrqSlot &srq() { return srq_; }
	const SrqSlot &srq() const { return srq_; }
	SchedSlot &sched(int i) { return sched_[i]; }
	const SchedSlot &sched(int i) const { return sched_[i]; }
	SchedModel &sched_model() { return sched_model_; }
	MrSlot &mr(int i) { return mrs_[i]; }
	const MrSlot &mr(int i) const { return mrs_[i]; }
	PairSlot &pair() { return pair_; }
	// The lane's QPs and CQs and what was done on them, for the async-event
	// judge (async_log.h).
	AsyncLog &events() { return async_; }
	const AsyncLog &events() const { return async_; }
	const PairSlot &pair() const { return pair_; }
	// The MR slots' models, for the datapath model.
	std::array<MrState, kMrSlots> mr_states() const;
	// Destroys the pair: its QPs, AH, CQ (lane_datapath.cpp).
	void close_pair();
	// Destroys the pair and the MRs; close() does it first.
	void close_datapath();
	const SchedModel &sched_model() const { return sched_model_; }

	LaneSnapshot snapshot();
	// Destroys the input's objects: QPs, CQ, PD, the builder's, and emu0.
	void close();

	// What a fresh object reads, for the lifecycle rules (a new object
	// starts from the device's default, not from what another one was set
	// to): the lane's CQ's moderation right after it was created (0, or the
	// query's errno: a device that cannot tell), and per QP type the ECE of
	// the first QP created before any ibv_set_ece of the lane succeeded.
	int fresh_moderation_ret = EOPNOTSUPP;
	ibv_moderate_cq fresh_moderation{};
	std::map<int, ibv_ece> fresh_ece;
	bool ece_set = false; // an ibv_set_ece of this lane succeeded
	// The srq_limit the lane's first SRQ read right after its create, before
	// any ibv_modify_srq of the lane set one (srq.lifecycle.new_srq_not_armed).
	std::optional<uint32_t> fresh_srq_limit;
	bool srq_limit_set = false;

private:
	int index_;
	const DeviceSpec &spec_;
	std::string label_;
	bool strict_ = false;
	// Declared in creation order: destroyed QPs first, the device last.
	std::unique_ptr<Device> owned_device_; // emu0: one per input
	Device *device_ = nullptr;
	std::unique_ptr<DeviceCaps> owned_caps_;
	const DeviceCaps *caps_ = nullptr;
	std::unique_ptr<QpBuilder> builder_;
	std::unique_ptr<Pd> pd_;
	std::unique_ptr<Cq> cq_;
	std::array<SchedSlot, kSchedSlots> sched_;
	SchedModel sched_model_{kSchedSlots};
	SrqSlot srq_;                     // after the QPs that may use it
	std::array<QpSlot, kSlots> slots_;
	PairSlot pair_;                   // before the SRQ it may receive from
	std::array<MrSlot, kMrSlots> mrs_;
	AsyncLog async_;
};

} // namespace ibvcert::fuzz
