// A traced post's scatter/gather lists and receive WRs as trace JSON.
#include "repro/tracing_wrs.h"

namespace ibvcert::tracing {

using nlohmann::json;

json sges(const ibv_sge *sg, int n, const Registry &reg)
{
	json out = json::array();
	for (int i = 0; i < n; i++)
		out.push_back({{"addr", reg.address(sg[i].addr)},
			       {"length", sg[i].length},
			       {"lkey", reg.key(sg[i].lkey, false)}});
	return out;
}

json recv_wrs(const ibv_recv_wr *wr, const Registry &reg)
{
	json out = json::array();
	for (; wr; wr = wr->next)
		out.push_back({{"wr_id", wr->wr_id}, {"num_sge", wr->num_sge},
			       {"sg_list", sges(wr->sg_list, wr->num_sge, reg)}});
	return out;
}

} // namespace ibvcert::tracing
