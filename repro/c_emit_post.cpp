// The C of the posts and polls of a walk (each WR list with its buffers and
// keys as the program's own), and of a post that is the finding: its return
// value, 0 or an errno.
#include "repro/c_emit.h"

#include <algorithm>

namespace ibvcert::c_emit {

std::string Emitter::addr_expr(const json &a)
{
	if (a.contains("mr"))
		return fmt::format("(uintptr_t)buf_{} + {}", a["mr"].get<std::string>(),
				   a["offset"].get<uint64_t>());
	return num(a["value"].get<uint64_t>());
}

std::string Emitter::key_expr(const json &k, bool remote)
{
	if (k.contains("mr"))
		return k["mr"].get<std::string>() + (remote ? "->rkey" : "->lkey");
	return num(k["value"].get<uint64_t>());
}

void Emitter::recv_wrs(const json &wrs, const char *type)
{
	put("\t\tstruct {} wr[{}];", type, std::max<size_t>(wrs.size(), 1));
	put("\t\tmemset(wr, 0, sizeof(wr));");
	for (size_t i = 0; i < wrs.size(); i++) {
		const json &wr = wrs[i];
		const json &sg = wr["sg_list"];
		if (!sg.empty()) {
			put("\t\tstatic struct ibv_sge sge{}[{}];", i, sg.size());
			for (size_t k = 0; k < sg.size(); k++)
				put("\t\tsge{0}[{1}] = (struct ibv_sge){{ .addr = {2}, .length = {3}, .lkey = {4} }};",
				    i, k, addr_expr(sg[k]["addr"]), sg[k]["length"].get<uint32_t>(),
				    key_expr(sg[k]["lkey"], false));
			put("\t\twr[{0}].sg_list = sge{0};", i);
		}
		put("\t\twr[{}].num_sge = {};", i, wr.value("num_sge", (int)sg.size()));
		put("\t\twr[{}].wr_id = {};", i, num(wr["wr_id"].get<uint64_t>()));
		if (i + 1 < wrs.size())
			put("\t\twr[{}].next = &wr[{}];", i, i + 1);
	}
}

void Emitter::send_wrs(const json &wrs)
{
	recv_wrs(wrs, "ibv_send_wr");
	for (size_t i = 0; i < wrs.size(); i++) {
		const json &wr = wrs[i];
		put("\t\twr[{}].opcode = (enum ibv_wr_opcode){};", i, wr["opcode"].get<int>());
		put("\t\twr[{}].send_flags = {};", i, wr["send_flags"].get<unsigned>());
		if (wr.value("imm_data", 0u))
			put("\t\twr[{}].imm_data = {};", i, wr["imm_data"].get<uint32_t>());
		if (wr.contains("ud")) {
			const json &ud = wr["ud"];
			uint32_t qpn = ud["remote_qpn"];
			put("\t\twr[{}].wr.ud.ah = {};", i, ud.value("ah", "").empty() ? "NULL" : ud["ah"].get<std::string>());
			put("\t\twr[{}].wr.ud.remote_qpn = {};", i,
			    qp_nums.count(qpn) ? qp_nums[qpn] + "->qp_num" : num(qpn));
			put("\t\twr[{}].wr.ud.remote_qkey = {};", i, num(ud["remote_qkey"].get<uint64_t>()));
		}
		for (const char *k : {"rdma", "atomic"})
			if (wr.contains(k)) {
				put("\t\twr[{}].wr.{}.remote_addr = {};", i, k, addr_expr(wr[k]["remote_addr"]));
				put("\t\twr[{}].wr.{}.rkey = {};", i, k, key_expr(wr[k]["rkey"], true));
			}
		if (wr.contains("atomic")) {
			put("\t\twr[{}].wr.atomic.compare_add = {};", i, num(wr["atomic"]["compare_add"].get<uint64_t>()));
			put("\t\twr[{}].wr.atomic.swap = {};", i, num(wr["atomic"]["swap"].get<uint64_t>()));
		}
	}
}

void Emitter::post_call(const json &s, const std::string &obj, const char *bad)
{
	std::string verb = s["verb"];
	bool send = verb == "ibv_post_send";
	if (send)
		send_wrs(s["wr"]);
	else
		recv_wrs(s["wr"], "ibv_recv_wr");
	put("\t\tstruct {} *{} = NULL;", send ? "ibv_send_wr" : "ibv_recv_wr", bad);
	put("\t\tint ret = {}({}, wr, &{});", verb, obj, bad);
}

void Emitter::post_step(const json &s)
{
	std::string verb = s.value("verb", "");
	int ret = s.value("ret", 0);
	std::string call = lit(verb);
	std::string obj = s.contains("srq") ? s["srq"].get<std::string>() : s["qp"].get<std::string>();
	put("\t{{");
	post_call(s, obj, "bad");
	put("\t\tprintf(\"{}({}, {} WR(s)) = %s\\n\", err_name(ret));", verb, obj, s["wr"].size());
	put("\t\texpect_same({}, ret, {});", call, ret);
	put("\t}}");
}

void emit_polls(Emitter &e, const json &steps, const std::vector<size_t> &order, size_t &k)
{
	std::string cq = steps[order[k]]["cq"];
	long total = 0;
	for (; k < order.size() && steps[order[k]].value("verb", "") == "ibv_poll_cq" &&
	       steps[order[k]]["cq"] == cq;
	     k++)
		total += std::max(0, steps[order[k]].value("ret", 0));
	k--;
	if (total > 0)
		e.put("\tpoll_until({0}, \"{0}\", {1});", cq, total);
}

// A post to a QP that returned a negative value (repro/finding.cpp):
// ibv_post_send(3) and ibv_post_recv(3) return 0 or the value of errno.
void Emitter::post_finding(size_t i)
{
	const json &s = steps[i];
	std::string verb = s["verb"], qp = s["qp"];
	put("\t{{");
	post_call(s, qp, "bad_wr");
	put("\t\tprintf(\"{}({}, {} WR(s)) = %s (%d)\\n\", err_name(ret), ret);", verb, qp, s["wr"].size());
	put("\t\tif (ret < 0) {{");
	put("\t\t\tprintf(\"DEVIATION: {} returns 0 or the value of errno; it returned %d\\n\", ret);", verb);
	put("\t\t\tbad = 1;");
	put("\t\t}}");
	put("\t}}");
}

} // namespace ibvcert::c_emit
