// IBVCERT_FUZZ_TRACE=FILE: the first device's verb trace of an input, in
// the JSON of `ibvcert repro --trace` (repro/trace_log.h), written when the
// oracle reports a violation (the violation marked as the failure) or when
// the input ends. `ibvcert repro --from-trace FILE` turns it into a
// standalone C program.
#pragma once

#include "fixtures/device.h"

#include <memory>
#include <string>

namespace ibvcert::fuzz {

bool tracing();
// The device, wrapped in the tracing device when tracing.
std::unique_ptr<Device> traced(std::unique_ptr<Device> device);
// Starts the trace of an input.
void begin_trace();
// Writes the trace; failure, when not empty, is marked where it stands.
void write_trace(const std::string &failure);

} // namespace ibvcert::fuzz
