// Clause: a transition missing one of its required attributes fails and
// changes nothing (ibv_modify_qp(3) tables and NOTES).
#include "conformance/modify_qp_test.h"
#include "contracts/rule_ids/modify_qp.h"

namespace ibvcert {
namespace {

class ModifyQpRequiredAttribute : public ModifyQpTest {
	Clause clause() const override { return {rule_id::modify_qp_required_set_accepted, {rule_id::modify_qp_transition_required, rule_id::modify_qp_rejected_changes_nothing}}; }
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
