#include "properties/modify_evidence.h"

#include "contracts/names.h"
#include "contracts/qp_attr_table.h"

namespace ibvcert {

std::string describe(const std::string &headline, const ModifyEvidence &e)
{
	char qpn[16];
	snprintf(qpn, sizeof(qpn), "0x%x", e.qp_num);
	std::string to = (e.attr_mask & IBV_QP_STATE)
		? qp_state_name(e.attr.qp_state)
		: qp_state_name(e.from) + " (no IBV_QP_STATE)";
	std::string out = headline + "\n";
	out += "device: " + e.device + "\n";
	out += "qp: " + (e.qp_label.empty() ? "" : e.qp_label + " ") + qp_type_name(e.type) +
	       " qp_num=" + qpn + " in " + qp_state_name(e.from) + ", modify " +
	       qp_state_name(e.from) + "->" + to + "\n";
	out += "attr_mask: " + qp_attr_mask_names(e.attr_mask) + "\n";
	out += "attr: " + describe_attr(e.attr, e.attr_mask) + "\n";
	out += "returned: " + errno_name(e.ret) + "\n";
	out += "contract: " + e.contract.describe();
	if (!e.changed.empty()) {
		out += "\nchanged:";
		for (const auto &c : e.changed)
			out += "\n  " + c;
	}
	for (const auto &x : e.extra)
		out += "\n" + x;
	return out;
}

} // namespace ibvcert
