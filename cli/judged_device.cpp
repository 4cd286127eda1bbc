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
	// ibv_get_async_event: the wait's errno is the harness's; the call's own
	// result is judged where the call was made.
	if (call.verb == Verb::GetAsyncEvent) {
		auto returned = step.find("returned");
		if (returned == step.end() || !returned->is_number_integer())
			return CallResult{};
		call.result = returned->get<long long>();
	}
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
		// The step is written out only for a breach's evidence: most
		// calls break nothing, and the step with its views is large.
		auto text = [&step] { return step.dump(); };
		record_call(call, judge_call(call).accepts() ? std::string() : text());
		auto evidence = [&](const Verdict &v) { return v.accepts() ? std::string() : "  call: " + text(); };
		if (step.value("frame_judged", false)) {
			Verdict v = judge_frame(call.verb, step.value("frame_changes", std::vector<std::string>{}));
			record_verdict(v, frame_rules_of(call.verb), evidence(v));
		}
		if (caps) {
			EffectObservation effect = effect_of_step(*caps, step);
			if (effect.verb != Verb::Count) {
				Verdict v = judge_effect(effect);
				record_verdict(v, effect_rules_judged(effect), evidence(v));
			}
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
