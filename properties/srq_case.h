// The device side of one SRQ property case: the conformance suite's SrqRig
// (conformance/srq_rig.h: an SRQ on the run's device and, with traffic, two
// loopback RC pairs whose responders share it, connected the way the
// device's transport connects QPs; every verb logged, every event read with
// a timeout and acknowledged) made fresh for each case, and the evidence a
// failing property prints: the device, the SRQ, WRs posted and consumed,
// every verb with its errno by name, the events seen (type, element, when),
// then what the property adds (the request, the model). The reproduce
// string and the replay command follow it (property_check.h).
#pragma once

#include "fixtures/rigs/srq_rig.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

// A property reads events far more often than a clause does: an event that
// must come gets 1 s, a window for events that must not come is 50 ms (the
// providers raise the event before the receive completion it follows; emu0
// raises it inside the verb, so neither costs anything there).
inline constexpr std::chrono::milliseconds kPropertyEventTimeout{1000};
inline constexpr std::chrono::milliseconds kPropertyQuietWindow{50};

// What the run's device offers the SRQ properties, probed once per property.
struct SrqSupport {
	std::optional<std::string> skip; // why the property cannot run on the device
	std::string query_missing;       // "ibv_query_srq returned EOPNOTSUPP", or ""
	const DeviceCaps *caps = nullptr;

	// An SRQ (and, with traffic, its loopback QPs) is made and queried.
	static SrqSupport probe(SrqTraffic traffic);
	bool has_query() const { return query_missing.empty(); }
};

class SrqCase {
public:
	explicit SrqCase(SrqTraffic traffic) : rig_(traffic) {}

	// Creates the SRQ (max_sge 1) and its traffic; fails the property case
	// (RC_FAIL) when the device cannot, though the probe could.
	void prepare(uint32_t max_wr, uint32_t create_limit);

	SrqRig &rig() { return rig_; }
	const DeviceCaps &caps() const { return rig_.caps(); }
	const std::string &device_name() const;

	// ibv_query_srq: 0 with attr filled, or its errno.
	int query(ibv_srq_attr &attr);

	// IBV_EVENT_SRQ_LIMIT_REACHED events on this SRQ seen so far, after
	// reading what comes within window (0: what is queued now).
	uint32_t limit_events(std::chrono::milliseconds window);
	// Reads events until want limit events were seen on this SRQ or
	// kPropertyEventTimeout passed; then how many were seen.
	uint32_t await_limit_events(uint32_t want);

	// headline, "device: NAME", lines, then the rig's account (SRQ, WRs,
	// steps, events).
	std::string evidence(const std::string &headline,
			     const std::vector<std::string> &lines = {}) const;
	[[noreturn]] void fail(const std::string &headline,
			       const std::vector<std::string> &lines = {}) const;

private:
	SrqRig rig_;
};

} // namespace ibvcert
