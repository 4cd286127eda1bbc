#include "contracts/create_cq_judge.h"

#include "contracts/names.h"
#include "contracts/value_check.h"

#include <fmt/format.h>

#include <cerrno>
#include <string_view>

namespace ibvcert {

Verdict evaluate_create_cq(const DeviceCaps &caps, int cqe, int comp_vector)
{
	Verdict v;
	for (const ContractRule &r : create_cq_rules())
		if (r.check == Check::Range) {
			int value = std::string_view(r.field) == "comp_vector" ? comp_vector : cqe;
			if (auto detail = check_value(r, value, caps))
				v.breaches.push_back({&r, *detail});
		}
	return v;
}

Verdict judge_create_cq(const DeviceCaps &caps, int cqe, int result, int reported_cqe, int comp_vector)
{
	Verdict request = evaluate_create_cq(caps, cqe, comp_vector);
	Verdict v;
	bool accepted = result == 0;
	if (accepted)
		for (const RuleBreach &b : request.breaches)
			v.breaches.push_back({b.rule, "returned a CQ although " + b.detail});
	for (const ContractRule &r : create_cq_rules()) {
		auto breach = [&](std::string detail) { v.breaches.push_back({&r, std::move(detail)}); };
		switch (r.check) {
		case Check::ValidAccepted:
			if (!accepted && request.accepts() && result != ENOMEM)
				breach(fmt::format("cqe={} comp_vector={} break no rule, yet ibv_create_cq "
						   "failed with {}",
						   cqe, comp_vector, errno_name(result)));
			break;
		case Check::AtLeastRequest:
			if (accepted && reported_cqe < cqe)
				breach(fmt::format("asked for cqe={}, the CQ reports cqe={}", cqe, reported_cqe));
			break;
		default:
			break;
		}
	}
	return v;
}

} // namespace ibvcert
