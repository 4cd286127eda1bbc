// Clause: an armed srq_limit survives a resize. Armed at L with K > L WRs
// posted, an ibv_modify_srq with IBV_SRQ_MAX_WR alone (growing the SRQ)
// leaves it armed: srq_limit still queries L, consuming K-L WRs raises
// nothing, one more raises exactly one IBV_EVENT_SRQ_LIMIT_REACHED.
// SKIPs without IBV_DEVICE_SRQ_RESIZE.
#include "conformance/srq_test.h"
#include "contracts/rule_ids/srq.h"

namespace ibvcert {
namespace {

constexpr uint32_t kPosted = 8; // K
constexpr uint32_t kLimit = 4;  // L
constexpr uint32_t kGrow = 16;

class SrqLimitAcrossResize : public SrqTest {
	Clause clause() const override
	{
		return {rule_id::srq_limit_event_armed_across_resize,
			{rule_id::srq_limit_event_once_below_the_limit, rule_id::srq_resize_keeps_posted_wrs}};
	}
};

TEST_P(SrqLimitAcrossResize, MaxWrAloneKeepsTheLimitArmed)
{
	ASSERT_FALSE(HasFailure());
	SrqRig &r = *rig;
	if (!r.has_resize())
		GTEST_SKIP() << "the device does not advertise IBV_DEVICE_SRQ_RESIZE";
	EventLog &ev = r.events();
	ASSERT_EQ(r.post(kPosted), 0) << "ibv_post_srq_recv failed\n" << r.evidence();
	ibv_srq_attr arm{};
	arm.srq_limit = kLimit;
	ASSERT_EQ(r.modify(arm, IBV_SRQ_LIMIT), 0)
		<< "ibv_modify_srq rejected srq_limit " << kLimit << "\n" << r.evidence();
	auto queried = query();
	ASSERT_FALSE(HasFailure());
	uint32_t max_wr = queried ? queried->max_wr : r.created().max_wr;
	ibv_srq_attr grow{};
	grow.max_wr = max_wr + kGrow;
	if (grow.max_wr > (uint32_t)r.caps().device.orig_attr.max_srq_wr)
		GTEST_SKIP() << "max_srq_wr " << r.caps().device.orig_attr.max_srq_wr
			     << " leaves no room to grow an SRQ of max_wr " << max_wr;
	ASSERT_EQ(r.modify(grow, IBV_SRQ_MAX_WR), 0)
		<< "IBV_SRQ_MAX_WR " << grow.max_wr << " rejected on a device that advertises "
		<< "IBV_DEVICE_SRQ_RESIZE\n" << r.evidence();
	query(); // srq_limit after the resize

	// Down to the limit: nothing due; one below it: the event, once. The
	// judge (contracts/srq_event_judge.h, from SrqTest::TearDown) decides.
	ASSERT_EQ(r.consume(kPosted - kLimit), "") << r.evidence();
	ev.listen(kQuietWindow, r.step());
	ASSERT_EQ(r.consume(1), "") << r.evidence();
	ev.await_limit(kEventTimeout, r.step());
	ev.listen(kQuietWindow, r.step());
	ASSERT_EQ(r.consume(r.outstanding()), "") << r.evidence();
	EXPECT_EQ(ev.unacked(), 0);
	EXPECT_EQ(r.all_delivered(), "") << r.evidence();
	end_case("srq_limit after the resize");
}

INSTANTIATE_TEST_SUITE_P(Traffic, SrqLimitAcrossResize, kTrafficKinds, traffic_name);

} // namespace
} // namespace ibvcert
