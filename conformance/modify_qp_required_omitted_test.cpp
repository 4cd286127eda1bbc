// Clause: a transition missing one of its required attributes fails and
// changes nothing (ibv_modify_qp(3) tables and NOTES).
#include "conformance/clause.h"
#include "conformance/qp_case.h"
#include "conformance/qp_params.h"

namespace ibvcert {
namespace {

class ModifyQpRequiredAttribute : public ::testing::TestWithParam<ModifyQpParam> {};

TEST_P(ModifyQpRequiredAttribute, OmittedFailsAndChangesNothing)
{
	record_clause({Level::MUST, clauses::kRequiredTables});
	const auto &p = GetParam();
	QpCase c(p.type, p.from, p.to);
	if (auto why = c.prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	int mask = (IBV_QP_STATE | p.required()) & ~p.flag;
	c.expect_rejected_unchanged(c.valid_attr(mask), mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpRequiredAttribute, ::testing::ValuesIn(required_bits()),
			 param_name);

} // namespace
} // namespace ibvcert
