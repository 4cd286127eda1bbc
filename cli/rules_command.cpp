// ibvcert rules: the contract as a table, read from the rows (contracts/).
#include "cli/commands.h"

#include "contracts/rule.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>

namespace ibvcert {
namespace {

std::string errno_text(int err)
{
	if (!err)
		return "-";
	const char *name = strerrorname_np(err);
	return name ? name : std::to_string(err);
}

} // namespace

int rules_command(const std::string &format)
{
	if (format == "json") {
		nlohmann::ordered_json out = nlohmann::ordered_json::array();
		for (const ContractRule *r : all_rules())
			out.push_back({{"id", r->id},
				       {"verbs", verbs_text(*r)},
				       {"level", level_name(r->level)},
				       {"errno", errno_text(r->err)},
				       {"errno_level", level_name(r->err.level)},
				       {"check", check_name(r->check)},
				       {"condition", condition_text(*r)},
				       {"man", r->man},
				       {"sentence", r->sentence},
				       {"note", r->note ? r->note : ""}});
		std::printf("%s\n", out.dump(2).c_str());
		return 0;
	}
	// text: one block per rule, a vendor reads what is checked
	for (const ContractRule *r : all_rules()) {
		std::printf("%s  [%s] %s  errno %s%s\n", r->id, level_name(r->level),
			    verbs_text(*r).c_str(), errno_text(r->err).c_str(),
			    r->err == 0 ? ""
			    : r->err.level == Level::MUST ? " (fixed by the page or the ABI: MUST)"
							  : " (by convention: SHOULD)");
		std::printf("    condition: %s\n", condition_text(*r).c_str());
		std::printf("    citation:  %s: %s\n", r->man, r->sentence);
		if (r->note)
			std::printf("    decision:  %s\n", r->note);
	}
	std::printf("%zu rules\n", all_rules().size());
	return 0;
}

} // namespace ibvcert
