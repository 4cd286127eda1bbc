#include "repro/c_emitter.h"

#include "contracts/names.h"
#include "contracts/qp_attr_table.h"
#include "contracts/read_back.h"
#include "repro/c_prelude.h"
#include "repro/trace_slice.h"
#include "repro/verbs_json.h"

#include <fmt/core.h>

#include <cstring>
#include <map>
#include <set>
#include <sstream>

namespace ibvcert {
namespace {

using nlohmann::json;

// A C string literal of s.
std::string lit(const std::string &s)
{
	std::string out = "\"";
	for (char c : s) {
		if (c == '"' || c == '\\')
			out += '\\';
		if (c == '\n') {
			out += "\\n";
			continue;
		}
		out += c;
	}
	return out + "\"";
}

// A C comment's text: no "*/".
std::string comment(std::string s)
{
	for (size_t at; (at = s.find("*/")) != std::string::npos;)
		s.replace(at, 2, "* /");
	return s;
}

std::string num(uint64_t v)
{
	return v > 0xffffffffull ? fmt::format("0x{:x}ULL", v) : fmt::format("{}", v);
}

// The C member for a field name of contracts/qp_attr_table.h.
std::string member(const std::string &name)
{
	std::string m = name;
	if (auto at = m.find("dgid."); at != std::string::npos)
		m.insert(at + 5, "global.");
	return m;
}

std::string mask_expr(uint32_t mask)
{
	if (mask == 0)
		return "0";
	std::string out;
	for (int bit = 0; bit < 32; bit++) {
		uint32_t flag = 1u << bit;
		if (!(mask & flag))
			continue;
		std::string name = qp_attr_flag_name((int)flag);
		bool known = (qp_attr_mask_known() & (int)flag) != 0;
		out += (out.empty() ? "" : " | ") +
		       (known ? name : fmt::format("(1u << {})", bit));
	}
	return out;
}

std::string srq_mask_expr(uint32_t mask)
{
	std::string out;
	for (int bit = 0; bit < 32; bit++) {
		uint32_t flag = 1u << bit;
		if (!(mask & flag))
			continue;
		std::string e = flag == IBV_SRQ_MAX_WR ? "IBV_SRQ_MAX_WR"
				: flag == IBV_SRQ_LIMIT ? "IBV_SRQ_LIMIT"
							: fmt::format("(1u << {})", bit);
		out += (out.empty() ? "" : " | ") + e;
	}
	return out.empty() ? "0" : out;
}

std::string state_expr(uint64_t s)
{
	static const char *const names[] = {"RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR", "UNKNOWN"};
	return s <= 7 ? std::string("IBV_QPS_") + names[s] : fmt::format("(enum ibv_qp_state){}", s);
}

std::string qp_type_expr(int type)
{
	switch (type) {
	case IBV_QPT_RC: return "IBV_QPT_RC";
	case IBV_QPT_UC: return "IBV_QPT_UC";
	case IBV_QPT_UD: return "IBV_QPT_UD";
	case IBV_QPT_RAW_PACKET: return "IBV_QPT_RAW_PACKET";
	default: return fmt::format("(enum ibv_qp_type){}", type);
	}
}

ibv_gid gid_from_hex(const std::string &hex)
{
	ibv_gid g{};
	for (size_t i = 0; i < 16 && 2 * i + 1 < hex.size(); i++)
		g.raw[i] = (uint8_t)std::stoul(hex.substr(2 * i, 2), nullptr, 16);
	return g;
}

struct Emitter {
	const json &steps;
	const Finding &f;
	const ReproSource &src;
	std::string body;
	std::map<std::string, std::string> gids; // hex -> variable
	std::map<uint32_t, std::string> qp_nums; // qp_num on the finding's run -> variable
	std::map<std::string, size_t> mr_len;
	std::string query_mask = "0";
	bool uses_cm = false;

	template <class... A> void put(fmt::format_string<A...> f, A &&...a)
	{
		body += fmt::format(f, std::forward<A>(a)...);
		body += '\n';
	}

	// The call's outcome against the contract's: the errno variable `var`
	// (0: accepted) must be non-zero exactly when the contract rejects;
	// `accepted` says what the call did when it should not have.
	void outcome_check(const char *var, const char *accepted)
	{
		if (f.expect_accept) {
			put("\t\tif ({}) {{", var);
			put("\t\t\tprintf(\"DEVIATION: the contract accepts this request; it failed with %s\\n\", err_name({}));",
			    var);
		} else {
			put("\t\tif ({} == 0) {{", var);
			put("\t\t\tprintf(\"DEVIATION: the contract rejects this request (%s); {}\\n\", {});", accepted,
			    lit(errno_name(f.expect_errno)));
		}
		put("\t\t\tbad = 1;");
		put("\t\t}}");
	}

	// The GID variable equal to the 128 bits (subnet_prefix, interface_id),
	// or "".
	std::string gid_var(uint64_t prefix, uint64_t iface)
	{
		for (const auto &[hex, var] : gids) {
			ibv_gid g = gid_from_hex(hex);
			if (g.global.subnet_prefix == prefix && g.global.interface_id == iface)
				return var;
		}
		return "";
	}

