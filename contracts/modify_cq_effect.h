// What one ibv_modify_cq(3) call showed a caller, as the effect judge
// (contracts/effect_judge.h) reads it: the request's verdict, the CQ's
// moderation as read before and after (where the device reports it), the
// change, and whether what was accepted is what is in effect. The
// conformance clauses, the property, the fuzz op and repro all observe a
// modify through this one function.
#pragma once

#include "contracts/device_caps.h"
#include "contracts/effect_judge.h"

#include <infiniband/verbs.h>

namespace ibvcert {

// before/after: the moderation read around the call; nullptr where it was
// not read (a device that does not report it is judged by its result).
EffectObservation observe_modify_cq(const DeviceCaps &caps, const ibv_modify_cq_attr &attr, int result,
				    const ibv_moderate_cq *before, const ibv_moderate_cq *after);

} // namespace ibvcert
