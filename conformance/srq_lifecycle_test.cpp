// Clause: arming belongs to the SRQ that was modified. An SRQ is armed
// (ibv_modify_srq with srq_limit), then destroyed with its QPs; the SRQ
// created next (srq_limit 0 at create) is not armed: ibv_query_srq reads
// srq_limit 0, and consuming its WRs down past the first SRQ's limit
// raises no IBV_EVENT_SRQ_LIMIT_REACHED (MUST).
#include "conformance/srq_test.h"
#include "contracts/rule_ids/srq.h"

namespace ibvcert {
namespace {

constexpr uint32_t kLimit = 4;
constexpr uint32_t kPosted = 8;

class SrqLifecycle : public SrqTest {
protected:
	Clause clause() const override
	{
		return {rule_id::srq_lifecycle_new_srq_not_armed,
			{rule_id::srq_limit_event_once_below_the_limit}};
	}
	SrqSpec spec() const override { return {16, 0}; }
};

TEST_P(SrqLifecycle, NewSrqIsNotArmedAfterAnArmedOneWasDestroyed)
{
	ASSERT_FALSE(HasFailure());
	ibv_srq_attr arm{};
	arm.srq_limit = kLimit;
	ASSERT_EQ(rig->post(kPosted), 0) << "ibv_post_srq_recv failed\n" << rig->evidence();
	ASSERT_EQ(rig->modify(arm, IBV_SRQ_LIMIT), 0)
		<< "ibv_modify_srq rejected srq_limit " << kLimit << "\n" << rig->evidence();
	std::string first = rig->evidence();
	rig->judge_history();
	rig.reset(); // the armed SRQ and its QPs destroyed

	rig.emplace(GetParam());
	if (auto why = rig->prepare(spec()))
		FAIL() << "the second SRQ could not be made: " << *why << "\nthe first:\n" << first;
	SrqRig &r = *rig;
	r.note("the SRQ before this one was armed at srq_limit " + std::to_string(kLimit) +
	       " and destroyed");
	if (auto q = query()) {
		EXPECT_EQ(q->srq_limit, 0u)
			<< "a new SRQ reads srq_limit " << q->srq_limit
			<< " (the destroyed SRQ was armed at " << kLimit << ")\n" << r.evidence();
	}
	ASSERT_EQ(r.post(kPosted), 0) << "ibv_post_srq_recv failed\n" << r.evidence();
	ASSERT_EQ(r.consume(kPosted), "") << r.evidence();
	// Nobody armed this SRQ: no event is due (contracts/srq_event_judge.h,
	// from SrqTest::TearDown).
	r.events().listen(kQuietWindow, r.step());
	end_case("srq_limit 0 on the new SRQ");
}

INSTANTIATE_TEST_SUITE_P(Traffic, SrqLifecycle, kTrafficKinds, traffic_name);

} // namespace
} // namespace ibvcert
