// The SRQ verdict follows the rule table's data, with room for a resize
// rounded up; the model raises the limit event once per arming, when the
// count drops below the limit, and expects srq_limit 0 after it.
#include "fixtures/device_caps.h"
#include "fixtures/emu/emu_device.h"
#include "properties/srq_model.h"

#include <gtest/gtest.h>

using namespace ibvcert;
using Class = SrqVerdict::Class;

namespace {

class SrqVerdictTest : public ::testing::Test {
protected:
	void SetUp() override { ASSERT_EQ(read_device_caps(*device, 1, caps), 0); }

	SrqStanding srq(uint32_t max_wr, uint32_t outstanding, uint32_t limit = 0, bool exact = true)
	{
		SrqStanding s;
		s.now.attr.max_wr = max_wr;
		s.now.attr.max_sge = 1;
		s.now.attr.srq_limit = limit;
		s.now.outstanding = outstanding;
		s.max_wr_exact = exact;
		return s;
	}

	Class verdict(int mask, uint32_t max_wr, uint32_t limit, const SrqStanding &s)
	{
		ibv_srq_attr a{};
		a.max_wr = max_wr;
		a.srq_limit = limit;
		a.max_sge = 0xffffffff; // irrelevant for ibv_modify_srq
		return srq_modify_verdict(caps, a, mask, s).verdict;
	}

	uint32_t max_srq_wr() const { return (uint32_t)caps.device.orig_attr.max_srq_wr; }

	std::unique_ptr<Device> device = make_emu_device();
	DeviceCaps caps;
};

} // namespace

TEST_F(SrqVerdictTest, LimitUpToMaxWrAcceptedAboveRejected)
{
	EXPECT_EQ(verdict(IBV_SRQ_LIMIT, 0, 16, srq(16, 0)), Class::Accept);
	EXPECT_EQ(verdict(IBV_SRQ_LIMIT, 0, 0, srq(16, 0)), Class::Accept);
	EXPECT_EQ(verdict(IBV_SRQ_LIMIT, 0, 17, srq(16, 0)), Class::Reject);
	EXPECT_EQ(verdict(0, 0, 17, srq(16, 0)), Class::Accept); // no mask bit, nothing judged
}

TEST_F(SrqVerdictTest, UnknownBitsRejected)
{
	EXPECT_EQ(verdict(IBV_SRQ_LIMIT | (1 << 2), 0, 1, srq(16, 0)), Class::Reject);
	EXPECT_EQ(verdict((int)(1u << 31), 0, 1, srq(16, 0)), Class::Reject);
}

TEST_F(SrqVerdictTest, ResizeOutsideTheDeviceRangeRejectedWhateverTheRounding)
{
	EXPECT_EQ(verdict(IBV_SRQ_MAX_WR, 0, 0, srq(16, 0)), Class::Reject);
	EXPECT_EQ(verdict(IBV_SRQ_MAX_WR, max_srq_wr() + 1, 0, srq(16, 0)), Class::Reject);
	EXPECT_EQ(verdict(IBV_SRQ_MAX_WR, max_srq_wr(), 0, srq(16, 0)), Class::Accept);
	DeviceCaps no_resize = caps;
	no_resize.device.orig_attr.device_cap_flags &= ~IBV_DEVICE_SRQ_RESIZE;
	ibv_srq_attr a{};
	a.max_wr = 32;
	EXPECT_EQ(srq_modify_verdict(no_resize, a, IBV_SRQ_MAX_WR, srq(16, 0)).verdict, Class::Reject);
}

TEST_F(SrqVerdictTest, RulesOnTheSizeAfterTheCallMayBeMetByRounding)
{
	// Below the WRs outstanding: a device may round up to hold them.
	EXPECT_EQ(verdict(IBV_SRQ_MAX_WR, 7, 0, srq(16, 8)), Class::AcceptedIfRounded);
	EXPECT_EQ(verdict(IBV_SRQ_MAX_WR, 8, 0, srq(16, 8)), Class::Accept);
	// A limit above the size asked, within what rounding can give.
	EXPECT_EQ(verdict(IBV_SRQ_MAX_WR | IBV_SRQ_LIMIT, 8, 9, srq(16, 0)), Class::AcceptedIfRounded);
	EXPECT_EQ(verdict(IBV_SRQ_MAX_WR | IBV_SRQ_LIMIT, 8, max_srq_wr() + 1, srq(16, 0)),
		  Class::Reject);
	// The armed limit against a resize below it.
	EXPECT_EQ(verdict(IBV_SRQ_MAX_WR, 4, 0, srq(16, 0, 8)), Class::AcceptedIfRounded);
	// A size known only as a floor.
	EXPECT_EQ(verdict(IBV_SRQ_LIMIT, 0, 17, srq(16, 0, 0, false)), Class::AcceptedIfRounded);
	EXPECT_EQ(verdict(IBV_SRQ_LIMIT, 0, max_srq_wr() + 1, srq(16, 0, 0, false)), Class::Reject);
}

TEST_F(SrqVerdictTest, AnAcceptedRequestIsJudgedAgainAtTheSizeReadBack)
{
	ibv_srq_attr a{};
	a.max_wr = 7;
	EXPECT_EQ(broken_as_applied(caps, a, IBV_SRQ_MAX_WR, srq(16, 8), 8), nullptr);
	const ContractRule *r = broken_as_applied(caps, a, IBV_SRQ_MAX_WR, srq(16, 8), 7);
	ASSERT_NE(r, nullptr);
	EXPECT_STREQ(r->id, "srq.max_wr.not_below_outstanding");
}

TEST_F(SrqVerdictTest, ModelFiresOncePerArmingBelowTheLimit)
{
	ibv_srq_attr actual{};
	actual.max_wr = 16;
	actual.max_sge = 1;
	SrqModel m = SrqModel::created(caps, actual);
	EXPECT_EQ(m.post(20), 16u); // the list stops at the first WR past max_wr
	ibv_srq_attr arm{};
	arm.srq_limit = 4;
	ASSERT_TRUE(m.verdict(arm, IBV_SRQ_LIMIT).accepts());
	m.accept(arm, IBV_SRQ_LIMIT);
	for (int i = 0; i < 12; i++)
		EXPECT_FALSE(m.consume_one()) << "count " << m.outstanding; // down to 4: at, not below
	EXPECT_TRUE(m.consume_one()); // 3 < 4
	EXPECT_EQ(m.events, 1u);
	EXPECT_EQ(m.armed, 0u);
	for (int i = 0; i < 3; i++)
		EXPECT_FALSE(m.consume_one());
	ibv_srq_attr q = actual;
	q.srq_limit = 0;
	EXPECT_TRUE(m.disagreements(q).empty());
	q.srq_limit = 4;
	EXPECT_EQ(m.disagreements(q).size(), 1u);
}

TEST_F(SrqVerdictTest, ModelLeavesTheLimitUncheckedUntilSetAndTheSizeAFloorAfterAResize)
{
	ibv_srq_attr actual{};
	actual.max_wr = 16;
	actual.max_sge = 1;
	SrqModel m = SrqModel::created(caps, actual);
	ibv_srq_attr q = actual;
	q.srq_limit = 5; // what a device may report of create's irrelevant srq_limit
	EXPECT_TRUE(m.disagreements(q).empty());
	ibv_srq_attr resize{};
	resize.max_wr = 20;
	m.accept(resize, IBV_SRQ_MAX_WR);
	q.max_wr = 31;
	EXPECT_TRUE(m.disagreements(q).empty());
	q.max_wr = 19;
	EXPECT_EQ(m.disagreements(q).size(), 1u);
}
