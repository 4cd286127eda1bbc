#include "contracts/frame_judge.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace ibvcert {

std::vector<const ContractRule *> frame_rules_of(Verb verb)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : all_rules())
		if ((r->verbs & verb_bit(verb)) && r->check == Check::FrameUnchanged)
			out.push_back(r);
	return out;
}

Verdict judge_frame(Verb verb, const std::vector<std::string> &changes)
{
	Verdict v;
	if (changes.empty())
		return v;
	for (const ContractRule *r : frame_rules_of(verb))
		v.breaches.push_back({r, fmt::format("{} changed other objects of the device: {}",
						     verb_name(verb), fmt::join(changes, "; "))});
	return v;
}

} // namespace ibvcert
