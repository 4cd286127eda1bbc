// The device a conformance run drives, chosen by the user before the run.
#pragma once

#include "fixtures/device.h"
#include "fixtures/device_caps.h"

#include <string>

namespace ibvcert {

// Sets the device of the run; replay is the command that reruns one case
// without its --filter ("ibvcert run --device emu0").
void set_run_device(std::unique_ptr<Device> device, std::string replay);
// The run's device; emu0 when none was set.
Device &run_device();
// Port 1's caps, read once. 0 or the errno of the failed query.
int run_caps(const DeviceCaps *&caps);
// The command that reruns the current test alone.
std::string replay_command();

} // namespace ibvcert
