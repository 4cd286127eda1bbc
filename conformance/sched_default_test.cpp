// Clause: mlx5dv_modify_qp_sched_elem(3) "By default, all QPs are not
// associated to SE. The default setting is ensuring fair bandwidth
// allocation with no maximum bandwidth limiting." With a capped leaf alive
// on the device, two RAW_PACKET QPs that no call attached, both backlogged,
// share the link equally and together fill it: neither is held to the
// leaf's cap.
#include "conformance/sched_test.h"
#include "contracts/rule_ids/sched.h"
#include "fixtures/fair_share.h"
#include "fixtures/link_rate.h"
#include "fixtures/rigs/sched_share_rig.h"
#include "fixtures/send_stats.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

namespace ibvcert {
namespace {

class SchedDefault : public SchedTest<> {};

TEST_F(SchedDefault, UnattachedQpsShareTheLinkFairlyWithoutACap)
{
	record_clause({rule_id::sched_qp_attach_default_is_fair_and_unlimited});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	// A leaf capped well below the link, alive before the QPs exist.
	SchedLeaf *capped = nullptr;
	ASSERT_EQ(sched->leaf({sched->root(), kBwShareFlag | kMaxAvgBwFlag, 1, 1000, 0}, "capped leaf",
			      &capped),
		  0)
		<< sched->evidence();
	send_case.emplace();
	if (auto why = send_case->prepare(2, IBV_QPS_RTS, false))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SendCase &send = *send_case;
	// The link unshared by any cap: 1 ms of a virtual clock already holds
	// thousands of frames (5 ms cost a second of emulation).
	auto duration = send.rig().clock().is_virtual() ? std::chrono::milliseconds(1)
							: std::chrono::milliseconds(50);
	// Two flows no call attached: they compete at the link, equal, uncapped.
	std::vector<ShareElement> tree = {{-1, 1, 0, true}, {-1, 1, 0, true}};
	auto view = measure_backlogged(send, ShareSituation::Unattached,
				       "QPs 0 and 1 attached to nothing, a capped leaf alive", tree, {0, 1},
				       {true, true}, duration, (double)port_rate_bps(send.caps().port));
	ASSERT_TRUE(view) << sched->evidence();
	record_shares(*view, send.evidence() + "\n" + sched->evidence());
	end_case("what the QPs get");
}

// mlx5dv_sched_node_create(3) bw_share: "Value of 0, indicates a device
// default Weight": under a capped node, a leaf given BW_SHARE with 0 and a
// leaf given no BW_SHARE (the default) split the node equally.
TEST_F(SchedDefault, ZeroBwShareIsTheDefaultWeight)
{
	record_clause({rule_id::sched_bw_share_zero_is_the_default_weight});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	constexpr uint32_t kNodeMbps = 8000;
	SchedRig &r = *sched;
	ASSERT_EQ(r.node({r.root(), kMaxAvgBwFlag, 0, kNodeMbps, 0}, "node", &node), 0) << r.evidence();
	ASSERT_EQ(r.leaf({node, kBwShareFlag, 0, 0, 0}, "zero_share", &group[0]), 0) << r.evidence();
	ASSERT_EQ(r.leaf({node, 0, 0, 0, 0}, "default_share", &group[1]), 0) << r.evidence();
	send_case.emplace();
	if (auto why = send_case->prepare(2, IBV_QPS_RTS, false))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	for (int i = 0; i < 2; i++) {
		int ret = r.attach(send_case->qp(i), group[i], nullptr);
		if (ret == EOPNOTSUPP)
			GTEST_SKIP() << "mlx5dv_modify_qp_sched_elem returned EOPNOTSUPP for a RAW_PACKET QP "
					"in RTS (no SQ scheduling caps)";
		ASSERT_EQ(ret, 0) << r.evidence();
	}
	std::vector<ShareElement> tree = {
		{-1, 1, 0, false},              // root
		{0, 1, kNodeMbps * 1e6, false}, // node
		{1, 1, 0, false},               // zero_share: the default weight
		{1, 1, 0, false},               // default_share
		{2, 1, 0, true},                // QP 0
		{3, 1, 0, true},                // QP 1
	};
	auto view = measure_split(*send_case, tree, kNodeMbps, ShareSituation::ZeroWeight,
				  "a leaf with bw_share 0 beside one without BW_SHARE");
	ASSERT_TRUE(view);
	record_shares(*view, send_case->evidence() + "\n" + r.evidence());
}

} // namespace
} // namespace ibvcert