	// Assignments of every nonzero field of a traced ibv_qp_attr to var.
	void qp_attr(const std::string &var, const json &attr)
	{
		put("\t\tstruct ibv_qp_attr {};", var);
		put("\t\tmemset(&{0}, 0, sizeof({0}));", var);
		std::set<std::string> done;
		for (const auto &fld : qp_attr_fields()) {
			std::string name = fld.name;
			if (!attr.contains(name) || done.count(name))
				continue;
			uint64_t v = attr[name].get<uint64_t>();
			auto dg = name.find(".grh.dgid.");
			if (dg != std::string::npos) {
				std::string base = name.substr(0, dg) + ".grh.dgid.";
				uint64_t prefix = attr.value(base + "subnet_prefix", 0ull);
				uint64_t iface = attr.value(base + "interface_id", 0ull);
				done.insert(base + "subnet_prefix");
				done.insert(base + "interface_id");
				std::string g = gid_var(prefix, iface);
				if (!g.empty()) {
					put("\t\t{}.{}.grh.dgid = {}; /* the device's own GID: loopback */", var,
					    name.substr(0, dg), g);
				} else {
					put("\t\t{}.{}.grh.dgid.global.subnet_prefix = {};", var, name.substr(0, dg),
					    num(prefix));
					put("\t\t{}.{}.grh.dgid.global.interface_id = {};", var, name.substr(0, dg),
					    num(iface));
				}
				continue;
			}
			std::string value = num(v);
			if (name == "qp_state" || name == "cur_qp_state")
				value = state_expr(v);
			else if (name == "path_mtu")
				value = fmt::format("(enum ibv_mtu){}", v);
			else if (name == "path_mig_state")
				value = fmt::format("(enum ibv_mig_state){}", v);
			else if (name == "dest_qp_num" && qp_nums.count((uint32_t)v))
				value = qp_nums[(uint32_t)v] + "->qp_num";
			put("\t\t{}.{} = {};", var, member(name), value);
		}
	}

	std::string addr_expr(const json &a)
	{
		if (a.contains("mr"))
			return fmt::format("(uintptr_t)buf_{} + {}", a["mr"].get<std::string>(),
					   a["offset"].get<uint64_t>());
		return num(a["value"].get<uint64_t>());
	}
	std::string key_expr(const json &k, bool remote)
	{
		if (k.contains("mr"))
			return k["mr"].get<std::string>() + (remote ? "->rkey" : "->lkey");
		return num(k["value"].get<uint64_t>());
	}

	// struct ibv_sge sge_<n>[] and the WR array wr[] linked by next.
	void recv_wrs(const json &wrs, const char *type)
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

	void send_wrs(const json &wrs)
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

	void query_qp(const std::string &qp, const std::string &var)
	{
		put("\t\tstruct ibv_qp_attr {};", var);
		put("\t\tstruct ibv_qp_init_attr {}_init;", var);
		put("\t\tmemset(&{0}, 0, sizeof({0}));", var);
		put("\t\tint {0}_ret = ibv_query_qp({1}, &{0}, {2}, &{0}_init);", var, qp, query_mask);
		put("\t\tprintf(\"ibv_query_qp({0}) = %s: qp_state=%s, ibv_qp::state %s\\n\", err_name({1}_ret), "
		    "state_name({1}.qp_state), state_name({0}->state));", qp, var);
	}

