// What a conformance test checks and where the contract says so. Each test
// records its clause's level and source; the runner carries them into the
// output and the reports.
#pragma once

#include "fixtures/qp_attr_table.h"

#include <string>

namespace ibvcert {

struct Clause {
	Level level;
	const char *source; // man page and sentence, or the table it comes from
};

// Records the clause on the running test (as GoogleTest properties
// "level" and "source").
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
} // namespace clauses

} // namespace ibvcert
