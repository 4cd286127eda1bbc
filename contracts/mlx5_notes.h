// What mlx5 does for each rule of the families only mlx5 implements (ECE,
// packet pacing, scheduling elements, CQ moderation, and the modify_qp rows
// that touch them), as each row's note records it from libmlx5's and
// mlx5_ib's source (deviations/mlx5-reading.md). Each such note holds one
// line: "mlx5: same (file:function)", "mlx5: differs, because ...
// (file:function)" or "mlx5: decided by firmware, not visible in the
// source"; "[changed: ...]" marks a rule changed after the reading.
#pragma once

#include "contracts/rule.h"

#include <string>

namespace ibvcert {

enum class Mlx5Reading { Same, Differs, Firmware };
const char *mlx5_reading_name(Mlx5Reading reading); // "same"

// Whether the rule belongs to those families (its id's family; the generic
// result and frame rows every verb has are not family decisions).
bool in_mlx5_families(const ContractRule &rule);

struct Mlx5Note {
	bool ok = false;       // exactly one well-formed line
	std::string problem;   // when not ok: what is wrong
	Mlx5Reading reading = Mlx5Reading::Same;
	bool changed = false;  // "[changed: ...]"
};
Mlx5Note mlx5_note(const ContractRule &rule);

struct Mlx5NoteCounts {
	int rules = 0, same = 0, differs = 0, firmware = 0, changed = 0, malformed = 0;
};
Mlx5NoteCounts count_mlx5_notes();
// "mlx5, read from source: 58 rules: 40 same, 10 differ (...), 8 firmware; 2 changed"
std::string mlx5_notes_summary(const Mlx5NoteCounts &counts);

} // namespace ibvcert
