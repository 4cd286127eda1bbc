// The judge of what a scheduling tree does to its traffic
// (mlx5dv_sched_node_create(3), mlx5dv_modify_qp_sched_elem(3)): the rates
// backlogged flows measured against the weighted max-min fair shares
// (contracts/fair_share.h) of the tree the calls built, decided once for
// every consumer (the share clauses, the share property, the fuzz op). The
// rows are the SharesMet rows of contracts/effect_rules.cpp; each names, in
// `field`, the situations it judges.
#pragma once

#include "contracts/fair_share.h"
#include "contracts/send_measure.h"
#include "contracts/verdict.h"

#include <infiniband/verbs.h>

#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

// How the tree came to be what it is when measured.
enum class ShareSituation {
	Example,    // the man page's NOTES example under a capped node
	Idle,       // the example with one group idle
	ZeroWeight, // a leaf with BW_SHARE 0 beside one without BW_SHARE
	Unattached, // flows no call attached, with elements alive on the device
	Modified,   // after an accepted modify of an element
	Recreated,  // after an element was destroyed and a new one created
	Random,     // any tree the calls built (the property, the fuzz)
};
// "example", "idle", "zero_weight", "unattached", "modified", "recreated", "random".
const char *share_situation_name(ShareSituation s);

struct ShareFlow {
	std::string name;              // "group1's QP"
	int element = -1;              // its entry in the tree (an element without children)
	std::vector<SendRecord> sends; // its completions, timed
};

struct ShareView {
	ShareSituation situation = ShareSituation::Example;
	std::string after;              // the step measured, in words ("group1's bw_share modified 7 -> 1")
	std::vector<ShareElement> tree; // as the accepted calls made it, the flows included
	double link_bps = 0;
	std::vector<ShareFlow> flows;
	int64_t from_ns = 0, to_ns = 0; // the window every busy flow was backlogged in
	double tolerance_bps = 0;       // allowed |measured - fair share|
	double scale_bps = 0;           // what the table's percentages are of (the node); 0: the link
};

// The share rows the view can decide.
std::vector<const ContractRule *> share_rules_judged(const ShareView &v);
// Every share row the measured rates break.
Verdict judge_shares(const ShareView &v);
// "group1's QP: want 7.000 Gb/s, got 6.998 Gb/s (-0.030%)\n..." for the evidence.
std::string share_table(const ShareView &v);

// One call on the scheduling tree or a QP's attachment, as a clause or an
// op saw it: the request, the result, and what the device reports before
// and after (where it reports it). The FlaglessIgnored,
// ExampleTreeAccepted, ParentOutlivesChildren, AttachAccepted,
// ResponderIbOnly and QpStartsUnattached rows judge it.
enum class SchedCall {
	Create,  // mlx5dv_sched_node_create / mlx5dv_sched_leaf_create
	Modify,  // mlx5dv_sched_node_modify / mlx5dv_sched_leaf_modify
	Destroy, // mlx5dv_sched_node_destroy / mlx5dv_sched_leaf_destroy
	Attach,  // mlx5dv_modify_qp_sched_elem (null leaves: detach)
	ReadQp,  // no call: the leaves a QP no call attached reads
};
const char *sched_call_name(SchedCall c);

// What an element applies, as the device reports it.
struct SchedApplied {
	uint32_t bw_share = 0, max_avg_bw = 0;
};

// A QP's leaves: an identity per leaf (0: none).
struct QpLeaves {
	uint64_t requestor = 0, responder = 0;
	bool operator==(const QpLeaves &) const = default;
};

struct SchedCallView {
	SchedCall call = SchedCall::Create;
	int result = 0;       // 0 or the errno
	bool example = false; // a step of the NOTES example tree
	// Create, Modify: the request (sched_attr's flags and values) and the
	// element as read before (Modify) and after the call.
	uint32_t flags = 0, bw_share = 0, max_avg_bw = 0;
	std::optional<SchedApplied> before, after;
	// Destroy: whether the node had children; every element as read before
	// and after, when the tree was viewed ("node: bw_share 0 -> gone").
	bool had_children = false;
	bool tree_viewed = false;
	std::vector<std::string> tree_changes;
	// Attach, ReadQp: the QP's type, the leaves asked for, and the QP's
	// leaves as read before and after (where the device reports them).
	ibv_qp_type qp_type = IBV_QPT_RC;
	QpLeaves asked;
	std::optional<QpLeaves> leaves_before, leaves_after;
	std::string what; // the call in words, for the detail
};

// The call rows the view can decide.
std::vector<const ContractRule *> sched_call_rules_judged(const SchedCallView &v);
// Every call row the call breaks.
Verdict judge_sched_call(const SchedCallView &v);

} // namespace ibvcert
