#include "contracts/sched_judge.h"

#include "contracts/field_words.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <infiniband/mlx5dv.h>

#include <cerrno>
#include <cmath>
#include <string_view>

namespace ibvcert {
namespace {

bool names_situation(const ContractRule &r, ShareSituation s)
{
	return field_names(r, share_situation_name(s));
}

struct Measured {
	double want = 0, got = 0;
};

std::vector<Measured> measure(const ShareView &v)
{
	std::vector<double> want = fair_shares(v.tree, v.link_bps);
	std::vector<Measured> out;
	for (const ShareFlow &f : v.flows) {
		Measured m;
		if (f.element >= 0 && f.element < (int)want.size())
			m.want = want[f.element];
		m.got = rate_in(f.sends, v.from_ns, v.to_ns);
		out.push_back(m);
	}
	return out;
}

} // namespace

const char *share_situation_name(ShareSituation s)
{
	switch (s) {
	case ShareSituation::Example: return "example";
	case ShareSituation::Idle: return "idle";
	case ShareSituation::ZeroWeight: return "zero_weight";
	case ShareSituation::Unattached: return "unattached";
	case ShareSituation::Modified: return "modified";
	case ShareSituation::Recreated: return "recreated";
	case ShareSituation::Random: return "random";
	}
	return "?";
}

std::vector<const ContractRule *> share_rules_judged(const ShareView &v)
{
	std::vector<const ContractRule *> out;
	if (v.flows.empty() || v.link_bps <= 0 || v.to_ns <= v.from_ns)
		return out;
	for (const ContractRule *r : all_rules())
		if (r->check == Check::SharesMet && names_situation(*r, v.situation))
			out.push_back(r);
	return out;
}

std::string share_table(const ShareView &v)
{
	std::vector<Measured> m = measure(v);
	double scale = v.scale_bps > 0 ? v.scale_bps : v.link_bps;
	std::string out;
	for (size_t i = 0; i < m.size(); i++)
		out += fmt::format("{}: want {}, got {} ({:+.3f}% of {})\n", v.flows[i].name, gbps(m[i].want),
				   gbps(m[i].got), scale > 0 ? 100 * (m[i].got - m[i].want) / scale : 0.0,
				   gbps(scale));
	return out;
}

Verdict judge_shares(const ShareView &v)
{
	Verdict out;
	std::vector<const ContractRule *> rows = share_rules_judged(v);
	if (rows.empty())
		return out;
	std::vector<Measured> m = measure(v);
	bool off = false;
	for (const Measured &x : m)
		off = off || std::fabs(x.got - x.want) > v.tolerance_bps;
	if (!off)
		return out;
	std::string detail = fmt::format("after {}: the measured split is off the tree's weighted "
					 "max-min fair shares (tolerance {})\n{}",
					 v.after, gbps(v.tolerance_bps), share_table(v));
	for (const ContractRule *r : rows)
		out.breaches.push_back({r, detail});
	return out;
}

const char *sched_call_name(SchedCall c)
{
	switch (c) {
	case SchedCall::Create: return "create";
	case SchedCall::Modify: return "modify";
	case SchedCall::Destroy: return "destroy";
	case SchedCall::Attach: return "mlx5dv_modify_qp_sched_elem";
	case SchedCall::ReadQp: return "a QP no call attached";
	}
	return "?";
}

namespace {

bool no_ib_responder(ibv_qp_type t)
{
	return t == IBV_QPT_UD || t == IBV_QPT_RAW_PACKET;
}

std::string leaves_text(const QpLeaves &l)
{
	return fmt::format("requestor {}, responder {}", l.requestor ? fmt::format("{:#x}", l.requestor) : "none",
			   l.responder ? fmt::format("{:#x}", l.responder) : "none");
}

bool call_decidable(const ContractRule &r, const SchedCallView &v)
{
	switch (r.check) {
	case Check::FlaglessIgnored:
		return (v.call == SchedCall::Create && v.after) ||
		       (v.call == SchedCall::Modify && v.before && v.after);
	case Check::ExampleTreeAccepted:
		return v.example;
	case Check::ParentOutlivesChildren:
		return v.call == SchedCall::Destroy && v.had_children;
	case Check::AttachAccepted:
		return v.call == SchedCall::Attach && !(v.asked.responder && no_ib_responder(v.qp_type));
	case Check::ResponderIbOnly:
		return v.call == SchedCall::Attach && v.asked.responder && no_ib_responder(v.qp_type);
	case Check::QpStartsUnattached:
		return v.call == SchedCall::ReadQp && v.leaves_after.has_value();
	default:
		return false;
	}
}

} // namespace

std::vector<const ContractRule *> sched_call_rules_judged(const SchedCallView &v)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : all_rules())
		if (call_decidable(*r, v))
			out.push_back(r);
	return out;
}

