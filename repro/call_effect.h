// What a traced call did to its own object, as the effect judge
// (contracts/effect_judge.h) sees it: the step's request decoded, the verb's
// evaluator run on it against the object as it stood before the call, the
// object's own changes, and what reads back after it.
#pragma once

#include "contracts/device_caps.h"
#include "contracts/effect_judge.h"

#include <nlohmann/json.hpp>

namespace ibvcert {

// Verb::Count for a step the tracing device did not view (no frame).
EffectObservation effect_of_step(const DeviceCaps &caps, const nlohmann::json &step);

} // namespace ibvcert
