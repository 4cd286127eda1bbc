#include "contracts/mlx5_notes.h"

#include <fmt/format.h>

#include <regex>
#include <string_view>

namespace ibvcert {

const char *mlx5_reading_name(Mlx5Reading reading)
{
	switch (reading) {
	case Mlx5Reading::Same: return "same";
	case Mlx5Reading::Differs: return "differs";
	case Mlx5Reading::Firmware: return "decided by firmware";
	}
	return "?";
}

bool in_mlx5_families(const ContractRule &rule)
{
	if (rule.check == Check::ReturnsErrno || rule.check == Check::FrameUnchanged)
		return false;
	std::string_view id = rule.id;
	for (std::string_view prefix : {"ece.", "sched.", "rate_limit.", "modify_cq.", "modify_qp.rate_limit.",
					"modify_qp.reset.forgets_pacing", "modify_qp.reset.reported_pacing",
					"modify_qp.unmasked.pacing"})
		if (id.substr(0, prefix.size()) == prefix)
			return true;
	return false;
}

Mlx5Note mlx5_note(const ContractRule &rule)
{
	Mlx5Note out;
	std::string note = rule.note ? rule.note : "";
	size_t at = note.find("mlx5: ");
	if (at == std::string::npos) {
		out.problem = "no \"mlx5: \" line in the note";
		return out;
	}
	if (note.find("mlx5: ", at + 1) != std::string::npos) {
		out.problem = "more than one \"mlx5: \" line in the note";
		return out;
	}
	std::string line = note.substr(at + 6);
	static const std::regex cite(R"(\((providers|drivers|libibverbs)/[A-Za-z0-9_/.-]+\.[ch]:[A-Za-z_][A-Za-z0-9_]*)");
	bool cited = std::regex_search(line, cite);
	if (line.rfind("same", 0) == 0) {
		out.reading = Mlx5Reading::Same;
	} else if (line.rfind("differs, because ", 0) == 0) {
		out.reading = Mlx5Reading::Differs;
	} else if (line.rfind("decided by firmware, not visible in the source", 0) == 0) {
		out.reading = Mlx5Reading::Firmware;
		cited = true; // firmware's answer has no function to cite
	} else {
		out.problem = "the line starts with neither \"same\", \"differs, because\" nor \"decided by "
			      "firmware, not visible in the source\"";
		return out;
	}
	if (!cited) {
		out.problem = "no (file:function) citation of libmlx5, libibverbs or the kernel";
		return out;
	}
	out.changed = line.find("[changed: ") != std::string::npos;
	out.ok = true;
	return out;
}

Mlx5NoteCounts count_mlx5_notes()
{
	Mlx5NoteCounts n;
	for (const ContractRule *r : all_rules()) {
		if (!in_mlx5_families(*r))
			continue;
		++n.rules;
		Mlx5Note note = mlx5_note(*r);
		if (!note.ok) {
			++n.malformed;
			continue;
		}
		n.same += note.reading == Mlx5Reading::Same;
		n.differs += note.reading == Mlx5Reading::Differs;
		n.firmware += note.reading == Mlx5Reading::Firmware;
		n.changed += note.changed;
	}
	return n;
}

std::string mlx5_notes_summary(const Mlx5NoteCounts &n)
{
	std::string out = fmt::format("mlx5, read from source (deviations/mlx5-reading.md): {} rules of the ECE, "
				      "pacing, scheduling and CQ moderation families: {} same, {} differ "
				      "(predicted deviations: deviations/mlx5.json), {} decided by firmware; "
				      "{} rules changed after the reading",
				      n.rules, n.same, n.differs, n.firmware, n.changed);
	if (n.malformed)
		out += fmt::format("; {} without a well-formed mlx5 line", n.malformed);
	return out;
}

} // namespace ibvcert
