// The C of an ibv_get_async_event of a walk: wait for an event as the
// finding's run got one, and print it.
#include "repro/c_emit.h"

#include <algorithm>

namespace ibvcert::c_emit {

void Emitter::event_step(const json &s)
{
	if (s.value("ret", 0) != 0)
		return;
	put("\t{{");
	put("\t\tstruct ibv_async_event ev;");
	put("\t\tint ret = wait_event(&ev, {});", std::max<long>(s["timeout_ms"].get<long>(), 1000));
	put("\t\tprintf(\"ibv_get_async_event = %s%s%s (the finding's run: {})\\n\", err_name(ret), ret ? \"\" : \": \", "
	    "ret ? \"\" : ibv_event_type_str(ev.event_type));",
	    ibv_event_type_str((ibv_event_type)s["event_type"].get<int>()));
	put("\t\tif (!ret)");
	put("\t\t\tibv_ack_async_event(&ev);");
	put("\t}}");
}

} // namespace ibvcert::c_emit
