// Feedback that libFuzzer's edge coverage cannot see, as extra counters.
//
// ibv_modify_qp's fields are one table (contracts/qp_attr_table.h) that one
// loop walks: an input that varies max_dest_rd_atomic and one that varies
// timeout run the same edges, so a merge keeps one of them and the fuzzer
// never learns that the other did something new. These counters name what
// a modify chose and what the QP was given:
// - per call, each field its mask sends with the kind of value chosen
//   (values.h), in the QP's type and current state, accepted or not;
// - per accepted call, each field's value against the value the QP was last
//   given for it in its life. The model forgets a QP's attributes in RESET
//   (ibv_query_qp(3)); a device may keep what it allocated for them, so the
//   history runs from the create to the destroy.
#pragma once

#include "fuzz/harness/values.h"

#include <infiniband/verbs.h>

#include <array>
#include <cstdint>

namespace ibvcert::fuzz {

// The values a QP was given since its create, by field of qp_attr_fields().
struct QpValueHistory {
	static constexpr unsigned kFields = 64;
	uint64_t given = 0; // a bit per field: given at least once
	std::array<uint64_t, kFields> value{};
};

// One field an ibv_modify_qp sent: the kind of value chosen for it.
void note_modify_qp_field(ibv_qp_type type, ibv_qp_state current, bool accepted, uint16_t field,
			  ValueKind kind);

// One field of an accepted ibv_modify_qp: its value against the QP's history
// (first given, equal, raised from 0, raised, lowered to 0, lowered), then
// recorded in it.
void note_value_given(ibv_qp_type type, uint16_t field, uint64_t value, QpValueHistory &history);

} // namespace ibvcert::fuzz
