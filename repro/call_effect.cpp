#include "repro/call_effect.h"

#include "contracts/ece_eval.h"
#include "contracts/modify_cq_effect.h"
#include "contracts/modify_qp_eval.h"
#include "contracts/names.h"
#include "contracts/qp_attr_table.h"
#include "contracts/rate_limit_eval.h"
#include "contracts/read_back.h"
#include "repro/verbs_json.h"

#include <fmt/format.h>

namespace ibvcert {
namespace {

using nlohmann::json;

int number(const json &j, const char *key, int otherwise = 0)
{
	auto it = j.find(key);
	return it != j.end() && it->is_number_integer() ? it->get<int>() : otherwise;
}

void modify_qp(const DeviceCaps &caps, const json &step, EffectObservation &o)
{
	const json before = step.value("self_before", json()), after = step.value("self_after", json());
	if (!before.is_object() || !step.contains("attr") || !step.contains("qp_type"))
		return;
	ibv_qp_attr attr = qp_attr_from(step.at("attr"));
	int mask = number(step, "attr_mask");
	if (number(before, "query_ret", -1) == 0) {
		o.request_known = true;
		o.request = evaluate_modify_qp(caps, (ibv_qp_type)number(step, "qp_type"),
					       (ibv_qp_state)number(before, "qp_state"), attr, mask);
		o.request_text = "attr_mask " + qp_attr_mask_names(mask);
	}
	if (o.result == 0 && after.is_object() && number(after, "query_ret", -1) == 0) {
		ibv_qp_attr read = qp_attr_from(after.at("attr"));
		o.read_back = true;
		o.read_back_mismatches = read_back_mismatches(attr, mask, read, number(step, "loaded"));
		// A move to RESET returns the QP to its initial attributes.
		bool to_reset = (mask & IBV_QP_STATE) && attr.qp_state == IBV_QPS_RESET;
		if (!to_reset && number(before, "query_ret", -1) == 0) {
			o.unmasked_known = true;
			o.unmasked_changes = unmasked_changes(qp_attr_from(before.at("attr")), read, mask);
		}
	}
}

void modify_cq(const DeviceCaps &caps, const json &step, EffectObservation &o)
{
	ibv_modify_cq_attr attr{};
	attr.attr_mask = number(step, "attr_mask");
	attr.moderate.cq_count = number(step, "cq_count");
	attr.moderate.cq_period = number(step, "cq_period");
	// The moderation as the trace read it around the call (a device that
	// does not report it is judged by its return values alone).
	auto moderation = [&](const char *key, ibv_moderate_cq &m) {
		const json v = step.value(key, json());
		if (!v.is_object() || number(v, "moderation_ret", -1) != 0)
			return false;
		m.cq_count = number(v, "cq_count");
		m.cq_period = number(v, "cq_period");
		return true;
	};
	ibv_moderate_cq before{}, after{};
	bool read_before = moderation("self_before", before), read_after = moderation("self_after", after);
	EffectObservation seen = observe_modify_cq(caps, attr, o.result, read_before ? &before : nullptr,
						   read_after ? &after : nullptr);
	// The CQ's changes are the trace's own view of them (fixtures/frame_view.h).
	seen.viewed = o.viewed;
	seen.changes = o.changes;
	o = seen;
}

void set_ece(const DeviceCaps &caps, const json &step, EffectObservation &o)
{
	const json in = step.value("ece", json());
	if (!in.is_object())
		return;
	ibv_ece ece{};
	ece.vendor_id = in.value("vendor_id", 0u);
	ece.options = in.value("options", 0u);
	ece.comp_mask = in.value("comp_mask", 0u);
	o.request_known = true;
	o.request = evaluate_set_ece(caps, ece);
}

void modify_qp_rate_limit(const DeviceCaps &caps, const json &step, EffectObservation &o)
{
	const json before = step.value("self_before", json()), in = step.value("attr", json());
	if (!before.is_object() || !in.is_object() || !step.contains("qp_type") ||
	    number(before, "query_ret", -1) != 0)
		return;
	ibv_qp_rate_limit_attr attr{};
	attr.rate_limit = in.value("rate_limit", 0u);
	attr.max_burst_sz = in.value("max_burst_sz", 0u);
	attr.typical_pkt_sz = in.value("typical_pkt_sz", 0u);
	attr.comp_mask = in.value("comp_mask", 0u);
	o.request_known = true;
	o.request = evaluate_modify_qp_rate_limit(caps, (ibv_qp_type)number(step, "qp_type"),
						  (ibv_qp_state)number(before, "qp_state"), attr);
	o.request_text = fmt::format("rate_limit={} max_burst_sz={} typical_pkt_sz={} comp_mask={:#x}",
				     attr.rate_limit, attr.max_burst_sz, attr.typical_pkt_sz, attr.comp_mask);
}

// A view's numbers by path ("ece.options", "srq_limit"), for the judge.
void flatten(const json &j, const std::string &prefix, std::map<std::string, long long> &out)
{
	for (const auto &[key, value] : j.items()) {
		if (value.is_object())
			flatten(value, prefix + key + ".", out);
		else if (value.is_number_integer())
			out[prefix + key] = value.get<long long>();
	}
}

} // namespace

EffectObservation effect_of_step(const DeviceCaps &caps, const json &step)
{
	EffectObservation o;
	if (step.contains("created") && step.contains("first_created")) {
		o.verb = verb_from_name(step.value("verb", ""));
		o.result = step.value("ret", 0LL);
		o.created = true;
		flatten(step.at("created"), "", o.created_view);
		flatten(step.at("first_created"), "", o.first_view);
		return o;
	}
	if (!step.value("frame_judged", false) || !step.contains("self_changes"))
		return o;
	o.verb = verb_from_name(step.value("verb", ""));
	o.result = step.value("ret", 0LL);
	o.viewed = true;
	o.changes = step.at("self_changes").get<std::vector<std::string>>();
	switch (o.verb) {
	case Verb::ModifyQp: modify_qp(caps, step, o); break;
	case Verb::ModifyCq: modify_cq(caps, step, o); break;
	case Verb::SetEce: set_ece(caps, step, o); break;
	case Verb::ModifyQpRateLimit: modify_qp_rate_limit(caps, step, o); break;
	default: break; // the object's changes alone (the request's evaluator needs more than the step)
	}
	return o;
}

} // namespace ibvcert
