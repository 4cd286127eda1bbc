// A row's `field` as a comma-separated list of words ("set,kept,reset"):
// the situations a judge's row names.
#pragma once

#include "contracts/rule.h"

#include <string_view>

namespace ibvcert {

// Whether the row's field names word.
inline bool field_names(const ContractRule &r, std::string_view word)
{
	std::string_view list = r.field;
	while (!list.empty()) {
		size_t comma = list.find(',');
		if (list.substr(0, comma) == word)
			return true;
		if (comma == std::string_view::npos)
			break;
		list.remove_prefix(comma + 1);
	}
	return false;
}

} // namespace ibvcert
