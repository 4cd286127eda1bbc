#include "contracts/modify_cq_effect.h"

#include "contracts/modify_cq_eval.h"

namespace ibvcert {
namespace {

bool same(const ibv_moderate_cq &a, const ibv_moderate_cq &b)
{
	return a.cq_count == b.cq_count && a.cq_period == b.cq_period;
}

} // namespace

EffectObservation observe_modify_cq(const DeviceCaps &caps, const ibv_modify_cq_attr &attr, int result,
				    const ibv_moderate_cq *before, const ibv_moderate_cq *after)
{
	EffectObservation o;
	o.verb = Verb::ModifyCq;
	o.result = result;
	o.request_known = true;
	o.request = evaluate_modify_cq(caps, attr);
	o.request_text = describe_modify_cq_attr(attr);
	o.viewed = before && after;
	if (o.viewed && !same(*before, *after))
		o.changes.push_back("moderation: " + describe_moderation(*before) + " -> " + describe_moderation(*after));
	if (result == 0 && after && (attr.attr_mask & IBV_CQ_ATTR_MODERATE)) {
		o.read_back = true;
		if (!same(*after, attr.moderate))
			o.read_back_mismatches.push_back("moderation: set " + describe_moderation(attr.moderate) +
							 ", in effect " + describe_moderation(*after));
	}
	return o;
}

} // namespace ibvcert
