// A traced shared receive queue: its ibv_modify_srq (judged in its frame),
// ibv_query_srq, ibv_post_srq_recv and destroy.
#include "repro/trace_log.h"
#include "repro/tracing_objects.h"
#include "repro/tracing_wrs.h"
#include "repro/verbs_json.h"

namespace ibvcert::tracing {

using nlohmann::json;

TSrq::~TSrq()
{
	reg_->by_inner.erase(inner.get());
	bool live = !destroyed_;
	inner.reset();
	if (live)
		trace_log().add({{"verb", "ibv_destroy_srq"}, {"srq", id}, {"ret", 0}});
}

int TSrq::modify(ibv_srq_attr &attr, int attr_mask)
{
	json in = srq_attr_json(attr);
	return traced_call({{"verb", "ibv_modify_srq"}, {"srq", id}, {"attr", in}, {"attr_mask", attr_mask}},
			   [&] { return inner->modify(attr, attr_mask); });
}

int TSrq::query(ibv_srq_attr &attr)
{
	int ret = inner->query(attr);
	trace_log().add({{"verb", "ibv_query_srq"}, {"srq", id}, {"ret", ret},
			 {"attr", srq_attr_json(attr)}});
	return ret;
}

int TSrq::post_recv(ibv_recv_wr *wr, ibv_recv_wr **bad_wr)
{
	return traced_post_recv(*inner, "ibv_post_srq_recv", "srq", id, *reg_, wr, bad_wr);
}

int TSrq::destroy()
{
	int ret = traced_destroy("ibv_destroy_srq", "srq");
	if (destroyed_)
		reg_->by_inner.erase(inner.get());
	return ret;
}

} // namespace ibvcert::tracing
