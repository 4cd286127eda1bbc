// ibv_resize_cq(3): the verb, its rows (the request, the result, and the
// effect on the CQ) and its judge, one file in three parts. The build
// generates contracts/resize_cq_judge.h, which defines IBVCERT_JUDGE_DECLS and
// includes this file for its first part: what the judge reads and decides,
// for the backends, the test, the fuzz op and the property. It compiles the
// rows alone into ibvcert_rules (the rule-id constants are generated from
// them), and the judge, with IBVCERT_JUDGE_PART defined, into
// ibvcert_contracts (contracts/CMakeLists.txt).
#ifdef IBVCERT_JUDGE_DECLS // the judge's declarations
#include "contracts/cq_view.h"
#include "contracts/device_caps.h"
#include "contracts/verdict.h"

namespace ibvcert {

// The request rows: what a device must refuse.
Verdict evaluate_resize_cq(const DeviceCaps &caps, const CqView &before, int cqe);
// The whole call: request rows against the result, the result rows, and
// the effect rows (after against before).
Verdict judge_resize_cq(const DeviceCaps &caps, const CqView &before, int cqe, int result,
			const CqView &after);

} // namespace ibvcert

#else // the rows, and the judge below them
#include "contracts/resize_cq_judge.h"
#include "contracts/rule.h"

#ifdef IBVCERT_JUDGE_PART
#include "contracts/call_judge.h"
#include "contracts/effect_judge.h"
#include "contracts/names.h"
#include "contracts/value_check.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#endif

#include <cerrno>

namespace ibvcert {

#ifndef IBVCERT_JUDGE_PART // the rows
namespace {

constexpr Bound kNone = {Cap::None, 0};
constexpr uint32_t kResize = verb_bit(Verb::ResizeCq);
constexpr const char kPage[] = "ibv_resize_cq(3)";
constexpr const char kResizes[] =
	"ibv_resize_cq() resizes the completion queue (CQ) cq to have at least cqe entries.";

const std::vector<ContractRule> kRules = {
	{"resize_cq.cqe.range", kResize, Check::Range, "cqe", 0, {Cap::None, 1}, {Cap::MaxCqe, 0},
	 Feature::None, nullptr, 0, Level::SHOULD, EINVAL, "ibv_create_cq(3)",
	 "cqe: Minimum number of entries required for CQ; ibv_query_device(3): max_cqe: Maximum "
	 "number of entries in each CQ supported by this device.",
	 "ibv_resize_cq(3) names no range; the create's bounds carry over (rxe refuses cqe <= 0 and "
	 "above max_cqe with EINVAL; mlx5 too). SHOULD: a provider may round an oversized request "
	 "down to what it can hold only by breaking 'at least cqe', which its own row judges."},
	{"resize_cq.cqe.not_below_unpolled", kResize, Check::NotBelowOutstanding, "cqe", 0, kNone,
	 kNone, Feature::None, nullptr, 0, Level::MUST, EINVAL, kPage,
	 "cqe must be at least the number of unpolled entries in the CQ cq.",
	 "The page gives no errno; EINVAL by convention (rxe_cq_chk_attr; rdma-core's own test "
	 "expects it). A CQ that took the request would have to drop completions or hold more than "
	 "it reports."},
	{"resize_cq.return.zero_or_errno", kResize, Check::ReturnsErrno, "result", 0, kNone,
	 {Cap::None, 133}, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_resize_cq(3) RETURN VALUE",
	 "ibv_resize_cq() returns 0 on success, or the value of errno on failure (which indicates "
	 "the failure reason).",
	 "A provider without the verb answers EOPNOTSUPP (libibverbs' default op; siw); the case "
	 "SKIPs with that errno."},
	{"resize_cq.valid.carried_out", kResize, Check::ValidAccepted, "cqe", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kPage, kResizes,
	 "A request no rule rejects succeeds, unless the provider has no resize (EOPNOTSUPP: SKIP) "
	 "or no memory for it (ENOMEM: the page's RETURN VALUE allows a failure reason)."},
	{"resize_cq.cqe.at_least_the_request", kResize, Check::AtLeastRequest, "cqe", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, "ibv_resize_cq(3) NOTES",
	 "ibv_resize_cq() may assign a CQ size greater than or equal to the requested size. The cqe "
	 "member of cq will be updated to the actual size.",
	 "A smaller request than the current size 'may not do anything': the size after is then "
	 "the old one, still at least the request."},
	{"resize_cq.unpolled.kept", kResize, Check::KeptAcross, "unpolled", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "ibv_resize_cq() resizes the completion queue (CQ) cq to have at least cqe entries. cqe "
	 "must be at least the number of unpolled entries in the CQ cq.",
	 "Read: the unpolled entries are what the new size must hold, so they stay in the CQ, in "
	 "order (rxe and mlx5 copy them into the new ring)."},
	{"resize_cq.rejected.changes_nothing", kResize, Check::UnchangedOnReject, "cqe, unpolled", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "ibv_resize_cq() returns 0 on success, or the value of errno on failure (which indicates "
	 "the failure reason).",
	 "The page is silent on a failed call's effect; a failure that changed the CQ would lose "
	 "completions the application has not polled or a size it relies on, so a failed resize "
	 "leaves cqe and the unpolled completions as they were (MUST)."},
	{"resize_cq.other_objects.unchanged", kResize, Check::FrameUnchanged, "", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kPage, kResizes,
	 "The verb names one CQ: the device's other CQs, its QPs and SRQs read the same after it "
	 "(judged on every call through the run's device)."},
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(ResizeCq, 20, "ibv_resize_cq");

IBVCERT_RULE_FAMILY(resize_cq, 90, "contracts/resize_cq_rules.cpp judge_resize_cq")

#else // IBVCERT_JUDGE_PART: the judge
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

#endif

} // namespace ibvcert

#endif // IBVCERT_JUDGE_DECLS
