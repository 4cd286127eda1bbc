// The measured side of "The rate_limit defines the MAX send rate this QP will
// send" (ibv_modify_qp_rate_limit(3)): a QP's timed sends against its
// rate_limit and max_burst_sz.
#pragma once

#include "conformance/send_case.h"

#include <optional>
#include <string>

namespace ibvcert {

// "" when the sends keep to rate_kbps: the steady rate at most the rate
// and, with the burst known, no window above rate x window + burst (each
// within tol). Otherwise what broke, with the worst window.
std::string paced_within(const std::vector<SendRecord> &records, uint32_t rate_kbps,
			 std::optional<uint32_t> burst, const RateTolerance &tol);

// "" when the steady rate is within tol of rate_kbps on both sides: the
// pacing in effect is that rate (a backlogged QP on a device with no other
// traffic reaches it).
std::string paced_at(const std::vector<SendRecord> &records, uint32_t rate_kbps,
		     const RateTolerance &tol);

// Frames that fill a burst of `burst` bytes twice and then pace for a while.
uint64_t frames_past_burst(uint32_t burst, uint32_t frame_bytes);

} // namespace ibvcert
