// The C of a QP's modifies, queries, rate limit and rdma_cm connection in a
// walk, and of an ibv_modify_qp or ibv_modify_qp_rate_limit that is the
// finding: the call between two ibv_query_qp, then its outcome, that a
// rejected call changed nothing, or that an accepted one reads back as set.
#include "repro/c_emit.h"

#include "contracts/names.h"
#include "contracts/qp_attr_table.h"
#include "contracts/read_back.h"
#include "repro/verbs_json.h"

#include <set>

namespace ibvcert::c_emit {
namespace {

// The C member for a field name of contracts/qp_attr_table.h.
std::string member(const std::string &name)
{
	std::string m = name;
	if (auto at = m.find("dgid."); at != std::string::npos)
		m.insert(at + 5, "global.");
	return m;
}

std::string state_expr(uint64_t s)
{
	static const char *const names[] = {"RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR", "UNKNOWN"};
	return s <= 7 ? std::string("IBV_QPS_") + names[s] : fmt::format("(enum ibv_qp_state){}", s);
}

} // namespace

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

std::string Emitter::gid_var(uint64_t prefix, uint64_t iface)
{
	for (const auto &[hex, var] : gids) {
		ibv_gid g = gid_from_hex(hex);
		if (g.global.subnet_prefix == prefix && g.global.interface_id == iface)
			return var;
	}
	return "";
}

void Emitter::qp_attr(const std::string &var, const json &attr)
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

void Emitter::query_qp(const std::string &qp, const std::string &var)
{
	put("\t\tstruct ibv_qp_attr {};", var);
	put("\t\tstruct ibv_qp_init_attr {}_init;", var);
	put("\t\tmemset(&{0}, 0, sizeof({0}));", var);
	put("\t\tint {0}_ret = ibv_query_qp({1}, &{0}, {2}, &{0}_init);", var, qp, query_mask);
	put("\t\tprintf(\"ibv_query_qp({0}) = %s: qp_state=%s, ibv_qp::state %s\\n\", err_name({1}_ret), "
	    "state_name({1}.qp_state), state_name({0}->state));", qp, var);
}

void Emitter::qp_step(const json &s)
{
	std::string verb = s.value("verb", "");
	int ret = s.value("ret", 0);
	if (verb == "ibv_modify_qp") {
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
	}
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

} // namespace ibvcert::c_emit
