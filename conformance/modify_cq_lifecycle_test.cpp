// Clause: CQ moderation belongs to the CQ modified. A fresh CQ's moderation
// is read (the device's default), the CQ is moderated within cq_mod_caps
// and destroyed; a CQ created next reads the default again, not the
// moderation of the CQ before it (MUST). Only a device that reports the
// moderation in effect can show it (libibverbs has no query; emu0 reports
// it): elsewhere a SKIP naming that. No CQ moderation: a SKIP naming the caps.
#include "conformance/modify_cq_test.h"
#include "conformance/leak_check.h"
#include "contracts/rule_ids/modify_cq.h"

namespace ibvcert {
namespace {

class ModifyCqLifecycle : public ::testing::Test {
protected:
	void TearDown() override
	{
		c.release();
		leak_check.expect_none_left();
	}

	LeakCheck leak_check;
	ModifyCqCase c;
};

TEST_F(ModifyCqLifecycle, NewCqStartsFromTheDefaultAfterDestroy)
{
	record_clause({rule_id::modify_cq_lifecycle_new_cq_starts_unmoderated});
	if (auto why = c.prepare(true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	if (!c.reported())
		GTEST_SKIP() << "the device does not report the moderation in effect (libibverbs has "
				"no query of it): what a new CQ starts with cannot be read";
	auto fresh = c.moderation();
	ASSERT_TRUE(fresh) << c.evidence();
	const auto &mc = c.caps().device.cq_mod_caps;
	// Within the caps and unlike the default.
	ibv_modify_cq_attr set = moderate(std::min<int>(fresh->cq_count + 3, mc.max_cq_count),
					  std::min<int>(fresh->cq_period + 2, mc.max_cq_period));
	if (same(set.moderate, *fresh))
		GTEST_SKIP() << "no moderation within cq_mod_caps (max_cq_count " << mc.max_cq_count
			     << ", max_cq_period " << mc.max_cq_period
			     << ") differs from the default: nothing a new CQ could inherit";
	ASSERT_EQ(c.modify(set), 0) << "precondition: a moderation within the caps was rejected\n"
				    << c.evidence();
	auto taken = c.moderation();
	ASSERT_TRUE(taken && same(*taken, set.moderate))
		<< "precondition: the accepted moderation is not in effect\n" << c.evidence();
	c.release();
	if (auto why = c.prepare(true))
		FAIL() << "the second CQ could not be made: " << *why << "\n" << c.evidence();
	ASSERT_FALSE(HasFailure());
	auto now = c.moderation();
	ASSERT_TRUE(now) << c.evidence();
	EXPECT_TRUE(same(*now, *fresh))
		<< "the first CQ took " << describe_moderation(set.moderate)
		<< " and was destroyed; the next new CQ starts with " << describe_moderation(*now)
		<< ", not the default " << describe_moderation(*fresh) << "\n"
		<< c.evidence();
}

} // namespace
} // namespace ibvcert
