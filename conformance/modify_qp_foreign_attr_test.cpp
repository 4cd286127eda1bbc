// Clause: an attr_mask bit outside the transition's required | optional set
// (a defined flag with a valid value, or a bit the API does not define)
// makes the modify fail and change nothing.
#include "conformance/clause.h"
#include "conformance/qp_case.h"
#include "conformance/qp_params.h"

namespace ibvcert {
namespace {

class ModifyQpForeignAttribute : public ::testing::TestWithParam<ModifyQpParam> {};

TEST_P(ModifyQpForeignAttribute, RejectedAndChangesNothing)
{
	record_clause({Level::MUST, clauses::kKernelTable});
	const auto &p = GetParam();
	QpCase c(p.type, p.from, p.to);
	if (auto why = c.prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	int mask = IBV_QP_STATE | p.required() | p.flag;
	c.expect_rejected_unchanged(c.valid_attr(mask), mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpForeignAttribute, ::testing::ValuesIn(foreign_bits()),
			 param_name);

} // namespace
} // namespace ibvcert