Verdict judge_sched_call(const SchedCallView &v)
{
	Verdict out;
	std::string call = v.what.empty() ? std::string(sched_call_name(v.call)) : v.what;
	for (const ContractRule *r : sched_call_rules_judged(v)) {
		std::vector<std::string> why;
		switch (r->check) {
		case Check::FlaglessIgnored: {
			if (v.result != 0)
				break;
			// Create: the device default (bw_share 0: the default weight;
			// max_avg_bw 0: unlimited); modify: the value it had.
			uint32_t bw = v.call == SchedCall::Create ? 0 : v.before->bw_share;
			uint32_t max = v.call == SchedCall::Create ? 0 : v.before->max_avg_bw;
			if (!(v.flags & MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE) && v.after->bw_share != bw)
				why.push_back(fmt::format("bw_share {} given without its flag, and it applies {} "
							  "(expected {})",
							  v.bw_share, v.after->bw_share, bw));
			if (!(v.flags & MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW) && v.after->max_avg_bw != max)
				why.push_back(fmt::format("max_avg_bw {} given without its flag, and it applies "
							  "{} (expected {})",
							  v.max_avg_bw, v.after->max_avg_bw, max));
			break;
		}
		case Check::ExampleTreeAccepted:
			if (v.result != 0)
				why.push_back(fmt::format("returned {}", v.result));
			break;
		case Check::ParentOutlivesChildren:
			if (v.result == 0)
				why.push_back("destroying a node with children returned 0");
			if (v.tree_viewed && !v.tree_changes.empty())
				why.push_back("the tree changed: " + fmt::format("{}", fmt::join(v.tree_changes, "; ")));
			break;
		case Check::AttachAccepted:
			// EOPNOTSUPP: a device or QP without scheduling caps (the
			// consumer SKIPs); anything else is a refusal of a valid call.
			if (v.result != 0 && v.result != EOPNOTSUPP)
				why.push_back(fmt::format("returned {}", v.result));
			else if (v.result == 0 && v.leaves_after && !(*v.leaves_after == v.asked))
				why.push_back("returned 0, yet the QP reads " + leaves_text(*v.leaves_after) +
					      ", not the " + leaves_text(v.asked) + " asked for");
			break;
		case Check::ResponderIbOnly:
			if (v.result == 0)
				why.push_back(fmt::format("a responder leaf was accepted for a {} QP",
							  v.qp_type == IBV_QPT_UD ? "UD" : "RAW_PACKET"));
			if (v.leaves_before && v.leaves_after && !(*v.leaves_before == *v.leaves_after))
				why.push_back("the QP's leaves changed: " + leaves_text(*v.leaves_before) + " -> " +
					      leaves_text(*v.leaves_after));
			break;
		case Check::QpStartsUnattached:
			if (!(*v.leaves_after == QpLeaves{}))
				why.push_back("it reads " + leaves_text(*v.leaves_after));
			break;
		default:
			break;
		}
		if (!why.empty())
			out.breaches.push_back({r, fmt::format("{}: {}", call, fmt::join(why, "; "))});
	}
	return out;
}

} // namespace ibvcert
