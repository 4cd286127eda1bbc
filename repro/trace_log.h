// The verb trace of one case, as data: every call the case made through the
// device interface (fixtures/device.h), with its arguments, return value and
// outputs, one JSON object per step, objects named by ids ("qp1", "srq1").
// tracing_device.h records it; finding.h reads it; c_emitter.h turns it into
// a C program.
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <mutex>
#include <string>

namespace ibvcert {

class TraceLog {
public:
	// "qp3": the next id of this kind of object.
	std::string new_id(const std::string &kind);
	// Records a step, then hands it to the listener (the call judge).
	void add(nlohmann::json step);
	// Called with every step added (nullptr: none).
	void set_listener(std::function<void(const nlohmann::json &)> listener);
	// Whether a listener (the judge) sees the steps.
	bool judging() const { return (bool)listener_; }
	// Whether steps are kept (repro reads them); the listener sees them either way.
	void set_retain(bool retain) { retain_ = retain; }
	// Whether steps are kept: when not, a hot verb (a post, a poll) may add
	// only what the listener reads (verb, ret, wr_count, bad_wr).
	bool retaining() const { return retain_; }
	// The case reported a failure here (a GoogleTest failure, or a
	// property's counterexample).
	void mark_failure(const std::string &message);
	const nlohmann::json &steps() const { return steps_; }
	void clear();
	// A new case starts (ibvcert run's case runner): what the trace keeps
	// per case (the first object of each kind created) starts again.
	void begin_case() { case_number_++; }
	int case_number() const { return case_number_; }

private:
	nlohmann::json steps_ = nlohmann::json::array();
	int next_ = 0;
	int case_number_ = 0;
	bool retain_ = true;
	std::function<void(const nlohmann::json &)> listener_;
	// A CQ's destroy may run in a thread of its own and wait for the acks
	// (fixtures/rigs/cq_notify_rig.cpp): its step and the ack's come from
	// two threads at once. Recursive: the listener may mark a failure.
	std::recursive_mutex mutex_;
};

// The trace this process records into.
TraceLog &trace_log();

} // namespace ibvcert
