// gate.html: ibvcert gate's verdict as a page, in the certification
// report's style (reports/html_page.h): the verdict box first, the pairs of
// runs, then per pair its regressions with their evidence and replay, the
// fixes, the new passes and the other changes.
#pragma once

#include "cli/gate.h"

#include <string>

namespace ibvcert {

// "" or why the page could not be written.
std::string write_gate_html(const Gate &gate, const std::string &base, const std::string &candidate,
			    const std::string &path);

} // namespace ibvcert
