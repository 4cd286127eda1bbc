// A traced protection domain: its ibv_dealloc_pd.
#include "repro/tracing_objects.h"

namespace ibvcert::tracing {

TPd::~TPd()
{
	release("ibv_dealloc_pd", "pd");
}

int TPd::destroy()
{
	return traced_destroy("ibv_dealloc_pd", "pd");
}

} // namespace ibvcert::tracing
