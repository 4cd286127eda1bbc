// Clause: a modify of a scheduling element's bw_share or max_avg_bw is in
// effect: the measured shares follow the new value. Under a 10 Gb/s node,
// group1 (bw_share 7) and group2 (bw_share 3) each carry one backlogged
// RAW_PACKET QP; then group1's bw_share is modified to 1 and the split
// re-measured (1:3: 2.5 and 7.5 Gb/s), then group2's max_avg_bw to 2048
// Mbit/s (group2 held at 2.048 Gb/s, the rest to group1). Each split is the
// weighted max-min fair share of the tree as modified (fixtures/fair_share).
#include "conformance/sched_test.h"
#include "fixtures/rigs/sched_share_rig.h"
#include "contracts/rule_ids/sched.h"

namespace ibvcert {
namespace {

constexpr uint32_t kNodeMbps = 10000;

class SchedModifyShares : public SchedTest<> {
protected:
	// The split measured and judged; whether the judge found nothing.
	bool measure(const std::vector<ShareElement> &tree, ShareSituation situation, const char *after)
	{
		auto view = measure_split(*send_case, tree, kNodeMbps, situation, after);
		return view && record_shares(*view, send_case->evidence() + "\n" + sched->evidence());
	}
};

TEST_F(SchedModifyShares, MeasuredSharesFollowTheModify)
{
	record_clause({rule_id::sched_modify_shares_follow_the_new_value,
		       {rule_id::sched_shares_weighted_max_min}});
	if (auto why = prepare_two_groups(kNodeMbps, 7, 3))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedRig &r = *sched;
	SchedLeaf **g = group;
	std::vector<ShareElement> tree = {
		{-1, 1, 0, false},             // root
		{0, 1, kNodeMbps * 1e6, false}, // node
		{1, 7, 0, false},              // group1
		{1, 3, 0, false},              // group2
		{2, 1, 0, true},               // QP 0
		{3, 1, 0, true},               // QP 1
	};
	ASSERT_TRUE(measure(tree, ShareSituation::Example, "the create (7:3)"));

	ASSERT_EQ(r.modify(*g[0], {node, kBwShareFlag, 1, 0, 0}), 0)
		<< "modifying group1's bw_share to 1 was rejected\n" << r.evidence();
	tree[2].weight = 1;
	measure(tree, ShareSituation::Modified, "group1's bw_share modified 7 -> 1");

	ASSERT_EQ(r.modify(*g[1], {node, kMaxAvgBwFlag, 0, 2048, 0}), 0)
		<< "modifying group2's max_avg_bw to 2048 was rejected\n" << r.evidence();
	tree[3].cap_bps = 2048e6;
	measure(tree, ShareSituation::Modified, "group2's max_avg_bw modified 0 -> 2048 Mbit/s");
}

} // namespace
} // namespace ibvcert