	void step(size_t i);
	void finding_step(size_t i);
	void qp_finding(size_t i);
	void srq_finding(size_t i);
	void create_qp_finding(size_t i);
	void post_finding(size_t i);
	// "struct ibv_qp_init_attr init = {...};" of a traced ibv_create_qp.
	void qp_init_attr(const json &s);
};

void Emitter::step(size_t i)
{
	const json &s = steps[i];
	std::string verb = s.value("verb", "");
	int ret = s.value("ret", 0);
	std::string call = lit(verb);
	if (verb == "ibv_query_gid") {
		if (ret)
			return;
		std::string var = fmt::format("gid_{}_{}", s["port_num"].get<int>(), s["index"].get<int>());
		if (gids.count(s["gid"]))
			return;
		gids[s["gid"]] = var;
		put("\tunion ibv_gid {};", var);
		put("\texpect_same(\"ibv_query_gid\", ibv_query_gid(ctx, {}, {}, &{}) ? errno : 0, 0);",
		    s["port_num"].get<int>(), s["index"].get<int>(), var);
	} else if (verb == "ibv_alloc_pd" && !ret) {
		put("\tstruct ibv_pd *{0} = need(ibv_alloc_pd(ctx), \"ibv_alloc_pd\");", s["id"].get<std::string>());
		put("\tprintf(\"ibv_alloc_pd() = {}\\n\");", s["id"].get<std::string>());
	} else if (verb == "ibv_create_cq" && !ret) {
		put("\tstruct ibv_cq *{0} = need(ibv_create_cq(ctx, {1}, NULL, NULL, 0), \"ibv_create_cq\");",
		    s["id"].get<std::string>(), s["cqe"].get<int>());
		put("\tprintf(\"ibv_create_cq(cqe {}) = {}\\n\");", s["cqe"].get<int>(), s["id"].get<std::string>());
	} else if (verb == "ibv_create_qp" && !ret) {
		std::string id = s["id"];
		put("\tstruct ibv_qp *{};", id);
		put("\t{{");
		qp_init_attr(s);
		put("\t\t{} = need(ibv_create_qp({}, &init), \"ibv_create_qp\");", id, s["pd"].get<std::string>());
		put("\t\tprintf(\"ibv_create_qp({}, {}) = {} (qp 0x%x)\\n\", {}->qp_num);", s["pd"].get<std::string>(),
		    qp_type_name(s["qp_type"].get<int>()), id, id);
		put("\t}}");
		qp_nums[s["qp_num"].get<uint32_t>()] = id;
	} else if (verb == "ibv_reg_mr" && !ret) {
		std::string id = s["id"];
		size_t len = s["length"];
		put("\tvoid *buf_{} = need(calloc(1, {}), \"calloc\");", id, std::max<size_t>(len, 1));
		put("\tstruct ibv_mr *{0} = need(ibv_reg_mr({1}, buf_{0}, {2}, {3}), \"ibv_reg_mr\");", id,
		    s["pd"].get<std::string>(), len, s["access"].get<int>());
		put("\tprintf(\"ibv_reg_mr({}, {} bytes, access 0x{:x}) = {}\\n\");", s["pd"].get<std::string>(), len,
		    s["access"].get<int>(), id);
	} else if (verb == "ibv_create_ah" && !ret) {
		std::string id = s["id"];
		const json &a = s["attr"];
		const json &g = a["grh"];
		put("\tstruct ibv_ah *{};", id);
		put("\t{{");
		put("\t\tstruct ibv_ah_attr ah = {{ .dlid = {}, .sl = {}, .src_path_bits = {}, .static_rate = {}, "
		    ".is_global = {}, .port_num = {} }};",
		    a["dlid"].get<int>(), a["sl"].get<int>(), a["src_path_bits"].get<int>(),
		    a["static_rate"].get<int>(), a["is_global"].get<int>(), a["port_num"].get<int>());
		if (a["is_global"].get<int>()) {
			std::string hex = g["dgid"];
			if (gids.count(hex)) {
				put("\t\tah.grh.dgid = {};", gids[hex]);
			} else {
				ibv_gid gid = gid_from_hex(hex);
				for (int b = 0; b < 16; b++)
					put("\t\tah.grh.dgid.raw[{}] = {};", b, gid.raw[b]);
			}
			put("\t\tah.grh.flow_label = {}; ah.grh.sgid_index = {}; ah.grh.hop_limit = {}; "
			    "ah.grh.traffic_class = {};",
			    g["flow_label"].get<uint32_t>(), g["sgid_index"].get<int>(), g["hop_limit"].get<int>(),
			    g["traffic_class"].get<int>());
		}
		put("\t\t{} = need(ibv_create_ah({}, &ah), \"ibv_create_ah\");", id, s["pd"].get<std::string>());
		put("\t\tprintf(\"ibv_create_ah({}) = {}\\n\");", s["pd"].get<std::string>(), id);
		put("\t}}");
	} else if (verb == "ibv_create_srq" && !ret) {
		std::string id = s["id"];
		const json &a = s["attr"];
		put("\tstruct ibv_srq *{};", id);
		put("\t{{");
		put("\t\tstruct ibv_srq_init_attr init = {{ .attr = {{ .max_wr = {}, .max_sge = {}, .srq_limit = {} }} }};",
		    a["max_wr"].get<uint32_t>(), a["max_sge"].get<uint32_t>(), a["srq_limit"].get<uint32_t>());
		put("\t\t{} = need(ibv_create_srq({}, &init), \"ibv_create_srq\");", id, s["pd"].get<std::string>());
		put("\t\tprintf(\"ibv_create_srq({}, max_wr {} max_sge {} srq_limit {}) = {}: max_wr %u max_sge %u\\n\", "
		    "init.attr.max_wr, init.attr.max_sge);",
		    s["pd"].get<std::string>(), a["max_wr"].get<uint32_t>(), a["max_sge"].get<uint32_t>(),
		    a["srq_limit"].get<uint32_t>(), id);
		put("\t}}");
	} else if (verb == "ibv_modify_qp") {
		std::string qp = s["qp"];
		ibv_qp_attr attr = qp_attr_from(s["attr"]);
		int mask = s["attr_mask"];
		put("\t{{");
		qp_attr("a", s["attr"]);
		put("\t\tint ret = ibv_modify_qp({}, &a, {});", qp, mask_expr(mask));
		put("\t\tprintf(\"ibv_modify_qp({}, %s, %s) = %s\\n\", {}, {}, err_name(ret));", qp,
		    lit(describe_attr(attr, mask)), lit(qp_attr_mask_names(mask)));
		put("\t\texpect_same(\"ibv_modify_qp\", ret, {});", ret);
		put("\t}}");
	} else if (verb == "ibv_query_qp") {
		put("\t{{");
		query_qp(s["qp"], "q");
		put("\t\texpect_same(\"ibv_query_qp\", q_ret, {});", ret);
		put("\t}}");
	} else if (verb == "ibv_query_srq") {
		put("\t{{");
		put("\t\tstruct ibv_srq_attr q;");
		put("\t\tint ret = query_srq({}, &q);", s["srq"].get<std::string>());
		put("\t\tprintf(\"ibv_query_srq({}) = %s: max_wr %u max_sge %u srq_limit %u\\n\", err_name(ret), "
		    "q.max_wr, q.max_sge, q.srq_limit);", s["srq"].get<std::string>());
		put("\t}}");
	} else if (verb == "ibv_modify_srq") {
		const json &a = s["attr"];
		put("\t{{");
		put("\t\tstruct ibv_srq_attr a = {{ .max_wr = {}, .max_sge = {}, .srq_limit = {} }};",
		    a["max_wr"].get<uint32_t>(), a["max_sge"].get<uint32_t>(), a["srq_limit"].get<uint32_t>());
		put("\t\tint ret = ibv_modify_srq({}, &a, {});", s["srq"].get<std::string>(),
		    srq_mask_expr(s["attr_mask"].get<uint32_t>()));
		put("\t\tprintf(\"ibv_modify_srq({}, max_wr {} srq_limit {}, {}) = %s\\n\", err_name(ret));",
		    s["srq"].get<std::string>(), a["max_wr"].get<uint32_t>(), a["srq_limit"].get<uint32_t>(),
		    srq_mask_expr(s["attr_mask"].get<uint32_t>()));
		put("\t\texpect_same(\"ibv_modify_srq\", ret, {});", ret);
		put("\t}}");
	} else if (verb == "ibv_post_srq_recv" || verb == "ibv_post_recv" || verb == "ibv_post_send") {
		bool send = verb == "ibv_post_send";
		std::string obj = s.contains("srq") ? s["srq"].get<std::string>() : s["qp"].get<std::string>();
		put("\t{{");
		if (send)
			send_wrs(s["wr"]);
		else
			recv_wrs(s["wr"], "ibv_recv_wr");
		put("\t\tstruct {} *bad = NULL;", send ? "ibv_send_wr" : "ibv_recv_wr");
		put("\t\tint ret = {}({}, wr, &bad);", verb, obj);
		put("\t\tprintf(\"{}({}, {} WR(s)) = %s\\n\", err_name(ret));", verb, obj, s["wr"].size());
		put("\t\texpect_same({}, ret, {});", call, ret);
		put("\t}}");
	} else if (verb == "ibv_modify_qp_rate_limit") {
		const json &a = s["attr"];
		put("\t{{");
		put("\t\tstruct ibv_qp_rate_limit_attr r = {{ .rate_limit = {}, .max_burst_sz = {}, .typical_pkt_sz = {}, "
		    ".comp_mask = {} }};", a["rate_limit"].get<uint32_t>(), a["max_burst_sz"].get<uint32_t>(),
		    a["typical_pkt_sz"].get<uint32_t>(), a["comp_mask"].get<uint32_t>());
		put("\t\tint ret = ibv_modify_qp_rate_limit({}, &r);", s["qp"].get<std::string>());
		put("\t\tprintf(\"ibv_modify_qp_rate_limit({}, rate_limit {}) = %s\\n\", err_name(ret));",
		    s["qp"].get<std::string>(), a["rate_limit"].get<uint32_t>());
		put("\t\texpect_same(\"ibv_modify_qp_rate_limit\", ret, {});", ret);
		put("\t}}");
	} else if (verb == "ibv_get_async_event" && ret == 0) {
		put("\t{{");
		put("\t\tstruct ibv_async_event ev;");
		put("\t\tint ret = wait_event(&ev, {});", std::max<long>(s["timeout_ms"].get<long>(), 1000));
		put("\t\tprintf(\"ibv_get_async_event = %s%s%s (the finding's run: {})\\n\", err_name(ret), ret ? \"\" : \": \", "
		    "ret ? \"\" : ibv_event_type_str(ev.event_type));",
		    ibv_event_type_str((ibv_event_type)s["event_type"].get<int>()));
		put("\t\tif (!ret)");
		put("\t\t\tibv_ack_async_event(&ev);");
		put("\t}}");
	} else if (verb == "rdma_cm_connect_loopback") {
		uses_cm = true;
		std::string a = s["a"], b = s["b"];
		for (size_t k = 0; k < s["init"].size() && k < 2; k++) {
			const json &in = s["init"][k];
			std::string qp = k ? b : a;
			put("\t{{");
			qp_attr("a", in["attr"]);
			put("\t\tint ret = ibv_modify_qp({}, &a, {});", qp, mask_expr(in["attr_mask"].get<int>()));
			put("\t\tprintf(\"ibv_modify_qp({}, %s) = %s\\n\", {}, err_name(ret));", qp,
			    lit(describe_attr(qp_attr_from(in["attr"]), in["attr_mask"].get<int>())));
			put("\t\texpect_same(\"ibv_modify_qp\", ret, 0);");
			put("\t}}");
		}
		put("\tcm_connect_loopback({}, {});", a, b);
	} else if (verb == "ibv_destroy_qp" || verb == "ibv_destroy_srq" || verb == "ibv_destroy_cq" ||
		   verb == "ibv_destroy_ah" || verb == "ibv_dereg_mr" || verb == "ibv_dealloc_pd") {
		std::string obj;
		for (const char *k : {"qp", "srq", "cq", "ah", "mr", "pd"})
			if (s.contains(k))
				obj = s[k];
		put("\tprintf(\"{}({}) = %s\\n\", err_name({}({})));", verb, obj, verb, obj);
	} else if (verb.rfind("mlx5dv_", 0) == 0 || verb == "ibv_set_ece" || verb == "ibv_query_ece" ||
		   verb == "ibv_modify_cq") {
		put("\t/* not reproduced: {} */", verb);
	}
}

// Polls merged: consecutive ibv_poll_cq on one CQ become one wait for the
// completions they returned.
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

void Emitter::qp_finding(size_t i)
{
	const json &s = steps[i];
	std::string qp = s["qp"];
	bool rate = s.value("verb", "") == "ibv_modify_qp_rate_limit";
	int mask = s.value("attr_mask", 0);
	put("\t{{");
	query_qp(qp, "before");
	put("\t\tint field_before = {}->state;", qp);
	if (rate) {
		const json &a = s["attr"];
		put("\t\tstruct ibv_qp_rate_limit_attr r = {{ .rate_limit = {}, .max_burst_sz = {}, .typical_pkt_sz = {}, "
		    ".comp_mask = {} }};", a["rate_limit"].get<uint32_t>(), a["max_burst_sz"].get<uint32_t>(),
		    a["typical_pkt_sz"].get<uint32_t>(), a["comp_mask"].get<uint32_t>());
		put("\t\tint ret = ibv_modify_qp_rate_limit({}, &r);", qp);
		put("\t\tprintf(\"ibv_modify_qp_rate_limit({}, rate_limit {}) = %s\\n\", err_name(ret));", qp,
		    a["rate_limit"].get<uint32_t>());
	} else {
		qp_attr("a", s["attr"]);
		put("\t\tint ret = ibv_modify_qp({}, &a, {});", qp, mask_expr(mask));
		put("\t\tprintf(\"ibv_modify_qp({}, %s, %s) = %s\\n\", {}, {}, err_name(ret));", qp,
		    lit(describe_attr(qp_attr_from(s["attr"]), mask)), lit(qp_attr_mask_names(mask)));
	}
	put("\t\tint field_after = {}->state;", qp);
	put("\t\t(void)field_before, (void)field_after;");
	query_qp(qp, "after");
	if (f.check != Finding::Check::Outcome) {
		put("\t\tif (before_ret || after_ret) {{");
		put("\t\t\tprintf(\"SETUP: ibv_query_qp failed: cannot compare\\n\");");
		put("\t\t\treturn 2;");
		put("\t\t}}");
	}
	outcome_check("ret", "it returned 0");
	if (f.check == Finding::Check::Unchanged) {
		put("\t\tif (ret) {{ /* rejected: nothing may change */");
		for (const auto &fld : qp_attr_fields()) {
			if (!fld.queried)
				continue;
			std::string m = member(fld.name);
			put("\t\t\tif (before.{0} != after.{0}) {{", m);
			put("\t\t\t\tprintf(\"DEVIATION: rejected, yet {}: %llu -> %llu\\n\", (unsigned long long)before.{}, "
			    "(unsigned long long)after.{});", fld.name, m, m);
			put("\t\t\t\tbad = 1;");
			put("\t\t\t}}");
		}
		put("\t\t\tif (field_after != field_before) {{");
		put("\t\t\t\tprintf(\"DEVIATION: rejected, yet ibv_qp::state: %s -> %s\\n\", state_name(field_before), "
		    "state_name(field_after));");
		put("\t\t\t\tbad = 1;");
		put("\t\t\t}}");
		put("\t\t}}");
	}
	if (f.check == Finding::Check::ReadBack) {
		ibv_qp_attr set = qp_attr_from(s["attr"]);
		put("\t\tif (ret == 0) {{ /* accepted: it reads back as set */");
		put("\t\t\tif (after.qp_state != {0} || field_after != {0}) {{", state_expr(f.expect_state));
		put("\t\t\t\tprintf(\"DEVIATION: the QP must be in %s: ibv_query_qp says %s, ibv_qp::state %s\\n\", "
		    "state_name({}), state_name(after.qp_state), state_name(field_after));", state_expr(f.expect_state));
		put("\t\t\t\tbad = 1;");
		put("\t\t\t}}");
		for (const auto &fld : qp_attr_fields()) {
			if (!(mask & fld.flag) || fld.flag == IBV_QP_STATE || !fld.queried || !guard_holds(fld, set))
				continue;
			ReadBack how = read_back(fld.flag);
			if (how == ReadBack::NotReturned || (how == ReadBack::UnstableApm && (f.loaded & IBV_QP_ALT_PATH)))
				continue;
			std::string m = member(fld.name);
			std::string cmp = how == ReadBack::AtLeast ? "<" : "!=";
			put("\t\t\tif (after.{0} {1} a.{0}) {{", m, cmp);
			put("\t\t\t\tprintf(\"DEVIATION: {}: set %llu, read back %llu\\n\", (unsigned long long)a.{}, "
			    "(unsigned long long)after.{});", fld.name, m, m);
			put("\t\t\t\tbad = 1;");
			put("\t\t\t}}");
		}
		put("\t\t}}");
	}
	put("\t}}");
}

void Emitter::srq_finding(size_t i)
{
	const json &s = steps[i];
	std::string verb = s["verb"];
	if (verb == "ibv_create_srq") {
		const json &a = s["attr"];
		std::string id = f.object.empty() ? "srq_new" : f.object;
		put("\tstruct ibv_srq *{};", id);
		put("\t{{");
		put("\t\tstruct ibv_srq_init_attr init = {{ .attr = {{ .max_wr = {}, .max_sge = {}, .srq_limit = {} }} }};",
		    a["max_wr"].get<uint32_t>(), a["max_sge"].get<uint32_t>(), a["srq_limit"].get<uint32_t>());
		put("\t\terrno = 0;");
		put("\t\t{} = ibv_create_srq({}, &init);", id, s["pd"].get<std::string>());
		put("\t\tint err = {} ? 0 : (errno ? errno : EINVAL);", id);
		put("\t\tprintf(\"ibv_create_srq({}, max_wr {} max_sge {} srq_limit {}) = %s: max_wr %u max_sge %u\\n\", "
		    "err ? err_name(err) : {}, init.attr.max_wr, init.attr.max_sge);",
		    s["pd"].get<std::string>(), a["max_wr"].get<uint32_t>(), a["max_sge"].get<uint32_t>(),
		    a["srq_limit"].get<uint32_t>(), lit(id));
		outcome_check("err", "it made the SRQ");
		if (f.check == Finding::Check::ReadBack) {
			put("\t\tstruct ibv_srq_attr q;");
			put("\t\tint qret = err ? 0 : query_srq({}, &q);", id);
			put("\t\tif (!err && qret) {{");
			put("\t\t\tprintf(\"SETUP: ibv_query_srq = %s: cannot compare\\n\", err_name(qret));");
			put("\t\t\treturn 2;");
			put("\t\t}}");
			put("\t\tif (!err) {{");
			put("\t\t\tprintf(\"ibv_query_srq({}) = 0: max_wr %u max_sge %u srq_limit %u\\n\", q.max_wr, q.max_sge, "
			    "q.srq_limit);", id);
			put("\t\t\tif (q.max_wr != init.attr.max_wr || q.max_sge != init.attr.max_sge) {{");
			put("\t\t\t\tprintf(\"DEVIATION: ibv_create_srq reported max_wr %u max_sge %u; ibv_query_srq reads "
			    "max_wr %u max_sge %u\\n\", init.attr.max_wr, init.attr.max_sge, q.max_wr, q.max_sge);");
			put("\t\t\t\tbad = 1;");
			put("\t\t\t}}");
			put("\t\t}}");
		}
		put("\t}}");
		return;
	}
	std::string srq = s["srq"];
	if (verb == "ibv_modify_srq") {
		const json &a = s["attr"];
		std::string mexpr = srq_mask_expr(s["attr_mask"].get<uint32_t>());
		put("\t{{");
		put("\t\tstruct ibv_srq_attr before, after;");
		put("\t\tint before_ret = query_srq({}, &before);", srq);
		put("\t\tstruct ibv_srq_attr a = {{ .max_wr = {}, .max_sge = {}, .srq_limit = {} }};",
		    a["max_wr"].get<uint32_t>(), a["max_sge"].get<uint32_t>(), a["srq_limit"].get<uint32_t>());
		put("\t\tint ret = ibv_modify_srq({}, &a, {});", srq, mexpr);
		put("\t\tprintf(\"ibv_modify_srq({}, max_wr {} srq_limit {}, {}) = %s\\n\", err_name(ret));", srq,
		    a["max_wr"].get<uint32_t>(), a["srq_limit"].get<uint32_t>(), mexpr);
		put("\t\tint after_ret = query_srq({}, &after);", srq);
		outcome_check("ret", "it returned 0");
		if (f.check == Finding::Check::Unchanged) {
			put("\t\tif (ret && (before_ret || after_ret)) {{");
			put("\t\t\tprintf(\"SETUP: ibv_query_srq = %s: cannot compare\\n\", err_name(before_ret ? before_ret : after_ret));");
			put("\t\t\treturn 2;");
			put("\t\t}}");
			put("\t\tif (ret && (before.max_wr != after.max_wr || before.max_sge != after.max_sge || "
			    "before.srq_limit != after.srq_limit)) {{");
			put("\t\t\tprintf(\"DEVIATION: rejected, yet the SRQ changed: max_wr %u -> %u, srq_limit %u -> %u\\n\", "
			    "before.max_wr, after.max_wr, before.srq_limit, after.srq_limit);");
			put("\t\t\tbad = 1;");
			put("\t\t}}");
		} else {
			put("\t\t(void)before_ret, (void)after_ret;");
		}
		put("\t}}");
	} else if (verb == "ibv_query_srq") {
		put("\t{{");
		put("\t\tstruct ibv_srq_attr q;");
		put("\t\tint ret = query_srq({}, &q);", srq);
		put("\t\tprintf(\"ibv_query_srq({}) = %s: max_wr %u max_sge %u srq_limit %u\\n\", err_name(ret), "
		    "q.max_wr, q.max_sge, q.srq_limit);", srq);
		put("\t\tif (ret) {{");
		put("\t\t\tprintf(\"SETUP: cannot read the SRQ back\\n\");");
		put("\t\t\treturn 2;");
		put("\t\t}}");
		put("\t\tif (q.srq_limit != 0) {{");
		put("\t\t\tprintf(\"DEVIATION: the limit event fired and disarmed the SRQ, yet srq_limit reads %u, not 0\\n\", "
		    "q.srq_limit);");
		put("\t\t\tbad = 1;");
		put("\t\t}}");
		put("\t}}");
	} else if (verb == "ibv_post_srq_recv") {
		put("\t{{");
		recv_wrs(s["wr"], "ibv_recv_wr");
		put("\t\tstruct ibv_recv_wr *bad_wr = NULL;");
		put("\t\tint ret = ibv_post_srq_recv({}, wr, &bad_wr);", srq);
		put("\t\tprintf(\"ibv_post_srq_recv({}, {} WR(s)) = %s (%d)\\n\", err_name(ret), ret);", srq, s["wr"].size());
		if (f.check == Finding::Check::Outcome && !f.expect_accept) {
			// The SRQ must refuse a WR of the list (finding.cpp): taking
			// them all is the deviation.
			put("\t\tif (ret == 0) {{");
			put("\t\t\tprintf(\"DEVIATION: %s; it took every WR\\n\", {});", lit(f.expected));
		} else {
			put("\t\tif (ret < 0) {{");
			put("\t\t\tprintf(\"DEVIATION: ibv_post_srq_recv returns 0 or the value of errno; it returned %d\\n\", ret);");
		}
		put("\t\t\tbad = 1;");
		put("\t\t}}");
		put("\t}}");
	} else if (verb == "ibv_get_async_event") {
		long timeout = std::max<long>(s["timeout_ms"].get<long>(), 5000);
		put("\t{{");
		put("\t\tstruct ibv_async_event ev;");
		put("\t\tstruct timespec t0;");
		put("\t\tclock_gettime(CLOCK_MONOTONIC, &t0);");
		put("\t\tprintf(\"waiting up to {} ms for IBV_EVENT_SRQ_LIMIT_REACHED on {}, which no ibv_modify_srq armed\\n\");",
		    timeout, srq);
		put("\t\twhile (ms_since(&t0) < {}) {{", timeout);
		put("\t\t\tif (wait_event(&ev, {} - (int)ms_since(&t0)))", timeout);
		put("\t\t\t\tbreak;");
		put("\t\t\tprintf(\"ibv_get_async_event = 0: %s\\n\", ibv_event_type_str(ev.event_type));");
		put("\t\t\tif (ev.event_type == IBV_EVENT_SRQ_LIMIT_REACHED && ev.element.srq == {}) {{", srq);
		put("\t\t\t\tprintf(\"DEVIATION: the limit event fired on an SRQ that ibv_create_srq's srq_limit "
		    "must not arm\\n\");");
		put("\t\t\t\tbad = 1;");
		put("\t\t\t}}");
		put("\t\t\tibv_ack_async_event(&ev);");
		put("\t\t\tif (bad)");
		put("\t\t\t\tbreak;");
		put("\t\t}}");
		put("\t}}");
	}
}

void Emitter::qp_init_attr(const json &s)
{
	const json &cap = s["cap"];
	put("\t\tstruct ibv_qp_init_attr init = {{");
	put("\t\t\t.send_cq = {}, .recv_cq = {}, .srq = {},", s["send_cq"].get<std::string>(),
	    s["recv_cq"].get<std::string>(), s.value("srq", "").empty() ? "NULL" : s["srq"].get<std::string>());
	put("\t\t\t.qp_type = {}, .sq_sig_all = {},", qp_type_expr(s["qp_type"].get<int>()),
	    s.value("sq_sig_all", 0));
	put("\t\t\t.cap = {{ .max_send_wr = {}, .max_recv_wr = {}, .max_send_sge = {}, .max_recv_sge = {}, "
	    ".max_inline_data = {} }},",
	    cap["max_send_wr"].get<uint32_t>(), cap["max_recv_wr"].get<uint32_t>(),
	    cap["max_send_sge"].get<uint32_t>(), cap["max_recv_sge"].get<uint32_t>(),
	    cap["max_inline_data"].get<uint32_t>());
	put("\t\t}};");
}

// The create itself is the finding (repro/finding.cpp create_qp_call): its
// outcome against the contract's.
void Emitter::create_qp_finding(size_t i)
{
	const json &s = steps[i];
	std::string id = f.object;
	std::string pd = s["pd"];
	put("\tstruct ibv_qp *{};", id);
	put("\t{{");
	qp_init_attr(s);
	put("\t\terrno = 0;");
	put("\t\t{} = ibv_create_qp({}, &init);", id, pd);
	put("\t\tint err = {} ? 0 : (errno ? errno : EINVAL);", id);
	put("\t\tprintf(\"ibv_create_qp({}, {}{}) = %s\\n\", err ? err_name(err) : {});", pd,
	    qp_type_name(s["qp_type"].get<int>()), s.value("srq", "").empty() ? "" : ", srq " + s["srq"].get<std::string>(),
	    lit(id));
	outcome_check("err", "it made the QP");
	put("\t}}");
}

// A post to a QP that returned a negative value (repro/finding.cpp):
// ibv_post_send(3) and ibv_post_recv(3) return 0 or the value of errno.
void Emitter::post_finding(size_t i)
{
	const json &s = steps[i];
	std::string verb = s["verb"], qp = s["qp"];
	bool send = verb == "ibv_post_send";
	put("\t{{");
	if (send)
		send_wrs(s["wr"]);
	else
		recv_wrs(s["wr"], "ibv_recv_wr");
	put("\t\tstruct {} *bad_wr = NULL;", send ? "ibv_send_wr" : "ibv_recv_wr");
	put("\t\tint ret = {}({}, wr, &bad_wr);", verb, qp);
	put("\t\tprintf(\"{}({}, {} WR(s)) = %s (%d)\\n\", err_name(ret), ret);", verb, qp, s["wr"].size());
	put("\t\tif (ret < 0) {{");
	put("\t\t\tprintf(\"DEVIATION: {} returns 0 or the value of errno; it returned %d\\n\", ret);", verb);
	put("\t\t\tbad = 1;");
	put("\t\t}}");
	put("\t}}");
}

void Emitter::finding_step(size_t i)
{
	std::string verb = steps[i]["verb"];
	if (verb == "ibv_modify_qp" || verb == "ibv_modify_qp_rate_limit")
		qp_finding(i);
	else if (verb == "ibv_create_qp")
		create_qp_finding(i);
	else if (verb == "ibv_post_send" || verb == "ibv_post_recv")
		post_finding(i);
	else
		srq_finding(i);
}

} // namespace

std::string emit_c_repro(const json &steps, const Finding &f, const ReproSource &src)
{
	Emitter e{steps, f, src, {}, {}, {}, {}};
	// The snapshot's mask (fixtures/qp_snapshot.cpp): every flag but
	// IBV_QP_RATE_LIMIT, which ibv_query_qp(3) does not return.
	e.query_mask = mask_expr((uint32_t)(qp_attr_mask_known() & ~IBV_QP_RATE_LIMIT));
	std::vector<size_t> order = slice_for(steps, f.step);
	for (size_t k = 0; k < order.size(); k++) {
		size_t i = order[k];
		bool beside = k + 1 < order.size() ? order[k + 1] == f.step : false;
		beside |= k > 0 && order[k - 1] == f.step;
		const json &st = steps[i];
		if (beside && st.value("verb", "") == "ibv_query_qp" && st.value("qp", "") == f.object)
			continue; // the finding's own queries before and after stand for it
		if (i == f.step)
			e.finding_step(i);
		else if (steps[i].value("verb", "") == "ibv_poll_cq")
			emit_polls(e, steps, order, k);
		else
			e.step(i);
	}
	const json &target = steps[f.step];
	std::string rules;
	for (const auto &r : f.rules)
		rules += (rules.empty() ? "" : ", ") + r;
	std::string failure;
	for (const auto &s : steps)
		if (s.contains("failure")) {
			std::istringstream lines(s["failure"].get<std::string>());
			std::string line;
			for (int n = 0; n < 12 && std::getline(lines, line); n++)
				failure += " *   " + line + "\n";
			break;
		}
	std::string out = "/*\n";
	out += comment(fmt::format(
		" * Reproducer generated by `ibvcert repro` from the {}.\n"
		" * The finding's run: device {}, Linux {}, {}.\n"
		" *\n"
		" * The call: {} on {} (the last of the {} calls below).\n"
		" * The contract: {}\n"
		" * Rules: {}\n"
		" * Checked: {} (return value{}).\n"
		" * Seen on {}: {}\n"
		" *\n"
		" * It opens the device by name, re-creates the objects the case made with\n"
		" * the same attributes, walks them with the same calls (each must answer as\n"
		" * on the finding's run), then makes the call and checks the condition.\n"
		" *\n"
		" *   cc -o repro repro.c -libverbs{}\n"
		" *   ./repro [-d DEVICE]      (default {})\n"
		" *\n"
		" * Exit status: 1 the deviation is present, 0 it is not, 2 the setup did not\n"
		" * go as on the finding's run (no such device, a call of the walk answered\n"
		" * otherwise), so nothing is decided.\n"
		" * Regenerate: {}\n"
		" *\n"
		" * The case's failure on the finding's run:\n{}",
		src.what, src.device, src.kernel, src.rdma_core, target.value("verb", ""), f.object,
		order.size(), f.expected, rules.empty() ? "-" : rules, check_name(f.check),
		f.check == Finding::Check::Unchanged ? ", ibv_query_qp/ibv_query_srq and ibv_qp::state before and after"
		: f.check == Finding::Check::ReadBack ? ", then the read-back"
						      : "",
		src.device, f.seen, e.uses_cm ? " -lrdmacm" : "", src.device, src.replay, failure));
	out += " */\n";
	out += kReproPrelude;
	if (e.uses_cm)
		out += kReproCmConnect;
	out += "\nint main(int argc, char **argv)\n{\n\tint bad = 0;\n\n";
	out += fmt::format("\topen_device(argc, argv, {});\n", lit(src.device));
	out += e.body;
	out += "\tif (bad)\n\t\tprintf(\"the deviation is present\\n\");\n";
	out += "\telse\n\t\tprintf(\"clean: the call answered as the contract says\\n\");\n";
	out += "\treturn bad;\n}\n";
	return out;
}

} // namespace ibvcert
