#include "properties/qp_model.h"

#include "contracts/names.h"
#include "contracts/qp_attr_table.h"
#include "properties/read_back.h"

namespace ibvcert {

ModifyQpVerdict QpModel::verdict(const DeviceCaps &caps, const ibv_qp_attr &attr,
				 int attr_mask) const
{
	return evaluate_modify_qp(caps, type, state, attr, attr_mask);
}

void QpModel::accept(const ibv_qp_attr &attr, int attr_mask, ibv_qp_state next)
{
	state = next;
	if (next == IBV_QPS_RESET) {
		// ibv_query_qp(3): values are valid once set; RESET sets none.
		loaded = 0;
		values = ibv_qp_attr{};
		return;
	}
	for (const auto &field : qp_attr_fields())
		if (attr_mask & field.flag)
			field.set(values, field.get(attr));
	loaded |= attr_mask & ~IBV_QP_STATE;
	values.qp_state = next;
}

std::vector<std::string> QpModel::disagreements(const QpSnapshot &s, bool attributes) const
{
	std::vector<std::string> out;
	if (s.query_ret) {
		out.push_back("ibv_query_qp returned " + errno_name(s.query_ret));
		return out;
	}
	if (s.attr.qp_state != state)
		out.push_back("ibv_query_qp: qp_state=" + qp_state_name(s.attr.qp_state) +
			      ", the model is in " + qp_state_name(state));
	if (s.state_field != state)
		out.push_back("ibv_qp::state=" + qp_state_name(s.state_field) +
			      ", the model is in " + qp_state_name(state));
	if (s.init.qp_type != type)
		out.push_back("ibv_query_qp: init_attr.qp_type=" + qp_type_name(s.init.qp_type) +
			      ", created as " + qp_type_name(type));
	if (attributes)
		for (const auto &d : read_back_mismatches(values, loaded, s.attr, loaded))
			out.push_back("ibv_query_qp: " + d);
	return out;
}

} // namespace ibvcert
