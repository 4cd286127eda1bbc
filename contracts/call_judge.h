// The judge of a call's result, for every verb: every call the harness
// makes (a clause's, a property step's, a fuzz op's) is held to its verb's
// result rows (contracts/return_rules.cpp), whatever it was made for.
#pragma once

#include "contracts/verdict.h"

namespace ibvcert {

// One call as the judge sees it.
struct CallResult {
	Verb verb = Verb::Count;
	long long result = 0; // what the verb returned
	int wr_count = 0;     // a post: the WRs in the list given
	int bad_wr = -1;      // a post: bad_wr's place in that list, -1 when it names none of them
	long long at_most = -1; // ibv_poll_cq: num_entries; -1 when the verb has no such bound
};

// The rows judge_call holds a call of this verb to.
const std::vector<const ContractRule *> &call_rules(Verb verb);
// Every result row of the call's verb that the call breaks.
Verdict judge_call(const CallResult &call);

} // namespace ibvcert
