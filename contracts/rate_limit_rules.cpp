// ibv_modify_qp_rate_limit(3): the rules of its own, in the order
// contracts/rate_limit_eval.cpp checks them. The rate itself, and the QP
// type and state, are the rules of IBV_QP_RATE_LIMIT in
// contracts/modify_qp_rules.cpp (modify_qp.rate_limit.*, which bind both
// verbs): the evaluator composes them after these.
#include "contracts/rule.h"

#include <infiniband/verbs.h>

#include <cerrno>

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};
constexpr uint32_t kRateVerb = verb_bit(Verb::ModifyQpRateLimit);

const std::vector<ContractRule> kRules = {
	{"rate_limit.pacing.supported", kRateVerb, Check::Feature, "", 0, kNone,
	 {Cap::RateLimitMax, 0}, Feature::PacketPacing, nullptr, 0, Level::MUST, EOPNOTSUPP,
	 "ibv_modify_qp_rate_limit(3) ERRORS",
	 "EOPNOTSUPP Function is not implemented for this device. (ENOSYS may sometimes be "
	 "returned by old versions of libibverbs).",
	 "A device without packet pacing (packet_pacing_caps.qp_rate_limit_max 0, the bound hi) "
	 "does not implement the verb, for any QP type; a paced device with a QP type outside "
	 "supported_qpts is modify_qp.rate_limit.feature's. The errno is convention (SHOULD), "
	 "not fixed: without pacing supported_qpts is empty, so that rule applies too and the "
	 "page does not rank the two errnos. mlx5: differs, because libmlx5 implements the verb "
	 "on every device (providers/mlx5/verbs.c:mlx5_modify_qp_rate_limit); without pacing (qp_rate_limit_max 0) an "
	 "RC/UC/UD QP gets EINVAL (mlx5_ib_modify_qp(): ib_modify_qp_is_ok()), a RAW_PACKET QP "
	 "in RTS gets EOPNOTSUPP for a non-zero rate (mlx5_rl_add_rate_raw(): no rate table) "
	 "and 0 for rate 0 (nothing changes) (predicted in deviations/mlx5.json). [changed: the "
	 "errno fixed(EOPNOTSUPP) -> EOPNOTSUPP by convention, SHOULD; the rejection stays MUST]"},
	{"rate_limit.comp_mask.zero", kRateVerb, Check::Zero, "comp_mask", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::SHOULD, fixed(EINVAL), "ibv_modify_qp_rate_limit(3) ERRORS",
	 "EINVAL Invalid arguments.",
	 "struct ibv_qp_rate_limit_attr has a comp_mask in verbs.h but the page does not list it, "
	 "and no comp_mask bit is defined: a non-zero comp_mask asks for an extension the device "
	 "cannot know. SHOULD: the page does not say it. mlx5: same "
	 "(providers/mlx5/verbs.c:mlx5_modify_qp_rate_limit): EINVAL for it before the kernel (rdma-core 44)."},
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(ModifyQpRateLimit, 3, "ibv_modify_qp_rate_limit");

IBVCERT_RULE_FAMILY(rate_limit, 30, nullptr)

} // namespace ibvcert
