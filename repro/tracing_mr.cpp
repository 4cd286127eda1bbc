// A traced memory region: its ibv_dereg_mr, and its place in the registry
// (the buffer and keys a WR names it by) while it lives.
#include "repro/tracing_objects.h"

namespace ibvcert::tracing {

TMr::~TMr()
{
	reg_->mrs.erase(id);
	release("ibv_dereg_mr", "mr");
}

int TMr::destroy()
{
	int ret = traced_destroy("ibv_dereg_mr", "mr");
	if (destroyed_)
		reg_->mrs.erase(id);
	return ret;
}

} // namespace ibvcert::tracing
