#include "properties/property_clauses.h"

namespace ibvcert::property_clauses {

const char kModifyQpAcceptance[] =
	"ibv_modify_qp(3): returns 0 on success, or the value of errno on failure; NOTES: the "
	"required attributes of each transition, beyond RTS the Linux 6.1 ib_modify_qp_is_ok() "
	"transition table (only listed transitions, only their required and optional "
	"attributes); each MUST-level attribute within the range the attribute table gives it "
	"on the device's caps.";
const char kShouldRanges[] =
	"ibv_modify_qp(3) NOTES: if any of the modify attributes are invalid, none will be "
	"modified; the attribute table's spec ranges (SHOULD: a provider may mask them) and "
	"the device features a flag needs (IBV_DEVICE_AUTO_PATH_MIG, packet pacing).";
const char kStateMachine[] =
	"ibv_modify_qp(3) and the Linux 6.1 transition table, step by step: each modify is "
	"accepted exactly when the table and the attribute ranges say so (MUST level), a "
	"rejected one changes nothing, and ibv_query_qp and ibv_qp::state show the state the "
	"accepted modifies led to.";
const char kStateMachineQuery[] =
	"ibv_query_qp(3): attribute values are valid if they have been set using "
	"ibv_modify_qp() (since the QP last left RESET); read back as set, except where "
	"ibv_query_qp(3) and ibv_create_qp(3) allow otherwise (properties/read_back.cpp).";

const char kSrqModifyAcceptance[] =
	"ibv_modify_srq(3): returns 0 on success, or the value of errno on failure; "
	"srq_attr_mask is either 0 or the bitwise OR of IBV_SRQ_MAX_WR and IBV_SRQ_LIMIT; "
	"NOTES: resizing needs IBV_DEVICE_SRQ_RESIZE; each value as the SRQ rule table "
	"(fixtures/srq_attr_table.cpp) bounds it on the device's caps, max_wr possibly "
	"rounded up (ibv_create_srq(3): greater than or equal to the values requested). An "
	"accepted request reads back through ibv_query_srq(3) (max_wr never below the "
	"request, srq_limit as set) and the WRs posted before it stay in the SRQ.";
const char kSrqModifyNothingChanged[] =
	"ibv_modify_srq(3) NOTES: If any of the modify attributes is invalid, none of the "
	"attributes will be modified: ibv_query_srq(3) reads the same before and after, and "
	"every WR posted before the call is still delivered (ibv_post_srq_recv(3)).";
const char kSrqLimitEvents[] =
	"ibv_modify_srq(3) NOTES: Modifying the srq_limit arms the SRQ to produce an "
	"IBV_EVENT_SRQ_LIMIT_REACHED \"low watermark\" asynchronous event once the number "
	"of WRs in the SRQ drops below srq_limit. ibv_query_srq(3) NOTES: If the value "
	"returned for srq_limit is 0, then the SRQ limit reached event is not (or no "
	"longer) armed, and no asynchronous events will be generated until the event is "
	"rearmed. So: one event per arming, when the count first drops below the limit.";
const char kSrqStateMachine[] =
	"ibv_create_srq(3), ibv_modify_srq(3), ibv_query_srq(3), ibv_post_srq_recv(3), "
	"ibv_get_async_event(3), step by step: srq_limit given to ibv_create_srq arms nothing; "
	"each modify is accepted exactly when the SRQ rule table says so and a rejected one "
	"changes nothing; a post takes the WRs up to max_wr and stops at the first one past "
	"it; each limit event comes once per arming when the count drops below srq_limit, "
	"and none otherwise; ibv_query_srq shows the size, max_sge and the arming the model "
	"holds.";
const char kSrqCreate[] =
	"ibv_create_srq(3): the SRQ rule table's create rules (max_wr and max_sge within "
	"the device's max_srq_wr and max_srq_sge, fixtures/srq_attr_table.cpp); "
	"ibv_create_srq() will update the srq_init_attr struct with the original values "
	"of the SRQ that was created; the values of max_wr and max_sge will be greater "
	"than or equal to the values requested (ibv_query_srq(3) reads the same SRQ).";

const char kRateLimit[] =
	"ibv_modify_qp_rate_limit(3): returns 0 on success, or the value of errno on failure; "
	"EINVAL: invalid arguments (rate_limit 0 or within packet_pacing_caps' "
	"[qp_rate_limit_min, qp_rate_limit_max], the attribute table's rate_limit row; no "
	"comp_mask bit is defined); a rejected request leaves the shaping in effect; max_burst_sz "
	"is the maximum burst size (0: the device default), so after an idle spell no window of "
	"sends exceeds rate_limit x window + max_burst_sz.";
const char kEce[] =
	"ibv_set_ece(3): ece is IN/OUT, the accepted options are returned; EINVAL when the ECE "
	"options are invalid; vendor_id is the provider's IEEE OUI; comp_mask names the valid "
	"fields (none is defined). ibv_query_ece(3): the ECE options in effect. A rejected "
	"request stores nothing; the accepted options are a subset of the request.";
const char kSchedTree[] =
	"mlx5dv_sched_node_create(3), mlx5dv_sched_leaf_create(3), mlx5dv_sched_node_modify(3), "
	"mlx5dv_sched_leaf_modify(3): the rule table (fixtures/sched_attr_table.cpp): comp_mask "
	"must be 0, flags name the valid fields, bw_share and max_avg_bw must be 0 for the root "
	"TSAR, a leaf is connected to a parent node, a modify keeps the parent; a rejected "
	"modify changes nothing.";
const char kSchedShare[] =
	"mlx5dv_sched_node_create(3): the SE assures that weight for each entity is met, the "
	"unused transmission bandwidth is distributed among the remaining entities assuring the "
	"weight setting, max_avg_bw caps each element: backlogged leaves get the weighted "
	"max-min fair share (fixtures/fair_share.h) within the conformance tolerance.";

} // namespace ibvcert::property_clauses
