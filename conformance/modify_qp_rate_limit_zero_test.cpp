// Clause: IBV_QP_RATE_LIMIT 0 through ibv_modify_qp (RTS->RTS, the row that
// allows it on a QP already sending) on a paced RAW_PACKET QP is accepted
// and removes the limit: the pacing in effect reads "none" where the device
// reports it, and the QP then sends faster than the rate it had, measured
// on the device's clock (as RateLimitZero measures ibv_modify_qp_rate_limit).
#include "conformance/send_test.h"
#include "contracts/names.h"
#include "contracts/qp_attr_table.h"
#include "contracts/qp_table.h"
#include "fixtures/qp_builder.h"
#include "fixtures/rate_limit.h"
#include "contracts/rule_ids/modify_qp.h"
#include "contracts/rule_ids/rate_limit.h"

#include <fmt/format.h>

namespace ibvcert {
namespace {

class ModifyQpRateLimitZero : public SendTest<> {
protected:
	// RTS->RTS with IBV_QP_RATE_LIMIT = rate. The errno.
	int modify_rate(SendCase &c, uint32_t rate)
	{
		int mask = IBV_QP_STATE | IBV_QP_RATE_LIMIT;
		QpBuilder builder(c.device(), c.caps());
		ibv_qp_attr attr = builder.valid_attr(c.qp(), IBV_QPS_RTS, IBV_QPS_RTS, mask);
		attr.rate_limit = rate;
		int ret = c.qp().modify(attr, mask);
		c.note("ibv_modify_qp(RTS->RTS, " + qp_attr_mask_names(mask) + ", " +
		       describe_attr(attr, mask) + ") -> " + errno_name(ret));
		return ret;
	}
};

TEST_F(ModifyQpRateLimitZero, RtsToRtsRemovesTheLimit)
{
	record_clause({rule_id::modify_qp_rate_limit_zero_removes_the_limit,
		       {rule_id::rate_limit_zero_removes_the_limit, rule_id::modify_qp_rate_limit_paces_the_qp}});
	send_case.emplace();
	SendCase &c = *send_case;
	if (auto why = c.prepare(1, IBV_QPS_RTS, true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	const QpTransition *t =
		QpTransitionTable::kernel().find(IBV_QPT_RAW_PACKET, IBV_QPS_RTS, IBV_QPS_RTS);
	ASSERT_TRUE(t && (t->optional & IBV_QP_RATE_LIMIT)) << "the transition table changed";
	uint32_t slow = c.rate_in_caps(c.caps().device.packet_pacing_caps.qp_rate_limit_min);
	ASSERT_EQ(modify_rate(c, slow), 0)
		<< "precondition: IBV_QP_RATE_LIMIT qp_rate_limit_min rejected on RTS->RTS\n"
		<< c.evidence();
	ASSERT_EQ(modify_rate(c, 0), 0)
		<< "IBV_QP_RATE_LIMIT 0 (no limit) rejected on RTS->RTS\n" << c.evidence();
	ASSERT_EQ(c.rig().send_frames({256}), "") << c.evidence();
	record_pacing(pacing_view(c, 0, Verb::ModifyQp, PacingSituation::Removed, 0, 0, 0, slow), c);
}

} // namespace
} // namespace ibvcert
