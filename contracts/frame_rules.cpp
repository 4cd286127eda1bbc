// What a verb that names one object leaves alone: every other object of the
// device. Judged on every call the run's device traces (the frame: each
// other QP's full ibv_query_qp and ibv_qp::state, each SRQ's ibv_query_srq,
// each CQ's cqe and moderation), by contracts/frame_judge.h. ibv_modify_qp's
// row is modify_qp.other_objects.unchanged (effect_rules.cpp); ibv_resize_cq's
// is in resize_cq_rules.cpp.
#include "contracts/rule.h"

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};
constexpr const char kNote[] =
	"The verb names one object: nothing else of the device is the call's to change. Judged "
	"on every call the run makes, whatever the case was written for.";

ContractRule frame(const char *id, Verb verb, const char *man, const char *sentence)
{
	return ContractRule{id, verb_bit(verb), Check::FrameUnchanged, "", 0, kNone, kNone,
			    Feature::None, nullptr, 0, Level::MUST, 0, man, sentence, kNote};
}

const std::vector<ContractRule> kRules = {
	frame("modify_srq.other_objects.unchanged", Verb::ModifySrq, "ibv_modify_srq(3)",
	      "ibv_modify_srq() modifies the attributes of SRQ srq with the attributes in srq_attr "
	      "according to the mask srq_attr_mask."),
	frame("modify_qp_rate_limit.other_objects.unchanged", Verb::ModifyQpRateLimit,
	      "ibv_modify_qp_rate_limit(3)",
	      "ibv_modify_qp_rate_limit() modifies the send rate limiting packet pacing attributes "
	      "of QP qp with the attributes in attr."),
	frame("set_ece.other_objects.unchanged", Verb::SetEce, "ibv_set_ece(3)",
	      "ibv_set_ece() set ECE options and use them for QP configuration stage."),
	frame("modify_cq.other_objects.unchanged", Verb::ModifyCq, "ibv_modify_cq(3)",
	      "ibv_modify_cq() modify a CQ cq."),
};

} // namespace

IBVCERT_RULE_FAMILY(frame, 100, nullptr)

} // namespace ibvcert
