#include "cli/known_deviations.h"

#include <nlohmann/json.hpp>

#include <fnmatch.h>

#include <fstream>

namespace ibvcert {

std::string load_known_deviations(const std::string &path, KnownDeviations &out)
{
	std::ifstream in(path);
	if (!in)
		return "cannot read known-deviations file " + path;
	try {
		auto doc = nlohmann::json::parse(in);
		out.provider = doc.at("provider").get<std::string>();
		for (const auto &d : doc.at("deviations")) {
			KnownDeviation k{d.at("cases").get<std::vector<std::string>>(),
					 d.at("reason").get<std::string>(),
					 d.at("breaks").get<std::string>()};
			if (k.cases.empty() || k.reason.empty() || k.breaks.empty())
				return path + ": every deviation needs cases, reason and breaks";
			out.deviations.push_back(std::move(k));
		}
	} catch (const nlohmann::json::exception &e) {
		return path + ": " + e.what();
	}
	return "";
}

void apply_known_deviations(const KnownDeviations &known, CaseResult &c)
{
	std::string name = c.full_name();
	for (const auto &d : known.deviations) {
		bool listed = false;
		for (const auto &pattern : d.cases)
			listed = listed || fnmatch(pattern.c_str(), name.c_str(), FNM_NOESCAPE) == 0;
		if (!listed)
			continue;
		c.known_reason = known.provider + ": " + d.reason + " (breaks: " + d.breaks + ")";
		if (c.outcome == Outcome::Fail)
			c.outcome = Outcome::Known;
		else if (c.outcome == Outcome::Pass)
			c.outcome = Outcome::Fixed;
		return;
	}
}

} // namespace ibvcert
