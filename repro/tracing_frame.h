// The frame around one traced call (contracts/frame_judge.h): the live
// objects of the registry viewed before and after the call, written into the
// call's trace step; and a create's new object viewed alone.
#pragma once

#include "repro/device_frame.h"
#include "repro/tracing_registry.h"

#include <nlohmann/json.hpp>

#include <string>

namespace ibvcert::tracing {

// The live objects but `self`, as the frame a call on `self` is viewed in;
// with self_only, `self` alone, as the call's own object is viewed.
FrameObjects frame_objects(const Registry &reg, const void *self, bool self_only = false);

// The frame around one call on `self`: the other objects and `self` viewed
// at construction, again in judge(), which writes into the call's trace
// step what changed: on the others (frame_changes, for the frame judge) and
// on `self` (self_changes, for the effect judge; self_before/self_after: a
// QP's ibv_query_qp, for the request's evaluator and the read-back).
class Frame {
public:
	Frame(const Registry &reg, const void *self);
	void judge(nlohmann::json &step) const;

private:
	const Registry &reg_;
	const void *self_;
	bool judging_;
	FrameView before_, self_before_;
};

// A create's new object (`inner`, registered already) viewed alone, into its
// step as "created", with the first object of its `kind` the case created,
// as viewed then ("first_created"), when this is another: the effect judge's
// StartsFresh rows compare the two.
void view_created(Registry &reg, const void *inner, const std::string &kind, nlohmann::json &step);

} // namespace ibvcert::tracing
