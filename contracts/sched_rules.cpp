// mlx5dv_sched_node_create(3) and its leaf/modify siblings: the rules on a
// struct mlx5dv_sched_attr, in the order contracts/sched_eval.cpp checks
// them. `scope` holds the element kinds a rule binds (sched_kind_bit()).
//
// A field whose flag is not set is not valid ("flags: Specifying what
// attributes in the structure are valid"): its value is ignored, never
// checked and never applied. So "must be 0 for the root TSAR" rejects a
// root request that gives bw_share or max_avg_bw (flag set) a non-zero
// value, and ignores one that merely leaves a stale value in the struct
// with the flag clear.
#include "contracts/rule.h"
#include "contracts/sched_eval.h"

#include <infiniband/mlx5dv.h>

#include <cerrno>

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};
constexpr uint32_t kCreate = verb_bit(Verb::SchedCreate);
constexpr uint32_t kModify = verb_bit(Verb::SchedModify);
constexpr uint32_t kBoth = kCreate | kModify;
constexpr uint32_t kRoot = sched_kind_bit(SchedKind::Root);
constexpr uint32_t kLeaf = sched_kind_bit(SchedKind::Leaf);
constexpr uint32_t kAnyKind = kRoot | sched_kind_bit(SchedKind::Node) | kLeaf;
constexpr const char kPage[] = "mlx5dv_sched_node_create(3)";

using L = Level;
using C = Check;

const std::vector<ContractRule> kRules = {
	{"sched.comp_mask.zero", kBoth, C::Zero, "comp_mask", 0, kNone, kNone, Feature::None,
	 nullptr, kAnyKind, L::MUST, EINVAL, kPage,
	 "comp_mask: Reserved for future extension, must be 0 now.",
	 "mlx5: same (providers/mlx5/mlx5.c:sched_attr_valid): EINVAL for a non-zero "
	 "comp_mask on every create and modify, before any capability check or FW command "
	 "(rdma-core 44)."},
	{"sched.flags.known", kBoth, C::MaskKnown, "flags",
	 MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE | MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW, kNone,
	 kNone, Feature::None, nullptr, kAnyKind, L::MUST, EINVAL, kPage,
	 "flags: Specifying what attributes in the structure are valid: "
	 "MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE for bw_share, "
	 "MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW for max_avg_bw",
	 "A bit the page does not list names no attribute: EINVAL. mlx5: same "
	 "(providers/mlx5/mlx5.c:sched_attr_valid): it refuses flags outside BW_SHARE|MAX_AVG_BW with EINVAL. A listed "
	 "flag the device lacks (nic_bw_share, nic_rate_limit: caps mlx5dv does not report) is "
	 "EOPNOTSUPP from attr_supported()."},
	{"sched.parent.required", kBoth, C::HasParent, "parent", 0, kNone, kNone, Feature::None,
	 nullptr, kLeaf, L::MUST, EINVAL, kPage,
	 "The entity is connected to a leaf. One or more leaves can be connected to a SE node. "
	 "parent: A node handler to the parent scheduling element which this scheduling element "
	 "will be connected to. The root scheduling element doesn't have a parent.",
	 "Only the root has no parent: a leaf without one is invalid. mlx5: same "
	 "(providers/mlx5/mlx5.c:sched_attr_valid): it answers EINVAL for a leaf create or leaf modify with parent NULL."},
	{"sched.parent.same", kModify, C::SameParent, "parent", 0, kNone, kNone, Feature::None,
	 nullptr, kAnyKind, L::SHOULD, EINVAL, kPage,
	 "parent: A node handler to the parent scheduling element which this scheduling element "
	 "will be connected to.",
	 "The page does not say whether a modify may move an element; emu0 refuses a parent "
	 "other than the element's own. SHOULD, and the suite does not try it (it needs a "
	 "second node). mlx5: differs, because mlx5dv_sched_nic_modify() never programs the parent "
	 "(providers/mlx5/mlx5.c:mlx5dv_sched_nic_modify), "
	 "so a modify naming another non-NULL parent returns 0 and moves nothing; the parent "
	 "only decides sched_attr_valid()'s check (a node modify with parent NULL and any flag "
	 "is EINVAL, as a root's). The tree property judges accept/reject whatever the level: "
	 "it would fail mlx5 here (predicted in deviations/mlx5.json)."},
	{"sched.bw_share.root_zero", kBoth, C::ZeroForRoot, "bw_share",
	 MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE, kNone, kNone, Feature::None, nullptr, kRoot, L::MUST,
	 EINVAL, kPage,
	 "bw_share: The relative bandwidth share allocated for this element. ... This field must "
	 "be 0 for the root TSAR.",
	 "Checked when given (MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE set); a value left with the "
	 "flag clear is ignored. mlx5: differs, because it is stricter "
	 "(providers/mlx5/mlx5.c:sched_attr_valid): the breach is EINVAL, and it also refuses a request without a parent that sets any flag, whatever "
	 "the values, so a root with BW_SHARE and bw_share 0 (accepted by this row) is EINVAL "
	 "on mlx5 (\"must be 0\" read as \"the root takes no attribute\")."},
	{"sched.max_avg_bw.root_zero", kBoth, C::ZeroForRoot, "max_avg_bw",
	 MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW, kNone, kNone, Feature::None, nullptr, kRoot,
	 L::MUST, EINVAL, kPage,
	 "max_avg_bw: The maximal transmission rate allowed for the element, averaged over time. "
	 "... This field must be 0 for the root TSAR.",
	 "Checked when given (MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW set); a value left with "
	 "the flag clear is ignored. mlx5: differs, because it is stricter "
	 "(providers/mlx5/mlx5.c:sched_attr_valid): the breach is EINVAL, and a root request "
	 "with MAX_AVG_BW set and max_avg_bw 0 is EINVAL too (predicted in deviations/mlx5.json)."},
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(SchedCreate, 6, "mlx5dv_sched_{node,leaf}_create");
IBVCERT_VERB(SchedModify, 7, "mlx5dv_sched_{node,leaf}_modify");

IBVCERT_RULE_FAMILY(sched, 50, nullptr)

} // namespace ibvcert
