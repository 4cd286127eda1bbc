// A traced completion channel: its ibv_get_cq_event and destroy.
#include "repro/trace_log.h"
#include "repro/tracing_objects.h"

namespace ibvcert::tracing {

TChannel::~TChannel()
{
	release("ibv_destroy_comp_channel", "channel");
}

int TChannel::destroy()
{
	return traced_destroy("ibv_destroy_comp_channel", "channel");
}

int TChannel::get_cq_event(const void *&cq, void *&cq_context, int &err)
{
	int ret = inner->get_cq_event(cq, cq_context, err);
	trace_log().add({{"verb", "ibv_get_cq_event"}, {"channel", id}, {"ret", ret},
			 {"errno", ret ? err : 0}});
	return ret;
}

} // namespace ibvcert::tracing
