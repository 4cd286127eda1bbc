// Clause: a resize below the WRs outstanding fails and leaves the SRQ as it
// was and usable: every WR posted before the call is still delivered, and
// WRs posted after it are received and completed. (A device may round the
// request up; if the rounded max_wr holds every outstanding WR, accepting
// it is within the contract and the WRs must still all be delivered.)
#include "conformance/srq_test.h"
#include "contracts/srq_attr.h"
#include "contracts/rule_ids/srq.h"

namespace ibvcert {
namespace {

class SrqResizeBelowOutstanding : public SrqTest {
	Clause clause() const override { return {rule_id::srq_resize_below_outstanding_changes_nothing}; }
};

TEST_P(SrqResizeBelowOutstanding, RejectedAndSrqStillWorks)
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
	ASSERT_EQ(r.post(before.max_wr), 0) << "cannot fill the SRQ to its max_wr\n" << r.evidence();

	ibv_srq_attr attr{};
	attr.max_wr = std::max(1u, r.outstanding() / 2);
	int ret = r.modify(attr, IBV_SRQ_MAX_WR);
	ibv_srq_attr after = query().value_or(ibv_srq_attr{});
	if (ret == 0) {
		EXPECT_GE(after.max_wr, r.outstanding())
			<< "ibv_modify_srq accepted max_wr " << attr.max_wr << " with "
			<< r.outstanding() << " WRs outstanding and left max_wr " << after.max_wr
			<< "\n" << r.evidence();
	} else {
		EXPECT_EQ(describe_srq_attr(after), describe_srq_attr(before))
			<< "the rejected resize changed the SRQ\n" << r.evidence();
	}

	// Still usable: a WR leaves, one more is posted, all are delivered.
	ASSERT_EQ(r.consume(1), "") << r.evidence();
	EXPECT_EQ(r.post(1), 0) << "ibv_post_srq_recv after the failed resize\n" << r.evidence();
	EXPECT_EQ(r.consume(r.outstanding()), "") << r.evidence();
	EXPECT_EQ(r.all_delivered(), "") << "WRs posted before the failed resize were lost\n"
					 << r.evidence();
}

// RC only: a WR missing from the SRQ shows at once as an RNR error there,
// where a UD datagram would be dropped silently and cost a timeout.
INSTANTIATE_TEST_SUITE_P(Traffic, SrqResizeBelowOutstanding, ::testing::Values(SrqTraffic::RC),
			 traffic_name);

} // namespace
} // namespace ibvcert
