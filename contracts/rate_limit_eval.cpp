#include "contracts/rate_limit_eval.h"

#include "contracts/modify_qp_eval.h"
#include "contracts/rule_ids/modify_qp.h"
#include "contracts/value_check.h"

#include <fmt/format.h>

namespace ibvcert {

Verdict evaluate_modify_qp_rate_limit(const DeviceCaps &caps, ibv_qp_type type,
				      ibv_qp_state current, const ibv_qp_rate_limit_attr &attr)
{
	Verdict v;
	for (const ContractRule &r : rate_limit_rules()) {
		auto breach = [&](std::string detail) { v.breaches.push_back({&r, std::move(detail)}); };
		switch (r.check) {
		case Check::Feature: // the device paces at all: the bound hi > 0
			if (resolve(r.hi, caps) <= 0)
				breach(fmt::format("no packet pacing ({}={})", cap_name(r.hi.cap),
						   resolve(r.hi, caps)));
			break;
		case Check::Zero:
			if (auto detail = check_value(r, attr.comp_mask, caps))
				breach(*detail);
			break;
		default:
			break;
		}
	}
	ibv_qp_attr a{};
	a.rate_limit = attr.rate_limit;
	ModifyQpVerdict q = evaluate_modify_qp(caps, type, current, a, IBV_QP_RATE_LIMIT);
	for (auto &b : q.breaches)
		v.breaches.push_back(std::move(b));
	return v;
}

bool rate_limit_in_caps(uint32_t rate_limit, const DeviceCaps &caps)
{
	const ContractRule *r = find_rule(rule_id::modify_qp_rate_limit_range);
	if (!r)
		return true;
	int64_t lo = resolve(r->lo, caps), hi = resolve(r->hi, caps);
	return rate_limit == 0 || (rate_limit >= lo && rate_limit <= hi);
}

} // namespace ibvcert
