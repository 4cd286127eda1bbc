#include "fuzz/harness/trace.h"

#include "fuzz/harness/options.h"

#include "repro/trace_log.h"
#include "repro/tracing_device.h"

#include <cstdio>
#include <fstream>

namespace ibvcert::fuzz {

bool tracing()
{
	return !options().trace.empty();
}

std::unique_ptr<Device> traced(std::unique_ptr<Device> device)
{
	return tracing() && device ? make_tracing_device(std::move(device)) : std::move(device);
}

void begin_trace()
{
	if (tracing())
		trace_log().clear();
}

void write_trace(const std::string &failure)
{
	if (!tracing())
		return;
	if (!failure.empty())
		trace_log().mark_failure(failure);
	std::ofstream out(options().trace);
	out << trace_log().steps().dump(1) << "\n";
	out.close();
	if (!out)
		fprintf(stderr, "cannot write the verb trace to %s\n", options().trace.c_str());
}

} // namespace ibvcert::fuzz
