// A traced completion queue: its polls, moderation, resize, notification
// requests, event acks and destroy.
#include "repro/trace_log.h"
#include "repro/tracing_frame.h"
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

int TCq::modify(ibv_modify_cq_attr &attr)
{
	Frame frame(*reg_, inner.get());
	int ret = inner->modify(attr);
	json step = {{"verb", "ibv_modify_cq"}, {"cq", id}, {"attr_mask", attr.attr_mask},
		     {"cq_count", attr.moderate.cq_count},
		     {"cq_period", attr.moderate.cq_period}, {"ret", ret}};
	frame.judge(step);
	trace_log().add(step);
	return ret;
}

int TCq::resize(int cqe)
{
	Frame frame(*reg_, inner.get());
	int ret = inner->resize(cqe);
	json step = {{"verb", "ibv_resize_cq"}, {"cq", id}, {"cqe", cqe}, {"ret", ret},
		     {"cqe_after", inner->cqe()}};
	frame.judge(step);
	trace_log().add(step);
	return ret;
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
