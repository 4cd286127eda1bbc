// A traced protection domain: its ibv_dealloc_pd.
#include "repro/trace_log.h"
#include "repro/tracing_objects.h"

namespace ibvcert::tracing {

TPd::TPd(std::unique_ptr<Pd> in, std::string id) : inner(std::move(in)), id(std::move(id)) {}

TPd::~TPd()
{
	inner.reset();
	if (!destroyed_)
		trace_log().add({{"verb", "ibv_dealloc_pd"}, {"pd", id}});
}

int TPd::destroy()
{
	int ret = inner->destroy();
	trace_log().add({{"verb", "ibv_dealloc_pd"}, {"pd", id}, {"ret", ret}});
	destroyed_ = ret == 0;
	return ret;
}

} // namespace ibvcert::tracing
