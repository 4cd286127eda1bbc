#include "contracts/executed_by.h"

namespace ibvcert {
namespace {

// The checks every family shares whose meaning is "the verb's effect":
// the verb's own judge decides them where it has one.
bool shared_effect(Check check)
{
	switch (check) {
	case Check::ValidAccepted:
	case Check::AtLeastRequest:
	case Check::KeptAcross:
	case Check::UnchangedOnReject:
		return true;
	default:
		return false;
	}
}

bool in(const std::vector<ContractRule> &table, const ContractRule &rule)
{
	return !table.empty() && &rule >= &table.front() && &rule <= &table.back();
}

} // namespace

std::string executed_by(const ContractRule &rule)
{
	if (shared_effect(rule.check))
		for (const RuleFamily *family : rule_families())
			if (family->own_judge && in(family->rows(), rule))
				return family->own_judge;
	return executed_by(rule.check);
}

} // namespace ibvcert
