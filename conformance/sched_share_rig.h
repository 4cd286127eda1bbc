// The man page's example tree under a capped node, with one backlogged
// RAW_PACKET QP on each group, and the weighted max-min fair share it owes
// them: what the share clauses measure.
//   root -> node (max_avg_bw node_mbps) -> group1 (bw_share 7)
//                                       -> group2 (bw_share 3, max_avg_bw 4096)
#pragma once

#include "conformance/sched_rig.h"
#include "conformance/send_case.h"

#include <optional>
#include <string>

namespace ibvcert {

struct ShareResult {
	double want_bps[2];
	double got_bps[2];
	double tolerance_bps; // allowed |got - want|
	std::string table;    // "group1: want 7.000 Gb/s, got 6.998 Gb/s (-0.03% of the node)..."
};

// Builds the tree on sched, attaches QPs 0 and 1 of send (two RAW_PACKET QPs
// in RTS) to group1 and group2, keeps the busy ones backlogged and measures.
// A SKIP reason in skip (attach EOPNOTSUPP), or a failure added.
std::optional<ShareResult> measure_shares(SchedRig &sched, SendCase &send, uint32_t node_mbps,
					  bool group2_busy, std::string &skip);

} // namespace ibvcert
