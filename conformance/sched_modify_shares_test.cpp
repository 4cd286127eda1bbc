// Clause: a modify of a scheduling element's bw_share or max_avg_bw is in
// effect: the measured shares follow the new value. Under a 10 Gb/s node,
// group1 (bw_share 7) and group2 (bw_share 3) each carry one backlogged
// RAW_PACKET QP; then group1's bw_share is modified to 1 and the split
// re-measured (1:3: 2.5 and 7.5 Gb/s), then group2's max_avg_bw to 2048
// Mbit/s (group2 held at 2.048 Gb/s, the rest to group1). Each split is the
// weighted max-min fair share of the tree as modified (fixtures/fair_share).
#include "conformance/sched_test.h"
#include "fixtures/fair_share.h"
#include "fixtures/link_rate.h"
#include "fixtures/send_stats.h"

#include <fmt/format.h>

#include <cmath>

namespace ibvcert {
namespace {

constexpr uint32_t kNodeMbps = 10000;

class SchedModifyShares : public SchedTest<> {
protected:
	// Keeps both QPs backlogged and compares the split with the tree's fair
	// shares. "" or the table of what was off.
	std::string measure(const std::vector<ShareElement> &tree, const char *after)
	{
		SendCase &send = *send_case;
		send.rig().clear_records();
		DeviceClock &clock = send.rig().clock();
		auto duration =
			clock.is_virtual() ? std::chrono::milliseconds(5) : std::chrono::milliseconds(50);
		int64_t t0 = clock.now().count();
		std::string bad = send.rig().keep_backlogged({true, true}, duration);
		send.note(fmt::format("{}: kept QPs 0 and 1 backlogged for {} ms", after,
				      duration.count()));
		if (!bad.empty())
			return bad;
		auto want = fair_shares(tree, (double)port_rate_bps(send.caps().port));
		int64_t span = std::chrono::nanoseconds(duration).count();
		int64_t from = t0 + span / 10, to = t0 + span * 9 / 10;
		double node_bps = kNodeMbps * 1e6;
		double tol = (clock.is_virtual() ? 0.01 : 0.10) * node_bps;
		std::string table;
		bool off = false;
		for (int i = 0; i < 2; i++) {
			double got = rate_in(send.rig().records(i), from, to);
			off |= std::fabs(got - want[4 + i]) > tol;
			table += fmt::format("group{}: want {}, got {} ({:+.3f}% of the node's {})\n", i + 1,
					     gbps(want[4 + i]), gbps(got),
					     100 * (got - want[4 + i]) / node_bps, gbps(node_bps));
		}
		return off ? fmt::format("after {} the split is off its weighted max-min fair share "
					 "(tolerance {})\n{}",
					 after, gbps(tol), table)
			   : "";
	}
};

TEST_F(SchedModifyShares, MeasuredSharesFollowTheModify)
{
	record_clause({Level::MUST, "sched.modify.shares_follow_the_new_value",
		       {"sched.shares.weighted_max_min"}});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	send_case.emplace();
	if (auto why = send_case->prepare(2, IBV_QPS_RTS, false))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedRig &r = *sched;
	SchedNode *node = nullptr;
	SchedLeaf *g[2] = {};
	ASSERT_FALSE(r.node({r.root(), kMaxAvgBwFlag, 0, kNodeMbps, 0}, "node", &node) ||
		     r.leaf({node, kBwShareFlag, 7, 0, 0}, "group1", &g[0]) ||
		     r.leaf({node, kBwShareFlag, 3, 0, 0}, "group2", &g[1]))
		<< "precondition: the tree was rejected\n" << r.evidence();
	for (int i = 0; i < 2; i++) {
		int ret = r.attach(send_case->qp(i), g[i], nullptr);
		if (ret == EOPNOTSUPP)
			GTEST_SKIP() << "mlx5dv_modify_qp_sched_elem returned EOPNOTSUPP for a RAW_PACKET "
					"QP in RTS (no SQ scheduling caps)";
		ASSERT_EQ(ret, 0) << "precondition: attaching a RAW_PACKET QP to its group\n"
				  << r.evidence();
	}
	std::vector<ShareElement> tree = {
		{-1, 1, 0, false},             // root
		{0, 1, kNodeMbps * 1e6, false}, // node
		{1, 7, 0, false},              // group1
		{1, 3, 0, false},              // group2
		{2, 1, 0, true},               // QP 0
		{3, 1, 0, true},               // QP 1
	};
	ASSERT_EQ(measure(tree, "the create (7:3)"), "")
		<< send_case->evidence() << "\n" << r.evidence();

	ASSERT_EQ(r.modify(*g[0], {node, kBwShareFlag, 1, 0, 0}), 0)
		<< "modifying group1's bw_share to 1 was rejected\n" << r.evidence();
	tree[2].weight = 1;
	EXPECT_EQ(measure(tree, "group1's bw_share modified 7 -> 1"), "")
		<< send_case->evidence() << "\n" << r.evidence();

	ASSERT_EQ(r.modify(*g[1], {node, kMaxAvgBwFlag, 0, 2048, 0}), 0)
		<< "modifying group2's max_avg_bw to 2048 was rejected\n" << r.evidence();
	tree[3].cap_bps = 2048e6;
	EXPECT_EQ(measure(tree, "group2's max_avg_bw modified 0 -> 2048 Mbit/s"), "")
		<< send_case->evidence() << "\n" << r.evidence();
}

} // namespace
} // namespace ibvcert
