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

// A JSON library error in words for a person: "line 3, column 7: syntax
// error while parsing object key - invalid literal" for a parse error,
// "missing \"cases\"" for an absent key; without the library's tags.
std::string json_error_text(const std::exception &e);

} // namespace ibvcert
