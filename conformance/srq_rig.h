// What every SRQ clause runs on: an SRQ on the run's device and, for the
// traffic cases, QPs on one port that consume its WRs with real messages
// (RC: two loopback pairs whose responders share the SRQ; UD: one sender and
// two responders on the SRQ). It counts WRs posted and consumed, logs every
// verb call and event, and prints the evidence a failure needs.
#pragma once

#include "conformance/srq_events.h"
#include "fixtures/device_caps.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ibvcert {

enum class SrqTraffic { None, RC, UD };
std::string traffic_name(const ::testing::TestParamInfo<SrqTraffic> &info);

struct SrqSpec {
	uint32_t max_wr = 16;
	uint32_t create_limit = 0; // init_attr.attr.srq_limit given to ibv_create_srq
};

class SrqRig {
public:
	explicit SrqRig(SrqTraffic traffic);
	~SrqRig();
	SrqRig(const SrqRig &) = delete;
	SrqRig &operator=(const SrqRig &) = delete;

	// Creates the SRQ and, for traffic, the QPs, connected. A SKIP reason
	// when the device lacks what the case needs; a precondition that fails
	// on a device that should meet it adds a failure.
	std::optional<std::string> prepare(const SrqSpec &spec);

	const DeviceCaps &caps() const { return *caps_; }
	bool has_resize() const { return caps_->has_device_cap(IBV_DEVICE_SRQ_RESIZE); }
	Srq &srq() { return *srq_; }
	const ibv_srq_attr &created() const { return created_; }
	EventLog &events() { return *events_; }

	// ibv_post_srq_recv of n WRs in one list. 0 or its errno.
	int post(uint32_t n);
	// n messages, each consuming one SRQ WR: the send is posted and its
	// receive completion polled (with a timeout). "" or what went wrong.
	std::string consume(uint32_t n);
	// Every posted WR was delivered exactly once, or what was not.
	std::string all_delivered() const;
	ibv_srq_attr query(int &ret);
	int modify(ibv_srq_attr attr, int attr_mask);
	// Destroys the QPs, then the SRQ: ibv_destroy_srq's return value.
	int destroy();

	uint32_t posted() const { return posted_; }
	uint32_t consumed() const { return consumed_; }
	uint32_t outstanding() const { return posted_ - consumed_; }
	std::string step() const { return last_step_; }
	void note(const std::string &what);

	// device, SRQ, QPs, WRs posted/consumed, the steps (every verb with its
	// attributes and errno, the limit), the events, the replay command.
	std::string evidence() const;

private:
	std::string poll_one(Cq &cq, const char *which, ibv_wc &wc);
	std::string await_receive(ibv_wc &wc, ibv_wc &swc, bool &sent);
	std::string qp_name(const Qp *qp) const;

	SrqTraffic traffic_;
	const DeviceCaps *caps_ = nullptr;
	SrqSpec spec_;
	ibv_srq_attr created_{};
	std::vector<uint8_t> buf_;
	uint32_t posted_ = 0, consumed_ = 0;
	std::set<uint64_t> pending_;   // wr_ids posted, not yet delivered
	std::set<uint64_t> delivered_; // wr_ids delivered
	std::vector<std::string> steps_;
	std::string last_step_ = "setup";
	std::unique_ptr<EventLog> events_;

	// Destroyed in reverse: QPs (and their connections) first.
	std::unique_ptr<Pd> pd_;
	std::unique_ptr<Cq> send_cq_, recv_cq_;
	std::unique_ptr<Mr> mr_;
	std::unique_ptr<Ah> ah_;
	std::unique_ptr<Srq> srq_;
	std::vector<std::unique_ptr<Qp>> senders_, responders_;
};

} // namespace ibvcert
