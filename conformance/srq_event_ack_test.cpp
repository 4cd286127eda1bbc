// Clause: every asynchronous event read is acknowledged, and once it is,
// destroying the SRQ (after its QPs) succeeds: ibv_destroy_srq waits only
// for unacknowledged events.
#include "conformance/srq_test.h"
#include "contracts/rule_ids/srq.h"

namespace ibvcert {
namespace {

class SrqEventAck : public SrqTest {
	Clause clause() const override { return {rule_id::srq_async_event_acked_before_destroy}; }
};

TEST_P(SrqEventAck, AckedEventsLetTheSrqBeDestroyed)
{
	ASSERT_FALSE(HasFailure());
	SrqRig &r = *rig;
	ASSERT_EQ(r.post(4), 0) << r.evidence();
	ibv_srq_attr arm{};
	arm.srq_limit = 2;
	ASSERT_EQ(r.modify(arm, IBV_SRQ_LIMIT), 0) << r.evidence();
	ASSERT_EQ(r.consume(3), "") << r.evidence();
	bool came = r.events().await_limit(kEventTimeout, r.step());
	ASSERT_TRUE(came) << "no IBV_EVENT_SRQ_LIMIT_REACHED to acknowledge within "
			  << kEventTimeout.count() << " ms\n" << r.evidence();
	r.events().listen(kQuietWindow, r.step());
	ASSERT_EQ(r.events().unacked(), 0) << r.evidence();
	// ibv_destroy_srq with every event acknowledged: the judge
	// (contracts/srq_event_judge.h, from SrqTest::TearDown) holds it to 0.
	r.destroy();
}

INSTANTIATE_TEST_SUITE_P(Traffic, SrqEventAck, kTrafficKinds, traffic_name);

} // namespace
} // namespace ibvcert
