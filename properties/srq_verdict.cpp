#include "properties/srq_verdict.h"

#include <algorithm>
#include <cerrno>

namespace ibvcert {

bool out_of_memory_allowed(uint32_t max_wr, int ret)
{
	return ret == ENOMEM && max_wr > kLargeSrqWrs;
}

namespace {

// The first rule of ibv_modify_srq the request breaks, or nullptr.
const ContractRule *first_broken(const DeviceCaps &caps, const ibv_srq_attr &request,
				 int attr_mask, const SrqNow &now)
{
	Verdict v = evaluate_modify_srq(caps, request, attr_mask, now);
	const RuleBreach *b = v.first();
	return b ? b->rule : nullptr;
}

} // namespace

bool rounding_may_meet(const ContractRule &rule)
{
	// max_wr "not below the WRs outstanding" and "srq_limit <= max_wr, both
	// as the SRQ would have them after the call".
	return rule.check == Check::NotBelowOutstanding || rule.check == Check::NotAboveAfterCall;
}

const char *srq_verdict_name(SrqVerdict::Class verdict)
{
	switch (verdict) {
	case SrqVerdict::Class::Accept: return "accepted";
	case SrqVerdict::Class::Reject: return "rejected";
	case SrqVerdict::Class::AcceptedIfRounded: return "accepted only if max_wr is rounded up";
	}
	return "?";
}

std::string SrqVerdict::describe() const
{
	std::string out = srq_verdict_name(verdict);
	if (broken)
		out += std::string(verdict == Class::Reject ? " (" : " (as asked, ") +
		       level_name(broken->level) + "): " + broken->id + ": " + condition_text(*broken);
	return out;
}

SrqVerdict srq_modify_verdict(const DeviceCaps &caps, const ibv_srq_attr &request,
			      int attr_mask, const SrqStanding &srq)
{
	SrqVerdict v;
	v.broken = first_broken(caps, request, attr_mask, srq.now);
	if (!v.broken)
		return v;
	v.verdict = SrqVerdict::Class::Reject;
	bool resize = attr_mask & IBV_SRQ_MAX_WR;
	if (!rounding_may_meet(*v.broken) || (!resize && srq.max_wr_exact))
		return v;
	// The largest the SRQ may be after the call: a size rounded up stays
	// within the device's max_srq_wr.
	uint32_t largest = (uint32_t)std::max(caps.device.orig_attr.max_srq_wr, 0);
	ibv_srq_attr asked = request;
	SrqNow now = srq.now;
	if (resize)
		asked.max_wr = std::max(asked.max_wr, largest);
	else
		now.attr.max_wr = std::max(now.attr.max_wr, largest);
	if (!first_broken(caps, asked, attr_mask, now))
		v.verdict = SrqVerdict::Class::AcceptedIfRounded;
	return v;
}

const ContractRule *broken_as_applied(const DeviceCaps &caps, const ibv_srq_attr &request,
				     int attr_mask, const SrqStanding &srq, uint32_t max_wr_after)
{
	// Judged again are the rules on the size the call leaves
	// (rounding_may_meet()); the device range bounds the request itself, so
	// a size rounded past max_srq_wr is held to max_srq_wr here.
	uint32_t size = std::min(max_wr_after, (uint32_t)std::max(caps.device.orig_attr.max_srq_wr, 1));
	ibv_srq_attr applied = request;
	SrqNow now = srq.now;
	if (attr_mask & IBV_SRQ_MAX_WR)
		applied.max_wr = size;
	else
		now.attr.max_wr = size;
	return first_broken(caps, applied, attr_mask, now);
}

} // namespace ibvcert
