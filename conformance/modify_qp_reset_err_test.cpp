// Clause: X->RESET and X->ERR succeed with IBV_QP_STATE alone from every
// reachable state (RESET->ERR excepted: not a transition).
#include "conformance/clause.h"
#include "conformance/qp_case.h"
#include "conformance/qp_params.h"

namespace ibvcert {
namespace {

class ModifyQpToResetOrErr : public ::testing::TestWithParam<ModifyQpParam> {};

TEST_P(ModifyQpToResetOrErr, SucceedsFromEveryReachableState)
{
	record_clause({Level::MUST, clauses::kKernelTable});
	const auto &p = GetParam();
	QpCase c(p.type, p.from, p.to);
	if (auto why = c.prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	c.expect_accepted(c.valid_attr(IBV_QP_STATE), IBV_QP_STATE);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpToResetOrErr,
			 ::testing::ValuesIn(reset_and_err_transitions()), param_name);

} // namespace
} // namespace ibvcert
