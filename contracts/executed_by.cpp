#include "contracts/executed_by.h"

namespace ibvcert {
namespace {

// A table whose verbs' judge decides its rows of the shared effect kinds.
struct OwnJudge {
	const std::vector<ContractRule> &(*table)();
	const char *judge;
};
const OwnJudge kOwnJudges[] = {
	{create_cq_rules, "contracts/create_cq_judge.cpp judge_create_cq"},
	{resize_cq_rules, "contracts/resize_cq_judge.cpp judge_resize_cq"},
	{lifecycle_rules, "contracts/lifecycle_judge.cpp, the verb's judge (judge_create_qp, judge_reg_mr, "
			  "judge_create_ah, judge_query_port, judge_query_gid, judge_destroy)"},
};

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
		for (const OwnJudge &own : kOwnJudges)
			if (in(own.table(), rule))
				return own.judge;
	return executed_by(rule.check);
}

} // namespace ibvcert
