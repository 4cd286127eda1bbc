// A traced address handle: its ibv_destroy_ah, and its place in the
// registry (the ibv_ah a UD WR names it by) while it lives.
#include "repro/tracing_objects.h"

namespace ibvcert::tracing {

TAh::~TAh()
{
	if (!destroyed_)
		reg_->ahs.erase(inner->ah());
	release("ibv_destroy_ah", "ah");
}

int TAh::destroy()
{
	ibv_ah *native = inner->ah();
	int ret = traced_destroy("ibv_destroy_ah", "ah");
	if (destroyed_)
		reg_->ahs.erase(native);
	return ret;
}

} // namespace ibvcert::tracing
