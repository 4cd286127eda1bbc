// Clause: ibv_modify_qp_rate_limit with rate_limit outside the device's
// [qp_rate_limit_min, qp_rate_limit_max] (0 apart) returns EINVAL and
// modifies nothing: not the queried attributes, not the pacing in effect
// (read back where the device reports it, measured where it does not).
// The bounds are the attribute table's rate_limit row.
#include "conformance/send_test.h"
#include "contracts/names.h"
#include "fixtures/qp_snapshot.h"
#include "fixtures/rate_limit.h"
#include "contracts/rule_ids/modify_qp.h"
#include "contracts/rule_ids/rate_limit.h"

namespace ibvcert {
namespace {

class RateLimitRange : public SendTest<::testing::TestWithParam<Breach>> {};

TEST_P(RateLimitRange, OutsideTheCapsRejectedWithEinvalAndChangesNothing)
{
	record_clause({rule_id::rate_limit_range_rejected_changes_nothing, {rule_id::modify_qp_rate_limit_range}});
	send_case.emplace();
	SendCase &c = *send_case;
	if (auto why = c.prepare(1, IBV_QPS_RTS, true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	uint64_t value = 0;
	std::string why_not;
	if (!breach_value(rate_limit_field(), GetParam(), c.caps(), IBV_QPS_RTS, value, why_not))
		GTEST_SKIP() << "no invalid rate_limit on this device: " << why_not;

	uint32_t rate = c.rate_in_caps(kOneGbps);
	int ret = c.modify_rate_limit(0, {rate, 0, 0, 0});
	if (auto why = c.no_verb(ret))
		GTEST_SKIP() << *why;
	ASSERT_EQ(ret, 0)
		<< "precondition: a valid rate_limit was rejected\n" << c.evidence();
	auto before_pacing = c.effective(0);
	QpSnapshot before = take_snapshot(c.qp());
	ASSERT_EQ(before.query_ret, 0) << "ibv_query_qp returned " << errno_name(before.query_ret);

	ret = c.modify_rate_limit(0, {(uint32_t)value, 0, 0, 0});
	auto changed = snapshot_diff(before, take_snapshot(c.qp()));
	EXPECT_EQ(ret, EINVAL) << "rate_limit " << value << " kbps is "
			       << breach_name(GetParam()) << " packet_pacing_caps\n" << c.evidence();
	EXPECT_TRUE(changed.empty()) << "the QP's attributes changed:\n  "
				     << ::testing::PrintToString(changed) << "\n" << c.evidence();
	if (before_pacing) {
		auto after = c.effective(0);
		ASSERT_TRUE(after);
		EXPECT_EQ(describe_rate_limit_attr(*after), describe_rate_limit_attr(*before_pacing))
			<< "the pacing in effect changed\n" << c.evidence();
		return;
	}
	// No read-back: the QP must still send at the rate it had.
	ASSERT_EQ(c.rig().send_frames({512}), "") << c.evidence();
	EXPECT_EQ(paced_at(c.rig().records(0), rate, c.tolerance()), "")
		<< "the pacing changed after the rejected request\n" << c.evidence();
}

std::string breach_param(const ::testing::TestParamInfo<Breach> &info)
{
	return std::string("rate_limit_") + breach_name(info.param);
}

INSTANTIATE_TEST_SUITE_P(Caps, RateLimitRange, ::testing::ValuesIn(breaches(rate_limit_field())),
			 breach_param);

} // namespace
} // namespace ibvcert
