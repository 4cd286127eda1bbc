#include "contracts/rules_by_verb.h"

#include <algorithm>

namespace ibvcert {

RulesByVerb::RulesByVerb(bool (*keep)(const ContractRule &)) : by_verb_((size_t)Verb::Count + 1)
{
	for (const ContractRule *r : all_rules())
		if (keep(*r))
			for (size_t v = 0; v < (size_t)Verb::Count; v++)
				if (r->verbs & verb_bit((Verb)v))
					by_verb_[v].push_back(r);
}

const std::vector<const ContractRule *> &RulesByVerb::of(Verb verb) const
{
	return by_verb_[std::min((size_t)verb, (size_t)Verb::Count)];
}

} // namespace ibvcert
