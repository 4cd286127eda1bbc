// Clause: each optional attribute accepted on a transition (with the
// required set, kernel transition table) reads back as set: ibv_query_qp
// returns every queried field of the mask as it was given. Fields
// ibv_query_qp(3) says may differ between calls (qp_state, path_mig_state,
// sq_draining, ah_attr with APM) or that it does not return (rate_limit,
// en_sqd_async_notify) are not compared. The level is the read-back rule's
// (modify_qp.query.reads_back_as_set); a rejected modify fails here too (as
// in ModifyQpOptionalAttribute: nothing to read back). A device without the
// feature behind the attribute (APM, packet pacing) is a SKIP.
#include "conformance/modify_qp_test.h"
#include "contracts/rule_ids/modify_qp.h"

namespace ibvcert {
namespace {

class ModifyQpOptionalReadBack : public ModifyQpTest {
	Clause clause() const override
	{
		return {rule_id::modify_qp_query_reads_back_as_set, {rule_id::modify_qp_transition_allowed}};
	}
};

TEST_P(ModifyQpOptionalReadBack, AcceptedOptionalAttributeReadsBackAsSet)
{
	const auto &p = GetParam();
	ASSERT_FALSE(HasFailure());
	QpCase &c = *qp_case;
	if (auto why = c.needs_flag(p.flag))
		GTEST_SKIP() << *why;
	int mask = IBV_QP_STATE | p.required() | p.flag;
	ibv_qp_attr attr = c.valid_attr(mask);
	ASSERT_NO_FATAL_FAILURE(c.expect_accepted(attr, mask));
	c.expect_reads_back(attr, mask);
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpOptionalReadBack, ::testing::ValuesIn(optional_bits()),
			 param_name);

} // namespace
} // namespace ibvcert
