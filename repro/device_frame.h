// The frame a call is judged on (contracts/frame_judge.h): what a caller can
// observe of every live object of the device but the one the call names,
// viewed before and after the call (what changed: fixtures/frame_view.h).
#pragma once

#include "fixtures/device.h"
#include "fixtures/frame_view.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ibvcert {

// The live objects of the frame, by trace id ("qp2"), as the device's own.
struct FrameObjects {
	std::vector<std::pair<std::string, Qp *>> qps;
	std::vector<std::pair<std::string, Srq *>> srqs;
	std::vector<std::pair<std::string, Cq *>> cqs;
};

// Each QP's full ibv_query_qp, ibv_qp::state and ibv_query_ece, each SRQ's
// ibv_query_srq, each CQ's cqe and moderation (fixtures/frame_view.h). The
// queries are not noted as the last verb called: a crash inside the call
// still names the call.
FrameView view_frame(const FrameObjects &objects);
// What the effect judge reads of a call's own object (a view of that one
// object) beyond its changes: a QP's ibv_query_qp and ibv_query_ece
// ({"query_ret", "qp_state", "attr", "ece": {"ret", "vendor_id", "options"}}),
// an SRQ's ibv_query_srq ({"srq_query_ret", "max_wr", "max_sge", "srq_limit"}),
// a CQ's moderation ({"moderation_ret", "cq_count", "cq_period"}); null for others.
nlohmann::json self_view(const FrameView &view);

} // namespace ibvcert
