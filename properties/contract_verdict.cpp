#include "properties/contract_verdict.h"

#include "fixtures/names.h"
#include "fixtures/qp_table.h"

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
	case Rule::Any:
		break;
	case Rule::Range:
		return value + " outside " + bound_text(field.lo, caps) + ".." +
		       bound_text(field.hi, caps);
	case Rule::ZeroOrRange:
		return value + " neither 0 nor in " + bound_text(field.lo, caps) + ".." +
		       bound_text(field.hi, caps);
	case Rule::Flags: {
		char buf[32];
		snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)resolve(field.hi, caps));
		return value + " has bits outside " + buf;
	}
	case Rule::CurrentState:
		return value + " but the QP is in " + qp_state_name(current);
	}
	return value + " invalid";
}

std::string transition_text(ibv_qp_type type, ibv_qp_state from, ibv_qp_state to)
{
	return qp_type_name(type) + " " + qp_state_name(from) + "->" + qp_state_name(to);
}

} // namespace

ContractVerdict::Class ContractVerdict::verdict() const
{
	Class out = Class::Accept;
	for (const auto &r : reasons) {
		if (r.level == Level::MUST)
			return Class::MustReject;
		out = Class::ShouldReject;
	}
	return out;
}

const char *verdict_name(ContractVerdict::Class verdict)
{
	switch (verdict) {
	case ContractVerdict::Class::Accept: return "accepted";
	case ContractVerdict::Class::MustReject: return "rejected (MUST)";
	case ContractVerdict::Class::ShouldReject: return "rejected (SHOULD)";
	}
	return "?";
}

std::string ContractVerdict::describe() const
{
	std::string out = verdict_name(verdict());
	for (size_t i = 0; i < reasons.size(); i++)
		out += std::string(i ? "; " : ": ") + reasons[i].text + " [" +
		       level_name(reasons[i].level) + "]";
	return out;
}

ContractVerdict modify_qp_verdict(const DeviceCaps &caps, ibv_qp_type type,
				  ibv_qp_state current, const ibv_qp_attr &attr, int attr_mask)
{
	ContractVerdict v;
	v.next = (attr_mask & IBV_QP_STATE) ? attr.qp_state : current;

	// The transition table: the row, its required bits, nothing outside it.
	const QpTransition *row = QpTransitionTable::kernel().find(type, current, v.next);
	if (!row) {
		v.reasons.push_back(
			{Level::MUST, "the table lists no " + transition_text(type, current, v.next) +
					      ((attr_mask & IBV_QP_STATE) ? "" : " row (no IBV_QP_STATE)")});
	} else {
		std::string where = " (table " + transition_text(type, current, v.next) + ")";
		if (int missing = row->required & ~attr_mask)
			v.reasons.push_back({Level::MUST, "required " + qp_attr_mask_names(missing) +
								  " missing" + where});
		if (int foreign = attr_mask & ~row->allowed())
			v.reasons.push_back({Level::MUST, qp_attr_mask_names(foreign) +
								  " outside required | optional" + where});
	}

	// The attribute table: each value of the mask on this device.
	int feature_checked = 0;
	for (const auto &field : qp_attr_fields()) {
		if (!(attr_mask & field.flag))
			continue;
		std::string why_not;
		if (!(feature_checked & field.flag) &&
		    !device_has(flag_feature(field.flag), caps, type, why_not))
			v.reasons.push_back({Level::SHOULD, qp_attr_flag_name(field.flag) + ": " + why_not});
		feature_checked |= field.flag;
		if (!field_valid(field, attr, caps, current))
			v.reasons.push_back({field.level, field_breach(field, attr, caps, current)});
	}
	return v;
}

} // namespace ibvcert
