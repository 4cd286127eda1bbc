#include "conformance/sched_share_rig.h"

#include "fixtures/fair_share.h"
#include "fixtures/link_rate.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>

namespace ibvcert {
namespace {

constexpr uint32_t kBw = MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE;
constexpr uint32_t kMax = MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW;

} // namespace

std::optional<ShareResult> measure_shares(SchedRig &r, SendCase &send, uint32_t node_mbps,
					  bool group2_busy, std::string &skip)
{
	SchedNode *node = nullptr;
	SchedLeaf *g[2] = {};
	if (r.node({r.root(), kMax, 0, node_mbps, 0}, "node", &node) ||
	    r.leaf({node, kBw, 7, 0, 0}, "group1", &g[0]) ||
	    r.leaf({node, kBw | kMax, 3, 4096, 0}, "group2", &g[1])) {
		ADD_FAILURE() << "precondition: the example tree was rejected\n" << r.evidence();
		return std::nullopt;
	}
	for (int i = 0; i < 2; i++) {
		int ret = r.attach(send.qp(i), g[i], nullptr);
		if (ret == EOPNOTSUPP) {
			skip = "mlx5dv_modify_qp_sched_elem returned EOPNOTSUPP for a RAW_PACKET QP in RTS "
			       "(no SQ scheduling caps)";
			return std::nullopt;
		}
		if (ret) {
			ADD_FAILURE() << "precondition: attaching a RAW_PACKET QP to its group failed\n"
				      << r.evidence();
			return std::nullopt;
		}
	}
	DeviceClock &clock = send.rig().clock();
	auto duration = clock.is_virtual() ? std::chrono::milliseconds(5) : std::chrono::milliseconds(50);
	int64_t t0 = clock.now().count();
	std::string bad = send.rig().keep_backlogged({true, group2_busy}, duration);
	send.note(fmt::format("kept QP 0{} backlogged for {} ms", group2_busy ? " and QP 1" : "",
			      duration.count()));
	if (!bad.empty()) {
		ADD_FAILURE() << bad << "\n" << send.evidence() << "\n" << r.evidence();
		return std::nullopt;
	}
	std::vector<ShareElement> tree = {
		{-1, 1, 0, false},                 // root
		{0, 1, node_mbps * 1e6, false},    // node
		{1, 7, 0, false},                  // group1
		{1, 3, 4096e6, false},             // group2
		{2, 1, 0, true},                   // QP 0
		{3, 1, 0, group2_busy},            // QP 1
	};
	auto want = fair_shares(tree, (double)port_rate_bps(send.caps().port));
	// Past the start and before the end: every busy QP is backlogged.
	int64_t span = std::chrono::nanoseconds(duration).count();
	int64_t from = t0 + span / 10, to = t0 + span * 9 / 10;
	ShareResult res;
	double node_bps = node_mbps * 1e6;
	res.tolerance_bps = (clock.is_virtual() ? 0.01 : 0.10) * node_bps;
	for (int i = 0; i < 2; i++) {
		res.want_bps[i] = want[4 + i];
		res.got_bps[i] = rate_in(send.rig().records(i), from, to);
		res.table += fmt::format("group{}: want {}, got {} ({:+.3f}% of the node's {})\n", i + 1,
					 gbps(res.want_bps[i]), gbps(res.got_bps[i]),
					 100 * (res.got_bps[i] - res.want_bps[i]) / node_bps,
					 gbps(node_bps));
	}
	return res;
}

} // namespace ibvcert
