// PLACEHOLDER until the rate_limit rows move here (in progress).
#include "contracts/rule.h"

namespace ibvcert {

const std::vector<ContractRule> &rate_limit_rules()
{
	static const std::vector<ContractRule> rules;
	return rules;
}

} // namespace ibvcert
