// A CQ as a caller observes it, what the judges of the verbs that name a CQ
// read before and after the call (fixtures/object_verbs.h).
#pragma once

#include <cstdint>
#include <vector>

namespace ibvcert {

// The cqe member, and the completions the CQ holds (their wr_ids, oldest
// first) where the caller knows them.
struct CqView {
	int cqe = 0;
	std::vector<uint64_t> unpolled;
};

} // namespace ibvcert
