#include "contracts/verdict.h"

#include <algorithm>

namespace ibvcert {

Verdict::Class Verdict::verdict() const
{
	Class out = Class::Accept;
	for (const auto &b : breaches) {
		if (b.rule->level == Level::MUST)
			return Class::MustReject;
		out = Class::ShouldReject;
	}
	return out;
}

const RuleBreach *Verdict::first() const
{
	for (const auto &b : breaches)
		if (b.rule->level == Level::MUST)
			return &b;
	return breaches.empty() ? nullptr : &breaches.front();
}

int Verdict::err() const
{
	const RuleBreach *b = first();
	return b ? b->rule->err.value : 0;
}

bool Verdict::breaks(Check check) const
{
	return std::any_of(breaches.begin(), breaches.end(),
			   [&](const RuleBreach &b) { return b.rule->check == check; });
}

bool Verdict::breaks(std::string_view rule_id) const
{
	return std::any_of(breaches.begin(), breaches.end(),
			   [&](const RuleBreach &b) { return rule_id == b.rule->id; });
}

Verdict Verdict::ignoring(std::initializer_list<Check> checks) const
{
	Verdict out;
	for (const auto &b : breaches)
		if (std::find(checks.begin(), checks.end(), b.rule->check) == checks.end())
			out.breaches.push_back(b);
	return out;
}

Verdict Verdict::ignoring_rule(std::string_view rule_id) const
{
	Verdict out;
	for (const auto &b : breaches)
		if (rule_id != b.rule->id)
			out.breaches.push_back(b);
	return out;
}

std::vector<std::string> Verdict::rule_ids() const
{
	std::vector<std::string> out;
	for (const auto &b : breaches)
		out.push_back(b.rule->id);
	return out;
}

const char *verdict_name(Verdict::Class verdict)
{
	switch (verdict) {
	case Verdict::Class::Accept: return "accepted";
	case Verdict::Class::MustReject: return "rejected (MUST)";
	case Verdict::Class::ShouldReject: return "rejected (SHOULD)";
	}
	return "?";
}

std::string Verdict::describe() const
{
	std::string out = verdict_name(verdict());
	for (size_t i = 0; i < breaches.size(); i++)
		out += std::string(i ? "; " : ": ") + breaches[i].detail + " [" +
		       breaches[i].rule->id + " " + level_name(breaches[i].rule->level) + "]";
	return out;
}

} // namespace ibvcert
