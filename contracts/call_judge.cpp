#include "contracts/call_judge.h"
#include "contracts/rules_by_verb.h"

#include <fmt/format.h>

namespace ibvcert {

// Per verb, once: judge_call runs on every call a case, a property step or
// a fuzz op makes, and the rows do not change while the process runs.
const std::vector<const ContractRule *> &call_rules(Verb verb)
{
	static const RulesByVerb table([](const ContractRule &r) {
		return r.check == Check::ReturnsErrno || r.check == Check::BadWrInList ||
		       r.check == Check::ResultAtMost || r.check == Check::ReturnsZeroOrMinusOne;
	});
	return table.of(verb);
}

Verdict judge_call(const CallResult &call)
{
	Verdict v;
	for (const ContractRule *r : call_rules(call.verb)) {
		switch (r->check) {
		case Check::ReturnsErrno:
			if (call.result < 0 || call.result > r->hi.offset)
				v.breaches.push_back(
					{r, fmt::format("{} returned {}, which is {}", verb_name(call.verb),
							call.result,
							call.result < 0 ? "negative: no errno value is"
									: "above every errno value")});
			break;
		case Check::ReturnsZeroOrMinusOne:
			if (call.result != 0 && call.result != -1)
				v.breaches.push_back({r, fmt::format("{} returned {}, neither 0 nor -1",
								     verb_name(call.verb), call.result)});
			break;
		case Check::BadWrInList:
			if (call.result != 0 && (call.bad_wr < 0 || call.bad_wr >= call.wr_count))
				v.breaches.push_back(
					{r, fmt::format("{} failed ({}) with bad_wr naming none of the {} WR(s) "
							"posted",
							verb_name(call.verb), call.result, call.wr_count)});
			break;
		case Check::ResultAtMost:
			if (call.at_most >= 0 && call.result > call.at_most)
				v.breaches.push_back({r, fmt::format("{} returned {}, more than {}={}", verb_name(call.verb),
								     call.result, r->field, call.at_most)});
			break;
		default:
			break;
		}
	}
	return v;
}

} // namespace ibvcert
