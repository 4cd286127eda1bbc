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
} // namespace clauses

} // namespace ibvcert
