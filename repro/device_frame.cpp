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
