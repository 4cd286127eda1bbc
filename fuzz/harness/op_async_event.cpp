// ibv_get_async_event, then ibv_ack_async_event of what it returned: the
// next event of the device, if one is there (emu0 raises each event inside
// the verb that causes it; a real device is given a few milliseconds).
// Each read is a step of the lane's SRQ's history, judged by
// judge_srq_history (contracts/srq_event_judge.h): an
// IBV_EVENT_SRQ_LIMIT_REACHED no drop below an armed srq_limit explains, on
// every device; on the reference device (emu0) one that did not come. Other
// events are evidence.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/names.h"

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
		AsyncEvent ev;
		auto wait = lane.strict() ? std::chrono::milliseconds(0) : kRealDeviceWait;
		int ret = lane.device().get_async_event(ev, wait);
		if (ret)
			return ret == ETIMEDOUT ? 0 : ret; // no event: nothing to judge but the rest
		g.got = true;
		g.type = ev.event_type;
		g.lane_srq = lane.srq() && ev.srq == lane.srq().srq.get();
		g.element = ev.qp ? "a QP" : ev.cq ? "a CQ" : ev.srq ? (g.lane_srq ? "the lane's SRQ" : "an SRQ")
								     : "the device or a port";
		lane.device().ack_async_event(ev);
		return 0;
	}

	// A read is a step of the SRQ's history: the limit events naming it
	// (0 or 1), and, when no event was there on the reference device (which
	// raises each inside the verb that causes it), every due one has come.
	void settle(Lane &lane, int) override
	{
		const Got &g = got_[lane.index()];
		if (!lane.srq())
			return;
		SrqSlot &srq = lane.srq();
		bool limit = g.got && g.type == IBV_EVENT_SRQ_LIMIT_REACHED && g.lane_srq;
		if (limit)
			srq.limit_events_got++;
		SrqStep step;
		step.kind = SrqStep::Kind::EventsRead;
		step.limit_events = limit ? 1 : 0;
		step.awaited = !g.got && lane.strict();
		step.at = "get_async_event";
		srq.history.steps.push_back(step);
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		if (lane.srq())
			judge_srq("get_async_event", lane.srq().history, lane, oracle);
	}

	std::string describe(const Lane &lane) const override
	{
		if (!lane.srq())
			return "the device's next event\n";
		return "the device's next event; srq (model): " + lane.srq().model.describe() + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Got &g = got_[lane.index()];
		if (!g.got)
			return "returned: " + errno_name(ret[lane.index()]) + ", no event\n";
		return std::string("returned: 0, ") + ibv_event_type_str(g.type) + " of " + g.element + "\n";
	}

	std::string summary(int lane) const override
	{
		const Got &g = got_[lane];
		return std::string("get_async_event: ") +
		       (g.got ? std::string(ibv_event_type_str(g.type)) + " of " + g.element
			      : "no event (" + errno_name(ret[lane]) + ")");
	}

private:
	struct Got {
		bool got = false;
		ibv_event_type type{};
		bool lane_srq = false;
		const char *element = "";
	};
	Got got_[kMaxLanes];
};

} // namespace

void get_async_event_step(Session &s)
{
	s.execute(std::make_unique<GetAsyncEventOp>());
}

} // namespace ibvcert::fuzz
