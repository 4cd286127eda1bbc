#include "contracts/rule.h"

#include <fmt/format.h>

#include <algorithm>

namespace ibvcert {

const char *level_name(Level level)
{
	return level == Level::MUST ? "MUST" : "SHOULD";
}

const char *verb_name(Verb verb)
{
	switch (verb) {
	case Verb::ModifyQp: return "ibv_modify_qp";
	case Verb::CreateSrq: return "ibv_create_srq";
	case Verb::ModifySrq: return "ibv_modify_srq";
	case Verb::ModifyQpRateLimit: return "ibv_modify_qp_rate_limit";
	case Verb::SetEce: return "ibv_set_ece";
	case Verb::QueryEce: return "ibv_query_ece";
	case Verb::SchedCreate: return "mlx5dv_sched_{node,leaf}_create";
	case Verb::SchedModify: return "mlx5dv_sched_{node,leaf}_modify";
	case Verb::ModifyCq: return "ibv_modify_cq";
	case Verb::PostSrqRecv: return "ibv_post_srq_recv";
	case Verb::RegMr: return "ibv_reg_mr";
	case Verb::PostSend: return "ibv_post_send";
	case Verb::PollCq: return "ibv_poll_cq";
	case Verb::GetAsyncEvent: return "ibv_get_async_event";
	case Verb::QueryQp: return "ibv_query_qp";
	case Verb::QuerySrq: return "ibv_query_srq";
	case Verb::DestroySrq: return "ibv_destroy_srq";
	case Verb::PostRecv: return "ibv_post_recv";
	case Verb::QueryDevice: return "ibv_query_device_ex";
	case Verb::QueryPort: return "ibv_query_port";
	case Verb::ResizeCq: return "ibv_resize_cq";
	case Verb::CreateCq: return "ibv_create_cq";
	case Verb::CreateQp: return "ibv_create_qp";
	case Verb::ReqNotifyCq: return "ibv_req_notify_cq";
	case Verb::GetCqEvent: return "ibv_get_cq_event";
	case Verb::AckCqEvents: return "ibv_ack_cq_events";
	case Verb::DestroyQp: return "ibv_destroy_qp";
	case Verb::AllocPd: return "ibv_alloc_pd";
	case Verb::DeallocPd: return "ibv_dealloc_pd";
	case Verb::DestroyCq: return "ibv_destroy_cq";
	case Verb::CreateAh: return "ibv_create_ah";
	case Verb::DestroyAh: return "ibv_destroy_ah";
	case Verb::DeregMr: return "ibv_dereg_mr";
	case Verb::QueryGid: return "ibv_query_gid";
	case Verb::GetDeviceList: return "ibv_get_device_list";
	case Verb::OpenDevice: return "ibv_open_device";
	case Verb::CloseDevice: return "ibv_close_device";
	case Verb::CreateCompChannel: return "ibv_create_comp_channel";
	case Verb::DestroyCompChannel: return "ibv_destroy_comp_channel";
	case Verb::Count: break;
	}
	return "?";
}

const char *verb_family(Verb verb)
{
	switch (verb) {
	case Verb::ModifyQp: return "modify_qp";
	case Verb::CreateSrq:
	case Verb::ModifySrq:
	case Verb::PostSrqRecv: return "srq";
	case Verb::ModifyQpRateLimit: return "rate_limit";
	case Verb::SetEce:
	case Verb::QueryEce: return "ece";
	case Verb::SchedCreate:
	case Verb::SchedModify: return "sched";
	case Verb::ModifyCq: return "modify_cq";
	case Verb::ResizeCq: return "resize_cq";
	case Verb::CreateCq: return "create_cq";
	case Verb::CreateQp: return "create_qp";
	case Verb::RegMr:
	case Verb::PostSend:
	case Verb::PollCq:
	case Verb::GetAsyncEvent:
	case Verb::PostRecv: return "datapath";
	case Verb::QueryQp: return "modify_qp";
	case Verb::QuerySrq:
	case Verb::DestroySrq: return "srq";
	case Verb::QueryDevice:
	case Verb::QueryPort: return "device";
	case Verb::ReqNotifyCq:
	case Verb::GetCqEvent:
	case Verb::AckCqEvents: return "cq_notify";
	case Verb::DestroyQp:
	case Verb::AllocPd:
	case Verb::DeallocPd:
	case Verb::DestroyCq:
	case Verb::CreateAh:
	case Verb::DestroyAh:
	case Verb::DeregMr: return "lifecycle";
	case Verb::QueryGid: return "device";
	case Verb::GetDeviceList:
	case Verb::OpenDevice:
	case Verb::CloseDevice: return "device_list";
	case Verb::CreateCompChannel:
	case Verb::DestroyCompChannel: return "lifecycle";
	case Verb::Count: break;
	}
	return "?";
}

bool is_request_check(Check check)
{
	switch (check) {
	case Check::ReturnsErrno:
	case Check::BadWrInList:
	case Check::ValidAccepted:
	case Check::AtLeastRequest:
	case Check::KeptAcross:
	case Check::UnchangedOnReject:
	case Check::FrameUnchanged:
	case Check::ReadsBack:
	case Check::ErrnoOfRule:
	case Check::InvalidRejected:
	case Check::ResultAtMost:
	case Check::UnmaskedKept:
	case Check::StartsFresh:
	case Check::Effect:
	case Check::WcSuccess:
	case Check::WcSignaled:
	case Check::WcInPostedOrder:
	case Check::WcOpcode:
	case Check::WcByteLen:
	case Check::WcImmData:
	case Check::WcSrcQp:
	case Check::WcFlagsKnown:
	case Check::WcGrh:
	case Check::GrhPlaced:
	case Check::DataLands:
	case Check::DeliveredToDest:
	case Check::FlushedInErr:
	case Check::RefusedOnSrqQp:
	case Check::LimitEventOnce:
	case Check::LimitNotArmedByCreate:
	case Check::LimitArmedAcrossResize:
	case Check::DestroyAfterAck:
	case Check::EceUnsupportedBoth:
	case Check::EceAcceptedSubset:
	case Check::EceQueryAsAccepted:
	case Check::ReturnsZeroOrMinusOne:
	case Check::ArmedCqeEvent:
	case Check::AnyCqeEvent:
	case Check::SolicitedCqeEvent:
	case Check::UnsolicitedQuiet:
	case Check::OneShot:
	case Check::EventWhenDue:
	case Check::EventNamesCq:
	case Check::EventOnOwnChannel:
	case Check::DestroyWaitsForAcks:
	case Check::PacedWithin:
	case Check::PacingDefaults:
	case Check::SendsUnpaced:
	case Check::SharesMet:
	case Check::FlaglessIgnored:
	case Check::ExampleTreeAccepted:
	case Check::ParentOutlivesChildren:
	case Check::AttachAccepted:
	case Check::ResponderIbOnly:
	case Check::QpStartsUnattached:
	case Check::Unique:
	case Check::EqualsRequest:
	case Check::BusyWhileUsed:
	case Check::FreedWhenUnused:
	case Check::ListedExposed:
	case Check::ExposedListed:
	case Check::NumDevicesCount:
	case Check::NullWithErrno:
	case Check::EmptyListNotNull:
	case Check::ContextOfDevice:
	case Check::FlagOutsideIgnored:
	case Check::FenceOrders:
	case Check::OnOwnCq:
	case Check::FromOwnSrq:
	case Check::WcSl:
	case Check::KeysServe:
	case Check::LocalReadAlways:
	case Check::LkeyChecked:
	case Check::RemoteAccessChecked:
	case Check::PdIsolated:
	case Check::ViolationStatus:
	case Check::ScatterFits:
	case Check::AsyncEventNamesElement:
	case Check::AsyncEventOfSituation:
	case Check::AsyncEventRaised:
	case Check::CqUnusableAfterOverrun:
		return false;
	default:
		return true;
	}
}

Verb verb_from_name(std::string_view name)
{
	for (unsigned v = 0; v < (unsigned)Verb::Count; v++)
		if (name == verb_name((Verb)v))
			return (Verb)v;
	// the sched verbs' one name stands for the node's and the leaf's
	if (name == "mlx5dv_sched_node_create" || name == "mlx5dv_sched_leaf_create")
		return Verb::SchedCreate;
	if (name == "mlx5dv_sched_node_modify" || name == "mlx5dv_sched_leaf_modify")
		return Verb::SchedModify;
	return Verb::Count;
}

const char *check_name(Check check)
{
	switch (check) {
	case Check::Any: return "any";
	case Check::Range: return "range";
	case Check::Flags: return "flags";
	case Check::ZeroOrRange: return "zero-or-range";
	case Check::CurrentState: return "current-state";
	case Check::Zero: return "zero";
	case Check::MaskKnown: return "mask-known";
	case Check::TransitionListed: return "transition-listed";
	case Check::RequiredBits: return "required-bits";
	case Check::AllowedBits: return "allowed-bits";
	case Check::Feature: return "feature";
	case Check::GrhRequired: return "grh-required";
	case Check::NotBelowOutstanding: return "not-below-outstanding";
	case Check::NotAboveAfterCall: return "not-above-after-call";
	case Check::ZeroForRoot: return "zero-for-root";
	case Check::HasParent: return "has-parent";
	case Check::SameParent: return "same-parent";
	case Check::OwnVendor: return "own-vendor";
	case Check::ReturnsErrno: return "returns-errno";
	case Check::BadWrInList: return "bad-wr-in-list";
	case Check::ValidAccepted: return "valid-accepted";
	case Check::AtLeastRequest: return "at-least-request";
	case Check::KeptAcross: return "kept-across";
	case Check::UnchangedOnReject: return "unchanged-on-reject";
	case Check::FrameUnchanged: return "frame-unchanged";
	case Check::ReadsBack: return "reads-back";
	case Check::ErrnoOfRule: return "errno-of-rule";
	case Check::InvalidRejected: return "invalid-rejected";
	case Check::ResultAtMost: return "result-at-most";
	case Check::UnmaskedKept: return "unmasked-kept";
	case Check::StartsFresh: return "starts-fresh";
	case Check::Effect: return "effect";
	case Check::WcSuccess: return "wc-success";
	case Check::WcSignaled: return "wc-signaled";
	case Check::WcInPostedOrder: return "wc-in-posted-order";
	case Check::WcOpcode: return "wc-opcode";
	case Check::WcByteLen: return "wc-byte-len";
	case Check::WcImmData: return "wc-imm-data";
	case Check::WcSrcQp: return "wc-src-qp";
	case Check::WcFlagsKnown: return "wc-flags-known";
	case Check::WcGrh: return "wc-grh";
	case Check::GrhPlaced: return "grh-placed";
	case Check::DataLands: return "data-lands";
	case Check::DeliveredToDest: return "delivered-to-dest";
	case Check::FlushedInErr: return "flushed-in-err";
	case Check::RefusedOnSrqQp: return "refused-on-srq-qp";
	case Check::LimitEventOnce: return "limit-event-once";
	case Check::LimitNotArmedByCreate: return "limit-not-armed-by-create";
	case Check::LimitArmedAcrossResize: return "limit-armed-across-resize";
	case Check::DestroyAfterAck: return "destroy-after-ack";
	case Check::AtMostObjects: return "at-most-objects";
	case Check::RoomLeft: return "room-left";
	case Check::BitsRequire: return "bits-require";
	case Check::OpcodeOfQpType: return "opcode-of-qp-type";
	case Check::EceUnsupportedBoth: return "ece-unsupported-both";
	case Check::EceAcceptedSubset: return "ece-accepted-subset";
	case Check::EceQueryAsAccepted: return "ece-query-as-accepted";
	case Check::ReturnsZeroOrMinusOne: return "returns-zero-or-minus-one";
	case Check::ArmedCqeEvent: return "armed-cqe-event";
	case Check::AnyCqeEvent: return "any-cqe-event";
	case Check::SolicitedCqeEvent: return "solicited-cqe-event";
	case Check::UnsolicitedQuiet: return "unsolicited-quiet";
	case Check::OneShot: return "one-shot";
	case Check::EventWhenDue: return "event-when-due";
	case Check::EventNamesCq: return "event-names-cq";
	case Check::EventOnOwnChannel: return "event-on-own-channel";
	case Check::DestroyWaitsForAcks: return "destroy-waits-for-acks";
	case Check::PacedWithin: return "paced-within";
	case Check::PacingDefaults: return "pacing-defaults";
	case Check::SendsUnpaced: return "sends-unpaced";
	case Check::SharesMet: return "shares-met";
	case Check::FlaglessIgnored: return "flagless-ignored";
	case Check::ExampleTreeAccepted: return "example-tree-accepted";
	case Check::ParentOutlivesChildren: return "parent-outlives-children";
	case Check::AttachAccepted: return "attach-accepted";
	case Check::ResponderIbOnly: return "responder-ib-only";
	case Check::QpStartsUnattached: return "qp-starts-unattached";
	case Check::OneOf: return "one-of";
	case Check::IgnoredWith: return "ignored-with";
	case Check::Unique: return "unique";
	case Check::EqualsRequest: return "equals-request";
	case Check::BusyWhileUsed: return "busy-while-used";
	case Check::FreedWhenUnused: return "freed-when-unused";
	case Check::ListedExposed: return "listed-exposed";
	case Check::ExposedListed: return "exposed-listed";
	case Check::NumDevicesCount: return "num-devices-count";
	case Check::NullWithErrno: return "null-with-errno";
	case Check::EmptyListNotNull: return "empty-list-not-null";
	case Check::ContextOfDevice: return "context-of-device";
	case Check::FlagOutsideIgnored: return "flag-outside-ignored";
	case Check::FenceOrders: return "fence-orders";
	case Check::OnOwnCq: return "on-own-cq";
	case Check::FromOwnSrq: return "from-own-srq";
	case Check::WcSl: return "wc-sl";
	case Check::KeysServe: return "keys-serve";
	case Check::LocalReadAlways: return "local-read-always";
	case Check::LkeyChecked: return "lkey-checked";
	case Check::RemoteAccessChecked: return "remote-access-checked";
	case Check::PdIsolated: return "pd-isolated";
	case Check::ViolationStatus: return "violation-status";
	case Check::ScatterFits: return "scatter-fits";
	case Check::AsyncEventNamesElement: return "async-event-names-element";
	case Check::AsyncEventOfSituation: return "async-event-of-situation";
	case Check::AsyncEventRaised: return "async-event-raised";
	case Check::CqUnusableAfterOverrun: return "cq-unusable-after-overrun";
	}
	return "?";
}

const char *executed_by(Check check)
{
	switch (check) {
	case Check::Any:
		return "";
	case Check::Range:
	case Check::Flags:
	case Check::ZeroOrRange:
	case Check::Zero:
		return "contracts/value_check.cpp check_value, in the verb's evaluator";
	case Check::CurrentState:
	case Check::MaskKnown:
	case Check::TransitionListed:
	case Check::RequiredBits:
	case Check::AllowedBits:
	case Check::Feature:
	case Check::GrhRequired:
	case Check::NotBelowOutstanding:
	case Check::NotAboveAfterCall:
	case Check::ZeroForRoot:
	case Check::HasParent:
	case Check::SameParent:
	case Check::OwnVendor:
		return "the verb's evaluator (contracts/*_eval.cpp)";
	case Check::ReturnsErrno:
	case Check::BadWrInList:
	case Check::ResultAtMost:
		return "contracts/call_judge.cpp judge_call";
	case Check::FrameUnchanged:
		return "contracts/frame_judge.cpp judge_frame";
	case Check::ValidAccepted:
	case Check::UnchangedOnReject:
	case Check::ReadsBack:
	case Check::ErrnoOfRule:
	case Check::InvalidRejected:
	case Check::UnmaskedKept:
	case Check::StartsFresh:
		return "contracts/effect_judge.cpp judge_effect";
	case Check::AtLeastRequest: // the verbs with their own judge: contracts/executed_by.h
		return "contracts/srq_eval.cpp evaluate_create_srq_report";
	case Check::KeptAcross:
		return "contracts/srq_event_judge.cpp judge_srq_history";
	case Check::Effect:
		return "";
	case Check::WcSuccess:
	case Check::WcSignaled:
	case Check::WcInPostedOrder:
		return "contracts/completion_judge.cpp judge_exchange; contracts/polled_judge.cpp judge_polled "
		       "(completions polled against the WRs outstanding)";
	case Check::WcOpcode:
	case Check::WcByteLen:
	case Check::WcImmData:
	case Check::WcSrcQp:
	case Check::WcFlagsKnown:
	case Check::WcGrh:
	case Check::GrhPlaced:
	case Check::DataLands:
	case Check::DeliveredToDest:
		return "contracts/completion_judge.cpp judge_exchange";
	case Check::KeysServe:
	case Check::LocalReadAlways:
	case Check::LkeyChecked:
	case Check::RemoteAccessChecked:
	case Check::PdIsolated:
	case Check::ViolationStatus:
	case Check::ScatterFits:
		return "contracts/access_judge.cpp judge_access (from judge_exchange)";
	case Check::FlushedInErr:
		return "contracts/completion_judge.cpp judge_flush";
	case Check::RefusedOnSrqQp:
		return "contracts/completion_judge.cpp judge_post_recv_on_srq_qp";
	case Check::LimitEventOnce:
	case Check::LimitNotArmedByCreate:
	case Check::LimitArmedAcrossResize:
	case Check::DestroyAfterAck:
		return "contracts/srq_event_judge.cpp judge_srq_history";
	case Check::AtMostObjects:
	case Check::RoomLeft:
		return "contracts/srq_eval.cpp evaluate_post_srq_recv";
	case Check::BitsRequire:
		return "contracts/reg_mr_eval.cpp evaluate_reg_mr";
	case Check::OpcodeOfQpType:
		return "contracts/post_send_opcodes.cpp evaluate_post_send_opcode";
	case Check::EceUnsupportedBoth:
	case Check::EceAcceptedSubset:
	case Check::EceQueryAsAccepted:
		return "contracts/ece_judge.cpp judge_ece";
	case Check::ReturnsZeroOrMinusOne:
		return "contracts/call_judge.cpp judge_call";
	case Check::ArmedCqeEvent:
	case Check::AnyCqeEvent:
	case Check::SolicitedCqeEvent:
	case Check::UnsolicitedQuiet:
	case Check::OneShot:
	case Check::EventWhenDue:
	case Check::EventNamesCq:
	case Check::EventOnOwnChannel:
	case Check::DestroyWaitsForAcks:
		return "contracts/cq_notify_judge.cpp judge_cq_notify";
	case Check::PacedWithin:
	case Check::PacingDefaults:
	case Check::SendsUnpaced:
		return "contracts/pacing_judge.cpp judge_pacing";
	case Check::SharesMet:
		return "contracts/sched_judge.cpp judge_shares";
	case Check::FlaglessIgnored:
	case Check::ExampleTreeAccepted:
	case Check::ParentOutlivesChildren:
	case Check::AttachAccepted:
	case Check::ResponderIbOnly:
	case Check::QpStartsUnattached:
		return "contracts/sched_judge.cpp judge_sched_call";
	case Check::OneOf:
	case Check::IgnoredWith:
	case Check::Unique:
	case Check::EqualsRequest:
	case Check::BusyWhileUsed:
	case Check::FreedWhenUnused:
		return "contracts/lifecycle_judge.cpp";
	case Check::ListedExposed:
	case Check::ExposedListed:
	case Check::NumDevicesCount:
	case Check::NullWithErrno:
	case Check::EmptyListNotNull:
		return "contracts/device_list_judge.cpp judge_device_list";
	case Check::ContextOfDevice:
		return "contracts/device_list_judge.cpp judge_open_device";
	case Check::FlagOutsideIgnored:
	case Check::FenceOrders:
		return "contracts/send_flags_judge.cpp judge_flagged_exchange";
	case Check::OnOwnCq:
	case Check::FromOwnSrq:
		return "contracts/send_flags_judge.cpp judge_routing";
	case Check::WcSl:
		return "contracts/completion_judge.cpp judge_exchange";
	case Check::AsyncEventNamesElement:
	case Check::AsyncEventOfSituation:
	case Check::AsyncEventRaised:
	case Check::CqUnusableAfterOverrun:
		return "contracts/async_event_judge.cpp judge_async_events";
	}
	return "";
}

const char *cap_name(Cap cap)
{
	switch (cap) {
	case Cap::None: return "";
	case Cap::PortCnt: return "phys_port_cnt";
	case Cap::PkeyTblLen: return "pkey_tbl_len";
	case Cap::GidTblLen: return "gid_tbl_len";
	case Cap::MaxQpRdAtom: return "max_qp_rd_atom";
	case Cap::MaxQpInitRdAtom: return "max_qp_init_rd_atom";
	case Cap::PortMaxMtu: return "max_mtu";
	case Cap::RateLimitMin: return "qp_rate_limit_min";
	case Cap::RateLimitMax: return "qp_rate_limit_max";
	case Cap::MaxSrqWr: return "max_srq_wr";
	case Cap::MaxSrqSge: return "max_srq_sge";
	case Cap::MaxCqCount: return "cq_mod_caps.max_cq_count";
	case Cap::MaxCqPeriod: return "cq_mod_caps.max_cq_period";
	case Cap::MaxCqe: return "max_cqe";
	case Cap::MaxQpWr: return "max_qp_wr";
	case Cap::MaxSge: return "max_sge";
	case Cap::NumCompVectors: return "num_comp_vectors";
	}
	return "?";
}

const char *feature_name(Feature feature)
{
	switch (feature) {
	case Feature::None: return "";
	case Feature::AutoPathMig: return "IBV_DEVICE_AUTO_PATH_MIG";
	case Feature::PacketPacing: return "packet pacing for the QP type";
	case Feature::SrqResize: return "IBV_DEVICE_SRQ_RESIZE";
	case Feature::CqModeration: return "CQ moderation (cq_mod_caps)";
	case Feature::Ece: return "ECE";
	case Feature::QpResize: return "QP resizing";
	}
	return "?";
}

const std::vector<const ContractRule *> &all_rules()
{
	static const std::vector<const ContractRule *> rules = [] {
		std::vector<const ContractRule *> out;
		for (const auto *family : {&modify_qp_rules(), &srq_rules(), &rate_limit_rules(),
					   &ece_rules(), &sched_rules(), &modify_cq_rules(),
					   &effect_rules(), &return_rules(), &resize_cq_rules(),
					   &frame_rules(), &completion_rules(), &create_cq_rules(),
					   &cq_notify_rules(), &lifecycle_rules(), &device_list_rules(),
					   &access_rules(), &async_event_rules()})
			for (const auto &r : *family)
				out.push_back(&r);
		return out;
	}();
	return rules;
}

const ContractRule *find_rule(std::string_view id)
{
	for (const ContractRule *r : all_rules())
		if (id == r->id)
			return r;
	return nullptr;
}

std::vector<const ContractRule *> rules_of(Verb verb)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : all_rules())
		if (r->verbs & verb_bit(verb))
			out.push_back(r);
	return out;
}

