#include "cli/judged_device.h"

#include "contracts/effect_judge.h"
#include "contracts/frame_judge.h"
#include "fixtures/device_caps.h"
#include "repro/call_effect.h"
#include "fixtures/rigs/call_record.h"
#include "repro/trace_log.h"
#include "repro/tracing_device.h"

#include <optional>

namespace ibvcert {

CallResult call_of_step(const nlohmann::json &step)
{
	CallResult call;
	auto verb = step.find("verb");
	auto ret = step.find("ret");
	if (verb == step.end() || !verb->is_string() || ret == step.end() || !ret->is_number_integer())
		return call;
	call.verb = verb_from_name(verb->get<std::string>());
	call.result = ret->get<long long>();
	if (auto n = step.find("wr_count"); n != step.end() && n->is_number_integer())
		call.wr_count = n->get<int>();
	else if (auto wr = step.find("wr"); wr != step.end() && wr->is_array())
		call.wr_count = (int)wr->size();
	if (auto bad = step.find("bad_wr"); bad != step.end() && bad->is_number_integer())
		call.bad_wr = bad->get<int>();
	if (auto n = step.find("num_entries"); n != step.end() && n->is_number_integer())
		call.at_most = n->get<long long>();
	return call;
}

void judge_traced_calls(bool retain, const DeviceCaps *device_caps)
{
	trace_log().set_retain(retain);
	std::optional<DeviceCaps> caps;
	if (device_caps)
		caps = *device_caps;
	trace_log().set_listener([caps](const nlohmann::json &step) {
		CallResult call = call_of_step(step);
		if (call.verb == Verb::Count)
			return;
		record_call(call, step.dump());
		if (step.value("frame_judged", false))
			record_verdict(judge_frame(call.verb, step.value("frame_changes",
									   std::vector<std::string>{})),
				       frame_rules_of(call.verb), "  call: " + step.dump());
		if (caps) {
			EffectObservation effect = effect_of_step(*caps, step);
			if (effect.verb != Verb::Count)
				record_verdict(judge_effect(effect), effect_rules_judged(effect),
					       "  call: " + step.dump());
		}
	});
}

std::unique_ptr<Device> make_judged_device(std::unique_ptr<Device> device)
{
	DeviceCaps caps;
	bool known = read_device_caps(*device, 1, caps) == 0;
	judge_traced_calls(false, known ? &caps : nullptr);
	return make_tracing_device(std::move(device));
}

} // namespace ibvcert
