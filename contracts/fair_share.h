// The weighted max-min fair share: the rates a scheduling tree owes its
// backlogged flows ("the SE assures that weight for each entity is met... the
// unused transmission bandwidth will be distributed among the remaining
// entities assuring the weight setting", mlx5dv_sched_node_create(3)). The
// oracle the scheduling clauses compare measured send rates with, computed
// independently of any device's scheduler.
#pragma once

#include <vector>

namespace ibvcert {

struct ShareElement {
	int parent = -1;        // index of the parent element; -1: competes at the link
	double weight = 1;      // relative to the siblings (> 0)
	double cap_bps = 0;     // 0: no cap (max_avg_bw, or a flow's rate_limit)
	bool backlogged = false; // a flow (an element without children) with sends waiting
};

// Each element's rate in bits per second: every sibling group splits what
// its parent gets (the link's rate at the top) by weight, each member taking
// at most what its own cap and its subtree can use, the rest going to the
// others. An element's rate is the sum of its children's.
std::vector<double> fair_shares(const std::vector<ShareElement> &elements, double link_bps);

} // namespace ibvcert
