// A call judged against its request's verdict and against what it did to
// its own object, for the consumers that observe a call themselves (the fuzz
// ops): a call that succeeded where request rows reject breaks those rows;
// the rest is the effect rows' one interpreter (contracts/effect_judge.h):
// a valid request refused (ValidAccepted), a rejected call that changed its
// own object (UnchangedOnReject, the rows not scoped to one request rule).
#pragma once

#include "contracts/verdict.h"

#include <string>
#include <vector>

namespace ibvcert {

// The request's verdict (the family evaluator's) against the result.
Verdict judge_request_outcome(Verb verb, const Verdict &request, long long result);
// A rejected call and what changed on its own object ("pkey_index: 0 -> 3").
Verdict judge_rejected_unchanged(Verb verb, long long result, const std::vector<std::string> &changes);
// The rows each of them holds a verb to.
std::vector<const ContractRule *> carried_out_rules(Verb verb);
std::vector<const ContractRule *> rejected_unchanged_rules(Verb verb);

} // namespace ibvcert
