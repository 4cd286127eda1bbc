// Turns a verb trace and its finding into a standalone C program: it opens
// the device by name (-d, default the finding's), re-creates the objects of
// the trace's slice for the finding (trace_slice.h) with the exact
// attributes, makes every call of the walk as the case did (each must answer
// as on the finding's run, else exit 2), then makes the finding's call and
// checks the condition finding.h found broken. It prints each call, and
// exits 1 when the deviation is present, 0 when not.
#pragma once

#include "repro/finding.h"

#include <nlohmann/json.hpp>

#include <string>

namespace ibvcert {

struct ReproSource {
	std::string what;     // "case Table/ModifyQp... on rxe0" / "fuzz input ..."
	std::string device;   // the default device of the program
	std::string kernel;   // uname -r of the finding's run
	std::string rdma_core;
	std::string replay;   // the ibvcert command that regenerates it
};

std::string emit_c_repro(const nlohmann::json &steps, const Finding &finding,
			 const ReproSource &source);

} // namespace ibvcert
