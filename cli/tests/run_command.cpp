#include "cli/tests/run_command.h"

#include <cstdio>
#include <sys/wait.h>

namespace ibvcert::testing {

CommandResult run_shell(const std::string &command)
{
	CommandResult r;
	std::string cmd = command + " 2>&1";
	FILE *p = popen(cmd.c_str(), "r");
	if (!p)
		return r;
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		r.output.append(buf, n);
	int status = pclose(p);
	if (WIFEXITED(status))
		r.status = WEXITSTATUS(status);
	return r;
}

CommandResult run_ibvcert(const std::string &args)
{
	return run_shell(std::string(IBVCERT_BINARY) + " " + args);
}

} // namespace ibvcert::testing
