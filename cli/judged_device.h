// The run's device as the cases drive it: every verb call goes through the
// call trace (repro/tracing_device.h), and every traced call is judged by
// its verb's result rows, its frame rows and its effect rows, and recorded
// on the running case (fixtures/rigs/call_record.h). So each case is held
// to them on every call, whatever it was written for.
#pragma once

#include "contracts/call_judge.h"
#include "contracts/device_caps.h"
#include "fixtures/device.h"

#include <nlohmann/json.hpp>

#include <memory>

namespace ibvcert {

// One traced step as the judge sees it (Verb::Count for a step of no verb
// the judge knows, or one that returns nothing).
CallResult call_of_step(const nlohmann::json &step);
// Judges every call traced from now on; retain keeps the trace for repro.
// With the device's caps, each call's effect on its own object is judged
// too (contracts/effect_judge.h: the request's evaluator needs them).
void judge_traced_calls(bool retain, const DeviceCaps *caps = nullptr);
// device, traced and judged (judge_traced_calls(false) is in effect).
std::unique_ptr<Device> make_judged_device(std::unique_ptr<Device> device);

} // namespace ibvcert
