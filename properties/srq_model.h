// The model of one SRQ the SRQ properties run against: its size, the WRs in
// it, whether and where the srq_limit event is armed, and how many
// IBV_EVENT_SRQ_LIMIT_REACHED events the device must have raised. Acceptance
// of ibv_modify_srq comes from the rule table's data (srq_verdict.h); the
// event, the arming and what ibv_query_srq must return are this model's
// own, from the man pages, never the emulated device's:
//   ibv_modify_srq(3): modifying srq_limit arms the SRQ to produce the event
//     once the number of WRs in the SRQ drops below srq_limit;
//   ibv_query_srq(3): srq_limit 0: not (or no longer) armed, and no event
//     until re-armed (so: the event fires once per arming, and disarms);
//   ibv_create_srq(3): srq_limit is irrelevant there (arms nothing).
#pragma once

#include "properties/srq_verdict.h"

#include <string>
#include <vector>

namespace ibvcert {

struct SrqModel {
	const DeviceCaps *caps = nullptr;
	uint32_t max_wr = 0;       // the SRQ's size, or its floor after a resize
	bool max_wr_exact = true;  // false once a resize was accepted (may round up)
	uint32_t max_sge = 0;      // as created
	uint32_t outstanding = 0;  // WRs posted, not yet consumed
	uint32_t armed = 0;        // the armed srq_limit; 0: not armed
	bool limit_known = false;  // srq_limit set by ibv_modify_srq (or 0 after an event):
	                           // what ibv_query_srq must return
	uint32_t events = 0;       // limit events the device must have raised so far
	uint32_t posted = 0, consumed = 0;

	// An SRQ created with actual (as the device reports the SRQ it made).
	static SrqModel created(const DeviceCaps &caps, const ibv_srq_attr &actual);

	SrqStanding standing() const;
	SrqVerdict verdict(const ibv_srq_attr &request, int attr_mask) const;
	// Follows a request the device accepted and the verdict accepts.
	void accept(const ibv_srq_attr &request, int attr_mask);

	// WRs a post can add for sure (the floor when the size is not exact).
	uint32_t room() const { return max_wr - std::min(max_wr, outstanding); }
	// n WRs posted in one list: how many the SRQ takes (all when they fit,
	// else up to the first one past max_wr, where the list stops).
	uint32_t post(uint32_t n);
	// One message takes a WR. true: the count drops below the armed limit
	// now, so the event comes now and the SRQ is disarmed.
	bool consume_one();

	// "armed at 4", "not armed (disarmed by the last event or by srq_limit
	// 0)", "never armed (srq_limit given to ibv_create_srq arms nothing)"
	std::string arming() const;
	// Where ibv_query_srq's answer disagrees with the model.
	std::vector<std::string> disagreements(const ibv_srq_attr &queried) const;
	// "max_wr 16 (exact), max_sge 1, 5 WRs outstanding (posted 9, consumed
	// 4), armed at 3, 1 limit event so far"
	std::string describe() const;
};

} // namespace ibvcert
