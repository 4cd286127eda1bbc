// ibv_get_async_event until the device's queue is empty, each event acked
// with ibv_ack_async_event (emu0 raises each event inside the verb that
// causes it; a real device is given a few milliseconds per read), after
// every live QP of the lane's view was queried (a QP a completion error moved
// to ERR shows only there). Two judges take the read:
//   - the QP and CQ events: the lane's whole view (lane.events(),
//     async_log.h: every QP and CQ of the lane and what was done on them)
//     to judge_async_events (contracts/async_event_judge.h): each read's
//     result; an event naming a live object of the caller's on which its
//     type's situation happened; on the reference device, every due event
//     come (finding key `async_events:<rule id>`); on another device the
//     view is partial (its events may come before the completions that
//     explain them are polled): the result and the object named only;
//   - the SRQ limit event: a step of the lane's SRQ's history, judged by
//     judge_srq_history (contracts/srq_event_judge.h).
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/names.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace ibvcert::fuzz {
namespace {

const OpVerb kGetAsyncEvent = {"get_async_event", "ibv_get_async_event", Verb::GetAsyncEvent};

constexpr auto kRealDeviceWait = std::chrono::milliseconds(5);

class GetAsyncEventOp : public Op {
public:
	const OpVerb &verb() const override { return kGetAsyncEvent; }
	int slot() const override { return -1; }
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		Got &g = got_[lane.index()];
		g = Got{};
		auto wait = lane.strict() ? std::chrono::milliseconds(0) : kRealDeviceWait;
		Srq *srq = lane.srq() ? lane.srq().srq.get() : nullptr;
		const AsyncStep &read = lane.events().read(lane.device(), wait, lane.strict(), [&](const AsyncEvent &ev) {
			g.names.push_back(std::string(ibv_event_type_str(ev.event_type)) + " of " + element(ev, srq));
			if (ev.event_type == IBV_EVENT_SRQ_LIMIT_REACHED && srq && ev.srq == srq)
				g.limit_events++;
		});
		for (const ReadEvent &e : read.events)
			if (!e.got)
				return e.returned; // a failed read
		return 0;
	}

	// The read is a step of the SRQ's history: the limit events naming it,
	// and, on the reference device (which raises each event inside the verb
	// that causes it), every due one has come.
	void settle(Lane &lane, int) override
	{
		srq_events_read(lane, got_[lane.index()].limit_events, "get_async_event");
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		check_async_events(lane, oracle);
		if (lane.srq())
			judge_srq("get_async_event", lane.srq().history, lane, oracle);
	}

	std::string describe(const Lane &lane) const override
	{
		if (!lane.srq())
			return "the device's events, until none is queued\n";
		return "the device's events, until none is queued; srq (model): " + lane.srq().model.describe() +
		       "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Got &g = got_[lane.index()];
		return "returned: " + errno_name(ret[lane.index()]) + ", " + events_text(g) + "\n";
	}

	std::string summary(int lane) const override
	{
		return "get_async_event: " + events_text(got_[lane]) + " (" + errno_name(ret[lane]) + ")";
	}

private:
	struct Got {
		std::vector<std::string> names; // "IBV_EVENT_COMM_EST of a QP"
		uint32_t limit_events = 0;      // IBV_EVENT_SRQ_LIMIT_REACHED naming the lane's SRQ
	};

	static const char *element(const AsyncEvent &ev, const Srq *lane_srq)
	{
		return ev.qp ? "a QP" : ev.cq ? "a CQ" : ev.srq ? (ev.srq == lane_srq ? "the lane's SRQ" : "an SRQ")
							  : "the device or a port";
	}

	static std::string events_text(const Got &g)
	{
		return g.names.empty() ? "no event" : fmt::format("{}", fmt::join(g.names, ", "));
	}

	Got got_[kMaxLanes];
};

} // namespace

void srq_events_read(Lane &lane, uint32_t limit_events, const char *at)
{
	if (!lane.srq())
		return;
	SrqSlot &srq = lane.srq();
	srq.limit_events_got += limit_events;
	SrqStep step;
	step.kind = SrqStep::Kind::EventsRead;
	step.limit_events = limit_events;
	step.awaited = lane.strict();
	step.at = at;
	srq.history.steps.push_back(step);
}

void check_async_events(Lane &lane, Oracle &oracle)
{
	Verdict v = judge_async_events(lane.events().view());
	if (!v.accepts())
		oracle.fail(lane.index(),
			    {std::string("async_events:") + v.first()->rule->id,
			     "the events read, against everything done on the lane's QPs and CQs, break the "
			     "async-event rows",
			     v, {}, lane.events().evidence()});
}

// ibv_get_async_event with ibv_ack_async_event.
void get_async_event_step(Session &s)
{
	s.execute(std::make_unique<GetAsyncEventOp>());
}
IBVCERT_FUZZ_ROW(get_async_event, 19);

} // namespace ibvcert::fuzz
