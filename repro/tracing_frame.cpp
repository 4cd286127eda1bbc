// The frame around a traced call and a create's new object, viewed through
// the registry's live objects.
#include "repro/tracing_frame.h"

#include "repro/trace_log.h"
#include "repro/tracing_objects.h"

namespace ibvcert::tracing {

using nlohmann::json;

FrameObjects frame_objects(const Registry &reg, const void *self, bool self_only)
{
	FrameObjects o;
	for (const auto &[inner, named] : reg.by_inner) {
		if ((inner == self) != self_only)
			continue;
		const std::string &id = named.first;
		if (id.rfind("qp", 0) == 0)
			o.qps.push_back({id, static_cast<TQp *>(named.second)->inner.get()});
		else if (id.rfind("srq", 0) == 0)
			o.srqs.push_back({id, static_cast<TSrq *>(named.second)->inner.get()});
		else if (id.rfind("cq", 0) == 0)
			o.cqs.push_back({id, static_cast<TCq *>(named.second)->inner.get()});
	}
	return o;
}

Frame::Frame(const Registry &reg, const void *self) : reg_(reg), self_(self), judging_(trace_log().judging())
{
	if (!judging_)
		return;
	before_ = view_frame(frame_objects(reg_, self_));
	self_before_ = view_frame(frame_objects(reg_, self_, true));
}

void Frame::judge(json &step) const
{
	if (!judging_)
		return;
	step["frame_judged"] = true;
	step["frame_changes"] = frame_changes(before_, view_frame(frame_objects(reg_, self_)));
	FrameView self_after = view_frame(frame_objects(reg_, self_, true));
	step["self_changes"] = frame_changes(self_before_, self_after);
	if (json b = self_view(self_before_); !b.is_null()) {
		step["self_before"] = b;
		step["self_after"] = self_view(self_after);
	}
}

void view_created(Registry &reg, const void *inner, const std::string &kind, json &step)
{
	if (!trace_log().judging())
		return;
	// Per case: a case that fails on it fails alone, as its rerun runs it.
	if (reg.first_created_case != trace_log().case_number()) {
		reg.first_created.clear();
		reg.first_created_case = trace_log().case_number();
	}
	json now = self_view(view_frame(frame_objects(reg, inner, true)));
	auto [first, fresh] = reg.first_created.try_emplace(kind, now);
	step["created"] = now;
	if (!fresh)
		step["first_created"] = first->second;
}

} // namespace ibvcert::tracing
