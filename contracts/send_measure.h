// What a flow's timed completions say about its rate: the most bytes it
// sent beyond rate x window over any window, and its rate over an
// interval. The pacing and sharing judges (contracts/pacing_judge.h,
// contracts/sched_judge.h) decide by these; the send rigs fill the records.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ibvcert {

// One completed send: when its completion was seen, and its bytes.
struct SendRecord {
	int64_t at_ns;
	uint32_t bytes;
};

// How exact a measurement is. A virtual clock is exact to its resolution; a
// real device's completions are seen when polled, in batches.
struct RateTolerance {
	double relative;  // of a rate
	int64_t slack_ns; // added to every window
	double bytes;     // added to every byte bound
};

// The window of sends i..j (by completion time) that exceeds rate the most:
// bytes(i..j) - rate_bps/8 x (t_j - t_i + slack_ns).
struct WindowExcess {
	double bytes = 0; // the excess; <= 0 when every window is within the rate
	size_t first = 0, last = 0;
	int64_t from_ns = 0, to_ns = 0;
	uint64_t sent = 0; // bytes(first..last)
};
WindowExcess max_window_excess(const std::vector<SendRecord> &records, double rate_bps,
			       int64_t slack_ns);

// Bits per second of the sends completed in (from_ns, to_ns].
double rate_in(const std::vector<SendRecord> &records, int64_t from_ns, int64_t to_ns);
// The rate of a backlogged flow once past its start: over the second half of
// its sends, from the completion before them to the last. 0 with too few.
double steady_rate(const std::vector<SendRecord> &records);

// "1.000 Gb/s"
std::string gbps(double bps);

} // namespace ibvcert
