// ibv_resize_cq(3): the request, the result, and the effect on the CQ, as
// rows; contracts/resize_cq_judge.cpp judges a call by them.
#include "contracts/rule.h"

#include <cerrno>

namespace ibvcert {
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

IBVCERT_RULE_FAMILY(resize_cq, 90, "contracts/resize_cq_judge.cpp judge_resize_cq")

} // namespace ibvcert
