// A traced completion queue: its polls, notification requests, event acks
// and destroy (its moderation and resize, which name the CQ alone, are
// traced where tracing_objects.h declares them, through Traced::traced_call).
#include "repro/trace_log.h"
#include "repro/tracing_objects.h"

namespace ibvcert::tracing {

using nlohmann::json;

TCq::TCq(std::unique_ptr<Cq> in, std::string id, RegistryRef reg)
	: Traced(std::move(in), std::move(id), std::move(reg)), acks_to_(inner.get())
{
}

TCq::~TCq()
{
	reg_->by_inner.erase(inner.get());
	release("ibv_destroy_cq", "cq");
}

int TCq::destroy()
{
	int ret = traced_destroy("ibv_destroy_cq", "cq");
	if (destroyed_)
		reg_->by_inner.erase(inner.get());
	return ret;
}

int TCq::poll(int num_entries, ibv_wc *wc)
{
	int n = inner->poll(num_entries, wc);
	json wcs = json::array();
	for (int i = 0; trace_log().retaining() && i < n; i++)
		wcs.push_back({{"wr_id", wc[i].wr_id}, {"qp_num", wc[i].qp_num},
			       {"status", wc[i].status},
			       {"opcode", wc[i].opcode}});
	trace_log().add({{"verb", "ibv_poll_cq"}, {"cq", id}, {"num_entries", num_entries},
			 {"ret", n}, {"wc", wcs}});
	return n;
}

int TCq::req_notify(int solicited_only)
{
	int ret = inner->req_notify(solicited_only);
	trace_log().add({{"verb", "ibv_req_notify_cq"}, {"cq", id},
			 {"solicited_only", solicited_only}, {"ret", ret}});
	return ret;
}

void TCq::ack_events(unsigned nevents)
{
	acks_to_->ack_events(nevents);
	trace_log().add({{"verb", "ibv_ack_cq_events"}, {"cq", id}, {"nevents", nevents}});
}

} // namespace ibvcert::tracing
