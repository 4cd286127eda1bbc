// How an attribute set through ibv_modify_qp reads back through
// ibv_query_qp, where the contract lets the two differ. Fields the attribute
// table marks not queried are never compared; the rules below add what the
// man pages allow beyond that, each with its sentence.
#pragma once

#include <infiniband/verbs.h>

#include <string>
#include <vector>

namespace ibvcert {

enum class ReadBack {
	Exact,         // reads back as set
	AtLeast,       // reads back greater than or equal to what was set
	NotReturned,   // ibv_query_qp does not return it
	UnstableApm,   // may differ once an alternate path is loaded (APM)
};

struct ReadBackRule {
	int flag;
	ReadBack how;
	const char *source;
};

const std::vector<ReadBackRule> &read_back_rules();
// The rule for one attr_mask flag (Exact when none is listed).
ReadBack read_back(int flag);

// "field: set X, read back Y" for each queried field of set_mask whose
// read-back the rules do not allow. loaded is every flag set since the QP
// last left RESET (IBV_QP_ALT_PATH there means APM may have moved the path).
std::vector<std::string> read_back_mismatches(const ibv_qp_attr &set, int set_mask,
					      const ibv_qp_attr &read, int loaded);

} // namespace ibvcert
