// Clause: armed at L with K > L WRs posted, consuming K-L WRs (count == L)
// raises no event; one more raises exactly one IBV_EVENT_SRQ_LIMIT_REACHED
// naming this SRQ; then srq_limit queries as 0 and more consumption raises
// nothing; arming again arms again.
#include "conformance/srq_test.h"
#include "contracts/rule_ids/srq.h"

namespace ibvcert {
namespace {

constexpr uint32_t kPosted = 8; // K
constexpr uint32_t kLimit = 4;  // L

class SrqLimitEvent : public SrqTest {
	Clause clause() const override { return {rule_id::srq_limit_event_once_below_the_limit}; }
};

// The case drives the SRQ; the judge (contracts/srq_event_judge.h, from
// SrqTest::TearDown) decides the events and the srq_limit read back.
TEST_P(SrqLimitEvent, FiresOnceBelowTheLimitThenDisarms)
{
	ASSERT_FALSE(HasFailure());
	SrqRig &r = *rig;
	EventLog &ev = r.events();
	ibv_srq_attr arm{};
	arm.srq_limit = kLimit;

	for (int round = 1; round <= 2; round++) {
		ASSERT_EQ(r.post(kPosted), 0) << "ibv_post_srq_recv failed\n" << r.evidence();
		ASSERT_EQ(r.modify(arm, IBV_SRQ_LIMIT), 0)
			<< "ibv_modify_srq rejected srq_limit " << kLimit << "\n" << r.evidence();
		// Down to the limit: no event is due.
		ASSERT_EQ(r.consume(kPosted - kLimit), "") << r.evidence();
		ev.listen(kQuietWindow, r.step());
		// One below it: the event is due, once.
		ASSERT_EQ(r.consume(1), "") << r.evidence();
		ev.await_limit(kEventTimeout, r.step());
		ev.listen(kQuietWindow, r.step());
		query(); // srq_limit after the event
		// The rest: nothing more is due until the next arming.
		ASSERT_EQ(r.consume(r.outstanding()), "") << r.evidence();
		ev.listen(kQuietWindow, r.step());
	}
	EXPECT_EQ(ev.unacked(), 0);
	EXPECT_EQ(r.all_delivered(), "") << r.evidence();
	end_case("srq_limit 0 after the event");
}

INSTANTIATE_TEST_SUITE_P(Traffic, SrqLimitEvent, kTrafficKinds, traffic_name);

} // namespace
} // namespace ibvcert
