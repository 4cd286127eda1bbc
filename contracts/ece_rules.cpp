// PLACEHOLDER until the ece rows move here (in progress).
#include "contracts/rule.h"

namespace ibvcert {

const std::vector<ContractRule> &ece_rules()
{
	static const std::vector<ContractRule> rules;
	return rules;
}

} // namespace ibvcert