const ContractRule *rule_for_field(Verb verb, std::string_view field)
{
	for (const ContractRule *r : all_rules())
		if ((r->verbs & verb_bit(verb)) && field == r->field &&
		    (r->check == Check::Range || r->check == Check::Flags ||
		     r->check == Check::ZeroOrRange || r->check == Check::CurrentState ||
		     r->check == Check::Zero))
			return r;
	return nullptr;
}

std::string citation(const ContractRule &rule)
{
	std::string out = std::string(rule.man) + ": " + rule.sentence;
	if (rule.note)
		out += std::string(" [decision: ") + rule.note + "]";
	return out;
}

std::string citation_of(std::string_view id)
{
	const ContractRule *rule = find_rule(id);
	if (!rule)
		return "HARNESS BUG: no contract rule " + std::string(id);
	return "[" + std::string(id) + "] " + citation(*rule);
}

namespace {

std::string bound_text(const Bound &b)
{
	if (b.cap == Cap::None)
		return std::to_string(b.offset);
	if (b.offset == 0)
		return cap_name(b.cap);
	return fmt::format("{}{:+}", cap_name(b.cap), b.offset);
}

} // namespace

std::string condition_text(const ContractRule &r)
{
	std::string f = r.field;
	switch (r.check) {
	case Check::Any: return "any value";
	case Check::Range: return bound_text(r.lo) + " <= " + f + " <= " + bound_text(r.hi);
	case Check::Flags: return fmt::format("{} has no bit outside {:#x}", f, r.hi.offset);
	case Check::ZeroOrRange:
		return f + " == 0 or " + bound_text(r.lo) + " <= " + f + " <= " + bound_text(r.hi);
	case Check::CurrentState: return f + " equals the current state";
	case Check::Zero: return f + " == 0";
	case Check::MaskKnown:
		return r.bits ? fmt::format("{} has no bit outside {:#x}", f, r.bits)
			      : f + " has only the flags the API defines";
	case Check::TransitionListed:
		return "the QP transition table lists (qp_type, current, next state)";
	case Check::RequiredBits: return "attr_mask has every bit the transition requires";
	case Check::AllowedBits:
		return "attr_mask has no bit outside the transition's required | optional | STATE";
	case Check::Feature:
		return std::string("the device has ") + feature_name(r.feature) +
		       (r.bits ? fmt::format(" (when attr_mask has {:#x})", r.bits) : "");
	case Check::GrhRequired: return f + " == 1 where the port requires a GRH";
	case Check::NotBelowOutstanding: return f + " >= the WRs outstanding";
	case Check::NotAboveAfterCall:
		return f + " <= " + (r.other ? r.other : "?") + ", both as after the call";
	case Check::ZeroForRoot: return "root TSAR: " + f + " == 0 when its flag is set";
	case Check::HasParent: return f + " names a parent node";
	case Check::SameParent: return f + " names the element's own parent";
	case Check::OwnVendor: return f + " == the device's own vendor id";
	case Check::ReturnsErrno:
		return fmt::format("the result is 0 or an errno value (1..{})", r.hi.offset);
	case Check::BadWrInList: return "a failed post sets bad_wr to a WR of the list posted";
	case Check::ValidAccepted: return "a request no rule rejects is carried out (or ENOMEM, EOPNOTSUPP)";
	case Check::AtLeastRequest: return "accepted: " + f + " after the call >= the request's";
	case Check::KeptAcross:
		// A CQ's completions are a queue; an SRQ's WRs have no order.
		return "accepted: " + f + " held before the call still held after it" +
		       (r.verbs & verb_bit(Verb::ResizeCq) ? ", in order" : "");
	case Check::UnchangedOnReject:
		return std::string("rejected") + (r.other ? std::string(" as [") + r.other + "] says" : "") +
		       ": " + (f.empty() ? std::string("the object") : f) + " reads the same after the call";
	case Check::FrameUnchanged:
		return "every other QP, SRQ and CQ of the device reads the same after the call";
	case Check::ReadsBack: return "accepted: each field the request set reads back as set";
	case Check::ErrnoOfRule:
		return r.other ? std::string("rejected as [") + r.other + "] says: the errno is that rule's"
			       : "rejected: the errno is the one of the rule the request breaks";
	case Check::InvalidRejected:
		return r.level == Level::MUST ? "a request a MUST rule rejects is not carried out"
					      : "a request only SHOULD rules reject is not carried out";
	case Check::ResultAtMost: return "a non-negative result <= " + f;
	case Check::UnmaskedKept: return "accepted: what the request does not name reads the same after the call";
	case Check::StartsFresh:
		return "created: " + f + " reads as on the first object of its kind the case created";
	case Check::Effect: return "behaviour, proven by effect";
	case Check::WcSuccess: return "every WR of a valid exchange completes with IBV_WC_SUCCESS";
	case Check::WcSignaled:
		return "a successful send WR completes exactly when sq_sig_all or IBV_SEND_SIGNALED";
	case Check::WcInPostedOrder:
		return "the " + f + " completions name the WRs once each, in the order posted";
	case Check::WcOpcode: return "a successful completion's opcode is its WR's";
	case Check::WcByteLen: return "a receive completion's byte_len is the message's length";
	case Check::WcImmData:
		return "IBV_WC_WITH_IMM exactly with immediate data, imm_data as posted";
	case Check::WcSrcQp: return "a UD receive's src_qp is the sender's qp_num";
	case Check::WcFlagsKnown: return fmt::format("{} has no bit outside {:#x}", f, r.bits);
	case Check::WcGrh: return "a UD receive of a message with a GRH has IBV_WC_GRH";
	case Check::GrhPlaced: return "a UD receive's first 40 bytes hold the GRH, the data after";
	case Check::DataLands: return "the " + f + " bytes land where the WR says";
	case Check::DeliveredToDest:
		return "a UD message reaches only the QP remote_qpn, with its Q_Key";
	case Check::FlushedInErr:
		return "WRs outstanding at ERR or posted in it complete once with IBV_WC_WR_FLUSH_ERR";
	case Check::RefusedOnSrqQp: return "ibv_post_recv on a QP with an SRQ fails";
	case Check::LimitEventOnce:
		return "armed by ibv_modify_srq: one IBV_EVENT_SRQ_LIMIT_REACHED once the WRs drop below srq_limit, then srq_limit 0";
	case Check::LimitNotArmedByCreate: return "the srq_limit given to ibv_create_srq raises no event";
	case Check::LimitArmedAcrossResize: return "IBV_SRQ_MAX_WR alone leaves an armed SRQ armed";
	case Check::DestroyAfterAck: return "every event acknowledged: ibv_destroy_srq returns 0";
	case Check::AtMostObjects: return f + " <= the object's " + (r.other ? r.other : "?");
	case Check::RoomLeft: return std::string("the WRs in the object < its ") + (r.other ? r.other : "?");
	case Check::BitsRequire:
		return fmt::format("{} with a bit of {:#x} has every bit of {:#x}", f, r.bits, r.hi.offset);
	case Check::OpcodeOfQpType: return f + " is in the QP type's column of the opcode table";
	case Check::EceUnsupportedBoth: return "EOPNOTSUPP from ibv_set_ece exactly when from ibv_query_ece";
	case Check::EceAcceptedSubset:
		return "an accepted ibv_set_ece returns a subset of the options asked, with the device's vendor_id";
	case Check::EceQueryAsAccepted: return "ibv_query_ece returns what the last accepted ibv_set_ece returned";
	case Check::ReturnsZeroOrMinusOne: return "the result is 0 or -1";
	case Check::ArmedCqeEvent:
		return "armed (solicited_only 0): a successful receive CQE puts one event on the CQ's channel";
	case Check::AnyCqeEvent:
		return "armed (solicited_only 0): a send or unsuccessful CQE puts one event on the CQ's channel";
	case Check::SolicitedCqeEvent:
		return "armed solicited only: a solicited receive or an unsuccessful CQE puts one event there";
	case Check::UnsolicitedQuiet:
		return "armed solicited only: a successful send or unsolicited receive CQE puts no event there";
	case Check::OneShot: return "one ibv_req_notify_cq gives at most one event";
	case Check::EventWhenDue: return "an event is read only after an armed CQ got a CQE";
	case Check::EventNamesCq: return "the event names the CQ that got it, with its cq_context";
	case Check::EventOnOwnChannel: return "a CQ's events arrive on its own channel only";
	case Check::DestroyWaitsForAcks:
		return "ibv_destroy_cq returns once, and only once, every event got was acknowledged";
	case Check::PacedWithin:
		return "after " + f + ": sent bytes over any window <= rate_limit x window + the burst in effect";
	case Check::PacingDefaults:
		return "max_burst_sz/typical_pkt_sz 0: the defaults in effect (typical_pkt_sz the port's MTU), "
		       "rate_limit kept";
	case Check::SendsUnpaced:
		return "after " + f + ": the QP sends faster than the limit it had" +
		       std::string(r.bits ? " (where the device reports no pacing in effect)" : "");
	case Check::SharesMet:
		return "after " + f + ": backlogged flows get the tree's weighted max-min fair shares";
	case Check::FlaglessIgnored:
		return "accepted: a field whose flag is clear reads 0 after a create, as before after a modify";
	case Check::ExampleTreeAccepted: return "each call of the NOTES example returns success";
	case Check::ParentOutlivesChildren:
		return "destroying a node with children fails, and every element reads the same after";
	case Check::AttachAccepted: return "attaching a QP to leaves, or detaching it, returns 0";
	case Check::ResponderIbOnly:
		return "a responder leaf for a UD or RAW_PACKET QP is refused, the QP's leaves unchanged";
	case Check::QpStartsUnattached: return "a QP no call attached reads no leaf";
	case Check::OneOf: return fmt::format("{} is one of the values of mask {:#x}", f, r.bits) +
				  (r.other ? std::string(" (when ") + r.other + " is set)" : "");
	case Check::IgnoredWith:
		return std::string("with ") + (r.other ? r.other : "?") + " set, " + f + " fail nothing";
	case Check::Unique: return "accepted: " + f + " differs from every other live object's";
	case Check::EqualsRequest: return "accepted: " + f + " as reported equals the request's";
	case Check::BusyWhileUsed: return "the destroy fails while " + f + " depend on the object";
	case Check::FreedWhenUnused: return "the destroy succeeds once nothing depends on the object";
	case Check::ListedExposed:
		return "every entry names a device the system exposes, once; the device under test is an entry";
	case Check::ExposedListed: return "every device the system exposes is an entry";
	case Check::NumDevicesCount: return "num_devices = the entries before the NULL terminator";
	case Check::NullWithErrno: return "a NULL result comes with errno set";
	case Check::EmptyListNotNull: return "no device exposed: a non-NULL array and num_devices 0";
	case Check::ContextOfDevice:
		return "a non-NULL context is of the device asked for and answers ibv_query_device";
	case Check::FlagOutsideIgnored:
		return fmt::format("a WR with send_flags bits {:#x} outside {} is refused, completes in error, "
				   "or is carried out as without them",
				   r.bits, f.empty() ? std::string("the listed flags") : f);
	case Check::FenceOrders:
		return "a fenced WR starts once the RDMA READs and atomics before it completed";
	case Check::OnOwnCq: return "each completion lands on its QP's " + f + ", no other CQ";
	case Check::FromOwnSrq: return "a QP with an SRQ takes its receive WRs from that SRQ only";
	case Check::WcSl: return "a UD receive's sl is the sender's AH's sl";
	case Check::KeysServe:
		return "a " + f + " of an MR of the QP's PD, in range, with the access its use needs, is honoured";
	case Check::LocalReadAlways: return "an MR without IBV_ACCESS_LOCAL_WRITE serves as a send's source";
	case Check::LkeyChecked:
		return "a " + f + " SGE whose lkey names no MR of the PD with the access needed fails its WR, "
		       "nothing lands";
	case Check::RemoteAccessChecked:
		return fmt::format("a remote operation on an MR without access {:#x} fails, the MR unchanged; "
				   "with it, it is carried out",
				   r.bits);
	case Check::PdIsolated: return "a key of an MR of another PD is never honoured";
	case Check::ViolationStatus: return "a WR failed by a key completes with " + f;
	case Check::ScatterFits: return "a message longer than the receive WR's SGEs fails that receive";
	case Check::AsyncEventNamesElement:
		return "the event's " + f + " member names a live object of the caller's";
	case Check::AsyncEventOfSituation:
		return "an " + f + " event is read only for an object its situation happened on";
	case Check::AsyncEventRaised:
		return "the situation of " + f + " happened on an object: the event is read naming it";
	case Check::CqUnusableAfterOverrun:
		return "after the CQ overran, no poll returns a completion of work done from then on";
	}
	return "?";
}

std::string verbs_text(const ContractRule &rule)
{
	std::string out;
	for (unsigned v = 0; v < (unsigned)Verb::Count; v++)
		if (rule.verbs & (uint64_t(1) << v))
			out += (out.empty() ? "" : "|") + std::string(verb_name((Verb)v));
	return out;
}

} // namespace ibvcert
