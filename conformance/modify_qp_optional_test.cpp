// Clause: each optional attribute of a transition is accepted alongside the
// required set (kernel transition table). A device without the feature
// behind the attribute (APM, packet pacing) is a SKIP.
#include "conformance/modify_qp_test.h"
#include "contracts/rule_ids/modify_qp.h"

namespace ibvcert {
namespace {

class ModifyQpOptionalAttribute : public ModifyQpTest {
	Clause clause() const override { return {rule_id::modify_qp_table_only_listed, {rule_id::modify_qp_transition_allowed}}; }
};

TEST_P(ModifyQpOptionalAttribute, AcceptedWithTheRequiredSet)
{
	const auto &p = GetParam();
	ASSERT_FALSE(HasFailure());
	QpCase &c = *qp_case;
	if (auto why = c.needs_flag(p.flag))
		GTEST_SKIP() << *why;
	int mask = IBV_QP_STATE | p.required() | p.flag;
	c.expect_accepted(c.valid_attr(mask), mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpOptionalAttribute, ::testing::ValuesIn(optional_bits()),
			 param_name);

} // namespace
} // namespace ibvcert
