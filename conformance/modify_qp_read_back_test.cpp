// Clause: after an accepted transition, ibv_query_qp returns each attribute
// of the mask as it was set (ibv_query_qp(3): values are valid once set).
#include "conformance/clause.h"
#include "conformance/qp_case.h"
#include "conformance/qp_params.h"

namespace ibvcert {
namespace {

class ModifyQpReadBack : public ::testing::TestWithParam<ModifyQpParam> {};

TEST_P(ModifyQpReadBack, RequiredAttributesReadBackAsSet)
{
	record_clause({Level::SHOULD, clauses::kQueryQp});
	const auto &p = GetParam();
	QpCase c(p.type, p.from, p.to);
	if (auto why = c.prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	int mask = IBV_QP_STATE | p.required();
	ibv_qp_attr attr = c.valid_attr(mask);
	ASSERT_NO_FATAL_FAILURE(c.expect_accepted(attr, mask));
	c.expect_reads_back(attr, mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpReadBack, ::testing::ValuesIn(valid_transitions()),
			 param_name);

} // namespace
} // namespace ibvcert
