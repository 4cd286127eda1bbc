// Clause: X->RESET and X->ERR succeed with IBV_QP_STATE alone from every
// reachable state (RESET->ERR excepted: not a transition).
#include "conformance/modify_qp_test.h"
#include "contracts/rule_ids/modify_qp.h"

namespace ibvcert {
namespace {

class ModifyQpToResetOrErr : public ModifyQpTest {
	Clause clause() const override { return {rule_id::modify_qp_table_only_listed, {rule_id::modify_qp_transition_listed}}; }
};

TEST_P(ModifyQpToResetOrErr, SucceedsFromEveryReachableState)
{
	ASSERT_FALSE(HasFailure());
	QpCase &c = *qp_case;
	c.expect_accepted(c.valid_attr(IBV_QP_STATE), IBV_QP_STATE);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpToResetOrErr,
			 ::testing::ValuesIn(reset_and_err_transitions()), param_name);

} // namespace
} // namespace ibvcert
