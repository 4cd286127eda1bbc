// One case result as JSON: the report's rows, and the records an isolated
// child sends its parent.
#pragma once

#include "reports/run_result.h"

#include <nlohmann/json.hpp>

namespace ibvcert {

nlohmann::ordered_json case_to_json(const CaseResult &c);
// Throws nlohmann::json::exception on a malformed record.
CaseResult case_from_json(const nlohmann::json &j);
// "PASS" -> Outcome::Pass; throws std::invalid_argument for an unknown name.
Outcome outcome_from_name(const std::string &name);

} // namespace ibvcert
