// Clause: max_burst_sz 0 and typical_pkt_sz 0 select the device's defaults,
// typical_pkt_sz the port's MTU. The request is accepted; where the device
// reports its shaping the values in effect are the defaults; and the QP
// keeps to its rate_limit (with the default burst, where known).
#include "conformance/send_test.h"
#include "fixtures/link_rate.h"
#include "fixtures/rate_limit.h"
#include "contracts/rule_ids/rate_limit.h"

namespace ibvcert {
namespace {

class RateLimitDefaults : public SendTest<> {};

TEST_F(RateLimitDefaults, ZeroBurstAndPacketSizeSelectTheDefaults)
{
	record_clause({rule_id::rate_limit_defaults_zero_selects_the_default});
	send_case.emplace();
	SendCase &c = *send_case;
	if (auto why = c.prepare(1, IBV_QPS_RTS, true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	uint32_t rate = c.rate_in_caps(kOneGbps);
	int ret = c.modify_rate_limit(0, {rate, 0, 0, 0});
	if (auto why = c.no_verb(ret))
		GTEST_SKIP() << *why;
	ASSERT_EQ(ret, 0)
		<< "rate_limit with max_burst_sz 0 and typical_pkt_sz 0 was rejected\n" << c.evidence();
	std::optional<uint32_t> burst;
	if (auto now = c.effective(0)) {
		EXPECT_EQ(now->rate_limit, rate) << c.evidence();
		EXPECT_EQ(now->typical_pkt_sz, port_mtu_bytes(c.caps().port))
			<< "typical_pkt_sz 0 did not default to the port's MTU\n" << c.evidence();
		EXPECT_GT(now->max_burst_sz, 0u)
			<< "max_burst_sz 0 left no burst in effect, not a default\n" << c.evidence();
		burst = now->max_burst_sz;
	}
	uint64_t frames = frames_past_burst(burst.value_or(65536), c.rig().frame_bytes());
	ASSERT_EQ(c.rig().send_frames({frames}), "") << c.evidence();
	EXPECT_EQ(paced_within(c.rig().records(0), rate, burst, c.tolerance()), "") << c.evidence();
}

} // namespace
} // namespace ibvcert
