// Clause: one invalid value in an otherwise valid request fails the modify
// and changes nothing. The invalid values come from the attribute table's
// ranges against the device's own caps; the level is the field rule's row's
// (MUST where every device must reject it, SHOULD for a spec range a
// provider may mask). The same within the current state, on a mask without
// IBV_QP_STATE (the table's current->current rows): the value is as invalid
// there.
#include "conformance/modify_qp_test.h"
#include "contracts/rule_ids/modify_qp.h"

namespace ibvcert {
namespace {

class ModifyQpInvalidValue : public ModifyQpTest {
	Clause clause() const override
	{
		const QpAttrField &f = GetParam().attr_field();
		// The field's rule first: its row's level is the clause's.
		return {f.contract ? f.contract->id : rule_id::modify_qp_attr_mask_known,
			{rule_id::modify_qp_rejected_changes_nothing}};
	}
};

// One invalid value of p's field, with the rest of mask valid: refused,
// and nothing changed.
void expect_invalid_value_rejected(QpCase &c, const ModifyQpParam &p, int mask)
{
	const QpAttrField &field = p.attr_field();
	if (auto why = c.needs_flag(p.flag))
		GTEST_SKIP() << *why;
	uint64_t value = 0;
	std::string why_not;
	if (!breach_value(field, p.breach, c.caps(), p.from, value, why_not))
		GTEST_SKIP() << "no invalid value on this device: " << why_not;
	ibv_qp_attr attr = c.valid_attr(mask);
	apply_value(field, attr, value);
	c.expect_rejected_unchanged(attr, mask);
}

TEST_P(ModifyQpInvalidValue, RejectedAndChangesNothing)
{
	const auto &p = GetParam();
	ASSERT_FALSE(HasFailure());
	expect_invalid_value_rejected(*qp_case, p, IBV_QP_STATE | p.required() | p.flag);
}

class ModifyQpInvalidValueWithoutState : public ModifyQpInvalidValue {};

TEST_P(ModifyQpInvalidValueWithoutState, RejectedAndChangesNothing)
{
	const auto &p = GetParam();
	ASSERT_FALSE(HasFailure());
	expect_invalid_value_rejected(*qp_case, p, p.flag);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpInvalidValue, ::testing::ValuesIn(invalid_values()),
			 param_name);
INSTANTIATE_TEST_SUITE_P(Table, ModifyQpInvalidValueWithoutState,
			 ::testing::ValuesIn(invalid_values_without_state()), param_name);

} // namespace
} // namespace ibvcert
