// Clause: the required attributes of a transition, alone and with valid
// values, move the QP to the next state (ibv_modify_qp(3) tables; the kernel
// table beyond Reset->Init->RTR->RTS).
#include "conformance/clause.h"
#include "conformance/qp_case.h"
#include "conformance/qp_params.h"

namespace ibvcert {
namespace {

class ModifyQpRequiredSet : public ::testing::TestWithParam<ModifyQpParam> {};

TEST_P(ModifyQpRequiredSet, AloneSucceeds)
{
	record_clause({Level::MUST, clauses::kRequiredTables});
	const auto &p = GetParam();
	QpCase c(p.type, p.from, p.to);
	if (auto why = c.prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	int mask = IBV_QP_STATE | p.required();
	c.expect_accepted(c.valid_attr(mask), mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpRequiredSet, ::testing::ValuesIn(valid_transitions()),
			 param_name);

} // namespace
} // namespace ibvcert
