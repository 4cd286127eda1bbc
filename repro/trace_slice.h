// The steps of a verb trace a reproducer needs for one call: the calls on
// the objects that call names, on the objects those were made from, and on
// every object a call links to them (a connection's peer, the QP a
// dest_qp_num names, a WR's MR or AH, the QPs that take WRs from an SRQ),
// in trace order. A property's trace holds many trials; the slice keeps
// the one that failed.
#pragma once

#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <vector>

namespace ibvcert {

// The ids a step names (its own id included).
std::set<std::string> step_objects(const nlohmann::json &step, const nlohmann::json &steps,
				   size_t index);

std::vector<size_t> slice_for(const nlohmann::json &steps, size_t target);

} // namespace ibvcert
