// The asynchronous events a SRQ case sees: each one read from the device
// with a timeout, acknowledged at once, and recorded with its type, its
// element and when it came (time since the case began, and the step the
// case had reached). A missing event costs the timeout, never a hang.
#pragma once

#include "fixtures/device.h"

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace ibvcert {

// Waiting for an event that must come, and listening for events that must
// not: on a real device the event is raised by the provider asynchronously.
inline constexpr std::chrono::milliseconds kEventTimeout{5000};
inline constexpr std::chrono::milliseconds kQuietWindow{300};

struct SeenEvent {
	ibv_event_type type;
	std::string element; // "this SRQ", "QP 0x12", "port 1", ...
	bool this_srq;       // an SRQ event naming the case's SRQ
	double ms;           // since the log began
	std::string step;    // the case's step when it came
};

class EventLog {
public:
	// name_qp names a QP of the case ("" for one that is not).
	EventLog(Device &device, std::function<std::string(const Qp *)> name_qp);

	void set_srq(const Srq *srq) { srq_ = srq; }
	// Reads and acks what is queued from before the case, without recording.
	void discard_stale();
	// Reads every event that comes within window.
	void listen(std::chrono::milliseconds window, const std::string &step);
	// Reads events until an IBV_EVENT_SRQ_LIMIT_REACHED for this SRQ comes
	// (true) or timeout passes (false).
	bool await_limit(std::chrono::milliseconds timeout, const std::string &step);

	// IBV_EVENT_SRQ_LIMIT_REACHED events naming this SRQ, from index from on.
	int limit_events(size_t from = 0) const;
	size_t size() const { return seen_.size(); }
	int unacked() const { return unacked_; }
	int read_error() const { return read_error_; }
	std::string describe() const;

private:
	// One event within timeout; false when none came.
	bool read_one(std::chrono::milliseconds timeout, const std::string &step);

	Device &device_;
	std::function<std::string(const Qp *)> name_qp_;
	const Srq *srq_ = nullptr;
	std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
	std::vector<SeenEvent> seen_;
	int unacked_ = 0;
	int read_error_ = 0; // an errno other than ETIMEDOUT from get_async_event
};

std::string event_type_name(ibv_event_type type);

} // namespace ibvcert
