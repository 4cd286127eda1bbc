// What a conformance test checks and where the contract says so. Each test
// records its clause's level and source; the runner carries them into the
// output and the reports.
#pragma once

#include "contracts/rule.h"

#include <string>
#include <vector>

namespace ibvcert {

// A clause names the rules it checks (contracts/rule.h ids): its behaviour
// rule first, then the request rules its cases exercise. Its source text is
// the rules' citations, from the rows.
struct Clause {
	Level level;
	const char *rule;                     // the behaviour (effect) rule
	std::vector<std::string> also = {};   // further rule ids the case checks
};

// Records the clause on the running test (as GoogleTest properties
// "level", "source" and "rules"). An unknown rule id is a harness bug: it
// fails the case.
void record_clause(const Clause &clause);

namespace clauses {
extern const char kAtomicFailure[];   // ibv_modify_qp(3) NOTES
extern const char kRequiredTables[];  // ibv_modify_qp(3) required attributes
extern const char kKernelTable[];     // the kernel's QP transition table
extern const char kQueryQp[];         // ibv_query_qp(3) NOTES
extern const char kSrqLimitEvent[];   // ibv_modify_srq(3) + ibv_query_srq(3) NOTES
extern const char kSrqCreateLimit[];  // ibv_create_srq(3): srq_limit irrelevant
extern const char kSrqLimitRange[];   // srq_limit <= max_wr, atomic failure
extern const char kSrqResizeCap[];    // ibv_modify_srq(3) NOTES: IBV_DEVICE_SRQ_RESIZE
extern const char kSrqResizeGrows[];  // IBV_SRQ_MAX_WR resizes, WRs kept
extern const char kSrqResizeBelow[];  // max_wr not below the outstanding WRs
extern const char kSrqAtomic[];       // ibv_modify_srq(3) NOTES: none modified
extern const char kSrqMaskBits[];     // ibv_modify_srq(3): the mask's flags
extern const char kAsyncEventAck[];   // ibv_get_async_event(3) NOTES
extern const char kRateLimitNoPacing[];   // ibv_modify_qp_rate_limit(3) EOPNOTSUPP
extern const char kRateLimitQpType[];     // packet_pacing_caps.supported_qpts
extern const char kRateLimitRange[];      // qp_rate_limit_min/max, EINVAL
extern const char kRateLimitZero[];       // rate_limit 0: no limit
extern const char kRateLimitDefaults[];   // max_burst_sz / typical_pkt_sz 0
extern const char kRateLimitMaxRate[];    // "the MAX send rate", measured
extern const char kRateLimitModifyQp[];   // IBV_QP_RATE_LIMIT through ibv_modify_qp
extern const char kEceVendorZero[];       // ibv_set_ece(3) vendor_id 0
extern const char kEceUnsupported[];      // EOPNOTSUPP from both verbs
extern const char kEceInvalid[];          // comp_mask, EINVAL, nothing stored
extern const char kEceSubset[];           // accepted options, every QP state
extern const char kSchedAttrRules[];      // mlx5dv_sched_attr rules
extern const char kSchedFieldWithoutFlag[]; // decision: the field is ignored
extern const char kSchedTree[];           // the NOTES example, built and torn down
extern const char kSchedDestroyParent[];  // decision: children first
extern const char kSchedQpAttach[];       // mlx5dv_modify_qp_sched_elem(3)
extern const char kSchedQpResponder[];    // responder leaves: IB responders only
extern const char kSchedShares[];         // weights and caps, measured
extern const char kSchedIdleShare[];      // unused bandwidth redistributed
} // namespace clauses

} // namespace ibvcert
