#include "conformance/clause.h"

#include <gtest/gtest.h>

namespace ibvcert {

void record_clause(const Clause &clause)
{
	::testing::Test::RecordProperty("level", level_name(clause.level));
	::testing::Test::RecordProperty("source", clause.source);
}

namespace clauses {
const char kAtomicFailure[] =
	"ibv_modify_qp(3) NOTES: If any of the modify attributes or the modify "
	"mask are invalid, none of the attributes will be modified (including "
	"the QP state).";
const char kRequiredTables[] =
	"ibv_modify_qp(3) NOTES: the minimum list of attributes that must be "
	"changed upon transitioning QP state from: Reset --> Init --> RTR --> RTS; "
	"beyond RTS: Linux 6.1 ib_modify_qp_is_ok() transition table.";
const char kKernelTable[] =
	"Linux 6.1 drivers/infiniband/core/verbs.c qp_state_table "
	"(ib_modify_qp_is_ok): a transition is valid only if listed, with only "
	"its required and optional attributes; a mask without IBV_QP_STATE is "
	"the current->current row.";
const char kQueryQp[] =
	"ibv_query_qp(3): gets the attributes specified in attr_mask; "
	"attribute values are valid if they have been set using ibv_modify_qp().";
const char kSrqLimitEvent[] =
	"ibv_modify_srq(3) NOTES: Modifying the srq_limit arms the SRQ to produce an "
	"IBV_EVENT_SRQ_LIMIT_REACHED \"low watermark\" asynchronous event once the number "
	"of WRs in the SRQ drops below srq_limit. ibv_query_srq(3) NOTES: If the value "
	"returned for srq_limit is 0, then the SRQ limit reached event is not (or no "
	"longer) armed, and no asynchronous events will be generated until the event is "
	"rearmed.";
const char kSrqCreateLimit[] =
	"ibv_create_srq(3): srq_limit: The limit value of the SRQ (irrelevant for "
	"ibv_create_srq); ibv_modify_srq(3) NOTES: modifying the srq_limit arms the SRQ.";
const char kSrqLimitRange[] =
	"ibv_modify_srq(3): srq_limit is compared with the number of WRs in the SRQ, "
	"which never exceeds max_wr, so srq_limit > max_wr is an invalid attribute "
	"(EINVAL); NOTES: If any of the modify attributes is invalid, none of the "
	"attributes will be modified.";
const char kSrqResizeCap[] =
	"ibv_modify_srq(3) NOTES: Not all devices support resizing SRQs. To check if a "
	"device supports it, check if the IBV_DEVICE_SRQ_RESIZE bit is set in the device "
	"capabilities flags; If any of the modify attributes is invalid, none of the "
	"attributes will be modified.";
const char kSrqResizeGrows[] =
	"ibv_modify_srq(3): IBV_SRQ_MAX_WR Resize the SRQ; max_wr: maximum number of "
	"outstanding work requests in the SRQ (as at create, not below the request); the "
	"WRs already posted stay in the SRQ.";
const char kSrqResizeBelow[] =
	"ibv_modify_srq(3): max_wr is the maximum number of outstanding WRs, so a "
	"max_wr below the WRs outstanding is invalid; NOTES: If any of the modify "
	"attributes is invalid, none of the attributes will be modified.";
const char kSrqAtomic[] =
	"ibv_modify_srq(3) NOTES: If any of the modify attributes is invalid, none of "
	"the attributes will be modified.";
const char kSrqMaskBits[] =
	"ibv_modify_srq(3): The argument is either 0 or the bitwise OR of one or more "
	"of the following flags: IBV_SRQ_MAX_WR, IBV_SRQ_LIMIT; NOTES: none of the "
	"attributes will be modified when the request is invalid.";
const char kAsyncEventAck[] =
	"ibv_get_async_event(3) NOTES: All async events that ibv_get_async_event() "
	"returns must be acknowledged using ibv_ack_async_event(). To avoid races, "
	"destroying an object (CQ, SRQ or QP) will wait for all affiliated events for "
	"the object to be acknowledged.";
const char kRateLimitNoPacing[] =
	"ibv_modify_qp_rate_limit(3) ERRORS: EOPNOTSUPP Function is not implemented for this "
	"device (ENOSYS may sometimes be returned by old versions of libibverbs); "
	"ibv_query_device_ex(3): a device whose packet_pacing_caps.qp_rate_limit_max is 0 "
	"has no packet pacing, and nothing is modified.";
const char kRateLimitQpType[] =
	"ibv_query_device_ex(3): packet_pacing_caps.supported_qpts: Bitmap showing which QP "
	"types are supported; a QP of another type cannot be paced: "
	"ibv_modify_qp_rate_limit(3) fails and, as any invalid request (ibv_modify_qp(3) "
	"NOTES), modifies nothing.";
const char kRateLimitRange[] =
	"ibv_query_device_ex(3): qp_rate_limit_min, qp_rate_limit_max: Minimum / Maximum rate "
	"limit in kbps; ibv_modify_qp_rate_limit(3) ERRORS: EINVAL Invalid arguments: a "
	"rate_limit outside the device's own range (0 apart) is rejected with EINVAL and "
	"nothing is modified (the pacing in effect, and every queried attribute).";
const char kRateLimitZero[] =
	"ibv_modify_qp_rate_limit(3): The rate_limit defines the MAX send rate; rate_limit 0 "
	"sets none (the attribute table's ZeroOrRange rule: 0 is always valid and means "
	"unlimited): accepted, after which the QP sends faster than the limit it had.";
const char kRateLimitDefaults[] =
	"ibv_modify_qp_rate_limit(3): Setting a value of 0 for max_burst_sz or typical_pkt_sz "
	"will use the devices defaults. typical_pkt_sz will default to the port's MTU value. "
	"Where the device reports its shaping (emu0), the values in effect are those defaults; "
	"everywhere the QP keeps to its rate_limit.";
const char kRateLimitMaxRate[] =
	"ibv_modify_qp_rate_limit(3): The rate_limit defines the MAX send rate this QP will send "
	"as long as the link in not blocked and there are work requests in send queue; "
	"max_burst_sz: single burst max bytes size. Measured: over any window the QP's sent "
	"bytes are at most rate_limit x window + max_burst_sz, also right after an idle period.";
const char kRateLimitModifyQp[] =
	"ibv_modify_qp(3): IBV_QP_RATE_LIMIT Set rate_limit (Rate limit in kbps for packet "
	"pacing), optional for RAW_PACKET RTR->RTS and RTS->RTS in the Linux 6.1 transition "
	"table (elsewhere: ModifyQpForeignAttribute); once accepted it is the QP's MAX send "
	"rate, as ibv_modify_qp_rate_limit(3) says: measured.";
const char kEceVendorZero[] =
	"ibv_set_ece(3): vendor_id: Unique identifier of the provider vendor on the network; "
	"EOPNOTSUPP libibverbs or provider driver doesn't support the ibv_set_ece() verb: "
	"libibverbs answers EOPNOTSUPP for vendor_id 0, which names no vendor, and nothing is "
	"stored.";
const char kEceUnsupported[] =
	"ibv_set_ece(3), ibv_query_ece(3): EOPNOTSUPP libibverbs or provider driver doesn't "
	"support the ibv_set_ece() verb: a device without ECE says so from both verbs.";
const char kEceInvalid[] =
	"ibv_set_ece(3): comp_mask: Bitmask specifying what fields in the structure are valid "
	"(verbs.h defines no bit); EINVAL The ECE options are invalid: a comp_mask with an "
	"unknown bit is rejected with EINVAL and nothing is stored (ibv_query_ece(3) returns "
	"what it returned before).";
const char kEceSubset[] =
	"ibv_set_ece(3): The desired ECE options will be used during various modify QP stages "
	"based on supported options in relevant QP state; ece is IN/OUT, the accepted options "
	"will be returned in this field; EINVAL The ECE options are invalid; ibv_query_ece(3): "
	"Return to the user current ECE state for the QP. So: options are accepted (a subset "
	"comes back, from set and from query in RESET, INIT, RTR and RTS, with the device's "
	"vendor_id) or rejected with EINVAL and nothing stored.";
const char kSchedAttrRules[] =
	"mlx5dv_sched_node_create(3): comp_mask: Reserved for future extension, must be 0 now; "
	"flags: MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE, MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW; "
	"bw_share, max_avg_bw: This field must be 0 for the root TSAR; parent: The root "
	"scheduling element doesn't have a parent (a leaf is connected to a node). An invalid "
	"create returns NULL and creates nothing; an invalid modify (root included) fails and "
	"changes nothing.";
const char kSchedFieldWithoutFlag[] =
	"mlx5dv_sched_node_create(3): flags: Specifying what attributes in the structure are "
	"valid. The page does not say what a field set without its flag does. Decision: such a "
	"field is not valid, so it is ignored: never checked (a root request may leave a "
	"non-zero bw_share or max_avg_bw in the struct with its flag clear) and never applied "
	"(a create takes the device default: bw_share 0 the default weight, max_avg_bw 0 "
	"unlimited; a modify keeps the current value).";
const char kSchedTree[] =
	"mlx5dv_sched_node_create(3) NOTES: the example tree (a root with flags 0; group1 "
	"bw_share 7; group2 bw_share 3, max_avg_bw 4096) is created, modified, has QPs "
	"attached (mlx5dv_modify_qp_sched_elem(3)) and is destroyed leaves first; RETURN "
	"VALUE: a new element on success; 0 on success for modify and destroy.";
const char kSchedDestroyParent[] =
	"mlx5dv_sched_node_create(3): The SEs are connected in a tree structure. The page does "
	"not say what destroying a node that still has children does. Decision: children go "
	"before their parents; a node with children is refused (the device's errno is in the "
	"evidence) and the tree stays as it was, its children still usable.";
const char kSchedQpAttach[] =
	"mlx5dv_modify_qp_sched_elem(3): Connect a QP with a requestor and/or a responder "
	"scheduling element; By default, all QPs are not associated to SE; upon success 0 is "
	"returned: attaching to leaves and detaching (null leaves) both succeed.";
const char kSchedQpResponder[] =
	"mlx5dv_modify_qp_sched_elem(3): A QP can be associate to a requestor and/or a "
	"responder SE following the IB spec definition: a UD or RAW_PACKET QP has no IB "
	"responder, so a responder leaf for it is invalid and changes nothing.";
const char kSchedShares[] =
	"mlx5dv_sched_node_create(3): The SE assures that weight for each entity is met. If "
	"entity has reached its maximum allowed bandwidth within the scheduling cycle, it "
	"won't be scheduled till end of the scheduling cycle. The unused transmission bandwidth "
	"will be distributed among the remaining entities assuring the weight setting. "
	"Measured on the NOTES example (7:3, 4 Gb/s cap on the second) under a capped node: "
	"backlogged QPs get the weighted max-min fair share, within tolerance.";
const char kSchedIdleShare[] =
	"mlx5dv_sched_node_create(3): The unused transmission bandwidth will be distributed "
	"among the remaining entities assuring the weight setting: with group2 idle, group1's "
	"QP gets the whole node.";
} // namespace clauses

} // namespace ibvcert
