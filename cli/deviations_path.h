// Where `ibvcert run --known` finds a provider's known-deviations file: a
// path, or a provider name ("rxe") looked up in the deviations directory:
// $IBVCERT_DEVIATIONS_DIR, else the installed one (<prefix>/share/ibvcert/
// deviations, beside <prefix>/bin/ibvcert), else the source tree's
// deviations/ (a build-tree binary).
#pragma once

#include <string>
#include <vector>

namespace ibvcert {

// The directories a provider name is looked up in, in order.
std::vector<std::string> deviations_dirs();

// Turns arg (a file, or a provider name) into the file's path. "" when
// found, else a sentence saying where it looked and what is there.
std::string resolve_deviations_file(std::string &arg);

} // namespace ibvcert
