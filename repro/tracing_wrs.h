// The WR lists of a traced post as trace JSON (addresses and keys named by
// the registry's MRs), and a receive post traced with its WRs.
#pragma once

#include "repro/trace_log.h"
#include "repro/tracing_registry.h"

#include <infiniband/verbs.h>
#include <nlohmann/json.hpp>

#include <string>

namespace ibvcert::tracing {

nlohmann::json sges(const ibv_sge *sg, int n, const Registry &reg);

nlohmann::json recv_wrs(const ibv_recv_wr *wr, const Registry &reg);

template <class Wr> int wr_index(const Wr *first, const Wr *bad)
{
	int i = 0;
	for (const Wr *w = first; w; w = w->next, i++)
		if (w == bad)
			return i;
	return -1;
}

// A receive list posted to an SRQ or a QP (`owner`), traced with its WRs,
// the result and bad_wr's place in the list.
template <class Queue>
int traced_post_recv(Queue &queue, const char *verb, const char *owner, const std::string &id,
		     const Registry &reg, ibv_recv_wr *wr, ibv_recv_wr **bad_wr)
{
	bool full = trace_log().retaining();
	nlohmann::json wrs = full ? recv_wrs(wr, reg) : nlohmann::json::array();
	int count = 0;
	for (const ibv_recv_wr *w = wr; w; w = w->next)
		count++;
	ibv_recv_wr *bad = nullptr;
	int ret = queue.post_recv(wr, &bad);
	if (bad_wr)
		*bad_wr = bad;
	trace_log().add({{"verb", verb}, {owner, id}, {"wr", wrs}, {"wr_count", count}, {"ret", ret},
			 {"bad_wr", ret ? wr_index(wr, bad) : -1}});
	return ret;
}

} // namespace ibvcert::tracing
