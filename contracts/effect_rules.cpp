// The behaviour rules: what the verbs do that an evaluator cannot decide
// from a request alone (a rejected call changes nothing, an event fires once,
// a rate is kept, shares are met...). The conformance clauses and the
// properties prove them by their effect and name them by id; their sentences
// live here once.
#include "contracts/rule.h"

#include <cerrno>

#include <infiniband/verbs.h>

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};

const std::vector<ContractRule> kRules = {
	{"modify_qp.rejected.changes_nothing", verb_bit(Verb::ModifyQp), Check::UnchangedOnReject, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp(3) NOTES",
	 "If any of the modify attributes or the modify mask are invalid, none of the attributes "
	 "will be modified (including the QP state).",
	 nullptr},
	{"modify_qp.unmasked.unchanged", verb_bit(Verb::ModifyQp), Check::UnmaskedKept, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp(3)",
	 "ibv_modify_qp() modifies the attributes of QP qp with the attributes in attr according to "
	 "the mask attr_mask.",
	 "Read: the mask says which attributes the call modifies, so an accepted call leaves every "
	 "attribute ibv_query_qp returns that the mask does not name as it was (the state with "
	 "IBV_QP_STATE; a move to RESET returns the QP to its initial attributes and is not held to "
	 "it). Judged on every accepted call from the QP as queried before and after."},
	{"modify_qp.rejected.errno_of_the_rule", verb_bit(Verb::ModifyQp), Check::ErrnoOfRule, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::SHOULD, 0, "ibv_modify_qp(3) RETURN VALUE",
	 "ibv_modify_qp() returns 0 on success, or the value of errno on failure (which indicates "
	 "the failure reason).",
	 "The reason is the broken rule's errno (its row): judged at the row's errno level, "
	 "SHOULD where only convention gives it (EINVAL from ib_modify_qp_is_ok() and the "
	 "drivers' checks), MUST where the page or the ABI fixes it. One case per rule, on a "
	 "request that breaks that rule alone."},
	{"modify_qp.required_set.accepted", verb_bit(Verb::ModifyQp), Check::ValidAccepted, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp(3) NOTES",
	 "the minimum list of attributes that must be changed upon transitioning QP state from: "
	 "Reset --> Init --> RTR --> RTS; beyond RTS: Linux 6.1 ib_modify_qp_is_ok() transition "
	 "table.",
	 nullptr},
	{"modify_qp.table.only_listed", verb_bit(Verb::ModifyQp), Check::InvalidRejected, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibvcert",
	 "Linux 6.1 drivers/infiniband/core/verbs.c qp_state_table (ib_modify_qp_is_ok): a "
	 "transition is valid only if listed, with only its required and optional attributes; a "
	 "mask without IBV_QP_STATE is the current->current row.",
	 nullptr},
	{"modify_qp.query.reads_back_as_set", verb_bit(Verb::ModifyQp), Check::ReadsBack, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_query_qp(3)",
	 "gets the attributes specified in attr_mask; attribute values are valid if they have been "
	 "set using ibv_modify_qp().",
	 "The page states it as fact (a value set by ibv_modify_qp is valid, i.e. is what "
	 "ibv_query_qp returns), so MUST (was SHOULD). Fields the page says may differ between "
	 "calls (qp_state, path_mig_state, sq_draining, ah_attr with APM) or that it does not "
	 "return are not compared."},
	{"srq.limit_event.once_below_the_limit", verb_bit(Verb::ModifySrq), Check::LimitEventOnce, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_srq(3) NOTES",
	 "Modifying the srq_limit arms the SRQ to produce an IBV_EVENT_SRQ_LIMIT_REACHED \"low "
	 "watermark\" asynchronous event once the number of WRs in the SRQ drops below srq_limit. "
	 "ibv_query_srq(3) NOTES: If the value returned for srq_limit is 0, then the SRQ limit "
	 "reached event is not (or no longer) armed, and no asynchronous events will be generated "
	 "until the event is rearmed.",
	 nullptr},
	{"srq.create.srq_limit_arms_nothing", verb_bit(Verb::CreateSrq), Check::LimitNotArmedByCreate, "srq_limit", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_create_srq(3)",
	 "srq_limit: The limit value of the SRQ (irrelevant for ibv_create_srq); ibv_modify_srq(3) "
	 "NOTES: modifying the srq_limit arms the SRQ.",
	 nullptr},
	{"srq.srq_limit.above_max_wr_changes_nothing", verb_bit(Verb::ModifySrq), Check::UnchangedOnReject, "", 0, kNone, kNone, Feature::None, "srq.srq_limit.not_above_max_wr", 0,
	 Level::MUST, 0, "ibv_modify_srq(3)",
	 "srq_limit is compared with the number of WRs in the SRQ, which never exceeds max_wr, so "
	 "srq_limit > max_wr is an invalid attribute (EINVAL); NOTES: If any of the modify "
	 "attributes is invalid, none of the attributes will be modified.",
	 nullptr},
	{"srq.resize.without_cap_changes_nothing", verb_bit(Verb::ModifySrq), Check::UnchangedOnReject, "", 0, kNone, kNone, Feature::None, "srq.resize.feature", 0,
	 Level::MUST, 0, "ibv_modify_srq(3) NOTES",
	 "Not all devices support resizing SRQs. To check if a device supports it, check if the "
	 "IBV_DEVICE_SRQ_RESIZE bit is set in the device capabilities flags; If any of the modify "
	 "attributes is invalid, none of the attributes will be modified.",
	 nullptr},
	{"srq.resize.keeps_posted_wrs", verb_bit(Verb::ModifySrq), Check::KeptAcross, "wr_ids", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_srq(3)",
	 "IBV_SRQ_MAX_WR Resize the SRQ; max_wr: maximum number of outstanding work requests in "
	 "the SRQ (as at create, not below the request); the WRs already posted stay in the SRQ.",
	 nullptr},
	{"srq.resize.below_outstanding_changes_nothing", verb_bit(Verb::ModifySrq), Check::UnchangedOnReject, "", 0, kNone, kNone, Feature::None, "srq.max_wr.not_below_outstanding", 0,
	 Level::MUST, 0, "ibv_modify_srq(3)",
	 "max_wr is the maximum number of outstanding WRs, so a max_wr below the WRs outstanding "
	 "is invalid; NOTES: If any of the modify attributes is invalid, none of the attributes "
	 "will be modified.",
	 nullptr},
	{"srq.rejected.changes_nothing", verb_bit(Verb::ModifySrq), Check::UnchangedOnReject, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_srq(3) NOTES",
	 "If any of the modify attributes is invalid, none of the attributes will be modified.",
	 nullptr},
	{"srq.attr_mask.unknown_changes_nothing", verb_bit(Verb::ModifySrq), Check::UnchangedOnReject, "", 0, kNone, kNone, Feature::None, "srq.attr_mask.known", 0,
	 Level::MUST, 0, "ibv_modify_srq(3)",
	 "The argument is either 0 or the bitwise OR of one or more of the following flags: "
	 "IBV_SRQ_MAX_WR, IBV_SRQ_LIMIT; NOTES: none of the attributes will be modified when the "
	 "request is invalid.",
	 nullptr},
	{"srq.create.reports_at_least_the_request", verb_bit(Verb::CreateSrq), Check::AtLeastRequest, "max_wr,max_sge", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_create_srq(3)",
	 "The function ibv_create_srq() will update the srq_init_attr struct with the original "
	 "values of the SRQ that was created; the values of max_wr and max_sge will be greater "
	 "than or equal to the values requested.",
	 "Judged on what an accepted ibv_create_srq writes back into srq_init_attr, against the "
	 "request (contracts/srq_eval.h: evaluate_create_srq_report): MUST."},
	{"srq.post_srq_recv.max_wr_outstanding", verb_bit(Verb::PostSrqRecv), Check::RoomLeft, "outstanding", 0, kNone, kNone, Feature::None, "max_wr", 0,
	 Level::MUST, 0, "ibv_create_srq(3), ibv_post_srq_recv(3)",
	 "max_wr: Requested max number of outstanding work requests (WRs) in the SRQ; "
	 "ibv_create_srq() will update the srq_init_attr struct with the original values of the "
	 "SRQ that was created. ibv_post_srq_recv() ... stops processing WRs from this list at the "
	 "first failure (that can be detected immediately while requests are being posted), and "
	 "returns this failing WR through bad_wr.",
	 "The SRQ's max_wr (as ibv_create_srq reported it, or a floor after an accepted resize) "
	 "is the most WRs it holds: a post takes the WRs up to it and fails at the first one past "
	 "it. Judged only where max_wr is known exactly."},
	{"srq.post_srq_recv.num_sge_within_max_sge", verb_bit(Verb::PostSrqRecv), Check::AtMostObjects, "num_sge", 0, kNone, kNone, Feature::None, "max_sge", 0,
	 Level::MUST, 0, "ibv_create_srq(3), ibv_post_srq_recv(3)",
	 "max_sge: Requested max number of scatter elements per WR in the SRQ; "
	 "ibv_post_srq_recv() ... stops processing WRs from this list at the first failure (that "
	 "can be detected immediately while requests are being posted), and returns this failing "
	 "WR through bad_wr.",
	 "A WR with more scatter elements than the SRQ's max_sge (or a negative num_sge) is a "
	 "failure detected while posting: the post stops at it."},
	{"post_recv.cap.num_sge_within_max_recv_sge", verb_bit(Verb::PostRecv), Check::AtMostObjects, "num_sge", 0, kNone, kNone, Feature::None, "max_recv_sge", 0,
	 Level::MUST, 0, "ibv_create_qp(3), ibv_post_recv(3)",
	 "max_recv_sge: Requested max number of s/g elements in a WR in the RQ; ibv_create_qp() "
	 "will update the qp_init_attr->cap struct with the actual QP values of the QP that was "
	 "created. ibv_post_recv() ... stops processing WRs from this list at the first failure "
	 "(that can be detected immediately while requests are being posted), and returns this "
	 "failing WR through bad_wr.",
	 "A receive WR with more scatter elements than the QP's max_recv_sge (as ibv_query_qp "
	 "reports its cap), or a negative num_sge, is a failure detected while posting: the post "
	 "stops at it. Not for a QP with an SRQ (its post is refused whatever the WR: "
	 "post_recv.srq_qp.refused)."},
	{"post_recv.cap.max_recv_wr_outstanding", verb_bit(Verb::PostRecv), Check::RoomLeft, "outstanding", 0, kNone, kNone, Feature::None, "max_recv_wr", 0,
	 Level::MUST, 0, "ibv_create_qp(3), ibv_post_recv(3)",
	 "max_recv_wr: Requested max number of outstanding WRs in the RQ; ibv_create_qp() will "
	 "update the qp_init_attr->cap struct with the actual QP values of the QP that was created. "
	 "ibv_post_recv() ... stops processing WRs from this list at the first failure (that can be "
	 "detected immediately while requests are being posted), and returns this failing WR "
	 "through bad_wr.",
	 "The QP's max_recv_wr (as ibv_query_qp reports its cap) is the most receive WRs its own RQ "
	 "holds: a post takes the WRs up to it and fails at the first one past it. Judged where no "
	 "message comes, so the WRs outstanding are the WRs posted."},
	{"post_send.cap.num_sge_within_max_send_sge", verb_bit(Verb::PostSend), Check::AtMostObjects, "num_sge", 0, kNone, kNone, Feature::None, "max_send_sge", 0,
	 Level::MUST, 0, "ibv_create_qp(3), ibv_post_send(3)",
	 "max_send_sge: Requested max number of scatter/gather (s/g) elements in a WR in the SQ; "
	 "ibv_create_qp() will update the qp_init_attr->cap struct with the actual QP values of the "
	 "QP that was created. ibv_post_send() ... stops processing WRs from this list at the first "
	 "failure (that can be detected immediately while requests are being posted), and returns "
	 "this failing WR through bad_wr.",
	 "A send WR with more gather elements than the QP's max_send_sge (as ibv_query_qp reports "
	 "its cap), or a negative num_sge, is a failure detected while posting: the post stops at "
	 "it. The send queue's max_send_wr is not judged so: a send WR leaves the queue when the "
	 "device completes it, which a case cannot hold back on every device."},
	{"post_send.cap.inline_within_max_inline_data", verb_bit(Verb::PostSend), Check::AtMostObjects, "inline_bytes", 0, kNone, kNone, Feature::None, "max_inline_data", 0,
	 Level::MUST, 0, "ibv_create_qp(3), ibv_post_send(3)",
	 "max_inline_data: Requested max number of data (bytes) that can be posted inline to the "
	 "SQ, otherwise 0; ibv_create_qp() will update the qp_init_attr->cap struct with the actual "
	 "QP values of the QP that was created. IBV_SEND_INLINE: Send data in given gather list as "
	 "inline data in a send WQE.",
	 "A WR with IBV_SEND_INLINE whose SGEs hold more bytes than the QP's max_inline_data (as "
	 "ibv_query_qp reports its cap) cannot be posted inline: a failure detected while posting, "
	 "the post stops at it. One of exactly max_inline_data bytes is within it."},
	{"srq.async_event.acked_before_destroy", verb_bit(Verb::ModifySrq), Check::DestroyAfterAck, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_get_async_event(3) NOTES",
	 "All async events that ibv_get_async_event() returns must be acknowledged using "
	 "ibv_ack_async_event(). To avoid races, destroying an object (CQ, SRQ or QP) will wait "
	 "for all affiliated events for the object to be acknowledged.",
	 nullptr},
	{"rate_limit.no_pacing.eopnotsupp", verb_bit(Verb::ModifyQpRateLimit), Check::ErrnoOfRule, "", 0, kNone, kNone, Feature::None, "rate_limit.pacing.supported", 0,
	 Level::MUST, 0, "ibv_modify_qp_rate_limit(3) ERRORS",
	 "EOPNOTSUPP Function is not implemented for this device (ENOSYS may sometimes be returned "
	 "by old versions of libibverbs); ibv_query_device_ex(3): a device whose "
	 "packet_pacing_caps.qp_rate_limit_max is 0 has no packet pacing, and nothing is modified.",
	 "mlx5: differs, because libmlx5 implements the verb on every device: without pacing an "
	 "RC, UC or UD QP gets EINVAL (ib_modify_qp_is_ok(): the QP type) and a RAW_PACKET QP in"
	 " RTS gets EOPNOTSUPP for a non-zero rate and 0 for rate 0 "
	 "(drivers/infiniband/hw/mlx5/qp.c:mlx5_ib_modify_qp; predicted in "
	 "deviations/mlx5.json). Judged on every call (ErrnoOfRule scoped to "
	 "rate_limit.pacing.supported, contracts/effect_judge.cpp): EOPNOTSUPP only; the "
	 "page's ENOSYS of old libibverbs is not taken (Debian 12's answers EOPNOTSUPP)."},
	{"rate_limit.qp_type.unpaced_rejected", verb_bit(Verb::ModifyQpRateLimit), Check::UnchangedOnReject, "", 0, kNone, kNone, Feature::None, "rate_limit.pacing.supported", 0,
	 Level::MUST, 0, "ibv_query_device_ex(3)",
	 "packet_pacing_caps.supported_qpts: Bitmap showing which QP types are supported; a QP of "
	 "another type cannot be paced: ibv_modify_qp_rate_limit(3) fails and, as any invalid "
	 "request (ibv_modify_qp(3) NOTES), modifies nothing.",
	 "mlx5: same (drivers/infiniband/hw/mlx5/qp.c:mlx5_ib_modify_qp): ib_modify_qp_is_ok() "
	 "refuses IBV_QP_RATE_LIMIT on any type but RAW_PACKET with EINVAL before anything "
	 "changes."},
	{"rate_limit.range.rejected_changes_nothing", verb_bit(Verb::ModifyQpRateLimit), Check::UnchangedOnReject, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_query_device_ex(3)",
	 "qp_rate_limit_min, qp_rate_limit_max: Minimum / Maximum rate limit in kbps; "
	 "ibv_modify_qp_rate_limit(3) ERRORS: EINVAL Invalid arguments: a rate_limit outside the "
	 "device's own range (0 apart) is rejected with EINVAL and nothing is modified (the pacing "
	 "in effect, and every queried attribute).",
	 "mlx5: same (drivers/net/ethernet/mellanox/mlx5/core/rl.c:mlx5_rl_add_rate_raw): a rate"
	 " outside the device's [min, max] is EINVAL before the SQ modify, and the old rate "
	 "stays."},
	{"rate_limit.zero.removes_the_limit", verb_bit(Verb::ModifyQpRateLimit), Check::SendsUnpaced, "removed", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp_rate_limit(3)",
	 "The rate_limit defines the MAX send rate; rate_limit 0 sets none (the attribute table's "
	 "ZeroOrRange rule: 0 is always valid and means unlimited): accepted, after which the QP "
	 "sends faster than the limit it had.",
	 "mlx5: same (drivers/infiniband/hw/mlx5/qp.c:modify_raw_packet_qp_sq): rate 0 selects "
	 "rate-table index 0, unlimited, and the old entry is released."},
	{"rate_limit.defaults.zero_selects_the_default", verb_bit(Verb::ModifyQpRateLimit), Check::PacingDefaults, "defaults", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp_rate_limit(3)",
	 "Setting a value of 0 for max_burst_sz or typical_pkt_sz will use the devices defaults. "
	 "typical_pkt_sz will default to the port's MTU value. Where the device reports its "
	 "shaping (emu0), the values in effect are those defaults; everywhere the QP keeps to its "
	 "rate_limit.",
	 "mlx5: decided by firmware, not visible in the source: a 0 max_burst_sz or "
	 "typical_pkt_sz goes into FW's rate-limit context as 0 "
	 "(drivers/net/ethernet/mellanox/mlx5/core/rl.c:mlx5_rl_add_rate_raw), and the default "
	 "is FW's."},
	{"rate_limit.pacing.max_send_rate", verb_bit(Verb::ModifyQpRateLimit), Check::PacedWithin, "set,reported", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp_rate_limit(3)",
	 "The rate_limit defines the MAX send rate this QP will send as long as the link in not "
	 "blocked and there are work requests in send queue; max_burst_sz: single burst max bytes "
	 "size. Measured: over any window the QP's sent bytes are at most rate_limit x window + "
	 "max_burst_sz, also right after an idle period.",
	 "mlx5: decided by firmware, not visible in the source (RAW_PACKET only). Visible "
	 "limits: a RAW_PACKET QP without a send queue takes the call unpaced, and a new rate "
	 "applies only while the SQ goes to RDY "
	 "(drivers/infiniband/hw/mlx5/qp.c:modify_raw_packet_qp_sq)."},
	{"modify_qp.rate_limit.paces_the_qp", verb_bit(Verb::ModifyQp), Check::PacedWithin, "set", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp(3)",
	 "IBV_QP_RATE_LIMIT Set rate_limit (Rate limit in kbps for packet pacing), optional for "
	 "RAW_PACKET RTR->RTS and RTS->RTS in the Linux 6.1 transition table (elsewhere: "
	 "ModifyQpForeignAttribute); once accepted it is the QP's MAX send rate, as "
	 "ibv_modify_qp_rate_limit(3) says: measured.",
	 "mlx5: decided by firmware, not visible in the source (the rate-table index is "
	 "programmed into the SQ, drivers/infiniband/hw/mlx5/qp.c:modify_raw_packet_qp_sq)."},
	{"ece.vendor_id.zero_is_eopnotsupp", verb_bit(Verb::SetEce), Check::ErrnoOfRule, "", 0, kNone, kNone, Feature::None, "ece.vendor_id.nonzero", 0,
	 Level::MUST, 0, "ibv_set_ece(3)",
	 "vendor_id: Unique identifier of the provider vendor on the network; EOPNOTSUPP "
	 "libibverbs or provider driver doesn't support the ibv_set_ece() verb: libibverbs answers "
	 "EOPNOTSUPP for vendor_id 0, which names no vendor, and nothing is stored.",
	 "mlx5: same (libibverbs/verbs.c:ibv_set_ece): answered before libmlx5 runs, nothing "
	 "stored."},
	{"ece.unsupported.from_both_verbs", verb_bit(Verb::SetEce) | verb_bit(Verb::QueryEce), Check::EceUnsupportedBoth, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_set_ece(3), ibv_query_ece(3)",
	 "EOPNOTSUPP libibverbs or provider driver doesn't support the ibv_set_ece() verb: a "
	 "device without ECE says so from both verbs.",
	 "mlx5: differs, because mlx5_query_ece() succeeds on a device whose FW lacks "
	 "ece_support (vendor_id 0x02c9, options 0) while mlx5_set_ece() answers EOPNOTSUPP "
	 "there (providers/mlx5/verbs.c:mlx5_query_ece; predicted in deviations/mlx5.json)."},
	{"ece.comp_mask.rejected_stores_nothing", verb_bit(Verb::SetEce), Check::UnchangedOnReject, "", 0, kNone, kNone, Feature::None, "ece.comp_mask.zero", 0,
	 Level::MUST, 0, "ibv_set_ece(3)",
	 "comp_mask: Bitmask specifying what fields in the structure are valid (verbs.h defines no "
	 "bit); EINVAL The ECE options are invalid: a comp_mask with an unknown bit is rejected "
	 "with EINVAL and nothing is stored (ibv_query_ece(3) returns what it returned before).",
	 "mlx5: same (providers/mlx5/verbs.c:mlx5_set_ece): EINVAL before anything is stored."},
	{"ece.options.accepted_subset_in_every_state", verb_bit(Verb::SetEce) | verb_bit(Verb::QueryEce), Check::EceAcceptedSubset, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_set_ece(3)",
	 "The desired ECE options will be used during various modify QP stages based on supported "
	 "options in relevant QP state; ece is IN/OUT, the accepted options will be returned in "
	 "this field; EINVAL The ECE options are invalid; ibv_query_ece(3): Return to the user "
	 "current ECE state for the QP. So: options are accepted (a subset comes back, from set "
	 "and from query in RESET, INIT, RTR and RTS, with the device's vendor_id) or rejected "
	 "with EINVAL and nothing stored.",
	 "mlx5: same (providers/mlx5/verbs.c:mlx5_set_ece): a set is allowed in every state, "
	 "refuses no options and hands the request back unchanged; what a query returns after a "
	 "modify is FW's (ece.query.returns_what_set_accepted)."},
	{"sched.invalid.changes_nothing", verb_bit(Verb::SchedCreate) | verb_bit(Verb::SchedModify), Check::UnchangedOnReject, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_sched_node_create(3)",
	 "comp_mask: Reserved for future extension, must be 0 now; flags: "
	 "MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE, MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW; "
	 "bw_share, max_avg_bw: This field must be 0 for the root TSAR; parent: The root "
	 "scheduling element doesn't have a parent (a leaf is connected to a node). An invalid "
	 "create returns NULL and creates nothing; an invalid modify (root included) fails and "
	 "changes nothing.",
	 "mlx5: same (providers/mlx5/mlx5.c:sched_attr_valid): every request row is checked "
	 "before any FW command."},
	{"sched.field_without_flag.ignored", verb_bit(Verb::SchedCreate) | verb_bit(Verb::SchedModify), Check::FlaglessIgnored, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::SHOULD, 0, "mlx5dv_sched_node_create(3)",
	 "flags: Specifying what attributes in the structure are valid. The page does not say what "
	 "a field set without its flag does. Decision: such a field is not valid, so it is "
	 "ignored: never checked (a root request may leave a non-zero bw_share or max_avg_bw in "
	 "the struct with its flag clear) and never applied (a create takes the device default: "
	 "bw_share 0 the default weight, max_avg_bw 0 unlimited; a modify keeps the current "
	 "value).",
	 "mlx5: same (providers/mlx5/mlx5.c:mlx5dv_sched_nic_modify): a field is programmed only"
	 " with its flag (the FW field select is the request's flags)."},
	{"sched.tree.man_page_example", verb_bit(Verb::SchedCreate) | verb_bit(Verb::SchedModify), Check::ExampleTreeAccepted, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_sched_node_create(3) NOTES",
	 "the example tree (a root with flags 0; group1 bw_share 7; group2 bw_share 3, max_avg_bw "
	 "4096) is created, modified, has QPs attached (mlx5dv_modify_qp_sched_elem(3)) and is "
	 "destroyed leaves first; RETURN VALUE: a new element on success; 0 on success for modify "
	 "and destroy.",
	 "mlx5: same (providers/mlx5/mlx5.c:mlx5dv_sched_nic_create): a root with flags 0 and "
	 "leaves with their parent are valid; whether FW takes the values is FW's."},
	{"sched.destroy.children_first", verb_bit(Verb::SchedModify), Check::ParentOutlivesChildren, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::SHOULD, 0, "mlx5dv_sched_node_create(3)",
	 "The SEs are connected in a tree structure. The page does not say what destroying a node "
	 "that still has children does. Decision: children go before their parents; a node with "
	 "children is refused (the device's errno is in the evidence) and the tree stays as it "
	 "was, its children still usable.",
	 "mlx5: decided by firmware, not visible in the source: neither libmlx5 nor mlx5_ib "
	 "refuses destroying a node with children; FW's DESTROY_GENERAL_OBJECT decides, and the "
	 "object stays when it fails (drivers/infiniband/hw/mlx5/devx.c:devx_obj_cleanup)."},
	{"sched.qp_attach.attach_and_detach", verb_bit(Verb::SchedModify), Check::AttachAccepted, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_modify_qp_sched_elem(3)",
	 "Connect a QP with a requestor and/or a responder scheduling element; By default, all QPs "
	 "are not associated to SE; upon success 0 is returned: attaching to leaves and detaching "
	 "(null leaves) both succeed.",
	 "mlx5: same (providers/mlx5/mlx5.c:_mlx5dv_modify_qp_sched_elem): RC/UC/UD attach in "
	 "INIT or RTS, RAW_PACKET in RTS, NULL leaves detach; other states and QPs without the "
	 "caps get EOPNOTSUPP (the clause attaches in RTS and SKIPs on EOPNOTSUPP)."},
	{"sched.qp_attach.responder_is_ib_only", verb_bit(Verb::SchedModify), Check::ResponderIbOnly, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::SHOULD, 0, "mlx5dv_modify_qp_sched_elem(3)",
	 "A QP can be associate to a requestor and/or a responder SE following the IB spec "
	 "definition: a UD or RAW_PACKET QP has no IB responder, so a responder leaf for it is "
	 "invalid and changes nothing.",
	 "mlx5: same (providers/mlx5/mlx5.c:_mlx5dv_modify_qp_sched_elem): a UD or RAW_PACKET "
	 "responder is EINVAL before any cap check; mlx5 also refuses a UC responder, which this"
	 " row does not judge."},
	{"sched.qp_attach.default_unassociated", verb_bit(Verb::SchedModify), Check::QpStartsUnattached, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_modify_qp_sched_elem(3)",
	 "By default, all QPs are not associated to SE.",
	 "A QP no mlx5dv_modify_qp_sched_elem attached is in no scheduling element, even with "
	 "leaves alive on its device: judged where the device reports a QP's leaves (emu0); "
	 "mlx5 has no such query, and there the case SKIPs naming it. mlx5: same "
	 "(providers/mlx5/mlx5.c:_mlx5dv_modify_qp_sched_elem): only that call writes a QP's "
	 "queue group id; a new QP's context carries none."},
	{"sched.qp_attach.default_is_fair_and_unlimited", verb_bit(Verb::SchedModify), Check::SharesMet, "unattached", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_modify_qp_sched_elem(3)",
	 "The default setting is ensuring fair bandwidth allocation with no maximum bandwidth "
	 "limiting.",
	 "Measured: with a capped leaf alive on the device, two backlogged RAW_PACKET QPs no call "
	 "attached each get half the link, within the clock's tolerance. mlx5: decided by "
	 "firmware, not visible in the source (a QP with no queue group id is scheduled by FW's "
	 "default arbitration)."},
	{"sched.bw_share.zero_is_the_default_weight", verb_bit(Verb::SchedCreate), Check::SharesMet, "zero_weight", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_sched_node_create(3)",
	 "bw_share: The relative bandwidth share allocated for this element. ... Value of 0, "
	 "indicates a device default Weight.",
	 "Measured: under a capped node, a leaf created with BW_SHARE and bw_share 0 and a leaf "
	 "created without BW_SHARE (the device default) split the node equally, within the "
	 "clock's tolerance. mlx5: decided by firmware, not visible in the source: "
	 "mlx5dv_sched_nic_create() programs a bw_share of 0, or none, as 0, and the weight FW "
	 "gives 0 is FW's."},
	{"sched.shares.weighted_max_min", verb_bit(Verb::SchedCreate) | verb_bit(Verb::SchedModify), Check::SharesMet, "example,random", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_sched_node_create(3)",
	 "The SE assures that weight for each entity is met. If entity has reached its maximum "
	 "allowed bandwidth within the scheduling cycle, it won't be scheduled till end of the "
	 "scheduling cycle. The unused transmission bandwidth will be distributed among the "
	 "remaining entities assuring the weight setting. Measured on the NOTES example (7:3, 4 "
	 "Gb/s cap on the second) under a capped node: backlogged QPs get the weighted max-min "
	 "fair share, within tolerance.",
	 "mlx5: decided by firmware, not visible in the source (DWRR TSARs: libmlx5 only "
	 "programs bw_share and max_average_bw, providers/mlx5/mlx5.c:mlx5dv_sched_nic_create)."},
	{"sched.shares.idle_share_redistributed", verb_bit(Verb::SchedCreate) | verb_bit(Verb::SchedModify), Check::SharesMet, "idle", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_sched_node_create(3)",
	 "The unused transmission bandwidth will be distributed among the remaining entities "
	 "assuring the weight setting: with group2 idle, group1's QP gets the whole node.",
	 "mlx5: decided by firmware, not visible in the source (DWRR TSARs)."},
	// Accepted means applied: each accepted call proven by its effect.
	{"modify_qp.rate_limit.zero_removes_the_limit", verb_bit(Verb::ModifyQp), Check::SendsUnpaced, "removed", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp(3), ibv_modify_qp_rate_limit(3)",
	 "IBV_QP_RATE_LIMIT Set rate_limit (Rate limit in kbps for packet pacing); "
	 "ibv_modify_qp_rate_limit(3): The rate_limit defines the MAX send rate this QP will send; "
	 "rate_limit 0 is always valid and means unlimited (the attribute table's ZeroOrRange "
	 "row): an accepted RTS->RTS with IBV_QP_RATE_LIMIT 0 on a paced QP removes the limit, "
	 "after which it sends faster than the limit it had.",
	 "The page states the result as fact (\"Set rate_limit\"): MUST."
	 " mlx5: same (drivers/infiniband/hw/mlx5/qp.c:modify_raw_packet_qp_sq): rate 0 is index"
	 " 0, unlimited."},
	{"ece.lifecycle.new_qp_starts_from_the_default", verb_bit(Verb::CreateQp) | verb_bit(Verb::SetEce) | verb_bit(Verb::QueryEce), Check::StartsFresh, "ece.", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_set_ece(3) ARGUMENTS",
	 "qp The queue pair (QP) associated with the ECE options.",
	 "The options belong to the QP they were set on: a QP created after another QP took "
	 "options and was destroyed answers ibv_query_ece as a QP that never saw them (the "
	 "device's default, read on a fresh QP before). What a QP moved to RESET keeps is left "
	 "unjudged: ECE is a vendor extension the IB spec's RESET does not speak of, and the "
	 "pages are silent. Judged on every create: the new object against the first of its kind the case created (StartsFresh, contracts/effect_judge.cpp). Per QP type."
	 " mlx5: same (providers/mlx5/verbs.c:create_qp): the ECE state lives in each QP and "
	 "starts from FW's answer to its CREATE_QP."},
	{"ece.query.returns_what_set_accepted", verb_bit(Verb::SetEce) | verb_bit(Verb::QueryEce), Check::EceQueryAsAccepted, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::SHOULD, 0, "ibv_set_ece(3), ibv_query_ece(3)",
	 "ibv_set_ece(3): The requested ECE values. This is IN/OUT field, the accepted options "
	 "will be returned in this field. ibv_query_ece(3): Return to the user current ECE state "
	 "for the QP.",
	 "The accepted options are the QP's current ECE state, so ibv_query_ece returns exactly "
	 "what ibv_set_ece handed back (options and vendor_id), in every state the QP can be in "
	 "(ibv_set_ece(3) restricts none)."
	 " mlx5: differs, because mlx5_set_ece() keeps the options pending and sets what "
	 "mlx5_query_ece() returns to 0 until the next successful modify, after which it returns"
	 " the options FW agreed (providers/mlx5/verbs.c:mlx5_set_ece, "
	 "drivers/infiniband/hw/mlx5/qpc.c:mlx5_core_qp_modify; predicted in "
	 "deviations/mlx5.json). [changed: MUST -> SHOULD: ibv_set_ece(3) says the options "
	 "\"will be used during various modify QP stages\", so \"exactly what set handed back\" "
	 "is one reading of \"current ECE state\", not the page's]"},
	{"sched.modify.shares_follow_the_new_value", verb_bit(Verb::SchedModify), Check::SharesMet, "modified", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_sched_node_create(3)",
	 "mlx5dv_sched_node_modify - Modifies a node scheduling element; mlx5dv_sched_leaf_modify "
	 "- Modifies a leaf scheduling element; sched_attr: For create, modify: the attribute of "
	 "the scheduling element to work on. bw_share: The bandwidth is shared between all "
	 "elements connected to the same parent element, relatively to their bw_share. "
	 "max_avg_bw: The maximal transmission rate allowed for the element, averaged over time.",
	 "An accepted modify is in effect: the measured shares after it are the weighted "
	 "max-min fair shares of the tree as modified (a read-back alone is not enough): MUST."
	 " mlx5: decided by firmware, not visible in the source (a modify selects the flagged "
	 "fields, providers/mlx5/mlx5.c:mlx5dv_sched_nic_modify; FW shapes)."},
	{"sched.lifecycle.new_element_starts_from_its_own_attributes", verb_bit(Verb::SchedCreate) | verb_bit(Verb::SchedModify), Check::SharesMet, "recreated", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_sched_node_create(3)",
	 "sched_attr: For create, modify: the attribute of the scheduling element to work on. "
	 "max_avg_bw: The maximal transmission rate allowed for the element, averaged over time. "
	 "Value 0x0 indicates the rate is unlimited.",
	 "An element's attributes are its own: a leaf created without max_avg_bw after a capped "
	 "leaf was destroyed is unlimited and shares by its own bw_share, measured (a device that "
	 "reuses the destroyed element's slot must program it anew): MUST, as the create's "
	 "attributes are stated as what the element works on."
	 " mlx5: same (providers/mlx5/mlx5.c:mlx5dv_sched_nic_create): each create programs a "
	 "fresh element context with only its flagged fields; the shaping is FW's."},
	{"modify_cq.lifecycle.new_cq_starts_unmoderated", verb_bit(Verb::CreateCq) | verb_bit(Verb::ModifyCq), Check::StartsFresh, "moderation_ret,cq_count,cq_period", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_cq(3)",
	 "The function ibv_modify_cq() will modify the CQ, based on the given cq_attr->attr_mask",
	 "The moderation belongs to the CQ modified: a CQ created after a moderated one was "
	 "destroyed has the moderation of a CQ that never saw ibv_modify_cq (read on a fresh CQ "
	 "before), where the device reports the moderation in effect: MUST. libibverbs has no "
	 "query of it: elsewhere the clause SKIPs naming that. Judged on every create: the new object against the first of its kind the case created (StartsFresh, contracts/effect_judge.cpp)."
	 " mlx5: same (drivers/infiniband/hw/mlx5/cq.c:mlx5_ib_create_cq): a create programs no "
	 "moderation; not observable through libibverbs."},
	{"rate_limit.every_state.follows_the_table", verb_bit(Verb::ModifyQpRateLimit), Check::InvalidRejected, "", 0, kNone, kNone, Feature::None, "modify_qp.transition.allowed", 0,
	 Level::MUST, 0, "ibv_modify_qp(3), ibv_modify_qp_rate_limit(3)",
	 "IBV_QP_RATE_LIMIT Set rate_limit; Linux 6.1 qp_state_table: IBV_QP_RATE_LIMIT is optional "
	 "for RAW_PACKET RTR->RTS and RTS->RTS only; ibv_modify_qp_rate_limit(3) EINVAL: Invalid "
	 "arguments.",
	 "ibv_modify_qp_rate_limit is IBV_QP_RATE_LIMIT on the current -> current row: tried in "
	 "every state of the table's RAW_PACKET rows, accepted (within packet_pacing_caps) only "
	 "where the row allows it, elsewhere EINVAL and nothing changed; out of range EINVAL in "
	 "every state: MUST (the table and the range rows are MUST)."
	 " mlx5: same (drivers/infiniband/hw/mlx5/qp.c:mlx5_ib_modify_qp): ib_modify_qp_is_ok() "
	 "applies the kernel's table with the QP type, and ibv_modify_qp_rate_limit is "
	 "IBV_QP_RATE_LIMIT on the current -> current row."},
	// Lifecycle.
	{"modify_qp.reset.reported_pacing_in_effect", verb_bit(Verb::ModifyQp), Check::SendsUnpaced, "reset,reported", 1, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp_rate_limit(3)",
	 "The rate_limit defines the MAX send rate this QP will send; rate_limit 0 means no "
	 "limit: after RESET and a walk back to RTS without IBV_QP_RATE_LIMIT, a device that "
	 "reports no pacing in effect sends unpaced.",
	 "What a device reports as in effect is what it does: MUST. Devices that do not report "
	 "the pacing in effect SKIP (modify_qp.reset.forgets_pacing measures them)."
	 " mlx5: same (drivers/infiniband/hw/mlx5/qp.c:mlx5_ib_query_qp): mlx5 reports no pacing"
	 " in effect, so the rule does not apply there (SKIP) and modify_qp.reset.forgets_pacing"
	 " measures it."},
	{"modify_qp.reset.forgets_pacing", verb_bit(Verb::ModifyQp), Check::SendsUnpaced, "reset", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::SHOULD, 0, "ibv_modify_qp(3)",
	 "IBV_QP_RATE_LIMIT Set rate_limit; ibv_query_qp(3) NOTES: Attribute values are valid if "
	 "they have been set using ibv_modify_qp(). The exact list of valid attributes depends on "
	 "the QP state.",
	 "The pages are silent on what a move to RESET keeps: ibvcert expects a QP walked up "
	 "again from RESET to keep nothing the walk did not set (no pacing), as a new QP would: "
	 "SHOULD."
	 " mlx5: same (drivers/infiniband/hw/mlx5/qp.c:modify_raw_packet_qp_sq): an SQ leaving "
	 "RDY releases its rate and clears the QP's pacing."},
	// Interactions.
	{"modify_qp.unmasked.pacing_kept", verb_bit(Verb::ModifyQp), Check::PacedWithin, "kept", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp(3)",
	 "ibv_modify_qp() modifies the attributes of QP qp with the attributes in attr according "
	 "to the mask attr_mask.",
	 "A modify whose mask has no IBV_QP_RATE_LIMIT does not modify rate_limit: the pacing "
	 "set before (ibv_modify_qp_rate_limit) stays in effect, measured: MUST."
	 " mlx5: same (drivers/infiniband/hw/mlx5/qp.c:modify_raw_packet_qp_sq): a modify "
	 "without IBV_QP_RATE_LIMIT keeps the QP's rate while the SQ stays RDY."},
	{"srq.lifecycle.new_srq_not_armed", verb_bit(Verb::CreateSrq) | verb_bit(Verb::ModifySrq), Check::StartsFresh, "srq_limit", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_srq(3) NOTES",
	 "Modifying the srq_limit arms the SRQ to produce an IBV_EVENT_SRQ_LIMIT_REACHED \"low "
	 "watermark\" asynchronous event once the number of WRs in the SRQ drops below srq_limit.",
	 "Arming is a modify of that SRQ: an SRQ created after an armed one was destroyed is not "
	 "armed (ibv_create_srq(3): srq_limit is irrelevant there), so ibv_query_srq reads "
	 "srq_limit 0 and draining it below the destroyed SRQ's limit raises no event: MUST. Judged on every create: the new object against the first of its kind the case created (StartsFresh, contracts/effect_judge.cpp)."},
	{"srq.limit_event.armed_across_resize", verb_bit(Verb::ModifySrq), Check::LimitArmedAcrossResize, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_srq(3) NOTES",
	 "Modifying the srq_limit arms the SRQ to produce an IBV_EVENT_SRQ_LIMIT_REACHED \"low "
	 "watermark\" asynchronous event once the number of WRs in the SRQ drops below srq_limit. "
	 "ibv_query_srq(3) NOTES: If the value returned for srq_limit is 0, then the SRQ limit "
	 "reached event is not (or no longer) armed.",
	 "Only the event (or srq_limit 0) disarms: IBV_SRQ_MAX_WR alone does not modify srq_limit, "
	 "so the SRQ stays armed and the event still fires once below the limit: MUST."},
	{"modify_qp.should_invalid.rejected", verb_bit(Verb::ModifyQp), Check::InvalidRejected, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::SHOULD, 0, "ibv_modify_qp(3) NOTES",
	 "If any of the modify attributes or the modify mask are invalid, none of the attributes "
	 "will be modified (including the QP state).",
	 "A request only a SHOULD row rejects (a value outside the spec range the attribute table "
	 "gives it, a flag whose device feature is missing: a provider may leave them unchecked) "
	 "is not carried out, at SHOULD: the row's level is the level of the rejections it judges "
	 "(contracts/effect_judge.cpp)."},
	{"modify_srq.valid.carried_out", verb_bit(Verb::ModifySrq), Check::ValidAccepted, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_srq(3) RETURN VALUE",
	 "ibv_modify_srq() returns 0 on success, or the value of errno on failure (which indicates "
	 "the failure reason).",
	 "A request no row of the verb rejects, on the object as it stood, is carried out: the "
	 "call returns 0 (ENOMEM, or EOPNOTSUPP from a provider without the verb, aside: no page "
	 "promises resources). Judged on every call whose request the verb's evaluator can read "
	 "(contracts/effect_judge.cpp)."},
	{"modify_srq.invalid.rejected", verb_bit(Verb::ModifySrq), Check::InvalidRejected, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_srq(3) NOTES",
	 "If any of the modify attributes is invalid, none of the attributes will be modified.",
	 "A request a MUST row of the verb rejects is not carried out: the call fails. Judged on "
	 "every call whose request the verb's evaluator can read (contracts/effect_judge.cpp)."},
	{"create_srq.valid.carried_out", verb_bit(Verb::CreateSrq), Check::ValidAccepted, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_create_srq(3) RETURN VALUE",
	 "ibv_create_srq() returns a pointer to the created SRQ, or NULL if the request fails.",
	 "A request no row of the verb rejects, on the object as it stood, is carried out: the "
	 "call returns 0 (ENOMEM, or EOPNOTSUPP from a provider without the verb, aside: no page "
	 "promises resources). Judged on every call whose request the verb's evaluator can read "
	 "(contracts/effect_judge.cpp)."},
	{"create_srq.invalid.rejected", verb_bit(Verb::CreateSrq), Check::InvalidRejected, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_create_srq(3) RETURN VALUE",
	 "ibv_create_srq() returns a pointer to the created SRQ, or NULL if the request fails.",
	 "A request a MUST row of the verb rejects is not carried out: the call fails. Judged on "
	 "every call whose request the verb's evaluator can read (contracts/effect_judge.cpp)."},
	{"modify_qp_rate_limit.valid.carried_out", verb_bit(Verb::ModifyQpRateLimit), Check::ValidAccepted, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp_rate_limit(3) RETURN VALUE",
	 "ibv_modify_qp_rate_limit() returns 0 on success, or the value of errno on failure (which "
	 "indicates the failure reason).",
	 "A request no row of the verb rejects, on the object as it stood, is carried out: the "
	 "call returns 0 (ENOMEM, or EOPNOTSUPP from a provider without the verb, aside: no page "
	 "promises resources). Judged on every call whose request the verb's evaluator can read "
	 "(contracts/effect_judge.cpp)."},
	{"modify_qp_rate_limit.invalid.rejected", verb_bit(Verb::ModifyQpRateLimit), Check::InvalidRejected, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp_rate_limit(3) ERRORS",
	 "EINVAL Invalid arguments.",
	 "A request a MUST row of the verb rejects is not carried out: the call fails. Judged on "
	 "every call whose request the verb's evaluator can read (contracts/effect_judge.cpp)."},
	{"set_ece.invalid.rejected", verb_bit(Verb::SetEce), Check::InvalidRejected, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_set_ece(3) RETURN VALUE",
	 "EINVAL In one of the following: o The QP is invalid. o The ECE options are invalid.",
	 "A request a MUST row of the verb rejects is not carried out: the call fails. Judged on "
	 "every call whose request the verb's evaluator can read (contracts/effect_judge.cpp)."},
	{"sched.valid.carried_out", verb_bit(Verb::SchedCreate) | verb_bit(Verb::SchedModify), Check::ValidAccepted, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_sched_node_create(3) RETURN VALUE",
	 "Upon success mlx5dv_sched_node[/leaf]_create() will return a new struct "
	 "mlx5dv_sched_node[/leaf], on error NULL will be returned and errno will be set. Upon "
	 "success modify and destroy, 0 is returned or the value of errno on a failure.",
	 "A request no row of the verb rejects, on the object as it stood, is carried out: the "
	 "call returns 0 (ENOMEM, or EOPNOTSUPP from a provider without the verb, aside: no page "
	 "promises resources). Judged on every call whose request the verb's evaluator can read "
	 "(contracts/effect_judge.cpp). "
	 "mlx5: differs, because sched_attr_valid() refuses a root request with any flag set (value 0 included) (providers/mlx5/mlx5.c:sched_attr_valid; predicted in deviations/mlx5.json)."},
	{"sched.invalid.rejected", verb_bit(Verb::SchedCreate) | verb_bit(Verb::SchedModify), Check::InvalidRejected, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "mlx5dv_sched_node_create(3) RETURN VALUE",
	 "Upon success mlx5dv_sched_node[/leaf]_create() will return a new struct "
	 "mlx5dv_sched_node[/leaf], on error NULL will be returned and errno will be set. Upon "
	 "success modify and destroy, 0 is returned or the value of errno on a failure.",
	 "A request a MUST row of the verb rejects is not carried out: the call fails. Judged on "
	 "every call whose request the verb's evaluator can read (contracts/effect_judge.cpp). "
	 "mlx5: same (providers/mlx5/mlx5.c:sched_attr_valid): every MUST row is checked in libmlx5 before the firmware is reached."},
	{"modify_cq.valid.carried_out", verb_bit(Verb::ModifyCq), Check::ValidAccepted, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_cq(3) RETURN VALUE",
	 "returns 0 on success, or the value of errno on failure (which indicates the failure "
	 "reason).",
	 "A request no row of the verb rejects, on the object as it stood, is carried out: the "
	 "call returns 0 (ENOMEM, or EOPNOTSUPP from a provider without the verb, aside: no page "
	 "promises resources). Judged on every call whose request the verb's evaluator can read "
	 "(contracts/effect_judge.cpp). "
	 "mlx5: same (drivers/infiniband/hw/mlx5/cq.c:mlx5_ib_modify_cq), with EOPNOTSUPP where the device has no CQ moderation."},
	{"modify_cq.invalid.rejected", verb_bit(Verb::ModifyCq), Check::InvalidRejected, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_cq(3) RETURN VALUE",
	 "returns 0 on success, or the value of errno on failure (which indicates the failure "
	 "reason).",
	 "A request a MUST row of the verb rejects is not carried out: the call fails. Judged on "
	 "every call whose request the verb's evaluator can read (contracts/effect_judge.cpp). "
	 "mlx5: same (drivers/infiniband/hw/mlx5/cq.c:mlx5_ib_modify_cq), as the modify_cq rows."},
	{"modify_qp.other_objects.unchanged", verb_bit(Verb::ModifyQp), Check::FrameUnchanged, "", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_modify_qp(3)",
	 "ibv_modify_qp() modifies the attributes of QP qp with the attributes in attr according "
	 "to the mask attr_mask.",
	 "The verb names one QP: nothing else of the device (its other QPs, its SRQs) is the "
	 "call's to change. The page states it as fact: MUST."},
	// The datapath: memory regions, sends and their completions, async events.
	{"reg_mr.access.remote_needs_local_write", verb_bit(Verb::RegMr), Check::BitsRequire, "access", IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_ATOMIC, kNone, {Cap::None, IBV_ACCESS_LOCAL_WRITE}, Feature::None, nullptr, 0,
	 Level::MUST, EINVAL, "ibv_reg_mr(3)",
	 "If IBV_ACCESS_REMOTE_WRITE or IBV_ACCESS_REMOTE_ATOMIC is set, then IBV_ACCESS_LOCAL_WRITE "
	 "must be set too. RETURN VALUE: ibv_reg_mr() returns a pointer to the registered MR, or "
	 "NULL if the request fails.",
	 "The page makes local write a condition of remote write and remote atomic access: an "
	 "access value without it is invalid and the registration fails (EINVAL by convention: "
	 "the kernel's ib_check_mr_access). contracts/reg_mr_eval.cpp evaluate_reg_mr()."},
	{"post_send.opcode.in_the_qp_type_table", verb_bit(Verb::PostSend), Check::OpcodeOfQpType, "opcode", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::SHOULD, EINVAL, "ibv_post_send(3)",
	 "Each QP Transport Service Type supports a specific set of opcodes, as shown in the "
	 "following table. It stops processing WRs from this list at the first failure (that can "
	 "be detected immediately while requests are being posted), and returns this failing WR "
	 "through bad_wr.",
	 "The page does not say that an opcode outside the QP type's column fails at post time "
	 "rather than in its completion: SHOULD (judged on the reference device only)."},
	{"poll_cq.return.at_most_num_entries", verb_bit(Verb::PollCq), Check::ResultAtMost, "num_entries", 0, kNone, kNone, Feature::None, nullptr, 0,
	 Level::MUST, 0, "ibv_poll_cq(3)",
	 "ibv_poll_cq() polls the CQ cq for work completions and returns the first num_entries (or "
	 "all available completions if the CQ contains fewer than this number) in the array wc. "
	 "RETURN VALUE: On success, ibv_poll_cq() returns a non-negative value equal to the number "
	 "of completions found. On failure, a negative value is returned.",
	 nullptr},
};

} // namespace

IBVCERT_RULE_FAMILY(effect, 70, nullptr)

} // namespace ibvcert
