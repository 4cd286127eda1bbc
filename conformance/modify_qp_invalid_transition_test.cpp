// Clause: a transition the table does not list (RESET->ERR, INIT->RTS, ...)
// fails and changes nothing, QP state included.
#include "conformance/clause.h"
#include "conformance/qp_case.h"
#include "conformance/qp_params.h"

namespace ibvcert {
namespace {

class ModifyQpInvalidTransition : public ::testing::TestWithParam<ModifyQpParam> {};

TEST_P(ModifyQpInvalidTransition, RejectedAndChangesNothing)
{
	record_clause({Level::MUST, clauses::kKernelTable});
	const auto &p = GetParam();
	QpCase c(p.type, p.from, p.to);
	if (auto why = c.prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	c.expect_rejected_unchanged(c.valid_attr(IBV_QP_STATE), IBV_QP_STATE);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpInvalidTransition,
			 ::testing::ValuesIn(invalid_transitions()), param_name);

} // namespace
} // namespace ibvcert
