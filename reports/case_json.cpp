#include "reports/case_json.h"

#include <stdexcept>

namespace ibvcert {

Outcome outcome_from_name(const std::string &name)
{
	for (Outcome o : all_outcomes())
		if (name == outcome_name(o))
			return o;
	throw std::invalid_argument("unknown outcome " + name);
}

nlohmann::ordered_json case_to_json(const CaseResult &c)
{
	nlohmann::ordered_json j = {{"name", c.full_name()},
		{"suite", c.suite},
		{"case", c.name},
		{"clause", c.clause},
		{"outcome", outcome_name(c.outcome)},
		{"level", c.level},
		{"source", c.source},
		{"rules", c.rules},
		{"judged", c.judged},
		{"seconds", c.seconds},
		{"message", c.message},
		{"known_deviation", c.known_reason}};
	if (!c.predicted.empty())
		j["predicted_deviation"] = c.predicted;
	return j;
}

std::string json_error_text(const std::exception &e)
{
	std::string what = e.what();
	// "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
	if (what.rfind("[json.exception.", 0) == 0) {
		if (size_t end = what.find("] "); end != std::string::npos)
			what = what.substr(end + 2);
	}
	for (const char *prefix : {"parse error at ", "parse error: ", "parse error - "})
		if (what.rfind(prefix, 0) == 0)
			what = what.substr(std::string(prefix).size());
	// "key 'cases' not found"
	if (what.rfind("key '", 0) == 0 && what.size() > 15 &&
	    what.compare(what.size() - 11, 11, "' not found") == 0)
		what = "missing \"" + what.substr(5, what.size() - 16) + "\"";
	return what;
}

CaseResult case_from_json(const nlohmann::json &j)
{
	CaseResult c;
	c.suite = j.at("suite").get<std::string>();
	c.name = j.at("case").get<std::string>();
	c.clause = j.at("clause").get<std::string>();
	c.outcome = outcome_from_name(j.at("outcome").get<std::string>());
	c.level = j.at("level").get<std::string>();
	c.source = j.at("source").get<std::string>();
	c.rules = j.value("rules", std::vector<std::string>{});
	c.judged = j.value("judged", std::vector<std::string>{});
	c.seconds = j.at("seconds").get<double>();
	c.message = j.at("message").get<std::string>();
	c.known_reason = j.value("known_deviation", "");
	c.predicted = j.value("predicted_deviation", "");
	return c;
}

} // namespace ibvcert
