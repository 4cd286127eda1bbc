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

TEST_P(SrqLimitEvent, FiresOnceBelowTheLimitThenDisarms)
{
	ASSERT_FALSE(HasFailure());
	SrqRig &r = *rig;
	EventLog &ev = r.events();
	ibv_srq_attr arm{};
	arm.srq_limit = kLimit;

	for (int round = 1; round <= 2; round++) {
		const char *what = round == 1 ? "armed" : "re-armed after the event";
		size_t mark = ev.size();
		ASSERT_EQ(r.post(kPosted), 0) << "ibv_post_srq_recv failed\n" << r.evidence();
		ASSERT_EQ(r.modify(arm, IBV_SRQ_LIMIT), 0)
			<< "ibv_modify_srq rejected srq_limit " << kLimit << "\n" << r.evidence();

		ASSERT_EQ(r.consume(kPosted - kLimit), "") << r.evidence();
		ev.listen(kQuietWindow, r.step());
		EXPECT_EQ(ev.limit_events(mark), 0)
			<< "SRQ " << what << " at srq_limit " << kLimit << ": "
			<< "IBV_EVENT_SRQ_LIMIT_REACHED with " << r.outstanding()
			<< " WRs in the SRQ, which is not below srq_limit\n" << r.evidence();

		ASSERT_EQ(r.consume(1), "") << r.evidence();
		bool came = ev.await_limit(kEventTimeout, r.step());
		ev.listen(kQuietWindow, r.step());
		EXPECT_TRUE(came) << "SRQ " << what << " at srq_limit " << kLimit
				  << ": no IBV_EVENT_SRQ_LIMIT_REACHED within " << kEventTimeout.count()
				  << " ms after the WR count dropped to " << r.outstanding() << "\n"
				  << r.evidence();
		EXPECT_LE(ev.limit_events(mark), 1)
			<< "SRQ " << what << ": " << ev.limit_events(mark)
			<< " IBV_EVENT_SRQ_LIMIT_REACHED events for one drop below srq_limit\n"
			<< r.evidence();

		if (auto q = query()) {
			EXPECT_EQ(q->srq_limit, 0u)
				<< "after IBV_EVENT_SRQ_LIMIT_REACHED the SRQ is no longer armed: "
				   "ibv_query_srq must return srq_limit 0, returned "
				<< q->srq_limit << "\n" << r.evidence();
		}

		size_t after_event = ev.size();
		ASSERT_EQ(r.consume(r.outstanding()), "") << r.evidence();
		ev.listen(kQuietWindow, r.step());
		EXPECT_EQ(ev.limit_events(after_event), 0)
			<< "IBV_EVENT_SRQ_LIMIT_REACHED again after the event disarmed the SRQ "
			   "(no ibv_modify_srq in between)\n" << r.evidence();
		if (HasFailure())
			break;
	}
	EXPECT_EQ(ev.unacked(), 0);
	EXPECT_EQ(r.all_delivered(), "") << r.evidence();
	end_case("srq_limit 0 after the event");
}

INSTANTIATE_TEST_SUITE_P(Traffic, SrqLimitEvent, kTrafficKinds, traffic_name);

} // namespace
} // namespace ibvcert
