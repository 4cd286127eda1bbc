// A traced address handle: its ibv_destroy_ah, and its place in the
// registry (the ibv_ah a UD WR names it by) while it lives.
#include "repro/trace_log.h"
#include "repro/tracing_objects.h"

namespace ibvcert::tracing {

TAh::TAh(std::unique_ptr<Ah> in, std::string id, RegistryRef reg)
	: inner(std::move(in)), id(std::move(id)), reg_(std::move(reg))
{
}

TAh::~TAh()
{
	if (!destroyed_)
		reg_->ahs.erase(inner->ah());
	inner.reset();
	if (!destroyed_)
		trace_log().add({{"verb", "ibv_destroy_ah"}, {"ah", id}});
}

int TAh::destroy()
{
	ibv_ah *native = inner->ah();
	int ret = inner->destroy();
	trace_log().add({{"verb", "ibv_destroy_ah"}, {"ah", id}, {"ret", ret}});
	destroyed_ = ret == 0;
	if (destroyed_)
		reg_->ahs.erase(native);
	return ret;
}

} // namespace ibvcert::tracing
