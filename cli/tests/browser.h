// A page as a real browser renders it: headless Chromium at 1400 x 900
// loads the file and dumps the DOM it built. A probe script, when given, is
// put before </body> (of a copy of the page); it measures the layout and
// writes what it saw as JSON into <pre id="probe">.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace ibvcert::testing {

std::string rendered_dom(const std::string &html_path, const std::string &probe_script = "");
// The probe's JSON from a rendered DOM; null when there is none.
nlohmann::json probe_result(const std::string &dom);

} // namespace ibvcert::testing
