// What every send-rate clause runs on: RAW_PACKET QPs on port 1 of the
// run's device sending timed frames (fixtures/send_rig), a log of every verb
// called with its attributes and errno, the tolerance of the device's clock,
// and the evidence a failure prints.
#pragma once

#include "fixtures/device_caps.h"
#include "fixtures/send_rig.h"
#include "fixtures/send_stats.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

// How exact a measurement is. A virtual clock is exact to its resolution; a
// real device's completions are seen when polled, in batches.
struct RateTolerance {
	double relative;  // of a rate
	int64_t slack_ns; // added to every window
	double bytes;     // added to every byte bound
};
RateTolerance rate_tolerance(const DeviceClock &clock, uint32_t frame_bytes);

class SendCase {
public:
	SendCase() = default;
	~SendCase();
	SendCase(const SendCase &) = delete;
	SendCase &operator=(const SendCase &) = delete;

	// `count` RAW_PACKET QPs brought to `state`. A SKIP reason when the
	// device lacks what the case needs (RAW_PACKET QPs; packet pacing for
	// RAW_PACKET when `paced`); a precondition that fails on a device that
	// should meet it adds a failure.
	std::optional<std::string> prepare(int count, ibv_qp_state state, bool paced);

	const DeviceCaps &caps() const { return *caps_; }
	Device &device() const;
	SendRig &rig() { return *rig_; }
	Qp &qp(int i = 0) { return rig_->qp(i); }
	RateTolerance tolerance() const { return rate_tolerance(rig_->clock(), rig_->frame_bytes()); }
	// A rate_limit in kbps near `kbps`, inside the device's packet_pacing_caps.
	uint32_t rate_in_caps(uint64_t kbps) const;

	// ibv_modify_qp_rate_limit on QP i, logged. Its errno.
	int modify_rate_limit(int i, ibv_qp_rate_limit_attr attr);
	// A SKIP reason when ret says the provider has no ibv_modify_qp_rate_limit
	// (EOPNOTSUPP, ENOSYS) although packet_pacing_caps advertise pacing.
	std::optional<std::string> no_verb(int ret) const;
	// The shaping QP i applies, where the device reports it (logged).
	std::optional<ibv_qp_rate_limit_attr> effective(int i);
	void note(const std::string &step) { steps_.push_back(step); }

	// device, QPs, the steps, the sends, the replay command.
	std::string evidence() const;

private:
	const DeviceCaps *caps_ = nullptr;
	std::vector<std::string> steps_;
	std::unique_ptr<SendRig> rig_;
};

} // namespace ibvcert
