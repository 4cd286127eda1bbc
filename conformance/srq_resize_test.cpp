// Clause: IBV_SRQ_MAX_WR resizes the SRQ only on a device that advertises
// IBV_DEVICE_SRQ_RESIZE. Without the flag the call fails and modifies
// nothing; with it the SRQ grows (max_wr not below the request, WRs beyond
// the old max_wr can be posted) and the WRs posted before are still
// delivered.
#include "conformance/srq_test.h"
#include "contracts/srq_attr.h"
#include "contracts/rule_ids/srq.h"

namespace ibvcert {
namespace {

constexpr uint32_t kGrowBy = 16;

class SrqResizeWithoutCap : public SrqTest {
	Clause clause() const override { return {rule_id::srq_resize_without_cap_changes_nothing}; }
};

class SrqResizeWithCap : public SrqTest {
	Clause clause() const override { return {rule_id::srq_resize_keeps_posted_wrs}; }
};

TEST_P(SrqResizeWithoutCap, RejectedAndChangesNothing)
{
	ASSERT_FALSE(HasFailure());
	SrqRig &r = *rig;
	if (r.has_resize())
		GTEST_SKIP() << "the device advertises IBV_DEVICE_SRQ_RESIZE "
				"(SrqResizeWithCap.GrowsAndKeepsPostedWrs covers it)";
	auto before = query();
	ASSERT_FALSE(HasFailure());
	ibv_srq_attr attr{};
	attr.max_wr = (before ? before->max_wr : r.created().max_wr) + kGrowBy;
	int ret = r.modify(attr, IBV_SRQ_MAX_WR);
	EXPECT_NE(ret, 0) << "IBV_SRQ_MAX_WR accepted by a device without IBV_DEVICE_SRQ_RESIZE\n"
			  << r.evidence();
	auto after = query();
	if (before && after) {
		EXPECT_EQ(describe_srq_attr(*after), describe_srq_attr(*before))
			<< "the rejected resize changed the SRQ\n" << r.evidence();
	}
	end_case("\"nothing modified\"");
}

TEST_P(SrqResizeWithCap, GrowsAndKeepsPostedWrs)
{
	ASSERT_FALSE(HasFailure());
	SrqRig &r = *rig;
	if (!r.has_resize())
		GTEST_SKIP() << "the device does not advertise IBV_DEVICE_SRQ_RESIZE";
	auto queried = query();
	ASSERT_FALSE(HasFailure());
	if (!queried)
		GTEST_SKIP() << "the SRQ's max_wr cannot be read: " << unobservable;
	ibv_srq_attr before = *queried;
	uint32_t early = before.max_wr / 2;
	ASSERT_EQ(r.post(early), 0) << r.evidence();

	ibv_srq_attr attr{};
	attr.max_wr = before.max_wr + kGrowBy;
	if (attr.max_wr > (uint32_t)r.caps().device.orig_attr.max_srq_wr)
		GTEST_SKIP() << "max_srq_wr " << r.caps().device.orig_attr.max_srq_wr
			     << " leaves no room to grow an SRQ of max_wr " << before.max_wr;
	int ret = r.modify(attr, IBV_SRQ_MAX_WR);
	ASSERT_EQ(ret, 0) << "IBV_SRQ_MAX_WR " << attr.max_wr << " rejected on a device that "
			  << "advertises IBV_DEVICE_SRQ_RESIZE\n" << r.evidence();
	ibv_srq_attr after = query().value_or(ibv_srq_attr{});
	EXPECT_GE(after.max_wr, attr.max_wr) << "the SRQ has max_wr " << after.max_wr
					     << " after a resize to " << attr.max_wr << "\n"
					     << r.evidence();
	EXPECT_EQ(after.srq_limit, before.srq_limit) << r.evidence();

	// More WRs than the old max_wr fit now.
	EXPECT_EQ(r.post(attr.max_wr - r.outstanding()), 0)
		<< "cannot post up to the new max_wr " << attr.max_wr << "\n" << r.evidence();
	// Every WR out: those posted before the resize must come out too (the
	// judge, contracts/srq_event_judge.h, from SrqTest::TearDown).
	ASSERT_EQ(r.consume(r.outstanding()), "") << r.evidence();
}

INSTANTIATE_TEST_SUITE_P(Attr, SrqResizeWithoutCap, kSrqOnly, traffic_name);
INSTANTIATE_TEST_SUITE_P(Traffic, SrqResizeWithCap, kTrafficKinds, traffic_name);

} // namespace
} // namespace ibvcert
