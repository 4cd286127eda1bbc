#include "contracts/modify_cq_eval.h"
#include "contracts/value_check.h"

#include <fmt/format.h>

#include <cstring>

namespace ibvcert {
namespace {

std::string mask_text(uint32_t mask)
{
	if (!mask)
		return "0";
	std::string out;
	if (mask & IBV_CQ_ATTR_MODERATE)
		out = "IBV_CQ_ATTR_MODERATE";
	if (uint32_t rest = mask & ~(uint32_t)IBV_CQ_ATTR_MODERATE)
		out += (out.empty() ? "" : "|") + fmt::format("{:#x}", rest);
	return out;
}

} // namespace

int64_t modify_cq_field(const ibv_modify_cq_attr &attr, const char *field)
{
	if (!std::strcmp(field, "attr_mask"))
		return attr.attr_mask;
	if (!std::strcmp(field, "moderate.cq_count"))
		return attr.moderate.cq_count;
	if (!std::strcmp(field, "moderate.cq_period"))
		return attr.moderate.cq_period;
	return -1;
}

std::string describe_moderation(const ibv_moderate_cq &m)
{
	return fmt::format("cq_count={} cq_period={}", m.cq_count, m.cq_period);
}

std::string describe_modify_cq_attr(const ibv_modify_cq_attr &attr)
{
	return "attr_mask=" + mask_text(attr.attr_mask) + " " + describe_moderation(attr.moderate);
}

Verdict evaluate_modify_cq(const DeviceCaps &caps, const ibv_modify_cq_attr &attr)
{
	Verdict v;
	bool moderation = true; // the device has the feature (its rows decide the ranges)
	for (const ContractRule &r : modify_cq_rules()) {
		auto breach = [&](std::string detail) { v.breaches.push_back({&r, std::move(detail)}); };
		switch (r.check) {
		case Check::Feature: {
			// bits 0: the rule binds every call.
			std::string why;
			if ((!r.bits || (attr.attr_mask & r.bits)) &&
			    !device_has(r.feature, caps, IBV_QPT_RC, why)) {
				moderation = false;
				breach(why);
			}
			break;
		}
		case Check::MaskKnown:
			if (uint32_t unknown = attr.attr_mask & ~(uint32_t)r.bits)
				breach(fmt::format("attr_mask {:#x} has bits the verbs API does not "
						   "define: {:#x}",
						   attr.attr_mask, unknown));
			break;
		case Check::Range: {
			if (r.bits && !(attr.attr_mask & r.bits))
				break; // the field is not given
			if (r.bits && !moderation)
				break; // no caps to hold it to: the feature rule speaks
			if (auto detail = check_value(r, modify_cq_field(attr, r.field), caps))
				breach(*detail);
			break;
		}
		default: // behaviour rows: proven by their clauses
			break;
		}
	}
	return v;
}

} // namespace ibvcert
