// Clause: a transition the table does not list (RESET->ERR, INIT->RTS, ...)
// fails and changes nothing, QP state included.
#include "conformance/modify_qp_test.h"
#include "contracts/rule_ids/modify_qp.h"

namespace ibvcert {
namespace {

class ModifyQpInvalidTransition : public ModifyQpTest {
	Clause clause() const override { return {rule_id::modify_qp_table_only_listed, {rule_id::modify_qp_transition_listed}}; }
};

TEST_P(ModifyQpInvalidTransition, RejectedAndChangesNothing)
{
	ASSERT_FALSE(HasFailure());
	QpCase &c = *qp_case;
	c.expect_rejected_unchanged(c.valid_attr(IBV_QP_STATE), IBV_QP_STATE);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpInvalidTransition,
			 ::testing::ValuesIn(invalid_transitions()), param_name);

} // namespace
} // namespace ibvcert
