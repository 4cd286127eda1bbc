#include "repro/trace_slice.h"

#include <map>

namespace ibvcert {
namespace {

using nlohmann::json;

// The QP with this qp_num when step index was made (the latest created).
std::string qp_named(const json &steps, size_t index, uint32_t qp_num)
{
	for (size_t j = index; j-- > 0;)
		if (steps[j].value("verb", "") == "ibv_create_qp" && steps[j].value("ret", 1) == 0 &&
		    steps[j].value("qp_num", 0u) == qp_num)
			return steps[j]["id"];
	return "";
}

void add_wr_objects(const json &wrs, std::set<std::string> &out)
{
	for (const auto &wr : wrs) {
		for (const auto &sge : wr.value("sg_list", json::array()))
			for (const char *k : {"addr", "lkey"})
				if (sge.contains(k) && sge[k].contains("mr"))
					out.insert(sge[k]["mr"].get<std::string>());
		if (wr.contains("ud") && !wr["ud"].value("ah", "").empty())
			out.insert(wr["ud"]["ah"].get<std::string>());
		for (const char *k : {"rdma", "atomic"})
			if (wr.contains(k))
				for (const char *f : {"remote_addr", "rkey"})
					if (wr[k][f].contains("mr"))
						out.insert(wr[k][f]["mr"].get<std::string>());
	}
}

} // namespace

std::set<std::string> step_objects(const json &s, const json &steps, size_t index)
{
	std::set<std::string> out;
	for (const char *k : {"id", "qp", "srq", "cq", "pd", "ah", "mr", "send_cq", "recv_cq", "a", "b"})
		if (s.contains(k) && s[k].is_string() && !s[k].get<std::string>().empty())
			out.insert(s[k].get<std::string>());
	if (s.contains("wr"))
		add_wr_objects(s["wr"], out);
	if (s.value("verb", "") == "ibv_modify_qp" && s["attr"].contains("dest_qp_num")) {
		std::string peer = qp_named(steps, index, s["attr"]["dest_qp_num"].get<uint32_t>());
		if (!peer.empty())
			out.insert(peer);
	}
	if (s.contains("wr"))
		for (const auto &wr : s["wr"])
			if (wr.contains("ud")) {
				std::string peer = qp_named(steps, index, wr["ud"]["remote_qpn"].get<uint32_t>());
				if (!peer.empty())
					out.insert(peer);
			}
	return out;
}

std::vector<size_t> slice_for(const json &steps, size_t target)
{
	std::set<std::string> need = step_objects(steps[target], steps, target);
	// Objects made from others need those (a QP its PD, CQs, SRQ); calls
	// that link objects need all of them; an SRQ needs the QPs it feeds.
	for (bool grew = true; grew;) {
		grew = false;
		for (size_t i = 0; i <= target; i++) {
			const json &s = steps[i];
			auto objs = step_objects(s, steps, i);
			std::string id = s.value("id", "");
			bool create = !id.empty();
			bool touches = false;
			for (const auto &o : objs)
				touches |= need.count(o) > 0;
			if (!touches)
				continue;
			bool feeds = s.value("verb", "") == "ibv_create_qp" && need.count(s.value("srq", ""));
			if (create && !need.count(id) && !feeds)
				continue; // made from a needed object: not needed for that
			for (const auto &o : objs)
				grew |= need.insert(o).second;
		}
	}
	std::vector<size_t> out;
	for (size_t i = 0; i <= target; i++) {
		const json &s = steps[i];
		std::string verb = s.value("verb", "");
		if (verb == "ibv_query_gid" || verb == "ibv_open_device") {
			out.push_back(i);
			continue;
		}
		auto objs = step_objects(s, steps, i);
		bool all = !objs.empty();
		for (const auto &o : objs)
			all &= need.count(o) > 0;
		if (all)
			out.push_back(i);
	}
	return out;
}

} // namespace ibvcert
