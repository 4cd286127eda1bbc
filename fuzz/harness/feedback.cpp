// The extra counters of feedback.h. libFuzzer clears them before each input
// and reads them after, as it reads its edge counters: each counter set is
// a feature of the input.
#include "fuzz/harness/feedback.h"

#include <cstddef>

namespace ibvcert::fuzz {
namespace {

constexpr unsigned kTypes = 5;  // RC, UC, UD, RAW_PACKET, any other
constexpr unsigned kStates = 8; // RESET..UNKNOWN
constexpr unsigned kKinds = 8;  // ValueKind, with room
constexpr unsigned kRelations = 8;
constexpr unsigned kFields = QpValueHistory::kFields;

constexpr size_t kChoices = kTypes * kStates * 2 * kFields * kKinds;
constexpr size_t kGiven = kTypes * kFields * kRelations;

// The section's name is libFuzzer's: it finds the counters by it.
__attribute__((section("__libfuzzer_extra_counters"), used)) uint8_t counters[kChoices + kGiven];

unsigned type_index(ibv_qp_type type)
{
	switch (type) {
	case IBV_QPT_RC: return 0;
	case IBV_QPT_UC: return 1;
	case IBV_QPT_UD: return 2;
	case IBV_QPT_RAW_PACKET: return 3;
	default: return 4;
	}
}

enum Relation : unsigned { FirstZero, First, Equal, RaisedFromZero, Raised, LoweredToZero, Lowered };

Relation relation(bool given, uint64_t before, uint64_t now)
{
	if (!given)
		return now ? First : FirstZero;
	if (now == before)
		return Equal;
	if (now > before)
		return before ? Raised : RaisedFromZero;
	return now ? Lowered : LoweredToZero;
}

} // namespace

void note_modify_qp_field(ibv_qp_type type, ibv_qp_state current, bool accepted, uint16_t field,
			  ValueKind kind)
{
	unsigned state = (unsigned)current < kStates ? (unsigned)current : kStates - 1;
	if (field >= kFields || (unsigned)kind >= kKinds)
		return;
	size_t i = (((type_index(type) * kStates + state) * 2 + accepted) * kFields + field) * kKinds +
		   (unsigned)kind;
	counters[i] = 1;
}

void note_value_given(ibv_qp_type type, uint16_t field, uint64_t value, QpValueHistory &history)
{
	if (field >= kFields)
		return;
	uint64_t bit = uint64_t{1} << field;
	Relation r = relation(history.given & bit, history.value[field], value);
	counters[kChoices + (type_index(type) * kFields + field) * kRelations + r] = 1;
	history.given |= bit;
	history.value[field] = value;
}

} // namespace ibvcert::fuzz
