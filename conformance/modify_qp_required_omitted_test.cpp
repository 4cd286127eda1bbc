// Clause: a transition missing one of its required attributes fails and
// changes nothing (ibv_modify_qp(3) tables and NOTES).
#include "conformance/modify_qp_test.h"

namespace ibvcert {
namespace {

class ModifyQpRequiredAttribute : public ModifyQpTest {
	Clause clause() const override { return {Level::MUST, clauses::kRequiredTables, {"modify_qp.transition.required", "modify_qp.rejected.changes_nothing"}}; }
};

TEST_P(ModifyQpRequiredAttribute, OmittedFailsAndChangesNothing)
{
	const auto &p = GetParam();
	ASSERT_FALSE(HasFailure());
	QpCase &c = *qp_case;
	int mask = (IBV_QP_STATE | p.required()) & ~p.flag;
	c.expect_rejected_unchanged(c.valid_attr(mask), mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpRequiredAttribute, ::testing::ValuesIn(required_bits()),
			 param_name);

} // namespace
} // namespace ibvcert
