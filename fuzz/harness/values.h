// Structure-aware attribute values: the input picks, per field, a kind of
// value (valid for the transition, at a bound of the attribute table, just
// outside it, or raw bits), and each device under test turns the kind into a
// concrete value against its own caps. Zero bytes decode to valid values.
#pragma once

#include "fixtures/device_caps.h"
#include "contracts/qp_attr_table.h"

#include <cstdint>
#include <string>

class FuzzedDataProvider;

namespace ibvcert::fuzz {

enum class ValueKind : uint8_t {
	Valid, // what the QP builder sends for this transition
	Low,   // the table's lower bound (0 for unbounded fields)
	High,  // the table's upper bound (all ones for unbounded fields)
	Above, // just above the upper bound (the table's breach values)
	Below, // just below the lower bound
	Raw,   // bits from the input
};
const char *value_kind_name(ValueKind kind);

struct ValueChoice {
	uint16_t field;  // index into qp_attr_fields()
	ValueKind kind;
	uint64_t raw;    // for Raw
};

// Decodes the kind (and raw bits) of one field; Valid when the input is out.
ValueChoice decode_value(FuzzedDataProvider &in, uint16_t field);
// The same without Valid: a bound, just outside one, or raw bits (Low when
// the input is out).
ValueChoice decode_varied_value(FuzzedDataProvider &in, uint16_t field);

// The concrete value on a device whose caps are caps, for a QP in current;
// valid holds the builder's valid attributes. Raw bits are cut to the
// field's width, and for enum fields to the values the C++ enum can hold.
uint64_t materialize(const ValueChoice &choice, const ibv_qp_attr &valid,
		     const DeviceCaps &caps, ibv_qp_state current);

// Sets the chosen value into attr (and makes a GRH field's guard hold).
void apply_choice(const ValueChoice &choice, ibv_qp_attr &attr, const ibv_qp_attr &valid,
		  const DeviceCaps &caps, ibv_qp_state current);

} // namespace ibvcert::fuzz
