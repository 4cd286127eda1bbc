// The one interpreter of the value check kinds (Range, ZeroOrRange, Flags,
// Zero): a row's condition on one value of its field, for every family's
// evaluator, and the other way round, the classes of values the rows split
// a field into, for every driver that draws a request (a fuzz op, a
// property command). A range the device's caps leave empty does not apply
// (rule.h).
#pragma once

#include "contracts/device_caps.h"
#include "contracts/rule.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ibvcert {

// How a value prints in a breach: decimal, or hex (masks, vendor ids).
enum class ValueBase { Dec, Hex };

// Whether r's check is one check_value decides.
bool is_value_check(Check check);
// nullopt when value meets r's condition (or the condition does not apply
// on this device), else the breach detail ("cqe=0 outside 1..4194303").
std::optional<std::string> check_value(const ContractRule &r, int64_t value, const DeviceCaps &caps,
				       ValueBase base = ValueBase::Dec);

// One class of a field's values: a value standing for it, what the class is
// ("max_cqe", "0, below 1", "bit 0x4"), and whether every value row of the
// verb on the field takes it.
struct ValueClass {
	int64_t value;
	std::string name;
	bool valid;
};
// What a field's classes depend on besides the device: the object's current
// value of the field, and what it holds (NotBelowOutstanding rows: the WRs
// or completions outstanding), where the caller knows them.
struct ValueContext {
	std::optional<int64_t> current;
	std::optional<int64_t> outstanding;
};
// The classes of field's values for verb on this device, from the verb's
// rows on the field: each bound of a Range or ZeroOrRange, the value past
// it on each side, a value inside and a negative one; 0, each bit and all
// the bits of a Flags row's mask, and the lowest bit outside it; 0 and 1 for
// Zero; the outstanding count and one below it for NotBelowOutstanding; the
// current value. Rows of several verbs on the field each add theirs; a range
// the caps leave empty adds none. In row order, without repeats (the first
// class of a value keeps it). Empty when no row of verb reads field.
std::vector<ValueClass> value_classes(Verb verb, std::string_view field, const DeviceCaps &caps,
				      const ValueContext &context = {});

} // namespace ibvcert
