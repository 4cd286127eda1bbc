// What an evaluator answers for one request: every rule it breaks, with the
// detail of the breach, in the order the rules are listed. emu0 answers the
// first breach's errno; the suites judge a device's answer by the class.
#pragma once

#include "contracts/rule.h"

#include <string>
#include <vector>

namespace ibvcert {

struct RuleBreach {
	const ContractRule *rule;
	std::string detail; // "pkey_index=128 outside 0..127"
};

struct Verdict {
	enum class Class {
		Accept,       // the contract accepts the request
		MustReject,   // a MUST-level rule rejects it
		ShouldReject, // only SHOULD-level rules: a provider may mask them
	};

	std::vector<RuleBreach> breaches;

	Class verdict() const;
	bool accepts() const { return breaches.empty(); }
	// The first MUST breach, else the first SHOULD one; nullptr on accept.
	const RuleBreach *first() const;
	// The errno of first(), 0 on accept.
	int err() const;
	// Whether a rule with this check is broken.
	bool breaks(Check check) const;
	bool breaks(std::string_view rule_id) const;
	// The breaches left when those of the listed checks are ignored (the
	// emulated device's fault knobs: a device that skips one kind of check).
	Verdict ignoring(std::initializer_list<Check> checks) const;
	Verdict ignoring_rule(std::string_view rule_id) const;
	// The ids of the broken rules.
	std::vector<std::string> rule_ids() const;
	// "accepted" / "rejected (MUST): <detail> [modify_qp.pkey_index.range MUST]; ..."
	std::string describe() const;
};

const char *verdict_name(Verdict::Class verdict);

} // namespace ibvcert
