// PLACEHOLDER until the srq rows move here (in progress).
#include "contracts/rule.h"

namespace ibvcert {

const std::vector<ContractRule> &srq_rules()
{
	static const std::vector<ContractRule> rules;
	return rules;
}

} // namespace ibvcert
