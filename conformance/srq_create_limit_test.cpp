// Clause: srq_limit given to ibv_create_srq does not arm the SRQ (it is
// irrelevant there): consuming WRs below it raises no event.
#include "conformance/srq_test.h"
#include "contracts/rule_ids/srq.h"

namespace ibvcert {
namespace {

constexpr uint32_t kCreateLimit = 4;
constexpr uint32_t kPosted = 8;

class SrqCreateLimit : public SrqTest {
	Clause clause() const override { return {rule_id::srq_create_srq_limit_arms_nothing}; }
	SrqSpec spec() const override { return {16, kCreateLimit}; }
};

TEST_P(SrqCreateLimit, DoesNotArm)
{
	ASSERT_FALSE(HasFailure());
	SrqRig &r = *rig;
	int ret = 0;
	r.query(ret); // what the device reports, for the evidence only
	ASSERT_EQ(r.post(kPosted), 0) << "ibv_post_srq_recv failed\n" << r.evidence();
	ASSERT_EQ(r.consume(kPosted), "") << r.evidence();
	r.events().listen(kQuietWindow, r.step());
	// No event is due: the judge (contracts/srq_event_judge.h, from
	// SrqTest::TearDown) holds the SRQ to that.
}

INSTANTIATE_TEST_SUITE_P(Traffic, SrqCreateLimit, kTrafficKinds, traffic_name);

} // namespace
} // namespace ibvcert
