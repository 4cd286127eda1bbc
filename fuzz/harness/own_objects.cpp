#include "fuzz/harness/own_objects.h"

#include "contracts/create_cq_judge.h"
#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"

#include <fmt/format.h>

namespace ibvcert::fuzz {

void check_create_cq(const Lane &lane, const Oracle &oracle, int cqe, int result, int reported, int comp_vector)
{
	oracle.judged(lane, "create_cq", "ibv_create_cq broke its rows",
		      judge_create_cq(lane.caps(), cqe, result, reported, comp_vector),
		      fmt::format("ibv_create_cq(cqe={}, comp_vector={}) returned {}, cqe {} reported (num_comp_vectors {})\n",
				  cqe, comp_vector, errno_name(result), reported, lane.caps().num_comp_vectors));
}

void check_destroy(const Lane &lane, const Oracle &oracle, Verb verb, int dependents, int result,
		   bool usable_after)
{
	oracle.judged(lane, verb_name(verb), std::string(verb_name(verb)) + " broke its rows",
		      judge_destroy({verb, dependents, result, usable_after}),
		      fmt::format("{} with {} dependent(s) alive returned {}{}\n", verb_name(verb), dependents,
				  errno_name(result), result == 0 ? "" : usable_after ? ", still works" : ", no longer works"));
}

} // namespace ibvcert::fuzz
