// Clause: max_burst_sz 0 and typical_pkt_sz 0 select the device's defaults,
// typical_pkt_sz the port's MTU. The request is accepted; where the device
// reports its shaping the values in effect are the defaults; and the QP
// keeps to its rate_limit (with the default burst, where known).
#include "conformance/send_test.h"
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
	// Enough frames to pass the burst in effect (where reported) twice.
	auto now = c.effective(0);
	uint32_t burst = now && now->max_burst_sz ? now->max_burst_sz : 65536;
	uint64_t frames = frames_past_burst(burst, c.rig().frame_bytes());
	ASSERT_EQ(c.rig().send_frames({frames}), "") << c.evidence();
	record_pacing(pacing_view(c, 0, Verb::ModifyQpRateLimit, PacingSituation::Defaults, rate), c);
}

} // namespace
} // namespace ibvcert
