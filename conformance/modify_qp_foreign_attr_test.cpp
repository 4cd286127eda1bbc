// Clause: an attr_mask bit outside the transition's required | optional set
// (a defined flag with a valid value, or a bit the API does not define)
// makes the modify fail and change nothing.
#include "conformance/modify_qp_test.h"
#include "contracts/rule_ids/modify_qp.h"

namespace ibvcert {
namespace {

class ModifyQpForeignAttribute : public ModifyQpTest {
	Clause clause() const override { return {rule_id::modify_qp_table_only_listed, {rule_id::modify_qp_transition_allowed}}; }
};

TEST_P(ModifyQpForeignAttribute, RejectedAndChangesNothing)
{
	const auto &p = GetParam();
	ASSERT_FALSE(HasFailure());
	QpCase &c = *qp_case;
	int mask = IBV_QP_STATE | p.required() | p.flag;
	c.expect_rejected_unchanged(c.valid_attr(mask), mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpForeignAttribute, ::testing::ValuesIn(foreign_bits()),
			 param_name);

} // namespace
} // namespace ibvcert
