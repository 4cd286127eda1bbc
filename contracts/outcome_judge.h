// A call judged against its request's verdict and against what it did to
// its own object, for the consumers that drive a verb whose effect rows no
// judge of its own decides yet (the fuzz ops): the verb's family evaluator
// gives the request's verdict, the caller what it observed; the rows decide.
//   - a call that succeeded where request rows reject breaks those rows;
//   - a call that failed where none does breaks the verb's "a valid request
//     is carried out" row (Check::ValidAccepted);
//   - a rejected call that changed its own object breaks the verb's
//     "rejected changes nothing" row (Check::UnchangedOnReject).
// Until the families' Effect rows name those checks (issue 20 item 2), this
// file names them for their verbs (outcome_judge.cpp).
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
