#include "contracts/pacing_judge.h"

#include "contracts/field_words.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string_view>

namespace ibvcert {
namespace {

bool is_pacing_check(Check c)
{
	return c == Check::PacedWithin || c == Check::PacingDefaults || c == Check::SendsUnpaced;
}

// Whether the row's field (comma-separated situations) names s.
bool names_situation(const ContractRule &r, PacingSituation s)
{
	return field_names(r, pacing_situation_name(s));
}

const std::vector<SendRecord> &steady_part(const PacingView &v)
{
	return v.backlogged.empty() ? v.sends : v.backlogged;
}

std::string shaping_text(const ibv_qp_rate_limit_attr &a)
{
	return fmt::format("rate_limit={} max_burst_sz={} typical_pkt_sz={}", a.rate_limit, a.max_burst_sz,
			   a.typical_pkt_sz);
}

// What breaks "at most rate_kbps x window + the burst" in the sends.
std::vector<std::string> over_the_rate(const PacingView &v)
{
	std::vector<std::string> out;
	double rate = v.rate_kbps * 1e3;
	const RateTolerance &tol = v.tol;
	std::optional<double> burst = pacing_burst_bytes(v);
	// The steady rate: where the consumer names a backlogged stretch, or
	// where no burst bound says more.
	if ((!v.backlogged.empty() || !burst) && steady_part(v).size() >= 4) {
		double steady = steady_rate(steady_part(v));
		if (steady > rate * (1 + tol.relative))
			out.push_back(fmt::format("steady send rate {} is above rate_limit {} (+{:.1f}%)",
						  gbps(steady), gbps(rate), 100 * tol.relative));
	}
	if (burst && v.sends.size() >= 2) {
		WindowExcess w = max_window_excess(v.sends, rate * (1 + tol.relative), tol.slack_ns);
		if (w.bytes > *burst + tol.bytes)
			out.push_back(fmt::format("sends {}..{} ({} bytes from {} ns to {} ns) exceed rate x "
						  "window by {:.0f} bytes, more than the burst {:.0f} "
						  "(max_burst_sz, at least one typical_pkt_sz packet; +{:.0f} "
						  "tolerance)",
						  w.first, w.last, w.sent, w.from_ns, w.to_ns, w.bytes, *burst,
						  tol.bytes));
	}
	return out;
}

bool decidable(const ContractRule &r, const PacingView &v)
{
	bool sends = !v.sends.empty();
	switch (r.check) {
	case Check::PacedWithin:
		return v.rate_kbps > 0 && (sends || (v.in_effect && v.situation != PacingSituation::Reported));
	case Check::PacingDefaults:
		return v.rate_kbps > 0 && (sends || v.in_effect);
	case Check::SendsUnpaced:
		if (r.bits && !(v.in_effect && v.in_effect->rate_limit == 0))
			return false;
		return (steady_part(v).size() >= 4 && (v.prior_kbps > 0 || v.port_bps > 0)) ||
		       (!r.bits && v.in_effect);
	default:
		return false;
	}
}

} // namespace

const char *pacing_situation_name(PacingSituation s)
{
	switch (s) {
	case PacingSituation::Set: return "set";
	case PacingSituation::Kept: return "kept";
	case PacingSituation::Defaults: return "defaults";
	case PacingSituation::Removed: return "removed";
	case PacingSituation::Reset: return "reset";
	case PacingSituation::Reported: return "reported";
	}
	return "?";
}

std::optional<double> pacing_burst_bytes(const PacingView &v)
{
	// The device's own report: its bucket, at least a packet.
	if (v.in_effect && (v.in_effect->max_burst_sz || v.in_effect->typical_pkt_sz))
		return (double)std::max<uint32_t>(v.in_effect->max_burst_sz, v.in_effect->typical_pkt_sz);
	// The request: max_burst_sz 0 is the device's default, unknown.
	if (!v.in_effect && v.max_burst_sz)
		return (double)std::max<uint32_t>(v.max_burst_sz, v.typical_pkt_sz);
	return std::nullopt;
}

std::vector<const ContractRule *> pacing_rules_judged(const PacingView &v)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : all_rules()) {
		if (!is_pacing_check(r->check) || !names_situation(*r, v.situation))
			continue;
		if (v.verb != Verb::Count && !(r->verbs & verb_bit(v.verb)))
			continue;
		if (decidable(*r, v))
			out.push_back(r);
	}
	return out;
}

Verdict judge_pacing(const PacingView &v)
{
	Verdict out;
	std::string after = pacing_situation_name(v.situation);
	for (const ContractRule *r : pacing_rules_judged(v)) {
		std::vector<std::string> why;
		switch (r->check) {
		case Check::PacedWithin:
			if (v.in_effect && v.situation != PacingSituation::Reported &&
			    v.in_effect->rate_limit != v.rate_kbps)
				why.push_back(fmt::format("the device reports {} in effect, not the rate_limit {} "
							  "set",
							  shaping_text(*v.in_effect), v.rate_kbps));
			for (std::string &s : over_the_rate(v))
				why.push_back(std::move(s));
			break;
		case Check::PacingDefaults:
			if (v.in_effect) {
				const ibv_qp_rate_limit_attr &e = *v.in_effect;
				if (e.rate_limit != v.rate_kbps)
					why.push_back(fmt::format("in effect {}, not the rate_limit {} set",
								  shaping_text(e), v.rate_kbps));
				if (v.port_mtu_bytes && e.typical_pkt_sz != v.port_mtu_bytes)
					why.push_back(fmt::format("typical_pkt_sz 0 did not default to the port's "
								  "MTU {}: in effect {}",
								  v.port_mtu_bytes, shaping_text(e)));
				if (e.max_burst_sz == 0)
					why.push_back("max_burst_sz 0 left no burst in effect, not a default: " +
						      shaping_text(e));
			}
			for (std::string &s : over_the_rate(v))
				why.push_back(std::move(s));
			break;
		case Check::SendsUnpaced: {
			if (v.in_effect && v.in_effect->rate_limit != 0)
				why.push_back("the device reports " + shaping_text(*v.in_effect) + " in effect, not "
					      "'none'");
			if (steady_part(v).size() < 4)
				break;
			double steady = steady_rate(steady_part(v));
			if (v.prior_kbps > 0 && steady <= 2 * 1e3 * v.prior_kbps)
				why.push_back(fmt::format("steady send rate {}: still about the old limit {}",
							  gbps(steady), gbps(1e3 * v.prior_kbps)));
			else if (v.prior_kbps == 0 && v.port_bps > 0 && steady < v.port_bps / 2)
				why.push_back(fmt::format("steady send rate {}, under half the port's {}: paced",
							  gbps(steady), gbps(v.port_bps)));
			break;
		}
		default:
			break;
		}
		if (!why.empty())
			out.breaches.push_back({r, fmt::format("after {}: {}", after, fmt::join(why, "; "))});
	}
	return out;
}

} // namespace ibvcert
