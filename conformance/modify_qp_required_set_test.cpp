// Clause: the required attributes of a transition, alone and with valid
// values, move the QP to the next state (ibv_modify_qp(3) tables; the kernel
// table beyond Reset->Init->RTR->RTS).
#include "conformance/modify_qp_test.h"
#include "contracts/rule_ids/modify_qp.h"

namespace ibvcert {
namespace {

class ModifyQpRequiredSet : public ModifyQpTest {
	Clause clause() const override { return {rule_id::modify_qp_required_set_accepted, {rule_id::modify_qp_transition_required}}; }
};

TEST_P(ModifyQpRequiredSet, AloneSucceeds)
{
	const auto &p = GetParam();
	ASSERT_FALSE(HasFailure());
	QpCase &c = *qp_case;
	int mask = IBV_QP_STATE | p.required();
	c.expect_accepted(c.valid_attr(mask), mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpRequiredSet, ::testing::ValuesIn(valid_transitions()),
			 param_name);

} // namespace
} // namespace ibvcert
