// The one evaluator of ibv_modify_cq(3): composes the rows of
// contracts/modify_cq_rules.cpp for a request on a described device. emu0
// answers with it; the conformance clauses, the property and the fuzz
// oracle judge with it.
#pragma once

#include "contracts/device_caps.h"
#include "contracts/verdict.h"

#include <infiniband/verbs.h>

#include <string>

namespace ibvcert {

Verdict evaluate_modify_cq(const DeviceCaps &caps, const ibv_modify_cq_attr &attr);

// The value of a modify_cq row's field ("attr_mask", "moderate.cq_count",
// "moderate.cq_period"); -1 for a field it does not know.
int64_t modify_cq_field(const ibv_modify_cq_attr &attr, const char *field);
// "attr_mask=IBV_CQ_ATTR_MODERATE cq_count=16 cq_period=8"
std::string describe_modify_cq_attr(const ibv_modify_cq_attr &attr);
// "cq_count=16 cq_period=8"
std::string describe_moderation(const ibv_moderate_cq &moderation);

} // namespace ibvcert
