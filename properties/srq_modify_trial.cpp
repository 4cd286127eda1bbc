#include "properties/srq_modify_trial.h"

#include "contracts/names.h"

#include <fmt/format.h>
#include <rapidcheck.h>

namespace ibvcert {
namespace {

// The SRQ's size at creation stays small (every WR in it may be consumed);
// the requests reach max_srq_wr and past it all the same.
constexpr uint32_t kCreateCap = 64;

} // namespace

std::vector<std::string> SrqModifyTrial::lines() const
{
	std::vector<std::string> out;
	out.push_back(fmt::format("SRQ at the request: asked max_wr={} of ibv_create_srq, {} WRs "
				  "posted, {}",
				  asked_max_wr, posted,
				  armed ? fmt::format("armed at srq_limit={}", armed)
					: std::string("not armed")));
	out.push_back("request: ibv_modify_srq(" + gen::describe(request) + ")");
	out.push_back("returned: " + errno_name(ret));
	out.push_back("contract: " + contract.describe() +
		      (standing.max_wr_exact ? "" : " (the SRQ's max_wr known only as a floor)"));
	if (queried) {
		out.push_back("ibv_query_srq before: " + describe_srq_attr(before));
		out.push_back("ibv_query_srq after:  " + describe_srq_attr(after));
	} else {
		out.push_back("ibv_query_srq: not available; the SRQ as ibv_create_srq reported it: " +
			      describe_srq_attr(before));
	}
	return out;
}

SrqModifyTrial run_srq_modify_trial(SrqCase &c, const SrqSupport &support,
				    const gen::SrqRequestMix &mix)
{
	SrqModifyTrial t;
	const DeviceCaps &caps = *support.caps;
	gen::SrqPrelude prelude = *gen::srq_prelude(caps, kCreateCap);
	t.asked_max_wr = prelude.max_wr;
	t.posted = prelude.posted;
	t.armed = prelude.armed;

	c.prepare(t.asked_max_wr, 0);
	SrqRig &rig = c.rig();
	if (int ret = rig.post(t.posted))
		c.fail(fmt::format("precondition: ibv_post_srq_recv of {} WRs into an SRQ of max_wr "
				   "{} returned {}", t.posted, t.asked_max_wr, errno_name(ret)));
	if (t.armed) {
		ibv_srq_attr arm{};
		arm.srq_limit = t.armed;
		if (int ret = rig.modify(arm, IBV_SRQ_LIMIT))
			c.fail(fmt::format("precondition: ibv_modify_srq(IBV_SRQ_LIMIT srq_limit={}) on "
					   "an SRQ of max_wr {} returned {}",
					   t.armed, t.asked_max_wr, errno_name(ret)));
	}

	t.queried = support.has_query();
	if (t.queried) {
		if (int ret = c.query(t.before))
			c.fail("ibv_query_srq before the request returned " + errno_name(ret));
	} else {
		t.before = rig.created();
		t.before.srq_limit = t.armed;
	}
	t.standing.now.attr = t.before;
	t.standing.now.outstanding = rig.outstanding();
	t.standing.max_wr_exact = true; // as the device reports it now

	gen::SrqAnchors anchors{t.before.max_wr, t.before.max_sge, t.before.srq_limit,
				rig.outstanding()};
	t.request = *gen::srq_modify_request(caps, anchors, mix);
	t.contract = srq_modify_verdict(caps, t.request.attr, t.request.attr_mask, t.standing);
	t.ret = rig.modify(t.request.attr, t.request.attr_mask);
	if (t.queried) {
		if (int ret = c.query(t.after))
			c.fail("ibv_query_srq after the request returned " + errno_name(ret), t.lines());
	}
	return t;
}

std::string drain(SrqCase &c)
{
	SrqRig &rig = c.rig();
	if (std::string problem = rig.consume(rig.outstanding()); !problem.empty())
		return problem;
	return rig.all_delivered();
}

} // namespace ibvcert
