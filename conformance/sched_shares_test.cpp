// Clause: backlogged QPs on the man page's example groups under a capped
// node get the weighted max-min fair share, measured: 7:3 when no cap binds
// (node 10 Gb/s: 7 and 3 Gb/s), and with group2 held at its 4096 Mbit/s cap
// the rest going to group1 (node 20 Gb/s: 15.904 and 4.096 Gb/s).
#include "fixtures/rigs/sched_share_rig.h"
#include "conformance/sched_test.h"
#include "contracts/rule_ids/sched.h"

#include <cmath>

namespace ibvcert {
namespace {

struct SharesParam {
	uint32_t node_mbps;
	const char *name;
};

class SchedShares : public SchedTest<::testing::TestWithParam<SharesParam>> {};

TEST_P(SchedShares, BackloggedSplitIsWeightedMaxMinFair)
{
	record_clause({rule_id::sched_shares_weighted_max_min});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	send_case.emplace();
	if (auto why = send_case->prepare(2, IBV_QPS_RTS, false))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	std::string skip;
	auto res = measure_shares(*sched, *send_case, GetParam().node_mbps, true, skip);
	if (!skip.empty())
		GTEST_SKIP() << skip;
	ASSERT_TRUE(res);
	record_shares(*res, send_case->evidence() + "\n" + sched->evidence());
}

std::string shares_name(const ::testing::TestParamInfo<SharesParam> &info)
{
	return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(Sched, SchedShares,
			 ::testing::Values(SharesParam{10000, "Node10G_Weights"},
					   SharesParam{20000, "Node20G_CapRedistributed"}),
			 shares_name);

} // namespace
} // namespace ibvcert
