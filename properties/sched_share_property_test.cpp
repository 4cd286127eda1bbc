// The weighted max-min fair share as a property: random small trees (the
// root, up to two levels of nodes, 1-4 leaves) with random bw_share (1-10)
// and sometimes a max_avg_bw cap on each element, one backlogged RAW_PACKET
// QP on each leaf. The rates measured on the device's clock (emu0's virtual
// one: 200 us of link time per case) match fair_shares() (fixtures/
// fair_share.h), the analytic allocation, within the conformance tolerance:
// 1% of the link, plus what one frame and one cap bucket (8 KiB) can skew a
// window. Real devices run it too, with a 20 ms window and 10% of the link.
#include "contracts/sched_judge.h"
#include "fixtures/fair_share.h"
#include "fixtures/generators/qos_values.h"
#include "fixtures/link_rate.h"
#include "contracts/names.h"
#include "fixtures/sched_attr.h"
#include "fixtures/send_rig.h"
#include "fixtures/send_stats.h"
#include "properties/property_check.h"
#include "properties/property_run.h"
#include "contracts/rule_ids/sched.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

namespace ibvcert {
namespace {

constexpr int kMaxLeaves = 4;
constexpr uint32_t kFrame = 1024;
constexpr uint32_t kBw = MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE;
constexpr uint32_t kMax = MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW;

class SchedShareProperty : public ::testing::Test {
protected:
	void SetUp() override
	{
		if (auto why = run.open())
			GTEST_SKIP() << *why;
		ASSERT_TRUE(run.error().empty()) << run.error();
		std::string why;
		if (!run.device().has_sched_elements(why))
			GTEST_SKIP() << why;
		rig = std::make_unique<SendRig>(run.device(), run.caps());
		std::string failed;
		uint32_t mtu = port_mtu_bytes(run.caps().port);
		if (int ret = rig->prepare(kMaxLeaves, mtu ? std::min(kFrame, mtu) : kFrame,
					   IBV_QPS_RTS, failed))
			GTEST_SKIP() << "no RAW_PACKET QPs in RTS to send on: " << failed << " ("
				     << errno_name(ret) << ")";
		std::unique_ptr<SchedNode> root;
		std::unique_ptr<SchedLeaf> leaf;
		int ret = run.device().create_sched_node(SchedAttr{}, root);
		if (ret == EOPNOTSUPP)
			GTEST_SKIP() << "mlx5dv_sched_node_create of a root node returned EOPNOTSUPP";
		ASSERT_EQ(ret, 0) << "precondition: a root node was rejected: " << errno_name(ret);
		ASSERT_EQ(run.device().create_sched_leaf({root.get(), 0, 0, 0, 0}, leaf), 0);
		ret = run.device().modify_qp_sched_elem(rig->qp(0), leaf.get(), nullptr);
		if (ret == EOPNOTSUPP)
			GTEST_SKIP() << "mlx5dv_modify_qp_sched_elem returned EOPNOTSUPP for a "
					"RAW_PACKET QP in RTS (no SQ scheduling caps)";
		ASSERT_EQ(ret, 0) << "precondition: attaching a QP to a leaf: " << errno_name(ret);
		ASSERT_EQ(run.device().modify_qp_sched_elem(rig->qp(0), nullptr, nullptr), 0);
		ASSERT_EQ(leaf->destroy(), 0);
		ASSERT_EQ(root->destroy(), 0);
	}

