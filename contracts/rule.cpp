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
	case Verb::CreateQp: return "ibv_create_qp";
	case Verb::DestroyQp: return "ibv_destroy_qp";
	case Verb::AllocPd: return "ibv_alloc_pd";
	case Verb::DeallocPd: return "ibv_dealloc_pd";
	case Verb::DestroyCq: return "ibv_destroy_cq";
	case Verb::CreateAh: return "ibv_create_ah";
	case Verb::DestroyAh: return "ibv_destroy_ah";
	case Verb::DeregMr: return "ibv_dereg_mr";
	case Verb::QueryGid: return "ibv_query_gid";
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
	case Verb::CreateQp:
	case Verb::DestroyQp:
	case Verb::AllocPd:
	case Verb::DeallocPd:
	case Verb::DestroyCq:
	case Verb::CreateAh:
	case Verb::DestroyAh:
	case Verb::DeregMr: return "lifecycle";
	case Verb::QueryGid: return "device";
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
	case Check::Effect:
	case Check::Unique:
	case Check::EqualsRequest:
	case Check::BusyWhileUsed:
	case Check::FreedWhenUnused:
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
	case Check::Effect: return "effect";
	case Check::OneOf: return "one-of";
	case Check::IgnoredWith: return "ignored-with";
	case Check::Unique: return "unique";
	case Check::EqualsRequest: return "equals-request";
	case Check::BusyWhileUsed: return "busy-while-used";
	case Check::FreedWhenUnused: return "freed-when-unused";
	}
	return "?";
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
					   &frame_rules(), &lifecycle_rules()})
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
	case Check::ValidAccepted: return "a request no rule rejects is carried out";
	case Check::AtLeastRequest: return "accepted: " + f + " after the call >= the request's";
	case Check::KeptAcross: return "accepted: " + f + " the same after the call, in order";
	case Check::UnchangedOnReject: return "rejected: " + f + " the same after the call";
	case Check::FrameUnchanged:
		return "every other QP, SRQ and CQ of the device reads the same after the call";
	case Check::Effect: return "behaviour, proven by effect";
	case Check::OneOf: return fmt::format("{} is one of the values of mask {:#x}", f, r.bits) +
				  (r.other ? std::string(" (when ") + r.other + " is set)" : "");
	case Check::IgnoredWith:
		return std::string("with ") + (r.other ? r.other : "?") + " set, " + f + " fail nothing";
	case Check::Unique: return "accepted: " + f + " differs from every other live object's";
	case Check::EqualsRequest: return "accepted: " + f + " as reported equals the request's";
	case Check::BusyWhileUsed: return "the destroy fails while " + f + " depend on the object";
	case Check::FreedWhenUnused: return "the destroy succeeds once nothing depends on the object";
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
