// ibv_get_async_event, then ibv_ack_async_event of what it returned: the
// next event of the device, if one is there (emu0 raises each event inside
// the verb that causes it; a real device is given a few milliseconds).
// An IBV_EVENT_SRQ_LIMIT_REACHED of the lane's SRQ is held to the SRQ's
// model: no more such events than the drops below an armed srq_limit
// (srq.limit_event.once_below_the_limit); on the reference device (emu0)
// none of them missing either. Other events are evidence.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/names.h"
#include "contracts/rule_ids/srq.h"

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

	void settle(Lane &lane, int) override
	{
		const Got &g = got_[lane.index()];
		if (g.got && g.type == IBV_EVENT_SRQ_LIMIT_REACHED && g.lane_srq)
			lane.srq().limit_events_got++;
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const Got &g = got_[i];
		if (!lane.srq())
			return;
		const SrqSlot &srq = lane.srq();
		if (g.got && g.type == IBV_EVENT_SRQ_LIMIT_REACHED && g.lane_srq &&
		    srq.limit_events_got > srq.model.events)
			oracle.fail(i, {"get_async_event.srq-limit-extra",
					"an SRQ limit event no drop below an armed srq_limit explains",
					observed(rule_id::srq_limit_event_once_below_the_limit,
						 "events got " + std::to_string(srq.limit_events_got) +
							 "; srq (model): " + srq.model.describe())});
		if (!g.got && lane.strict() && srq.limit_events_got < srq.model.events)
			oracle.fail(i, {"get_async_event.srq-limit-missing",
					"the SRQ's WRs dropped below the armed srq_limit and no limit "
					"event came",
					observed(rule_id::srq_limit_event_once_below_the_limit,
						 "events got " + std::to_string(srq.limit_events_got) +
							 "; srq (model): " + srq.model.describe())});
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
