#include "contracts/resize_cq_judge.h"

#include "contracts/call_judge.h"
#include "contracts/effect_judge.h"
#include "contracts/names.h"
#include "contracts/value_check.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cerrno>

namespace ibvcert {
namespace {

std::string ids_text(const std::vector<uint64_t> &ids)
{
	return ids.empty() ? "none" : fmt::format("wr_id {}", fmt::join(ids, ","));
}

} // namespace

Verdict evaluate_resize_cq(const DeviceCaps &caps, const CqView &before, int cqe)
{
	Verdict v;
	for (const ContractRule &r : resize_cq_rules()) {
		auto breach = [&](std::string detail) { v.breaches.push_back({&r, std::move(detail)}); };
		switch (r.check) {
		case Check::Range:
			if (auto detail = check_value(r, cqe, caps))
				breach(*detail);
			break;
		case Check::NotBelowOutstanding:
			if (cqe >= 0 && (size_t)cqe < before.unpolled.size())
				breach(fmt::format("cqe={} below the {} unpolled completions", cqe,
						   before.unpolled.size()));
			break;
		default:
			break;
		}
	}
	return v;
}

Verdict judge_resize_cq(const DeviceCaps &caps, const CqView &before, int cqe, int result,
			const CqView &after)
{
	EffectObservation effect;
	effect.verb = Verb::ResizeCq;
	effect.result = result;
	effect.request_known = true;
	effect.request = evaluate_resize_cq(caps, before, cqe);
	effect.viewed = true;
	if (after.cqe != before.cqe || after.unpolled != before.unpolled)
		effect.changes.push_back(fmt::format("cqe={} holding {} -> cqe={} holding {}", before.cqe,
						     ids_text(before.unpolled), after.cqe, ids_text(after.unpolled)));
	Verdict v = judge_call({Verb::ResizeCq, result});
	bool accepted = result == 0;
	if (accepted)
		for (const RuleBreach &b : effect.request.breaches)
			v.breaches.push_back({b.rule, "accepted although " + b.detail});
	// ValidAccepted, UnchangedOnReject: the one interpreter of effect rows.
	for (RuleBreach &b : judge_effect(effect).breaches)
		v.breaches.push_back(std::move(b));
	for (const ContractRule &r : resize_cq_rules()) {
		auto breach = [&](std::string detail) { v.breaches.push_back({&r, std::move(detail)}); };
		switch (r.check) {
		case Check::AtLeastRequest:
			if (accepted && after.cqe < cqe)
				breach(fmt::format("accepted cqe={}, the CQ reports cqe={}", cqe, after.cqe));
			break;
		case Check::KeptAcross:
			if (accepted && after.unpolled != before.unpolled)
				breach(fmt::format("the CQ held {} before the resize, {} after",
						   ids_text(before.unpolled), ids_text(after.unpolled)));
			break;
		default:
			break;
		}
	}
	return v;
}

} // namespace ibvcert
