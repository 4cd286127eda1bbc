// Where a row is executed, row by row: a family whose own verb has a judge
// (RuleFamily::own_judge: ibv_create_cq, ibv_resize_cq, the lifecycle verbs)
// decides the effect rows of its table there; every other row by its check kind
// (executed_by(Check), contracts/rule.h). `ibvcert rules --format json`
// prints it.
#pragma once

#include "contracts/rule.h"

#include <string>

namespace ibvcert {

std::string executed_by(const ContractRule &rule);

} // namespace ibvcert
