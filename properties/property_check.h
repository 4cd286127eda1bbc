// Runs a RapidCheck property as the current GoogleTest case, so filters,
// JUnit output and the ibvcert report treat it like a conformance case:
// records the clause (level, source) and the number of cases run; on failure
// reports the shrunk counterexample with its evidence, the RapidCheck
// reproduce string and the exact command that replays it. Case count and
// seed come from RC_PARAMS.
#pragma once

#include "fixtures/rigs/clause.h"

#include <rapidcheck.h>

#include <string>

namespace ibvcert {

// "Suite/Name" of the running test: RapidCheck's id for the property, the
// key of its reproduce string.
std::string current_property_id();

// RC_PARAMS's parameters, with the seed made the property's own (the same
// seed gives each property its own cases, and the same cases every run).
rc::detail::TestParams property_params(const std::string &id);

// Reads RC_PARAMS now, without RapidCheck's "Using configuration: ..." line
// on stderr (ibvcert run -q: its header, which names RC_PARAMS, is not
// printed either, and report.json records them). Case processes forked
// after it inherit the configuration and print nothing.
void load_property_configuration_silently();

// A GoogleTest failure (or success record) for the property's result.
void report_property_result(const rc::detail::TestResult &result, const std::string &id);

template <typename Testable>
void check_property(const Clause &clause, Testable &&testable)
{
	record_clause(clause);
	rc::detail::TestMetadata metadata;
	metadata.id = current_property_id();
	metadata.description = metadata.id;
	report_property_result(rc::detail::checkTestable(std::forward<Testable>(testable), metadata,
							 property_params(metadata.id)),
			       metadata.id);
}

// The command that reruns the current property with reproduce
// ("reproduce=..."): RC_PARAMS='reproduce=...' ibvcert run --device emu0
// --filter 'Suite.Name', or the standalone binary's command line.
std::string property_replay_command(const std::string &reproduce);

// Standalone binaries (properties_gtest) replay through themselves:
// command is what reruns the binary with its device ("IBVCERT_EMU_FAULT=x
// /path/properties_gtest"); --gtest_filter is appended.
void set_standalone_replay(std::string command);
bool standalone();

} // namespace ibvcert
