// The C of the objects a walk creates and destroys (the GIDs they use, PDs,
// CQs, QPs, MRs, AHs, SRQs), and of an ibv_create_qp that is the finding.
#include "repro/c_emit.h"

#include "contracts/names.h"

#include <algorithm>

namespace ibvcert::c_emit {
namespace {

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

} // namespace

void Emitter::create_step(const json &s)
{
	std::string verb = s.value("verb", "");
	int ret = s.value("ret", 0);
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
	}
}

void Emitter::destroy_step(const json &s)
{
	std::string verb = s.value("verb", "");
	std::string obj;
	for (const char *k : {"qp", "srq", "cq", "ah", "mr", "pd"})
		if (s.contains(k))
			obj = s[k];
	put("\tprintf(\"{}({}) = %s\\n\", err_name({}({})));", verb, obj, verb, obj);
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

} // namespace ibvcert::c_emit
