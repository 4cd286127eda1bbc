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
#define IBVCERT_VERB_ENTRY(verb, name)                                                                             \
	case Verb::verb: return name;
#include "contracts/verb_list.h"
#undef IBVCERT_VERB_ENTRY
	case Verb::Count: break;
	}
	return "?";
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
		for (const RuleFamily *family : rule_families())
			for (const auto &r : family->rows())
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

std::string verbs_text(const ContractRule &rule)
{
	std::string out;
	for (unsigned v = 0; v < (unsigned)Verb::Count; v++)
		if (rule.verbs & (uint64_t(1) << v))
			out += (out.empty() ? "" : "|") + std::string(verb_name((Verb)v));
	return out;
}

} // namespace ibvcert
