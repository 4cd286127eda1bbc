// Clause: a scheduling element's attributes belong to that element; one
// created after another was destroyed is scheduled by its own attributes.
// Under a 10 Gb/s node, group1 (bw_share 7) and group2 (bw_share 3) each
// carry one backlogged RAW_PACKET QP; group1 is modified to max_avg_bw 2048
// Mbit/s (measured: 2.048 and 7.952 Gb/s). Its QP moves to group2, group1 is
// destroyed, a new leaf is created with bw_share 7 and no max_avg_bw, the QP
// moves to it, and the split is measured again: 7:3 (7 and 3 Gb/s), not the
// destroyed leaf's cap.
#include "conformance/sched_test.h"
#include "fixtures/rigs/sched_share_rig.h"
#include "contracts/rule_ids/sched.h"

namespace ibvcert {
namespace {

constexpr uint32_t kNodeMbps = 10000;

class SchedLifecycle : public SchedTest<> {};

TEST_F(SchedLifecycle, NewLeafIsScheduledByItsOwnAttributesAfterADestroy)
{
	record_clause({rule_id::sched_lifecycle_new_element_starts_from_its_own_attributes,
		       {rule_id::sched_shares_weighted_max_min, rule_id::sched_modify_shares_follow_the_new_value}});
	if (auto why = prepare_two_groups(kNodeMbps, 7, 3))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedRig &r = *sched;
	SchedLeaf **g = group;
	std::vector<ShareElement> tree = {
		{-1, 1, 0, false},              // root
		{0, 1, kNodeMbps * 1e6, false}, // node
		{1, 7, 2048e6, false},          // group1, capped by the modify
		{1, 3, 0, false},               // group2
		{2, 1, 0, true},                // QP 0
		{3, 1, 0, true},                // QP 1
	};
	ASSERT_EQ(r.modify(*g[0], {node, kBwShareFlag | kMaxAvgBwFlag, 7, 2048, 0}), 0)
		<< "precondition: capping group1 at 2048 Mbit/s was rejected\n" << r.evidence();
	auto view = measure_split(*send_case, tree, kNodeMbps, ShareSituation::Modified,
				  "group1 capped at 2048 Mbit/s");
	ASSERT_TRUE(view);
	ASSERT_TRUE(record_shares(*view, send_case->evidence() + "\n" + r.evidence()))
		<< "precondition: the modified tree's split";

	ASSERT_EQ(r.attach(send_case->qp(0), g[1], nullptr), 0)
		<< "precondition: moving QP 0 to group2\n" << r.evidence();
	ASSERT_EQ(r.destroy(*g[0]), 0) << "precondition: destroying group1 (no QP on it)\n"
				       << r.evidence();
	SchedLeaf *fresh = nullptr;
	ASSERT_EQ(r.leaf({node, kBwShareFlag, 7, 0, 0}, "new group1", &fresh), 0)
		<< "precondition: a new leaf with bw_share 7 was rejected\n" << r.evidence();
	ASSERT_EQ(r.attach(send_case->qp(0), fresh, nullptr), 0)
		<< "precondition: moving QP 0 to the new leaf\n" << r.evidence();
	if (auto now = r.query(*fresh)) {
		EXPECT_EQ(now->max_avg_bw, 0u)
			<< "the new leaf was created without max_avg_bw yet reads back "
			<< now->max_avg_bw << " Mbit/s\n" << r.evidence();
	}
	tree[2].cap_bps = 0;
	view = measure_split(*send_case, tree, kNodeMbps, ShareSituation::Recreated,
			     "group1 destroyed and a new leaf of bw_share 7, no max_avg_bw, created");
	ASSERT_TRUE(view);
	record_shares(*view, send_case->evidence() + "\n" + r.evidence());
}

} // namespace
} // namespace ibvcert
