// The C of an SRQ's queries and modifies in a walk, and of an SRQ call that
// is the finding: ibv_create_srq (its outcome, its query against what it
// reported), ibv_modify_srq (its outcome, a rejected one changed nothing),
// ibv_query_srq after the limit event, ibv_post_srq_recv's return value,
// and a limit event no ibv_modify_srq armed.
#include "repro/c_emit.h"

#include <algorithm>

namespace ibvcert::c_emit {
namespace {

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

} // namespace

void Emitter::srq_step(const json &s)
{
	std::string verb = s.value("verb", "");
	int ret = s.value("ret", 0);
	if (verb == "ibv_query_srq") {
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
	}
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
		post_call(s, srq, "bad_wr");
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

} // namespace ibvcert::c_emit
