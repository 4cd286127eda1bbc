#include "contracts/create_cq_judge.h"

#include "contracts/names.h"
#include "contracts/value_check.h"

#include <fmt/format.h>

#include <cerrno>

namespace ibvcert {

Verdict evaluate_create_cq(const DeviceCaps &caps, int cqe)
{
	Verdict v;
	for (const ContractRule &r : create_cq_rules())
		if (r.check == Check::Range)
			if (auto detail = check_value(r, cqe, caps))
				v.breaches.push_back({&r, *detail});
	return v;
}

Verdict judge_create_cq(const DeviceCaps &caps, int cqe, int result, int reported_cqe)
{
	Verdict request = evaluate_create_cq(caps, cqe);
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
				breach(fmt::format("cqe={} breaks no rule, yet ibv_create_cq failed with {}",
						   cqe, errno_name(result)));
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
