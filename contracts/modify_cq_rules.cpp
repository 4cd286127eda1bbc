// ibv_modify_cq(3): CQ moderation. The rules, in the order
// contracts/modify_cq_eval.cpp checks them (the order the stack does: the
// provider's verb, libibverbs' command, the kernel's uverbs, the driver),
// then the behaviour rules the clauses prove by their effect.
//
// The page itself says little: the struct, "will modify the CQ, based on the
// given cq_attr->attr_mask" and the RETURN VALUE. The caps come from
// ibv_query_device_ex(3) (cq_mod_caps); where the pages are silent the level
// follows the uverbs ABI (MUST) or what providers do (SHOULD), as each
// row's note says.
#include "contracts/rule.h"

#include <infiniband/verbs.h>

#include <cerrno>
#include <cstdint>

namespace ibvcert {
namespace {

constexpr Bound k(int64_t v) { return {Cap::None, v}; }
constexpr Bound cap(Cap c, int64_t offset = 0) { return {c, offset}; }
constexpr Bound kNone = {Cap::None, 0};
constexpr uint32_t kModifyCq = verb_bit(Verb::ModifyCq);

using L = Level;
using C = Check;

constexpr const char kPage[] = "ibv_modify_cq(3)";
constexpr const char kCaps[] = "ibv_query_device_ex(3)";
constexpr const char kReturn[] = "ibv_modify_cq(3) RETURN VALUE";
constexpr const char kModifies[] =
	"The function ibv_modify_cq() will modify the CQ, based on the given cq_attr->attr_mask";
constexpr const char kRangeNote[] =
	"The pages give cq_mod_caps as the device's maximum, and \"will modify the CQ\" as "
	"fact: a value beyond the maximum cannot be put in effect, so accepting it is either a "
	"cap that understates the device or a call accepted and not applied. MUST reject, "
	"EINVAL (mlx5 answers EINVAL for cq_period above its maximum). hns clamps cq_period to "
	"its maximum and returns 0: a deviation for its deviations file, not a looser rule. "
	"The rule applies only with IBV_CQ_ATTR_MODERATE on a device with CQ moderation (else "
	"the feature rule speaks). mlx5: same (drivers/infiniband/hw/mlx5/cq.c:mlx5_ib_modify_cq, "
	"main.c:mlx5_ib_query_device): it reports the widths of "
	"the CQ context fields, max_cq_period 4095 (12 bits) and max_cq_count 65535 (16 bits, "
	"the most the uverbs ABI carries, so cq_count cannot exceed it there); "
	"mlx5_ib_modify_cq() answers EINVAL for cq_period above 4095 before the FW command "
	"(Linux 6.1).";

const std::vector<ContractRule> kRules = {
	// bits 0: every call, whatever attr_mask holds (the verb is not there).
	{"modify_cq.moderation.feature", kModifyCq, C::Feature, "", 0, kNone, kNone,
	 Feature::CqModeration, nullptr, 0, L::MUST, fixed(EOPNOTSUPP), kCaps,
	 "cq_mod_caps: CQ moderation max capabilities (struct ibv_cq_moderation_caps: "
	 "max_cq_count, max_cq_period)",
	 "The pages do not say what a device without CQ moderation answers. libibverbs answers "
	 "EOPNOTSUPP for a provider without the verb (older rdma-core: ENOSYS), the "
	 "kernel's rdma_set_cq_moderation() EOPNOTSUPP for a driver without it, and every "
	 "driver with the verb (mlx4, mlx5, hns) advertises cq_mod_caps: MUST, EOPNOTSUPP "
	 "(the uverbs ABI). rxe and siw have neither. mlx5: same "
	 "(drivers/infiniband/hw/mlx5/cq.c:mlx5_ib_modify_cq): EOPNOTSUPP without the FW cq_moderation cap, and cq_caps are reported only with it. "
	 "On such an mlx5 an attr_mask of 0 or with an unknown bit is EINVAL from libibverbs "
	 "or uverbs before the driver, although this row is listed first."},
	{"modify_cq.attr_mask.known", kModifyCq, C::MaskKnown, "attr_mask", IBV_CQ_ATTR_MODERATE,
	 kNone, kNone, Feature::None, nullptr, 0, L::MUST, fixed(EINVAL), kPage,
	 "The function ibv_modify_cq() will modify the CQ, based on the given "
	 "cq_attr->attr_mask (verbs.h defines one flag, IBV_CQ_ATTR_MODERATE; "
	 "IBV_CQ_ATTR_RESERVED marks the end)",
	 "libibverbs' ibv_cmd_modify_cq() refuses attr_mask >= IBV_CQ_ATTR_RESERVED with EINVAL "
	 "before the kernel, whose uverbs (ib_uverbs_ex_modify_cq) answers EOPNOTSUPP to a bit "
	 "beyond IB_CQ_MODERATE: MUST reject, EINVAL (EOPNOTSUPP from a provider that passes "
	 "the mask on). mlx5: same (providers/mlx5/verbs.c:mlx5_modify_cq): it calls "
	 "ibv_cmd_modify_cq()."},
	{"modify_cq.attr_mask.nonzero", kModifyCq, C::Range, "attr_mask", 0, k(1), k(UINT32_MAX),
	 Feature::None, nullptr, 0, L::MUST, fixed(EINVAL), "Linux uverbs ib_uverbs_ex_modify_cq()",
	 "an ibv_modify_cq with attr_mask 0 names nothing to modify; the uverbs ABI refuses it "
	 "(EINVAL)",
	 "The page is silent; the kernel ABI fixes EINVAL: MUST. mlx5: same "
	 "(drivers/infiniband/core/uverbs_cmd.c:ib_uverbs_ex_modify_cq): uverbs answers before "
	 "mlx5_ib."},
	{"modify_cq.cq_count.range", kModifyCq, C::Range, "moderate.cq_count", IBV_CQ_ATTR_MODERATE,
	 k(0), cap(Cap::MaxCqCount), Feature::None, nullptr, 0, L::MUST, EINVAL, kCaps,
	 "cq_mod_caps: CQ moderation max capabilities, max_cq_count; ibv_modify_cq(3): cq_count: "
	 "number of completions per event",
	 kRangeNote},
	{"modify_cq.cq_period.range", kModifyCq, C::Range, "moderate.cq_period", IBV_CQ_ATTR_MODERATE,
	 k(0), cap(Cap::MaxCqPeriod), Feature::None, nullptr, 0, L::MUST, EINVAL, kCaps,
	 "cq_mod_caps: CQ moderation max capabilities, max_cq_period; ibv_modify_cq(3): "
	 "cq_period: in micro seconds",
	 kRangeNote},
	// Behaviour: proven by the clauses through the effect.
	{"modify_cq.rejected.changes_nothing", kModifyCq, C::UnchangedOnReject, "", 0, kNone, kNone,
	 Feature::None, nullptr, 0, L::MUST, 0, kReturn,
	 "returns 0 on success, or the value of errno on failure (which indicates the failure "
	 "reason).",
	 "The page has no NOTES sentence on partial changes; a failure is read as the call not "
	 "done, as for every modify verb here (the QP and SRQ pages say it outright): MUST. "
	 "Observable only where the device reports the moderation in effect (libibverbs has no "
	 "query; emu0 reports it). mlx5: same (drivers/infiniband/hw/mlx5/cq.c:mlx5_ib_modify_cq): "
	 "every EINVAL comes before the FW command; not observable."},
	{"modify_cq.moderation.in_effect_as_set", kModifyCq, C::ReadsBack, "", 0, kNone, kNone,
	 Feature::None, nullptr, 0, L::MUST, 0, kPage, kModifies,
	 "An accepted IBV_CQ_ATTR_MODERATE within the caps is the moderation in effect: read back "
	 "exactly where the device reports it (emu0); a device that cannot tell is checked by "
	 "its return values alone. mlx5: decided by firmware, not visible in the source (FW's "
	 "MODIFY_CQ with period and count); mlx5 does not report it."},
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(ModifyCq, 8, "ibv_modify_cq");

IBVCERT_RULE_FAMILY(modify_cq, 60, nullptr)

} // namespace ibvcert
