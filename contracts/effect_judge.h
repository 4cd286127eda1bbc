// The effect rows of every verb, interpreted once: what a call did to the
// object it names, judged from what a caller observed of that object before
// and after it (a create: the new object, against the case's first of its
// kind). The verb's family supplies the observation (its evaluator's
// verdict on the request, the object's own changes, the fields that did not
// read back as set); the rows (UnchangedOnReject, ReadsBack, ErrnoOfRule,
// ValidAccepted, InvalidRejected) decide.
#pragma once

#include "contracts/verdict.h"

#include <map>
#include <string>
#include <vector>

namespace ibvcert {

struct EffectObservation {
	Verb verb = Verb::Count;
	long long result = 0; // what the call returned
	// The verb's evaluator on the request, the object as it stood; unknown
	// when its inputs were not observed (then only rows that need no
	// request verdict are judged).
	bool request_known = false;
	Verdict request;
	std::string request_text; // the request in words, for the detail ("attr_mask IBV_QP_STATE|...")
	// What the call changed on its own object ("qp_state 1 -> 2"), when
	// the object was viewed before and after.
	bool viewed = false;
	std::vector<std::string> changes;
	// Accepted calls: the fields that did not read back as set, when the
	// object was read back after the call.
	bool read_back = false;
	std::vector<std::string> read_back_mismatches;
	// Accepted calls: the object's changes to what the request does not
	// name, when the family can tell which those are.
	bool unmasked_known = false;
	std::vector<std::string> unmasked_changes;
	// Creates: the new object as viewed right after the call, and the
	// first object of its kind (and QP type) the case created, as viewed
	// then ("srq_limit" -> 0, "ece.options" -> 0); known when that first
	// object was viewed and this is another.
	bool created = false;
	std::map<std::string, long long> created_view, first_view;
};

// The verb's rows judge_effect runs.
const std::vector<const ContractRule *> &effect_rules_of(Verb verb);
// The rows of effect_rules_of(obs.verb) the observation can decide (the
// others need what was not observed).
std::vector<const ContractRule *> effect_rules_judged(const EffectObservation &obs);
// Every effect row of the verb that the call breaks.
Verdict judge_effect(const EffectObservation &obs);

} // namespace ibvcert
