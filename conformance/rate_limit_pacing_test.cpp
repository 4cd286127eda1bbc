// Clause: "The rate_limit defines the MAX send rate this QP will send",
// measured: a backlogged QP paced at rate_limit with max_burst_sz B sends,
// over any window, at most rate_limit x window + B bytes; its steady rate is
// at most rate_limit; and after an idle period it bursts no more than B.
#include "conformance/send_test.h"
#include "fixtures/rate_limit.h"
#include "contracts/rule_ids/rate_limit.h"

#include <fmt/format.h>

#include <algorithm>

namespace ibvcert {
namespace {

struct PacingParam {
	uint64_t kbps;
	uint32_t burst_frames;
	const char *name;
};

class RateLimitPacing : public SendTest<::testing::TestWithParam<PacingParam>> {};

TEST_P(RateLimitPacing, BytesOverAnyWindowWithinRateTimesWindowPlusBurst)
{
	record_clause({rule_id::rate_limit_pacing_max_send_rate});
	send_case.emplace();
	SendCase &c = *send_case;
	if (auto why = c.prepare(1, IBV_QPS_RTS, true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	uint32_t frame = c.rig().frame_bytes();
	uint32_t rate = c.rate_in_caps(GetParam().kbps);
	uint32_t burst = GetParam().burst_frames * frame;
	int ret = c.modify_rate_limit(0, {rate, burst, (uint16_t)frame, 0});
	if (auto why = c.no_verb(ret))
		GTEST_SKIP() << *why;
	if (ret == EINVAL && c.modify_rate_limit(0, {rate, 0, 0, 0}) == 0)
		GTEST_SKIP() << "the device takes rate_limit " << rate
			     << " kbps alone but rejects max_burst_sz/typical_pkt_sz with EINVAL";
	ASSERT_EQ(ret, 0) << "a rate_limit within packet_pacing_caps was rejected\n" << c.evidence();

	uint64_t frames = frames_past_burst(burst, frame);
	ASSERT_EQ(c.rig().send_frames({frames}), "") << c.evidence();
	auto backlogged = c.rig().records(0);
	c.note(fmt::format("{} frames backlogged: steady rate {}", frames, gbps(steady_rate(backlogged))));
	// Long enough for the bucket to refill many times over.
	auto idle = std::max<std::chrono::nanoseconds>(std::chrono::milliseconds(2),
						       std::chrono::nanoseconds(32000000ull * burst / rate));
	c.rig().idle(idle);
	c.note(fmt::format("idle for {} ns", idle.count()));
	ASSERT_EQ(c.rig().send_frames({frames}), "") << c.evidence();
	c.note(fmt::format("{} more frames after the idle period", frames));

	PacingView v = pacing_view(c, 0, Verb::ModifyQpRateLimit, PacingSituation::Set, rate, burst, frame);
	v.backlogged = backlogged;
	record_pacing(v, c);
}

std::string pacing_name(const ::testing::TestParamInfo<PacingParam> &info)
{
	return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(Pacing, RateLimitPacing,
			 ::testing::Values(PacingParam{kOneGbps, 16, "1Gbps_Burst16"},
					   PacingParam{kTenGbps, 64, "10Gbps_Burst64"}),
			 pacing_name);

} // namespace
} // namespace ibvcert
