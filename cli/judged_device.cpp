#include "cli/judged_device.h"

#include "contracts/frame_judge.h"
#include "fixtures/rigs/call_record.h"
#include "repro/trace_log.h"
#include "repro/tracing_device.h"

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
	return call;
}

void judge_traced_calls(bool retain)
{
	trace_log().set_retain(retain);
	trace_log().set_listener([](const nlohmann::json &step) {
		CallResult call = call_of_step(step);
		if (call.verb == Verb::Count)
			return;
		record_call(call, step.dump());
		if (step.value("frame_judged", false))
			record_verdict(judge_frame(call.verb, step.value("frame_changes",
									   std::vector<std::string>{})),
				       frame_rules_of(call.verb), "  call: " + step.dump());
	});
}

std::unique_ptr<Device> make_judged_device(std::unique_ptr<Device> device)
{
	judge_traced_calls(false);
	return make_tracing_device(std::move(device));
}

} // namespace ibvcert
