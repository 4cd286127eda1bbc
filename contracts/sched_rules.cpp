// PLACEHOLDER until the sched rows move here (in progress).
#include "contracts/rule.h"

namespace ibvcert {

const std::vector<ContractRule> &sched_rules()
{
	static const std::vector<ContractRule> rules;
	return rules;
}

} // namespace ibvcert
