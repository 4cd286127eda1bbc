// Clause: each optional attribute of a transition is accepted alongside the
// required set (kernel transition table). A device without the feature
// behind the attribute (APM, packet pacing) is a SKIP.
#include "conformance/clause.h"
#include "conformance/qp_case.h"
#include "conformance/qp_params.h"

namespace ibvcert {
namespace {

class ModifyQpOptionalAttribute : public ::testing::TestWithParam<ModifyQpParam> {};

TEST_P(ModifyQpOptionalAttribute, AcceptedWithTheRequiredSet)
{
	record_clause({Level::MUST, clauses::kKernelTable});
	const auto &p = GetParam();
	QpCase c(p.type, p.from, p.to);
	if (auto why = c.prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	if (auto why = c.needs_flag(p.flag))
		GTEST_SKIP() << *why;
	int mask = IBV_QP_STATE | p.required() | p.flag;
	c.expect_accepted(c.valid_attr(mask), mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpOptionalAttribute, ::testing::ValuesIn(optional_bits()),
			 param_name);

} // namespace
} // namespace ibvcert
