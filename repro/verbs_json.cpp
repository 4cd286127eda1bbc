#include "repro/verbs_json.h"

#include "contracts/qp_attr_table.h"

#include <fmt/core.h>

namespace ibvcert {

nlohmann::json qp_attr_json(const ibv_qp_attr &attr)
{
	nlohmann::json j = nlohmann::json::object();
	for (const auto &f : qp_attr_fields())
		if (uint64_t v = f.get(attr))
			j[f.name] = v;
	return j;
}

ibv_qp_attr qp_attr_from(const nlohmann::json &j)
{
	ibv_qp_attr attr{};
	for (const auto &f : qp_attr_fields())
		if (j.contains(f.name))
			f.set(attr, j.at(f.name).get<uint64_t>());
	return attr;
}

nlohmann::json qp_cap_json(const ibv_qp_cap &cap)
{
	return {{"max_send_wr", cap.max_send_wr},
		{"max_recv_wr", cap.max_recv_wr},
		{"max_send_sge", cap.max_send_sge},
		{"max_recv_sge", cap.max_recv_sge},
		{"max_inline_data", cap.max_inline_data}};
}

ibv_qp_cap qp_cap_from(const nlohmann::json &j)
{
	ibv_qp_cap cap{};
	cap.max_send_wr = j.value("max_send_wr", 0u);
	cap.max_recv_wr = j.value("max_recv_wr", 0u);
	cap.max_send_sge = j.value("max_send_sge", 0u);
	cap.max_recv_sge = j.value("max_recv_sge", 0u);
	cap.max_inline_data = j.value("max_inline_data", 0u);
	return cap;
}

nlohmann::json srq_attr_json(const ibv_srq_attr &attr)
{
	return {{"max_wr", attr.max_wr}, {"max_sge", attr.max_sge}, {"srq_limit", attr.srq_limit}};
}

ibv_srq_attr srq_attr_from(const nlohmann::json &j)
{
	ibv_srq_attr attr{};
	attr.max_wr = j.value("max_wr", 0u);
	attr.max_sge = j.value("max_sge", 0u);
	attr.srq_limit = j.value("srq_limit", 0u);
	return attr;
}

nlohmann::json ah_attr_json(const ibv_ah_attr &a)
{
	return {{"dlid", a.dlid},
		{"sl", a.sl},
		{"src_path_bits", a.src_path_bits},
		{"static_rate", a.static_rate},
		{"is_global", a.is_global},
		{"port_num", a.port_num},
		{"grh",
		 {{"dgid", gid_hex(a.grh.dgid)},
		  {"flow_label", a.grh.flow_label},
		  {"sgid_index", a.grh.sgid_index},
		  {"hop_limit", a.grh.hop_limit},
		  {"traffic_class", a.grh.traffic_class}}}};
}

std::string gid_hex(const ibv_gid &gid)
{
	std::string out;
	for (uint8_t b : gid.raw)
		out += fmt::format("{:02x}", b);
	return out;
}

} // namespace ibvcert
