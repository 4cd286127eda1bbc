// Clause: an idle group's share goes to its sibling: with group2's QP idle,
// group1's QP gets the whole 10 Gb/s node, measured.
#include "fixtures/rigs/sched_share_rig.h"
#include "conformance/sched_test.h"
#include "contracts/rule_ids/sched.h"

#include <cmath>

namespace ibvcert {
namespace {

class SchedIdleShare : public SchedTest<> {};

TEST_F(SchedIdleShare, IdleSiblingsShareGoesToTheOthers)
{
	record_clause({rule_id::sched_shares_idle_share_redistributed});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	send_case.emplace();
	if (auto why = send_case->prepare(2, IBV_QPS_RTS, false))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	std::string skip;
	auto res = measure_shares(*sched, *send_case, 10000, false, skip);
	if (!skip.empty())
		GTEST_SKIP() << skip;
	ASSERT_TRUE(res);
	record_shares(*res, send_case->evidence() + "\n" + sched->evidence());
}

} // namespace
} // namespace ibvcert
