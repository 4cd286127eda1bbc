// Clause: after an accepted transition, ibv_query_qp returns each attribute
// of the mask as it was set (ibv_query_qp(3): values are valid once set).
#include "conformance/modify_qp_test.h"
#include "contracts/rule_ids/modify_qp.h"

namespace ibvcert {
namespace {

class ModifyQpReadBack : public ModifyQpTest {
	Clause clause() const override { return {rule_id::modify_qp_query_reads_back_as_set}; }
};

TEST_P(ModifyQpReadBack, RequiredAttributesReadBackAsSet)
{
	const auto &p = GetParam();
	ASSERT_FALSE(HasFailure());
	QpCase &c = *qp_case;
	int mask = IBV_QP_STATE | p.required();
	ibv_qp_attr attr = c.valid_attr(mask);
	ASSERT_NO_FATAL_FAILURE(c.expect_accepted(attr, mask));
	c.expect_reads_back(attr, mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpReadBack, ::testing::ValuesIn(valid_transitions()),
			 param_name);

} // namespace
} // namespace ibvcert
