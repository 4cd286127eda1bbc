// The one evaluator of mlx5dv_sched_{node,leaf}_{create,modify}(3):
// composes the rows of contracts/sched_rules.cpp for a request on an
// element of a kind. emu0 answers with it, the scheduling clauses, the
// properties and the fuzz oracle judge with it. The request is described by
// its own small struct (fixtures' SchedAttr converts to it: sched_request()
// in fixtures/sched_attr.h).
#pragma once

#include "contracts/device_caps.h"
#include "contracts/verdict.h"

#include <cstdint>
#include <string>

namespace ibvcert {

enum class SchedKind { Root, Node, Leaf }; // Root: a node without a parent
constexpr uint32_t sched_kind_bit(SchedKind k) { return 1u << (unsigned)k; }
const char *sched_kind_name(SchedKind kind); // "Root"

// What the rules read of a struct mlx5dv_sched_attr.
struct SchedRequest {
	uint32_t flags = 0;
	uint32_t bw_share = 0;
	uint32_t max_avg_bw = 0;
	uint64_t comp_mask = 0;
	bool has_parent = false;   // parent != NULL
	bool parent_is_own = true; // modify: parent names the element's current parent
};

// MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE | MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW.
uint32_t sched_attr_flags_known();
// "BW_SHARE|MAX_AVG_BW|0x4", "0".
std::string sched_flags_names(uint32_t flags);

// The rule binds verb (SchedCreate / SchedModify) on an element of kind.
bool sched_rule_applies(const ContractRule &rule, SchedKind kind, Verb verb);

// verb: Verb::SchedCreate or Verb::SchedModify.
Verdict evaluate_sched(const DeviceCaps &caps, SchedKind kind, Verb verb,
		       const SchedRequest &request);

} // namespace ibvcert
