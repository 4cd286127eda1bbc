// ibvcert repro: turns a finding into a standalone C program (repro/).
#pragma once

#include <string>
#include <vector>

namespace ibvcert {

struct ReproOptions {
	std::string case_name;   // --case
	std::string device;      // --device (default: the report's, else emu0)
	std::string report;      // --report report.json
	std::string output;      // -o (default stdout)
	std::string trace_file;  // --trace: the verb trace as JSON
	std::string from_trace;  // --from-trace: a recorded trace instead of a case
	std::vector<std::string> emu_faults;
};

// 0 the program was written, 1 the case did not fail (or no traced call
// shows the deviation), 2 bad input. self: this binary, for the replay line.
int repro_command(ReproOptions opt, const std::string &self);

} // namespace ibvcert
