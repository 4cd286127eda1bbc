#include "contracts/sched_eval.h"
#include "contracts/value_check.h"

#include <infiniband/mlx5dv.h>

#include <fmt/format.h>

namespace ibvcert {
namespace {

uint64_t field_of(const SchedRequest &r, std::string_view field)
{
	if (field == "flags")
		return r.flags;
	if (field == "bw_share")
		return r.bw_share;
	if (field == "max_avg_bw")
		return r.max_avg_bw;
	if (field == "comp_mask")
		return r.comp_mask;
	return 0;
}

} // namespace

const char *sched_kind_name(SchedKind k)
{
	switch (k) {
	case SchedKind::Root: return "Root";
	case SchedKind::Node: return "Node";
	case SchedKind::Leaf: return "Leaf";
	}
	return "?";
}

uint32_t sched_attr_flags_known()
{
	return MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE | MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW;
}

std::string sched_flags_names(uint32_t flags)
{
	if (flags == 0)
		return "0";
	std::string out;
	auto add = [&](const std::string &s) { out += (out.empty() ? "" : "|") + s; };
	if (flags & MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE)
		add("BW_SHARE");
	if (flags & MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW)
		add("MAX_AVG_BW");
	if (uint32_t rest = flags & ~sched_attr_flags_known())
		add(fmt::format("{:#x}", rest));
	return out;
}

bool sched_rule_applies(const ContractRule &rule, SchedKind kind, Verb verb)
{
	return (rule.verbs & verb_bit(verb)) && (!rule.scope || (rule.scope & sched_kind_bit(kind)));
}

Verdict evaluate_sched(const DeviceCaps &caps, SchedKind kind, Verb verb,
		       const SchedRequest &req)
{
	Verdict v;
	for (const ContractRule &r : sched_rules()) {
		if (!sched_rule_applies(r, kind, verb))
			continue;
		auto breach = [&](std::string detail) { v.breaches.push_back({&r, std::move(detail)}); };
		uint64_t value = field_of(req, r.field);
		switch (r.check) {
		case Check::Zero:
			if (auto detail = check_value(r, (int64_t)value, caps))
				breach(*detail);
			break;
		case Check::MaskKnown:
			if (value & ~r.bits)
				breach(fmt::format("{}={} has bits outside {}", r.field,
						   sched_flags_names((uint32_t)value),
						   sched_flags_names((uint32_t)r.bits)));
			break;
		case Check::HasParent:
			if (!req.has_parent)
				breach(std::string("a ") + sched_kind_name(kind) + " with parent=NULL");
			break;
		case Check::SameParent:
			if (!req.parent_is_own)
				breach("parent names another node than the element's own parent");
			break;
		case Check::ZeroForRoot:
			if ((req.flags & r.bits) && value)
				breach(fmt::format("{}={} given ({}) for the root", r.field, value,
						   sched_flags_names((uint32_t)r.bits)));
			break;
		default:
			break;
		}
	}
	return v;
}

} // namespace ibvcert
