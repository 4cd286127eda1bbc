// The one interpreter of the value check kinds (Range, ZeroOrRange, Flags,
// Zero): a row's condition on one value of its field, for every family's
// evaluator. A range the device's caps leave empty does not apply (rule.h).
#pragma once

#include "contracts/device_caps.h"
#include "contracts/rule.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ibvcert {

// How a value prints in a breach: decimal, or hex (masks, vendor ids).
enum class ValueBase { Dec, Hex };

// Whether r's check is one check_value decides.
bool is_value_check(Check check);
// nullopt when value meets r's condition (or the condition does not apply
// on this device), else the breach detail ("cqe=0 outside 1..4194303").
std::optional<std::string> check_value(const ContractRule &r, int64_t value, const DeviceCaps &caps,
				       ValueBase base = ValueBase::Dec);

} // namespace ibvcert
