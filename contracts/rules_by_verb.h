// The rules of each verb that a judge takes, split once: the tables a judge
// that runs on every call consults (call_judge's result rows, effect_judge's
// effect rows), each a static of its own.
#pragma once

#include "contracts/rule.h"

#include <vector>

namespace ibvcert {

class RulesByVerb {
public:
	// The rules keep takes, each under every verb it binds, in evaluation order.
	explicit RulesByVerb(bool (*keep)(const ContractRule &));
	const std::vector<const ContractRule *> &of(Verb verb) const; // empty for Verb::Count

private:
	std::vector<std::vector<const ContractRule *>> by_verb_;
};

} // namespace ibvcert
