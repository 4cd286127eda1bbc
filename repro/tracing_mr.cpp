// A traced memory region: its ibv_dereg_mr, and its place in the registry
// (the buffer and keys a WR names it by) while it lives.
#include "repro/trace_log.h"
#include "repro/tracing_objects.h"

namespace ibvcert::tracing {

TMr::TMr(std::unique_ptr<Mr> in, std::string id, RegistryRef reg)
	: inner(std::move(in)), id(std::move(id)), reg_(std::move(reg))
{
}

TMr::~TMr()
{
	inner.reset();
	reg_->mrs.erase(id);
	if (!destroyed_)
		trace_log().add({{"verb", "ibv_dereg_mr"}, {"mr", id}});
}

int TMr::destroy()
{
	int ret = inner->destroy();
	trace_log().add({{"verb", "ibv_dereg_mr"}, {"mr", id}, {"ret", ret}});
	destroyed_ = ret == 0;
	if (destroyed_)
		reg_->mrs.erase(id);
	return ret;
}

} // namespace ibvcert::tracing
