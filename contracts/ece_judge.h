// The judge of ibv_set_ece(3) and ibv_query_ece(3) over one QP's calls: what
// each set was asked and handed back, what each query returned, in order.
// The rows are contracts/effect_rules.cpp's EceUnsupportedBoth,
// EceAcceptedSubset and EceQueryAsAccepted; the ECE clauses and the property
// fill the view as they call the verbs and hand it here.
#pragma once

#include "contracts/verdict.h"

#include <infiniband/verbs.h>

#include <string>
#include <vector>

namespace ibvcert {

struct EceCall {
	Verb verb = Verb::QueryEce; // Verb::SetEce or Verb::QueryEce
	ibv_ece asked{};            // SetEce: the request
	ibv_ece got{};              // what the call left in its ece (set: IN/OUT; query: OUT)
	int result = 0;
	std::string at;             // "in RTS", for the detail
};

struct EceView {
	std::vector<EceCall> calls;
};

// Every row the QP's ECE calls break. The device's vendor_id is what the
// first successful ibv_query_ece of the view returned.
Verdict judge_ece(const EceView &view);
// The rows judge_ece decides on this view (EceQueryAsAccepted and
// EceAcceptedSubset need an accepted set, EceUnsupportedBoth a call of
// each verb).
std::vector<const ContractRule *> ece_rules_judged(const EceView &view);

} // namespace ibvcert
