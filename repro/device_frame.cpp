#include "repro/device_frame.h"

#include "repro/verbs_json.h"

#include <fmt/format.h>

namespace ibvcert {

FrameView view_frame(const FrameObjects &objects)
{
	FrameView v;
	for (const auto &[id, qp] : objects.qps) {
		v.qps[id] = take_snapshot(*qp, false);
		ibv_ece e{};
		int ret = qp->query_ece(e);
		v.eces[id] = {ret, e};
	}
	for (const auto &[id, srq] : objects.srqs) {
		ibv_srq_attr a{};
		int ret = srq->query(a);
		v.srqs[id] = {ret, a};
	}
	for (const auto &[id, cq] : objects.cqs) {
		v.cqes[id] = cq->cqe();
		ibv_moderate_cq m{};
		int ret = cq->query_moderation(m);
		v.moderation[id] = {ret, m};
	}
	return v;
}

std::vector<std::string> frame_changes(const FrameView &before, const FrameView &after)
{
	std::vector<std::string> out;
	auto gone_or_new = [&](const auto &b, const auto &a) {
		for (const auto &[id, x] : b)
			if (!a.count(id))
				out.push_back(id + ": no longer there");
		for (const auto &[id, x] : a)
			if (!b.count(id))
				out.push_back(id + ": appeared");
	};
	gone_or_new(before.qps, after.qps);
	gone_or_new(before.srqs, after.srqs);
	gone_or_new(before.cqes, after.cqes);
	for (const auto &[id, s] : before.qps)
		if (auto it = after.qps.find(id); it != after.qps.end())
			for (const auto &change : snapshot_diff(s, it->second))
				out.push_back(id + ": " + change);
	for (const auto &[id, e] : before.eces)
		if (auto it = after.eces.find(id); it != after.eces.end()) {
			const auto &[rb, b] = e;
			const auto &[ra, a] = it->second;
			if (rb != ra || (rb == 0 && (b.vendor_id != a.vendor_id || b.options != a.options ||
						     b.comp_mask != a.comp_mask)))
				out.push_back(fmt::format("{}: ibv_query_ece {} vendor_id={:#x} options={:#x} -> {} "
							  "vendor_id={:#x} options={:#x}",
							  id, rb, b.vendor_id, b.options, ra, a.vendor_id, a.options));
		}
	for (const auto &[id, s] : before.srqs)
		if (auto it = after.srqs.find(id); it != after.srqs.end()) {
			const auto &[rb, b] = s;
			const auto &[ra, a] = it->second;
			if (rb != ra || b.max_wr != a.max_wr || b.max_sge != a.max_sge ||
			    b.srq_limit != a.srq_limit)
				out.push_back(fmt::format("{}: ibv_query_srq {} max_wr={} max_sge={} "
							  "srq_limit={} -> {} max_wr={} max_sge={} srq_limit={}",
							  id, rb, b.max_wr, b.max_sge, b.srq_limit, ra,
							  a.max_wr, a.max_sge, a.srq_limit));
		}
	for (const auto &[id, cqe] : before.cqes)
		if (auto it = after.cqes.find(id); it != after.cqes.end() && it->second != cqe)
			out.push_back(fmt::format("{}: cqe {} -> {}", id, cqe, it->second));
	for (const auto &[id, m] : before.moderation)
		if (auto it = after.moderation.find(id); it != after.moderation.end()) {
			const auto &[rb, b] = m;
			const auto &[ra, a] = it->second;
			if (rb != ra || b.cq_count != a.cq_count || b.cq_period != a.cq_period)
				out.push_back(fmt::format("{}: moderation cq_count={} cq_period={} -> "
							  "cq_count={} cq_period={}",
							  id, b.cq_count, b.cq_period, a.cq_count, a.cq_period));
		}
	return out;
}

nlohmann::json self_view(const FrameView &v)
{
	if (v.qps.size() == 1) {
		const QpSnapshot &s = v.qps.begin()->second;
		nlohmann::json out = {{"query_ret", s.query_ret}, {"qp_state", s.attr.qp_state},
				      {"attr", qp_attr_json(s.attr)}};
		if (auto e = v.eces.find(v.qps.begin()->first); e != v.eces.end()) {
			const auto &[ret, ece] = e->second;
			out["ece"] = {{"ret", ret}, {"vendor_id", ece.vendor_id}, {"options", ece.options}};
		}
		return out;
	}
	if (v.srqs.size() == 1) {
		const auto &[ret, a] = v.srqs.begin()->second;
		return {{"srq_query_ret", ret}, {"max_wr", a.max_wr}, {"max_sge", a.max_sge}, {"srq_limit", a.srq_limit}};
	}
	if (v.moderation.size() == 1) {
		const auto &[ret, m] = v.moderation.begin()->second;
		return {{"moderation_ret", ret}, {"cq_count", m.cq_count}, {"cq_period", m.cq_period}};
	}
	return nlohmann::json();
}

} // namespace ibvcert
