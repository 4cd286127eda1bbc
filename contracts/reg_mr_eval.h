// The evaluator of ibv_reg_mr(3)'s request: composes the verb's request rows
// (contracts/effect_rules.cpp: BitsRequire on access) for an access value.
// emu0 answers with it; the fuzz datapath model predicts with it.
#pragma once

#include "contracts/verdict.h"

namespace ibvcert {

// The reg_mr rows access breaks (none: the contract accepts it).
Verdict evaluate_reg_mr(int access);

} // namespace ibvcert
