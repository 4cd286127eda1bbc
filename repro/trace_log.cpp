#include "repro/trace_log.h"

namespace ibvcert {

std::string TraceLog::new_id(const std::string &kind)
{
	std::lock_guard<std::recursive_mutex> hold(mutex_);
	return kind + std::to_string(++next_);
}

// The step goes in before the listener judges it: a failure the judge marks
// (mark_failure) then follows the call that caused it, and the finding
// (repro/finding.cpp) looks at the calls up to the first failure.
void TraceLog::add(nlohmann::json step)
{
	std::lock_guard<std::recursive_mutex> hold(mutex_);
	if (retain_)
		steps_.push_back(step);
	if (listener_)
		listener_(step);
}

void TraceLog::set_listener(std::function<void(const nlohmann::json &)> listener)
{
	listener_ = std::move(listener);
}

void TraceLog::mark_failure(const std::string &message)
{
	std::lock_guard<std::recursive_mutex> hold(mutex_);
	steps_.push_back({{"failure", message}});
}

void TraceLog::clear()
{
	std::lock_guard<std::recursive_mutex> hold(mutex_);
	steps_ = nlohmann::json::array();
	next_ = 0;
}

TraceLog &trace_log()
{
	static TraceLog log;
	return log;
}

} // namespace ibvcert
