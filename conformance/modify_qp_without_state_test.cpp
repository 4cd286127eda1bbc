// Clause: a mask without IBV_QP_STATE modifies within the current state: it
// follows the table's current->current row, and fails where there is none
// (RTR). The QP's state never changes. Each bit outside that row, alone,
// is refused and changes nothing.
#include "conformance/modify_qp_test.h"
#include "contracts/qp_table.h"
#include "contracts/rule_ids/modify_qp.h"

namespace ibvcert {
namespace {

class ModifyQpWithoutState : public ModifyQpTest {
	Clause clause() const override { return {rule_id::modify_qp_table_only_listed, {rule_id::modify_qp_transition_listed, rule_id::modify_qp_transition_allowed}}; }
};

// The first optional bit of mask whose feature the device has, or 0.
int usable_bit(QpCase &c, int mask)
{
	for (int bit = 0; bit < 32; bit++)
		if ((mask & (1 << bit)) && !c.needs_flag(1 << bit))
			return 1 << bit;
	return 0;
}

TEST_P(ModifyQpWithoutState, FollowsTheCurrentStateRow)
{
	const auto &p = GetParam();
	ASSERT_FALSE(HasFailure());
	QpCase &c = *qp_case;
	const auto &table = QpTransitionTable::kernel();
	if (const QpTransition *row = table.find(p.type, p.from, p.from)) {
		int mask = usable_bit(c, row->optional);
		c.expect_accepted(c.valid_attr(mask), mask);
		return;
	}
	// No current->current row: any attribute the state could take is refused.
	int candidates = 0;
	for (const auto &row : table.rows())
		if (row.qp_type == p.type && row.from == p.from)
			candidates |= row.required | row.optional;
	int mask = usable_bit(c, candidates);
	c.expect_rejected_unchanged(c.valid_attr(mask), mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpWithoutState, ::testing::ValuesIn(current_states()),
			 param_name);

class ModifyQpForeignAttributeWithoutState : public ModifyQpWithoutState {};

TEST_P(ModifyQpForeignAttributeWithoutState, RejectedAndChangesNothing)
{
	const auto &p = GetParam();
	ASSERT_FALSE(HasFailure());
	QpCase &c = *qp_case;
	c.expect_rejected_unchanged(c.valid_attr(p.flag), p.flag);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpForeignAttributeWithoutState,
			 ::testing::ValuesIn(foreign_bits_without_state()), param_name);

} // namespace
} // namespace ibvcert
