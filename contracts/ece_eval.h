// The one evaluator of ibv_set_ece(3): composes the rows of
// contracts/ece_rules.cpp for a struct ibv_ece on a described device. emu0
// answers with it (and then holds the options to its own set: the
// provider's, not the contract's), the ECE properties and the fuzz oracle
// judge with it.
#pragma once

#include "contracts/device_caps.h"
#include "contracts/verdict.h"

#include <infiniband/verbs.h>

namespace ibvcert {

Verdict evaluate_set_ece(const DeviceCaps &caps, const ibv_ece &ece);

} // namespace ibvcert
