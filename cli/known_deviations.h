// A provider's known deviations: the committed file that lists, per case,
// why the provider fails it and the man-page sentence it breaks. A listed
// case that fails is KNOWN; one that passes is FIXED, which fails the run so
// the file stays true.
#pragma once

#include "reports/run_result.h"

#include <string>
#include <vector>

namespace ibvcert {

struct KnownDeviation {
	std::vector<std::string> cases; // case ids, or shell patterns of them (* ?)
	std::string reason; // what the provider does
	std::string breaks; // the man-page sentence (or table) it breaks
};

struct KnownDeviations {
	std::string provider;
	std::vector<KnownDeviation> deviations;
};

// Reads a deviations file. "" or a message naming what is wrong.
std::string load_known_deviations(const std::string &path, KnownDeviations &out);

// FAIL -> KNOWN and PASS -> FIXED when the file lists the case.
void apply_known_deviations(const KnownDeviations &known, CaseResult &c);

} // namespace ibvcert