	PropertyRun run;
	std::unique_ptr<SendRig> rig;
};

TEST_F(SchedShareProperty, BackloggedLeavesGetTheWeightedMaxMinFairShare)
{
	Device &device = run.device();
	const double link_bps = (double)port_rate_bps(run.caps().port);
	const uint32_t link_mbps = (uint32_t)(link_bps / 1e6);
	const bool virt = rig->clock().is_virtual();
	const auto duration = virt ? std::chrono::microseconds(200) : std::chrono::microseconds(20000);
	const uint32_t mtu = port_mtu_bytes(run.caps().port);
	const uint32_t frame = mtu ? std::min(kFrame, mtu) : kFrame;
	check_property({rule_id::sched_shares_weighted_max_min}, [&] {
		const gen::ShareTree tree = *gen::share_tree(kMaxLeaves, link_mbps);
		// Each case on fresh QPs: a verdict must depend on its input alone,
		// not on what the cases before it left in the send queues, so that
		// a counterexample fails again when RapidCheck re-runs it.
		rig = std::make_unique<SendRig>(device, run.caps());
		std::string prepared;
		if (int ret = rig->prepare(kMaxLeaves, frame, IBV_QPS_RTS, prepared))
			RC_FAIL("the RAW_PACKET QPs could not be brought to RTS again: " + prepared + " (" +
				errno_name(ret) + ")");
		std::ostringstream shown;
		showValue(tree, shown);
		std::string evidence = fmt::format("device: {}\nlink: {}\ntree: {}", device.name(),
						   gbps(link_bps), shown.str());
		std::unique_ptr<SchedNode> root;
		std::vector<std::unique_ptr<SchedElement>> elems;
		std::vector<int> qp_of(tree.elems.size(), -1);
		int attached = 0;
		auto cleanup = [&] {
			for (int i = 0; i < attached; i++)
				device.modify_qp_sched_elem(rig->qp(i), nullptr, nullptr);
			while (!elems.empty())
				elems.pop_back();
			root.reset();
		};
		auto fail = [&](const std::string &what) {
			cleanup();
			RC_FAIL(what + "\n" + evidence);
		};
		if (int ret = device.create_sched_node(SchedAttr{}, root))
			fail("the root node was rejected: " + errno_name(ret));
		for (std::size_t i = 0; i < tree.elems.size(); i++) {
			const auto &t = tree.elems[i];
			SchedNode *parent = t.parent < 0 ? root.get()
							 : static_cast<SchedNode *>(elems[t.parent].get());
			SchedAttr a{parent, kBw | (t.max_avg_bw ? kMax : 0u), t.bw_share, t.max_avg_bw, 0};
			int ret;
			if (t.leaf) {
				std::unique_ptr<SchedLeaf> l;
				ret = device.create_sched_leaf(a, l);
				elems.push_back(std::move(l));
			} else {
				std::unique_ptr<SchedNode> n;
				ret = device.create_sched_node(a, n);
				elems.push_back(std::move(n));
			}
			if (ret)
				fail(fmt::format("creating element {} ({}) was rejected: {}", i,
						 describe_sched_attr(a, "..."), errno_name(ret)));
			if (t.leaf) {
				qp_of[i] = attached;
				ret = device.modify_qp_sched_elem(rig->qp(attached), 
								  static_cast<SchedLeaf *>(elems[i].get()),
								  nullptr);
				if (ret)
					fail(fmt::format("attaching QP {} to leaf{} failed: {}", attached, i,
							 errno_name(ret)));
				attached++;
			}
		}
		rig->clear_records();
		std::vector<bool> busy(rig->qp_count(), false);
		for (int i = 0; i < attached; i++)
			busy[i] = true;
		int64_t t0 = rig->clock().now().count();
		std::string bad = rig->keep_backlogged(busy, duration);
		if (!bad.empty())
			fail("sending failed: " + bad + "\n" + rig->summary());
		// The analytic share: 0 the root, 1.. the elements, then one flow per leaf.
		std::vector<ShareElement> model = {{-1, 1, 0, false}};
		for (const auto &t : tree.elems)
			model.push_back({t.parent + 1, (double)t.bw_share, t.max_avg_bw * 1e6, false});
		std::vector<int> flow_of(tree.elems.size(), -1);
		for (std::size_t i = 0; i < tree.elems.size(); i++)
			if (tree.elems[i].leaf) {
				flow_of[i] = (int)model.size();
				model.push_back({(int)i + 1, 1, 0, true});
			}
		// The share judge decides (the property's tolerance: 1% of the
		// link on a virtual clock, 10% on a real one, and a frame pair and
		// 8 KiB over the window).
		ShareView view;
		view.situation = ShareSituation::Random;
		view.after = fmt::format("a tree of {} elements, {} leaves backlogged", tree.elems.size(),
					 attached);
		view.tree = model;
		view.link_bps = link_bps;
		int64_t span = std::chrono::nanoseconds(duration).count();
		view.from_ns = t0 + span / 10;
		view.to_ns = t0 + span * 9 / 10;
		double window_s = (view.to_ns - view.from_ns) * 1e-9;
		view.tolerance_bps = (virt ? 0.01 : 0.10) * link_bps +
				     (2.0 * rig->frame_bytes() + 8192) * 8 / window_s;
		for (std::size_t i = 0; i < tree.elems.size(); i++)
			if (tree.elems[i].leaf)
				view.flows.push_back({fmt::format("leaf{} (QP {})", i, qp_of[i]), flow_of[i],
						      rig->records(qp_of[i])});
		Verdict judged = judge_shares(view);
		evidence += fmt::format("\nbacklogged for {} us, measured over ({}, {}] ns:\n{}",
					std::chrono::duration_cast<std::chrono::microseconds>(duration)
						.count(),
					view.from_ns, view.to_ns, share_table(view));
		RC_TAG(fmt::format("{} leaves", attached));
		if (!judged.accepts())
			fail(judged.describe());
		cleanup();
	});
}

} // namespace
} // namespace ibvcert
