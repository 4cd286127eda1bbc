// The run's device as the cases drive it: every verb call goes through the
// call trace (repro/tracing_device.h), and every traced call is judged by
// its verb's result rows and recorded on the running case
// (fixtures/rigs/call_record.h). So each case is held to the return-value
// rules on every call, whatever it was written for.
#pragma once

#include "contracts/call_judge.h"
#include "fixtures/device.h"

#include <nlohmann/json.hpp>

#include <memory>

namespace ibvcert {

// One traced step as the judge sees it (Verb::Count for a step of no verb
// the judge knows, or one that returns nothing).
CallResult call_of_step(const nlohmann::json &step);
// Judges every call traced from now on; retain keeps the trace for repro.
void judge_traced_calls(bool retain);
// device, traced and judged (judge_traced_calls(false) is in effect).
std::unique_ptr<Device> make_judged_device(std::unique_ptr<Device> device);

} // namespace ibvcert
