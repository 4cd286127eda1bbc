// What each check kind of contracts/rule.h is, one row per kind (the enum's
// order): its name (`ibvcert rules`), whether it judges the request (the
// verb's evaluator) or what the call did (a judge), the code that executes
// it, and its condition as text for a row. A new check kind is one row here.
#include "contracts/rule.h"

#include <fmt/format.h>

#include <string>

namespace ibvcert {
namespace {

std::string bound_text(const Bound &b)
{
	if (b.cap == Cap::None)
		return std::to_string(b.offset);
	if (b.offset == 0)
		return cap_name(b.cap);
	return fmt::format("{}{:+}", cap_name(b.cap), b.offset);
}

// What executes a kind: the judge or evaluator (contracts/executed_by.h
// names the verbs with their own judge per row).
constexpr const char kCheckValue[] = "contracts/value_check.cpp check_value, in the verb's evaluator";
constexpr const char kEvaluator[] = "the verb's evaluator (contracts/*_eval.cpp)";
constexpr const char kJudgeCall[] = "contracts/call_judge.cpp judge_call";
constexpr const char kJudgeEffect[] = "contracts/effect_judge.cpp judge_effect";
constexpr const char kEvaluateCreateSrqReport[] = "contracts/srq_eval.cpp evaluate_create_srq_report";
constexpr const char kJudgeSrqHistory[] = "contracts/srq_event_judge.cpp judge_srq_history";
constexpr const char kJudgeFrame[] = "contracts/frame_judge.cpp judge_frame";
constexpr const char kJudgeExchangeOrPolled[] =
	"contracts/completion_judge.cpp judge_exchange; contracts/polled_judge.cpp judge_polled "
	"(completions polled against the WRs outstanding)";
constexpr const char kJudgeExchange[] = "contracts/completion_judge.cpp judge_exchange";
constexpr const char kJudgeFlush[] = "contracts/completion_judge.cpp judge_flush";
constexpr const char kJudgePostRecvOnSrqQp[] = "contracts/completion_judge.cpp judge_post_recv_on_srq_qp";
constexpr const char kEvaluatePostWr[] = "contracts/post_wr_eval.cpp evaluate_post_wr";
constexpr const char kEvaluateRegMr[] = "contracts/reg_mr_eval.cpp evaluate_reg_mr";
constexpr const char kEvaluatePostSendOpcode[] = "contracts/post_send_opcodes.cpp evaluate_post_send_opcode";
constexpr const char kJudgeEce[] = "contracts/ece_judge.cpp judge_ece";
constexpr const char kJudgeCqNotify[] = "contracts/cq_notify_judge.cpp judge_cq_notify";
constexpr const char kJudgePacing[] = "contracts/pacing_judge.cpp judge_pacing";
constexpr const char kJudgeShares[] = "contracts/sched_judge.cpp judge_shares";
constexpr const char kJudgeSchedCall[] = "contracts/sched_judge.cpp judge_sched_call";
constexpr const char kLifecycleJudge[] = "contracts/lifecycle_judge.cpp";
constexpr const char kJudgeQueryReply[] =
	"contracts/lifecycle_judge.cpp judge_query_port, judge_query_device (the reply of an answered query)";
constexpr const char kJudgeDeviceList[] = "contracts/device_list_judge.cpp judge_device_list";
constexpr const char kJudgeOpenDevice[] = "contracts/device_list_judge.cpp judge_open_device";
constexpr const char kJudgeFlaggedExchange[] = "contracts/send_flags_judge.cpp judge_flagged_exchange";
constexpr const char kJudgeRouting[] = "contracts/send_flags_judge.cpp judge_routing";
constexpr const char kJudgeAccess[] = "contracts/access_judge.cpp judge_access (from judge_exchange)";
constexpr const char kJudgeAsyncEvents[] = "contracts/async_event_judge.cpp judge_async_events";

// The condition of a row r of the kind; f is r.field.
using ConditionText = std::string (*)(const ContractRule &r, const std::string &f);

struct CheckKind {
	Check check;
	const char *name;
	bool request; // judges the request (false: what the call did)
	const char *executed_by;
	ConditionText condition;
};

constexpr CheckKind kKinds[] = {
	{Check::Any, "any", true, "",
	 [](const ContractRule &, const std::string &) -> std::string { return "any value"; }},
	{Check::Range, "range", true, kCheckValue,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return bound_text(r.lo) + " <= " + f + " <= " + bound_text(r.hi);
	 }},
	{Check::Flags, "flags", true, kCheckValue,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return fmt::format("{} has no bit outside {:#x}", f, r.hi.offset);
	 }},
	{Check::ZeroOrRange, "zero-or-range", true, kCheckValue,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return f + " == 0 or " + bound_text(r.lo) + " <= " + f + " <= " + bound_text(r.hi);
	 }},
	{Check::CurrentState, "current-state", true, kEvaluator,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return f + " equals the current state";
	 }},
	{Check::Zero, "zero", true, kCheckValue,
	 [](const ContractRule &, const std::string &f) -> std::string { return f + " == 0"; }},
	{Check::MaskKnown, "mask-known", true, kEvaluator,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return r.bits ? fmt::format("{} has no bit outside {:#x}", f, r.bits)
		       : f + " has only the flags the API defines";
	 }},
	{Check::TransitionListed, "transition-listed", true, kEvaluator,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "the QP transition table lists (qp_type, current, next state)";
	 }},
	{Check::RequiredBits, "required-bits", true, kEvaluator,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "attr_mask has every bit the transition requires";
	 }},
	{Check::AllowedBits, "allowed-bits", true, kEvaluator,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "attr_mask has no bit outside the transition's required | optional | STATE";
	 }},
	{Check::Feature, "feature", true, kEvaluator,
	 [](const ContractRule &r, const std::string &) -> std::string {
		 return std::string("the device has ") + feature_name(r.feature) +
		       (r.bits ? fmt::format(" (when attr_mask has {:#x})", r.bits) : "");
	 }},
	{Check::GrhRequired, "grh-required", true, kEvaluator,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return f + " == 1 where the port requires a GRH";
	 }},
	{Check::NotBelowOutstanding, "not-below-outstanding", true, kEvaluator,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return f + " >= the WRs outstanding";
	 }},
	{Check::NotAboveAfterCall, "not-above-after-call", true, kEvaluator,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return f + " <= " + (r.other ? r.other : "?") + ", both as after the call";
	 }},
	{Check::ZeroForRoot, "zero-for-root", true, kEvaluator,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "root TSAR: " + f + " == 0 when its flag is set";
	 }},
	{Check::HasParent, "has-parent", true, kEvaluator,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return f + " names a parent node";
	 }},
	{Check::SameParent, "same-parent", true, kEvaluator,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return f + " names the element's own parent";
	 }},
	{Check::OwnVendor, "own-vendor", true, kEvaluator,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return f + " == the device's own vendor id";
	 }},
	{Check::ReturnsErrno, "returns-errno", false, kJudgeCall,
	 [](const ContractRule &r, const std::string &) -> std::string {
		 return fmt::format("the result is 0 or an errno value (1..{})", r.hi.offset);
	 }},
	{Check::BadWrInList, "bad-wr-in-list", false, kJudgeCall,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a failed post sets bad_wr to a WR of the list posted";
	 }},
	{Check::ValidAccepted, "valid-accepted", false, kJudgeEffect,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a request no rule rejects is carried out (or ENOMEM, EOPNOTSUPP)";
	 }},
	{Check::AtLeastRequest, "at-least-request", false, kEvaluateCreateSrqReport,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "accepted: " + f + " after the call >= the request's";
	 }},
	{Check::KeptAcross, "kept-across", false, kJudgeSrqHistory,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 // A CQ's completions (its unpolled entries) are a queue; an SRQ's
		 // WRs have no order.
		 return "accepted: " + f + " held before the call still held after it" +
		       (f == "unpolled" ? ", in order" : "");
	 }},
	{Check::UnchangedOnReject, "unchanged-on-reject", false, kJudgeEffect,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return std::string("rejected") + (r.other ? std::string(" as [") + r.other + "] says" : "") +
		       ": " + (f.empty() ? std::string("the object") : f) + " reads the same after the call";
	 }},
	{Check::FrameUnchanged, "frame-unchanged", false, kJudgeFrame,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "every other QP, SRQ and CQ of the device reads the same after the call";
	 }},
	{Check::ReadsBack, "reads-back", false, kJudgeEffect,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "accepted: each field the request set reads back as set";
	 }},
	{Check::ErrnoOfRule, "errno-of-rule", false, kJudgeEffect,
	 [](const ContractRule &r, const std::string &) -> std::string {
		 return r.other ? std::string("rejected as [") + r.other + "] says: the errno is that rule's"
		       : "rejected: the errno is the one of the rule the request breaks";
	 }},
	{Check::InvalidRejected, "invalid-rejected", false, kJudgeEffect,
	 [](const ContractRule &r, const std::string &) -> std::string {
		 return r.level == Level::MUST ? "a request a MUST rule rejects is not carried out"
		       : "a request only SHOULD rules reject is not carried out";
	 }},
	{Check::ResultAtMost, "result-at-most", false, kJudgeCall,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "a non-negative result <= " + f;
	 }},
	{Check::UnmaskedKept, "unmasked-kept", false, kJudgeEffect,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "accepted: what the request does not name reads the same after the call";
	 }},
	{Check::StartsFresh, "starts-fresh", false, kJudgeEffect,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "created: " + f + " reads as on the first object of its kind the case created";
	 }},
	{Check::Effect, "effect", false, "",
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "behaviour, proven by effect";
	 }},
	{Check::WcSuccess, "wc-success", false, kJudgeExchangeOrPolled,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "every WR of a valid exchange completes with IBV_WC_SUCCESS";
	 }},
	{Check::WcSignaled, "wc-signaled", false, kJudgeExchangeOrPolled,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a successful send WR completes exactly when sq_sig_all or IBV_SEND_SIGNALED";
	 }},
	{Check::WcInPostedOrder, "wc-in-posted-order", false, kJudgeExchangeOrPolled,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "the " + f + " completions name the WRs once each, in the order posted";
	 }},
	{Check::WcOpcode, "wc-opcode", false, kJudgeExchange,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a successful completion's opcode is its WR's";
	 }},
	{Check::WcByteLen, "wc-byte-len", false, kJudgeExchange,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a receive completion's byte_len is the message's length";
	 }},
	{Check::WcImmData, "wc-imm-data", false, kJudgeExchange,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "IBV_WC_WITH_IMM exactly with immediate data, imm_data as posted";
	 }},
	{Check::WcSrcQp, "wc-src-qp", false, kJudgeExchange,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a UD receive's src_qp is the sender's qp_num";
	 }},
	{Check::WcFlagsKnown, "wc-flags-known", false, kJudgeExchange,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return fmt::format("{} has no bit outside {:#x}", f, r.bits);
	 }},
	{Check::WcGrh, "wc-grh", false, kJudgeExchange,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a UD receive of a message with a GRH has IBV_WC_GRH";
	 }},
	{Check::GrhPlaced, "grh-placed", false, kJudgeExchange,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a UD receive's first 40 bytes hold the GRH, the data after";
	 }},
	{Check::DataLands, "data-lands", false, kJudgeExchange,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "the " + f + " bytes land where the WR says";
	 }},
	{Check::DeliveredToDest, "delivered-to-dest", false, kJudgeExchange,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a UD message reaches only the QP remote_qpn, with its Q_Key";
	 }},
	{Check::FlushedInErr, "flushed-in-err", false, kJudgeFlush,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "WRs outstanding at ERR or posted in it complete once with IBV_WC_WR_FLUSH_ERR";
	 }},
	{Check::RefusedOnSrqQp, "refused-on-srq-qp", false, kJudgePostRecvOnSrqQp,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "ibv_post_recv on a QP with an SRQ fails";
	 }},
	{Check::LimitEventOnce, "limit-event-once", false, kJudgeSrqHistory,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "armed by ibv_modify_srq: one IBV_EVENT_SRQ_LIMIT_REACHED once the WRs drop below srq_limit, then srq_limit 0";
	 }},
	{Check::LimitNotArmedByCreate, "limit-not-armed-by-create", false, kJudgeSrqHistory,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "the srq_limit given to ibv_create_srq raises no event";
	 }},
	{Check::LimitArmedAcrossResize, "limit-armed-across-resize", false, kJudgeSrqHistory,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "IBV_SRQ_MAX_WR alone leaves an armed SRQ armed";
	 }},
	{Check::DestroyAfterAck, "destroy-after-ack", false, kJudgeSrqHistory,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "every event acknowledged: ibv_destroy_srq returns 0";
	 }},
	{Check::AtMostObjects, "at-most-objects", true, kEvaluatePostWr,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return f + " <= the object's " + (r.other ? r.other : "?");
	 }},
	{Check::RoomLeft, "room-left", true, kEvaluatePostWr,
	 [](const ContractRule &r, const std::string &) -> std::string {
		 return std::string("the WRs in the object < its ") + (r.other ? r.other : "?");
	 }},
	{Check::BitsRequire, "bits-require", true, kEvaluateRegMr,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return fmt::format("{} with a bit of {:#x} has every bit of {:#x}", f, r.bits, r.hi.offset);
	 }},
	{Check::OpcodeOfQpType, "opcode-of-qp-type", true, kEvaluatePostSendOpcode,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return f + " is in the QP type's column of the opcode table";
	 }},
	{Check::EceUnsupportedBoth, "ece-unsupported-both", false, kJudgeEce,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "EOPNOTSUPP from ibv_set_ece exactly when from ibv_query_ece";
	 }},
	{Check::EceAcceptedSubset, "ece-accepted-subset", false, kJudgeEce,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "an accepted ibv_set_ece returns a subset of the options asked, with the device's vendor_id";
	 }},
	{Check::EceQueryAsAccepted, "ece-query-as-accepted", false, kJudgeEce,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "ibv_query_ece returns what the last accepted ibv_set_ece returned";
	 }},
	{Check::ReturnsZeroOrMinusOne, "returns-zero-or-minus-one", false, kJudgeCall,
	 [](const ContractRule &, const std::string &) -> std::string { return "the result is 0 or -1"; }},
	{Check::ArmedCqeEvent, "armed-cqe-event", false, kJudgeCqNotify,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "armed (solicited_only 0): a successful receive CQE puts one event on the CQ's channel";
	 }},
	{Check::AnyCqeEvent, "any-cqe-event", false, kJudgeCqNotify,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "armed (solicited_only 0): a send or unsuccessful CQE puts one event on the CQ's channel";
	 }},
	{Check::SolicitedCqeEvent, "solicited-cqe-event", false, kJudgeCqNotify,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "armed solicited only: a solicited receive or an unsuccessful CQE puts one event there";
	 }},
	{Check::UnsolicitedQuiet, "unsolicited-quiet", false, kJudgeCqNotify,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "armed solicited only: a successful send or unsolicited receive CQE puts no event there";
	 }},
	{Check::OneShot, "one-shot", false, kJudgeCqNotify,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "one ibv_req_notify_cq gives at most one event";
	 }},
	{Check::EventWhenDue, "event-when-due", false, kJudgeCqNotify,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "an event is read only after an armed CQ got a CQE";
	 }},
	{Check::EventNamesCq, "event-names-cq", false, kJudgeCqNotify,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "the event names the CQ that got it, with its cq_context";
	 }},
	{Check::EventOnOwnChannel, "event-on-own-channel", false, kJudgeCqNotify,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a CQ's events arrive on its own channel only";
	 }},
	{Check::DestroyWaitsForAcks, "destroy-waits-for-acks", false, kJudgeCqNotify,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "ibv_destroy_cq returns once, and only once, every event got was acknowledged";
	 }},
	{Check::PacedWithin, "paced-within", false, kJudgePacing,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "after " + f + ": sent bytes over any window <= rate_limit x window + the burst in effect";
	 }},
	{Check::PacingDefaults, "pacing-defaults", false, kJudgePacing,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "max_burst_sz/typical_pkt_sz 0: the defaults in effect (typical_pkt_sz the port's MTU), "
		       "rate_limit kept";
	 }},
	{Check::SendsUnpaced, "sends-unpaced", false, kJudgePacing,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return "after " + f + ": the QP sends faster than the limit it had" +
		       std::string(r.bits ? " (where the device reports no pacing in effect)" : "");
	 }},
	{Check::SharesMet, "shares-met", false, kJudgeShares,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "after " + f + ": backlogged flows get the tree's weighted max-min fair shares";
	 }},
	{Check::FlaglessIgnored, "flagless-ignored", false, kJudgeSchedCall,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "accepted: a field whose flag is clear reads 0 after a create, as before after a modify";
	 }},
	{Check::ExampleTreeAccepted, "example-tree-accepted", false, kJudgeSchedCall,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "each call of the NOTES example returns success";
	 }},
	{Check::ParentOutlivesChildren, "parent-outlives-children", false, kJudgeSchedCall,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "destroying a node with children fails, and every element reads the same after";
	 }},
	{Check::AttachAccepted, "attach-accepted", false, kJudgeSchedCall,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "attaching a QP to leaves, or detaching it, returns 0";
	 }},
	{Check::ResponderIbOnly, "responder-ib-only", false, kJudgeSchedCall,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a responder leaf for a UD or RAW_PACKET QP is refused, the QP's leaves unchanged";
	 }},
	{Check::QpStartsUnattached, "qp-starts-unattached", false, kJudgeSchedCall,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a QP no call attached reads no leaf";
	 }},
	{Check::OneOf, "one-of", true, kLifecycleJudge,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return fmt::format("{} is one of the values of mask {:#x}", f, r.bits) +
		       (r.other ? std::string(" (when ") + r.other + " is set)" : "");
	 }},
	{Check::IgnoredWith, "ignored-with", true, kLifecycleJudge,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return std::string("with ") + (r.other ? r.other : "?") + " set, " + f + " fail nothing";
	 }},
	{Check::Unique, "unique", false, kLifecycleJudge,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "accepted: " + f + " differs from every other live object's";
	 }},
	{Check::EqualsRequest, "equals-request", false, kLifecycleJudge,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "accepted: " + f + " as reported equals the request's";
	 }},
	{Check::BusyWhileUsed, "busy-while-used", false, kLifecycleJudge,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "the destroy fails while " + f + " depend on the object";
	 }},
	{Check::FreedWhenUnused, "freed-when-unused", false, kLifecycleJudge,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "the destroy succeeds once nothing depends on the object";
	 }},
	{Check::ReplyOneOf, "reply-one-of", false, kJudgeQueryReply,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 std::string domain = r.bits ? fmt::format(" is one of the values of mask {:#x}", r.bits) : "";
		 return "answered: the reply's " + f + domain + (r.bits && r.other ? "," : "") +
			(r.other ? std::string(" is no greater than its ") + r.other : "");
	 }},
	{Check::ListedExposed, "listed-exposed", false, kJudgeDeviceList,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "every entry names a device the system exposes, once; the device under test is an entry";
	 }},
	{Check::ExposedListed, "exposed-listed", false, kJudgeDeviceList,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "every device the system exposes is an entry";
	 }},
	{Check::NumDevicesCount, "num-devices-count", false, kJudgeDeviceList,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "num_devices = the entries before the NULL terminator";
	 }},
	{Check::NullWithErrno, "null-with-errno", false, kJudgeDeviceList,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a NULL result comes with errno set";
	 }},
	{Check::EmptyListNotNull, "empty-list-not-null", false, kJudgeDeviceList,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "no device exposed: a non-NULL array and num_devices 0";
	 }},
	{Check::ContextOfDevice, "context-of-device", false, kJudgeOpenDevice,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a non-NULL context is of the device asked for and answers ibv_query_device";
	 }},
	{Check::FlagOutsideIgnored, "flag-outside-ignored", false, kJudgeFlaggedExchange,
	 [](const ContractRule &r, const std::string &f) -> std::string {
		 return fmt::format("a WR with send_flags bits {:#x} outside {} is refused, completes in error, "
		       "or is carried out as without them",
		       r.bits, f.empty() ? std::string("the listed flags") : f);
	 }},
	{Check::FenceOrders, "fence-orders", false, kJudgeFlaggedExchange,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a fenced WR starts once the RDMA READs and atomics before it completed";
	 }},
	{Check::OnOwnCq, "on-own-cq", false, kJudgeRouting,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "each completion lands on its QP's " + f + ", no other CQ";
	 }},
	{Check::FromOwnSrq, "from-own-srq", false, kJudgeRouting,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a QP with an SRQ takes its receive WRs from that SRQ only";
	 }},
	{Check::WcSl, "wc-sl", false, kJudgeExchange,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a UD receive's sl is the sender's AH's sl";
	 }},
	{Check::KeysServe, "keys-serve", false, kJudgeAccess,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "a " + f + " of an MR of the QP's PD, in range, with the access its use needs, is honoured";
	 }},
	{Check::LocalReadAlways, "local-read-always", false, kJudgeAccess,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "an MR without IBV_ACCESS_LOCAL_WRITE serves as a send's source";
	 }},
	{Check::LkeyChecked, "lkey-checked", false, kJudgeAccess,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "a " + f + " SGE whose lkey names no MR of the PD with the access needed fails its WR, "
		       "nothing lands";
	 }},
	{Check::RemoteAccessChecked, "remote-access-checked", false, kJudgeAccess,
	 [](const ContractRule &r, const std::string &) -> std::string {
		 return fmt::format("a remote operation on an MR without access {:#x} fails, the MR unchanged; "
		       "with it, it is carried out",
		       r.bits);
	 }},
	{Check::PdIsolated, "pd-isolated", false, kJudgeAccess,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a key of an MR of another PD is never honoured";
	 }},
	{Check::ViolationStatus, "violation-status", false, kJudgeAccess,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "a WR failed by a key completes with " + f;
	 }},
	{Check::ScatterFits, "scatter-fits", false, kJudgeAccess,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "a message longer than the receive WR's SGEs fails that receive";
	 }},
	{Check::AsyncEventNamesElement, "async-event-names-element", false, kJudgeAsyncEvents,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "the event's " + f + " member names a live object of the caller's";
	 }},
	{Check::AsyncEventOfSituation, "async-event-of-situation", false, kJudgeAsyncEvents,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "an " + f + " event is read only for an object its situation happened on";
	 }},
	{Check::AsyncEventRaised, "async-event-raised", false, kJudgeAsyncEvents,
	 [](const ContractRule &, const std::string &f) -> std::string {
		 return "the situation of " + f + " happened on an object: the event is read naming it";
	 }},
	{Check::CqUnusableAfterOverrun, "cq-unusable-after-overrun", false, kJudgeAsyncEvents,
	 [](const ContractRule &, const std::string &) -> std::string {
		 return "after the CQ overran, no poll returns a completion of work done from then on";
	 }},
};

constexpr bool in_enum_order()
{
	unsigned i = 0;
	for (const CheckKind &k : kKinds)
		if ((unsigned)k.check != i++)
			return false;
	return true;
}
static_assert(in_enum_order(), "kKinds lists every Check, in the enum's order");
static_assert(sizeof(kKinds) / sizeof(kKinds[0]) == (unsigned)Check::CqUnusableAfterOverrun + 1,
	      "kKinds lists every Check");

const CheckKind &kind(Check check)
{
	return kKinds[(unsigned)check];
}

} // namespace

const char *check_name(Check check)
{
	return kind(check).name;
}

bool is_request_check(Check check)
{
	return kind(check).request;
}

const char *executed_by(Check check)
{
	return kind(check).executed_by;
}

std::string condition_text(const ContractRule &r)
{
	return kind(r.check).condition(r, r.field);
}

} // namespace ibvcert
