// Clause: rate_limit 0 removes the limit: ibv_modify_qp_rate_limit accepts
// it, and the QP then sends faster than the rate it had (its device's
// smallest, qp_rate_limit_min).
#include "conformance/send_test.h"
#include "fixtures/rate_limit.h"
#include "contracts/rule_ids/rate_limit.h"

namespace ibvcert {
namespace {

class RateLimitZero : public SendTest<> {};

TEST_F(RateLimitZero, RemovesTheLimit)
{
	record_clause({rule_id::rate_limit_zero_removes_the_limit});
	send_case.emplace();
	SendCase &c = *send_case;
	if (auto why = c.prepare(1, IBV_QPS_RTS, true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	uint32_t slow = c.rate_in_caps(c.caps().device.packet_pacing_caps.qp_rate_limit_min);
	int ret = c.modify_rate_limit(0, {slow, 0, 0, 0});
	if (auto why = c.no_verb(ret))
		GTEST_SKIP() << *why;
	ASSERT_EQ(ret, 0)
		<< "precondition: rate_limit qp_rate_limit_min was rejected\n" << c.evidence();
	ASSERT_EQ(c.modify_rate_limit(0, {0, 0, 0, 0}), 0)
		<< "rate_limit 0 (no limit) was rejected\n" << c.evidence();
	ASSERT_EQ(c.rig().send_frames({256}), "") << c.evidence();
	record_pacing(pacing_view(c, 0, Verb::ModifyQpRateLimit, PacingSituation::Removed, 0, 0, 0, slow),
		      c);
}

} // namespace
} // namespace ibvcert
