// The lifecycle calls an op makes on objects of its own (the CQ rows'
// ibv_create_cq, a destroy while a dependent is alive), each judged whole
// by its judge (contracts/create_cq_judge.h, lifecycle_judge.h) and
// reported through Oracle::judged.
#pragma once

#include "fuzz/harness/oracle.h"

namespace ibvcert::fuzz {

// ibv_create_cq(cqe, comp_vector) returned result; reported: the CQ's cqe
// when it made one.
void check_create_cq(const Lane &lane, const Oracle &oracle, int cqe, int result, int reported,
		     int comp_vector = 0);

// A destroy verb on an object `dependents` live objects still use returned
// result; usable_after: a refused destroy left the object working.
void check_destroy(const Lane &lane, const Oracle &oracle, Verb verb, int dependents, int result,
		   bool usable_after);

} // namespace ibvcert::fuzz
