#include "conformance/srq_events.h"

#include "contracts/names.h"
#include "fixtures/verb_trace.h"

#include <fmt/format.h>

#include <cerrno>

namespace ibvcert {

namespace {

struct EventName {
	ibv_event_type type;
	const char *name;
};

// ibv_get_async_event(3)'s event types.
constexpr EventName kEventNames[] = {
	{IBV_EVENT_CQ_ERR, "IBV_EVENT_CQ_ERR"},
	{IBV_EVENT_QP_FATAL, "IBV_EVENT_QP_FATAL"},
	{IBV_EVENT_QP_REQ_ERR, "IBV_EVENT_QP_REQ_ERR"},
	{IBV_EVENT_QP_ACCESS_ERR, "IBV_EVENT_QP_ACCESS_ERR"},
	{IBV_EVENT_COMM_EST, "IBV_EVENT_COMM_EST"},
	{IBV_EVENT_SQ_DRAINED, "IBV_EVENT_SQ_DRAINED"},
	{IBV_EVENT_PATH_MIG, "IBV_EVENT_PATH_MIG"},
	{IBV_EVENT_PATH_MIG_ERR, "IBV_EVENT_PATH_MIG_ERR"},
	{IBV_EVENT_DEVICE_FATAL, "IBV_EVENT_DEVICE_FATAL"},
	{IBV_EVENT_PORT_ACTIVE, "IBV_EVENT_PORT_ACTIVE"},
	{IBV_EVENT_PORT_ERR, "IBV_EVENT_PORT_ERR"},
	{IBV_EVENT_LID_CHANGE, "IBV_EVENT_LID_CHANGE"},
	{IBV_EVENT_PKEY_CHANGE, "IBV_EVENT_PKEY_CHANGE"},
	{IBV_EVENT_SM_CHANGE, "IBV_EVENT_SM_CHANGE"},
	{IBV_EVENT_SRQ_ERR, "IBV_EVENT_SRQ_ERR"},
	{IBV_EVENT_SRQ_LIMIT_REACHED, "IBV_EVENT_SRQ_LIMIT_REACHED"},
	{IBV_EVENT_QP_LAST_WQE_REACHED, "IBV_EVENT_QP_LAST_WQE_REACHED"},
	{IBV_EVENT_CLIENT_REREGISTER, "IBV_EVENT_CLIENT_REREGISTER"},
	{IBV_EVENT_GID_CHANGE, "IBV_EVENT_GID_CHANGE"},
	{IBV_EVENT_WQ_FATAL, "IBV_EVENT_WQ_FATAL"},
};

} // namespace

std::string event_type_name(ibv_event_type type)
{
	for (const auto &e : kEventNames)
		if (e.type == type)
			return e.name;
	return fmt::format("event_type({})", (int)type);
}

EventLog::EventLog(Device &device, std::function<std::string(const Qp *)> name_qp)
	: device_(device), name_qp_(std::move(name_qp))
{
}

void EventLog::discard_stale()
{
	AsyncEvent ev;
	while (device_.get_async_event(ev, std::chrono::milliseconds(0)) == 0)
		device_.ack_async_event(ev);
}

bool EventLog::read_one(std::chrono::milliseconds timeout, const std::string &step)
{
	AsyncEvent ev;
	note_verb("ibv_get_async_event");
	int ret = device_.get_async_event(ev, timeout);
	if (ret) {
		if (ret != ETIMEDOUT)
			read_error_ = ret;
		return false;
	}
	unacked_++;
	SeenEvent s;
	s.type = ev.event_type;
	s.this_srq = ev.srq && ev.srq == srq_;
	if (ev.srq)
		s.element = s.this_srq ? "this SRQ" : fmt::format("another SRQ ({})", (const void *)ev.srq);
	else if (ev.qp) {
		std::string n = name_qp_ ? name_qp_(ev.qp) : "";
		s.element = n.empty() ? "a QP outside this case" : n;
	} else if (ev.cq)
		s.element = "a CQ";
	else if (ev.port_num)
		s.element = fmt::format("port {}", ev.port_num);
	else
		s.element = "the device";
	s.ms = std::chrono::duration<double, std::milli>(ev.received - start_).count();
	s.step = step;
	seen_.push_back(s);
	note_verb("ibv_ack_async_event");
	device_.ack_async_event(ev);
	if (ev.acked)
		unacked_--;
	return true;
}

void EventLog::listen(std::chrono::milliseconds window, const std::string &step)
{
	auto end = std::chrono::steady_clock::now() + window;
	for (;;) {
		auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
			end - std::chrono::steady_clock::now());
		if (!read_one(std::max(left, std::chrono::milliseconds(0)), step))
			return;
	}
}

bool EventLog::await_limit(std::chrono::milliseconds timeout, const std::string &step)
{
	auto end = std::chrono::steady_clock::now() + timeout;
	size_t from = seen_.size();
	while (limit_events(from) == 0) {
		auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
			end - std::chrono::steady_clock::now());
		if (left.count() < 0 || !read_one(left, step))
			return false;
	}
	return true;
}

int EventLog::limit_events(size_t from) const
{
	int n = 0;
	for (size_t i = from; i < seen_.size(); i++)
		if (seen_[i].type == IBV_EVENT_SRQ_LIMIT_REACHED && seen_[i].this_srq)
			n++;
	return n;
}

std::string EventLog::describe() const
{
	if (seen_.empty())
		return "events seen: none\n";
	std::string out = "events seen:\n";
	for (const auto &e : seen_)
		out += fmt::format("  {} on {} at +{:.1f} ms, {}\n", event_type_name(e.type), e.element,
				   e.ms, e.step);
	if (read_error_)
		out += "  ibv_get_async_event failed: " + errno_name(read_error_) + "\n";
	return out;
}

} // namespace ibvcert
