// Runs the ibvcert binary under test and captures its exit status and output.
#pragma once

#include <string>

namespace ibvcert::testing {

struct CommandResult {
	int status = -1; // exit status, or -1 when it did not exit normally
	std::string output; // stdout and stderr
};

// Runs command through the shell, stdout and stderr together.
CommandResult run_shell(const std::string &command);
// args are appended to the ibvcert path as one shell string.
CommandResult run_ibvcert(const std::string &args);

} // namespace ibvcert::testing
