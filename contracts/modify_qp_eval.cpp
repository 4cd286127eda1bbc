#include "contracts/modify_qp_eval.h"

#include "contracts/names.h"
#include "contracts/qp_attr_table.h"
#include "contracts/qp_table.h"

#include <fmt/format.h>

namespace ibvcert {
namespace {

std::string bound_text(const Bound &bound, const DeviceCaps &caps)
{
	return std::to_string(resolve(bound, caps));
}

// "pkey_index=128 outside 0..127"
std::string field_breach(const QpAttrField &field, const ibv_qp_attr &attr,
			 const DeviceCaps &caps, ibv_qp_state current)
{
	std::string value = describe_field(field, field.get(attr));
	switch (field.rule) {
	case Check::Range:
		return value + " outside " + bound_text(field.lo, caps) + ".." +
		       bound_text(field.hi, caps);
	case Check::ZeroOrRange:
		return value + " neither 0 nor in " + bound_text(field.lo, caps) + ".." +
		       bound_text(field.hi, caps);
	case Check::Flags:
		return value + fmt::format(" has bits outside {:#x}", resolve(field.hi, caps));
	case Check::CurrentState:
		return value + " but the QP is in " + qp_state_name(current);
	default:
		return value + " invalid";
	}
}

std::string transition_text(ibv_qp_type type, ibv_qp_state from, ibv_qp_state to)
{
	return qp_type_name(type) + " " + qp_state_name(from) + "->" + qp_state_name(to);
}

const QpAttrField *field_named(const char *name)
{
	for (const auto &f : qp_attr_fields())
		if (std::string_view(name) == f.name)
			return &f;
	return nullptr;
}

// Each modify_qp rule's field (nullptr for a rule of no field), looked up
// by name once: the evaluator runs for every call emu0 and the fuzz oracle
// judge.
const std::vector<const QpAttrField *> &rule_fields()
{
	static const std::vector<const QpAttrField *> fields = [] {
		std::vector<const QpAttrField *> out;
		for (const ContractRule &r : modify_qp_rules())
			out.push_back(r.field ? field_named(r.field) : nullptr);
		return out;
	}();
	return fields;
}

} // namespace

ModifyQpVerdict evaluate_modify_qp(const DeviceCaps &caps, ibv_qp_type type,
				   ibv_qp_state current, const ibv_qp_attr &attr, int attr_mask)
{
	ModifyQpVerdict v;
	bool has_state = attr_mask & IBV_QP_STATE;
	bool state_known = !has_state || (unsigned)attr.qp_state <= IBV_QPS_ERR;
	v.next = has_state && state_known ? attr.qp_state : current;
	const QpTransition *row =
		state_known ? QpTransitionTable::kernel().find(type, current, v.next) : nullptr;
	auto where = [&] { return " (table " + transition_text(type, current, v.next) + ")"; };
	int features_seen = 0;
	const auto &rules = modify_qp_rules();
	const auto &fields = rule_fields();

	for (size_t i = 0; i < rules.size(); i++) {
		const ContractRule &r = rules[i];
		auto breach = [&](std::string detail) { v.breaches.push_back({&r, std::move(detail)}); };
		switch (r.check) {
		case Check::MaskKnown:
			if (int unknown = attr_mask & ~qp_attr_mask_known())
				breach(fmt::format("attr_mask has bits the verbs API does not define: {}",
						   qp_attr_mask_names(unknown)));
			break;
		case Check::TransitionListed:
			if (state_known && !row)
				breach("the table lists no " + transition_text(type, current, v.next) +
				       (has_state ? "" : " row (no IBV_QP_STATE)"));
			break;
		case Check::RequiredBits:
			if (row)
				if (int missing = row->required & ~attr_mask)
					breach("required " + qp_attr_mask_names(missing) + " missing" + where());
			break;
		case Check::AllowedBits:
			if (row)
				if (int foreign = attr_mask & ~row->allowed() & qp_attr_mask_known())
					breach(qp_attr_mask_names(foreign) + " outside required | optional" +
					       where());
			break;
		case Check::Feature: {
			int flags = attr_mask & (int)r.bits & ~features_seen;
			std::string why;
			if (flags && !device_has(r.feature, caps, type, why))
				breach(qp_attr_mask_names(flags) + ": " + why);
			features_seen |= flags;
			break;
		}
		case Check::GrhRequired: {
			const QpAttrField *f = fields[i];
			if ((attr_mask & (int)r.bits) && caps.grh_required && f && !f->get(attr))
				breach(std::string(r.field) + "=0 but the port requires a GRH (" +
				       link_layer_name(caps.port.link_layer) + ")");
			break;
		}
		default: { // a field's value
			if (!(attr_mask & (int)r.bits))
				break;
			const QpAttrField *f = fields[i];
			if (!f || empty_range(*f, caps))
				break; // no valid value on this device: nothing to hold it to
			if (f->flag == IBV_QP_RATE_LIMIT && !caps.has_packet_pacing(type))
				break; // the feature rule speaks for it
			if (!field_valid(*f, attr, caps, current))
				breach(field_breach(*f, attr, caps, current));
			break;
		}
		}
	}
	return v;
}

} // namespace ibvcert
