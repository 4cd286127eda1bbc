// ibv_create_srq(3) and ibv_modify_srq(3): the rules, in the order
// contracts/srq_eval.cpp checks them (for each verb, the rows that bind it,
// in this order). Every rule is MUST: the man pages name each field's meaning
// and the device's maxima, and "If any of the modify attributes is invalid,
// none of the attributes will be modified".
#include "contracts/rule.h"

#include <infiniband/verbs.h>

#include <cerrno>

namespace ibvcert {
namespace {

constexpr Bound k(int64_t v) { return {Cap::None, v}; }
constexpr Bound cap(Cap c, int64_t offset = 0) { return {c, offset}; }
constexpr Bound kNone = {Cap::None, 0};
constexpr uint32_t kCreate = verb_bit(Verb::CreateSrq);
constexpr uint32_t kModify = verb_bit(Verb::ModifySrq);

using L = Level;
using C = Check;

const std::vector<ContractRule> kRules = {
	{"srq.attr_mask.known", kModify, C::MaskKnown, "srq_attr_mask",
	 IBV_SRQ_MAX_WR | IBV_SRQ_LIMIT, kNone, kNone, Feature::None, nullptr, 0, L::MUST, EINVAL,
	 "ibv_modify_srq(3)",
	 "The argument srq_attr_mask specifies the SRQ attributes to be modified. The argument is "
	 "either 0 or the bitwise OR of one or more of the following flags: IBV_SRQ_MAX_WR Resize "
	 "the SRQ; IBV_SRQ_LIMIT Set the SRQ limit",
	 "The page names no errno; EINVAL, as for any invalid attribute."},
	{"srq.resize.feature", kModify, C::Feature, "max_wr", IBV_SRQ_MAX_WR, kNone, kNone,
	 Feature::SrqResize, nullptr, 0, L::MUST, EOPNOTSUPP, "ibv_modify_srq(3) NOTES",
	 "Not all devices support resizing SRQs. To check if a device supports it, check if the "
	 "IBV_DEVICE_SRQ_RESIZE bit is set in the device capabilities flags.",
	 "The page names no errno; EOPNOTSUPP: the operation is not supported by the device."},
	{"srq.max_wr.range", kCreate | kModify, C::Range, "max_wr", IBV_SRQ_MAX_WR, k(1),
	 cap(Cap::MaxSrqWr), Feature::None, nullptr, 0, L::MUST, EINVAL,
	 "ibv_create_srq(3), ibv_modify_srq(3), ibv_query_device(3)",
	 "max_wr: Requested max number of outstanding work requests (WRs) in the SRQ; "
	 "IBV_SRQ_MAX_WR Resize the SRQ; max_srq_wr: Maximum number of WRs per SRQ",
	 "An SRQ of 0 WRs holds nothing: the lower bound is 1. For ibv_create_srq the rule "
	 "always applies; for ibv_modify_srq when srq_attr_mask has IBV_SRQ_MAX_WR (bits)."},
	{"srq.max_wr.not_below_outstanding", kModify, C::NotBelowOutstanding, "max_wr",
	 IBV_SRQ_MAX_WR, kNone, kNone, Feature::None, nullptr, 0, L::MUST, EINVAL,
	 "ibv_modify_srq(3)",
	 "max_wr: maximum number of outstanding work requests (WRs) in the SRQ; NOTES: If any "
	 "of the modify attributes is invalid, none of the attributes will be modified.",
	 "A max_wr below the WRs already outstanding would have to drop WRs: invalid."},
	{"srq.max_sge.range", kCreate, C::Range, "max_sge", 0, k(0), cap(Cap::MaxSrqSge),
	 Feature::None, nullptr, 0, L::MUST, EINVAL, "ibv_create_srq(3), ibv_query_device(3)",
	 "max_sge: Requested max number of scatter elements per WR; max_srq_sge: Maximum number "
	 "of s/g per SRQ",
	 "0 is taken (a device may round it up to 1); max_sge is irrelevant for ibv_modify_srq."},
	{"srq.srq_limit.not_above_max_wr", kModify, C::NotAboveAfterCall, "srq_limit",
	 IBV_SRQ_LIMIT | IBV_SRQ_MAX_WR, kNone, kNone, Feature::None, "max_wr", 0, L::MUST, EINVAL,
	 "ibv_modify_srq(3) NOTES",
	 "Modifying the srq_limit arms the SRQ to produce an IBV_EVENT_SRQ_LIMIT_REACHED \"low "
	 "watermark\" asynchronous event once the number of WRs in the SRQ drops below srq_limit.",
	 "The number of WRs in the SRQ never exceeds max_wr, so a srq_limit above max_wr (both "
	 "as the SRQ would have them after the call) is invalid; checked when srq_attr_mask has "
	 "IBV_SRQ_LIMIT or IBV_SRQ_MAX_WR."},
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(CreateSrq, 1, "ibv_create_srq");
IBVCERT_VERB(ModifySrq, 2, "ibv_modify_srq");

IBVCERT_RULE_FAMILY(srq, 20, nullptr)

} // namespace ibvcert
