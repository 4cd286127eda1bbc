#include "repro/finding.h"

#include "contracts/lifecycle_judge.h"
#include "contracts/modify_qp_eval.h"
#include "contracts/names.h"
#include "contracts/qp_attr_table.h"
#include "contracts/rate_limit_eval.h"
#include "contracts/srq_eval.h"
#include "contracts/srq_event_judge.h"
#include "contracts/read_back.h"
#include "fixtures/model/srq_model.h"
#include "repro/verbs_json.h"
#include "contracts/rule_ids/create_qp.h"
#include "contracts/rule_ids/modify_qp.h"
#include "contracts/rule_ids/post_recv.h"
#include "contracts/rule_ids/post_send.h"
#include "contracts/rule_ids/post_srq_recv.h"
#include "contracts/rule_ids/srq.h"

#include <fmt/core.h>

#include <map>

namespace ibvcert {
namespace {

using nlohmann::json;

struct QpModel {
	ibv_qp_type type = IBV_QPT_RC;
	ibv_qp_state state = IBV_QPS_RESET;
	int loaded = 0;
	std::string srq;
};

// An SRQ as the trace shows it (its attributes as reported, its history for
// contracts/srq_event_judge.h: its arming and events).
struct TracedSrq {
	ibv_srq_attr attr{};
	bool resized = false; // an accepted IBV_SRQ_MAX_WR: max_wr is a floor
	long posted = 0;
	SrqHistory history;
	size_t breaches = 0; // the judge's breaches on the history so far

	void add(SrqStep::Kind kind, SrqStep step = {})
	{
		step.kind = kind;
		step.wrs = posted > 0 ? (uint32_t)posted : 0;
		history.steps.push_back(step);
	}
};

// The SRQ's history judged after its step i: a breach new at this step is
// the finding (check: what the step observed), when its row is one the
// reproducer's check of that step decides (only: that row's check kind;
// Check::Any for every row).
std::optional<Finding> judge_srq_step(TracedSrq &m, size_t i, const std::string &object,
				      Finding::Check check, ibvcert::Check only = ibvcert::Check::Any)
{
	Verdict v = judge_srq_history(m.history);
	if (v.breaches.size() <= m.breaches)
		return std::nullopt;
	const RuleBreach &b = v.breaches[m.breaches];
	m.breaches = v.breaches.size();
	if (only != ibvcert::Check::Any && b.rule->check != only)
		return std::nullopt;
	Finding c;
	c.step = i;
	c.object = object;
	c.check = check;
	c.expect_accept = true;
	c.expected = condition_text(*b.rule);
	c.rules = {b.rule->id};
	c.seen = b.detail;
	return c;
}

// The first WR of a traced ibv_post_srq_recv list that the SRQ must refuse
// (fixtures/model/srq_model.h's post verdict, from the SRQ as the trace
// reported it) and the rule it breaks, or -1.
std::pair<int, std::string> first_refused_wr(const TracedSrq &srq, const json &wrs)
{
	SrqModel model;
	model.max_wr = srq.attr.max_wr;
	model.max_wr_exact = !srq.resized;
	model.max_sge = srq.attr.max_sge;
	model.outstanding = srq.posted > 0 ? (uint32_t)srq.posted : 0;
	int k = 0;
	for (const auto &wr : wrs) {
		SrqPost p = model.post_verdict(1, (int)wr.value("num_sge", (int)wr["sg_list"].size()));
		if (!p.accepts && p.known)
			return {k, p.reason};
		model.took(1);
		k++;
	}
	return {-1, ""};
}

bool is(const json &s, const char *verb)
{
	return s.value("verb", "") == verb;
}

// The ibv_query_qp / ibv_query_srq of the object right after (dir +1) or
// before (dir -1) step i, with no other call on it in between.
long neighbour_query(const json &steps, size_t i, const std::string &key, const std::string &id,
		     int dir, size_t end)
{
	const char *query = key == "qp" ? "ibv_query_qp" : "ibv_query_srq";
	for (long j = (long)i + dir; j >= 0 && j < (long)end; j += dir) {
		const json &s = steps[j];
		if (s.value(key, "") != id)
			continue;
		if (is(s, query))
			return s.value("ret", -1) == 0 ? j : -1;
		return -1;
	}
	return -1;
}

std::vector<std::string> qp_changes(const json &before, const json &after)
{
	std::vector<std::string> out;
	ibv_qp_attr b = qp_attr_from(before.at("attr")), a = qp_attr_from(after.at("attr"));
	for (const auto &f : qp_attr_fields())
		if (f.queried && f.get(b) != f.get(a))
			out.push_back(fmt::format("{}: {} -> {}", f.name, f.get(b), f.get(a)));
	return out;
}

std::vector<std::string> srq_changes(const json &before, const json &after)
{
	std::vector<std::string> out;
	for (const char *f : {"max_wr", "max_sge", "srq_limit"})
		if (before["attr"].value(f, 0u) != after["attr"].value(f, 0u))
			out.push_back(fmt::format("{}: {} -> {}", f, before["attr"].value(f, 0u),
						  after["attr"].value(f, 0u)));
	return out;
}

std::string join(const std::vector<std::string> &v)
{
	std::string out;
	for (const auto &s : v)
		out += (out.empty() ? "" : ", ") + s;
	return out;
}

void set_expectation(Finding &f, const Verdict &v)
{
	f.expect_accept = v.accepts();
	f.expect_errno = v.err();
	f.expected = v.describe();
	f.rules = v.rule_ids();
}

// An ibv_create_qp against the rows (contracts/lifecycle_judge.h): a
// request a row refuses that made a QP, or one no row refuses that failed
// with an errno the judge does not allow for it (ENOMEM, EOPNOTSUPP, EPERM:
// no resources or no such type; EINVAL for an inline size or a queue of 0
// WRs, which no device attribute bounds).
std::optional<Finding> create_qp_call(const DeviceCaps &caps, const json &s, size_t i)
{
	CreateQpRequest req;
	req.qp_type = (ibv_qp_type)s.value("qp_type", 0);
	const json &cap = s["cap"];
	req.cap.max_send_wr = cap.value("max_send_wr", 0u);
	req.cap.max_recv_wr = cap.value("max_recv_wr", 0u);
	req.cap.max_send_sge = cap.value("max_send_sge", 0u);
	req.cap.max_recv_sge = cap.value("max_recv_sge", 0u);
	req.cap.max_inline_data = cap.value("max_inline_data", 0u);
	req.srq = !s.value("srq", "").empty();
	int ret = s.value("ret", 0);
	Verdict v = evaluate_create_qp(caps, req);
	bool zero_queue = req.cap.max_send_wr == 0 || (!req.srq && req.cap.max_recv_wr == 0);
	bool excused = ret == ENOMEM || ret == EOPNOTSUPP || ret == EPERM ||
		       (ret == EINVAL && (req.cap.max_inline_data > 0 || zero_queue));
	if (v.accepts() == (ret == 0) || (ret != 0 && excused))
		return std::nullopt;
	Finding c;
	c.step = i;
	c.object = s.value("id", "qp_new");
	set_expectation(c, v);
	c.check = Finding::Check::Outcome;
	c.seen = ret ? "returned " + errno_name(ret) : "returned a QP";
	if (v.accepts()) {
		// With an SRQ, receive caps the device's maxima refuse are ignored:
		// that row, not the generic one, is what the refusal breaks.
		CreateQpRequest own = req;
		own.srq = false;
		bool ignored = req.srq && !evaluate_create_qp(caps, own).accepts();
		c.rules = {ignored ? rule_id::create_qp_srq_recv_caps_ignored : rule_id::create_qp_valid_carried_out};
		c.expected = ignored ? "a QP: with an SRQ, max_recv_wr and max_recv_sge are ignored"
				     : "a QP: the request breaks no rule";
	}
	return c;
}

// The outcome class, then Unchanged / ReadBack, of a QP call (modify or
// rate limit) that the verdict v judges.
std::optional<Finding> judge_qp_call(const json &steps, size_t i, size_t end, const Verdict &v,
				     const QpModel &qp, ibv_qp_state next, int mask)
{
	const json &s = steps[i];
	int ret = s.value("ret", 0);
	Finding f;
	f.step = i;
	f.object = s["qp"];
	set_expectation(f, v);
	if (v.accepts() != (ret == 0)) {
		f.check = Finding::Check::Outcome;
		f.seen = "returned " + errno_name(ret);
		return f;
	}
	if (ret != 0) {
		long before = neighbour_query(steps, i, "qp", f.object, -1, end);
		long after = neighbour_query(steps, i, "qp", f.object, +1, end);
		if (before < 0 || after < 0)
			return std::nullopt;
		auto changes = qp_changes(steps[before], steps[after]);
		int field_before = steps[before].value("state_field_after", 0);
		int field_after = s.value("state_field_after", 0);
		if (field_before != field_after)
			changes.push_back("ibv_qp::state: " + qp_state_name(field_before) + " -> " +
					  qp_state_name(field_after));
		if (changes.empty())
			return std::nullopt;
		f.check = Finding::Check::Unchanged;
		f.rules.push_back(rule_id::modify_qp_rejected_changes_nothing);
		f.seen = "returned " + errno_name(ret) + " and changed " + join(changes);
		return f;
	}
	if (!is(s, "ibv_modify_qp"))
		return std::nullopt;
	long after = neighbour_query(steps, i, "qp", f.object, +1, end);
	std::vector<std::string> differ;
	if (s.value("state_field_after", 0) != (int)next)
		differ.push_back("ibv_qp::state " + qp_state_name(s.value("state_field_after", 0)));
	if (after >= 0) {
		ibv_qp_attr set = qp_attr_from(s["attr"]), read = qp_attr_from(steps[after]["attr"]);
		if (read.qp_state != next)
			differ.push_back("qp_state " + qp_state_name(read.qp_state) + " read back");
		for (auto &d : read_back_mismatches(set, mask & ~IBV_QP_STATE, read,
						    qp.loaded | mask))
			differ.push_back(d);
	}
	if (differ.empty())
		return std::nullopt;
	f.check = Finding::Check::ReadBack;
	f.read_back_mask = mask;
	f.loaded = qp.loaded | mask;
	f.expect_state = next;
	f.rules = {rule_id::modify_qp_query_reads_back_as_set};
	f.seen = "returned 0; expected the QP in " + qp_state_name(next) + ", read back: " + join(differ);
	return f;
}

// A post that returned a negative value: the verb returns 0 or the value of
// errno (ibv_post_send(3), ibv_post_recv(3), ibv_post_srq_recv(3)).
Finding negative_post(size_t step, const std::string &object, const char *rule, std::string seen)
{
	Finding c;
	c.step = step;
	c.object = object;
	c.check = Finding::Check::ErrnoValue;
	c.expect_accept = true;
	c.expected = "0, or the value of errno on failure (a positive errno)";
	c.rules = {rule};
	c.seen = std::move(seen);
	return c;
}

} // namespace

const char *check_name(Finding::Check check)
{
	switch (check) {
	case Finding::Check::Outcome: return "outcome";
	case Finding::Check::Unchanged: return "changes nothing";
	case Finding::Check::ReadBack: return "reads back";
	case Finding::Check::ErrnoValue: return "errno value";
	case Finding::Check::NoEvent: return "no event";
	}
	return "?";
}

std::optional<Finding> find_deviation(const json &steps, const DeviceCaps &caps, std::string &why_not)
{
	size_t end = steps.size();
	for (size_t i = 0; i < steps.size(); i++)
		if (steps[i].contains("failure")) {
			end = i;
			break;
		}
	if (end == steps.size()) {
		why_not = "the case did not fail: there is no deviation to reproduce";
		return std::nullopt;
	}
	std::map<std::string, QpModel> qps;
	std::map<std::string, TracedSrq> srqs;
	std::map<uint32_t, std::string> qp_by_num;
	std::optional<Finding> last;
	for (size_t i = 0; i < end; i++) {
		const json &s = steps[i];
		std::string verb = s.value("verb", "");
		int ret = s.value("ret", 0);
		std::optional<Finding> f;
		if (verb == "ibv_create_qp")
			f = create_qp_call(caps, s, i);
		if (verb == "ibv_create_qp" && ret == 0) {
			QpModel m;
			m.type = (ibv_qp_type)s["qp_type"].get<int>();
			m.srq = s.value("srq", "");
			qps[s["id"]] = m;
			qp_by_num[s["qp_num"].get<uint32_t>()] = s["id"];
		} else if (verb == "ibv_modify_qp" && qps.count(s["qp"])) {
			QpModel &m = qps[s["qp"]];
			ibv_qp_attr attr = qp_attr_from(s["attr"]);
			int mask = s["attr_mask"];
			ModifyQpVerdict v = evaluate_modify_qp(caps, m.type, m.state, attr, mask);
			f = judge_qp_call(steps, i, end, v, m, v.next, mask);
			if (ret == 0) {
				m.state = (mask & IBV_QP_STATE) ? attr.qp_state : m.state;
				m.loaded = m.state == IBV_QPS_RESET ? 0 : m.loaded | mask;
			}
		} else if (verb == "ibv_modify_qp_rate_limit" && qps.count(s["qp"])) {
			QpModel &m = qps[s["qp"]];
			ibv_qp_rate_limit_attr a{};
			a.rate_limit = s["attr"]["rate_limit"];
			a.max_burst_sz = s["attr"]["max_burst_sz"];
			a.typical_pkt_sz = s["attr"]["typical_pkt_sz"];
			a.comp_mask = s["attr"]["comp_mask"];
			Verdict v = evaluate_modify_qp_rate_limit(caps, m.type, m.state, a);
			f = judge_qp_call(steps, i, end, v, m, m.state, 0);
		} else if (verb == "ibv_create_srq") {
			ibv_srq_attr req = srq_attr_from(s["attr"]);
			Verdict v = evaluate_create_srq(caps, req);
			Finding c;
			c.step = i;
			c.object = s.value("id", "");
			set_expectation(c, v);
			if (v.accepts() != (ret == 0)) {
				c.check = Finding::Check::Outcome;
				c.seen = "returned " + errno_name(ret);
				f = c;
			} else if (ret == 0) {
				srqs[c.object].attr = srq_attr_from(s["attr_out"]);
				SrqStep made;
				made.srq_limit = req.srq_limit;
				srqs[c.object].add(SrqStep::Kind::Created, made);
				long q = neighbour_query(steps, i, "srq", c.object, +1, end);
				if (q >= 0) {
					const json &out = s["attr_out"], &read = steps[q]["attr"];
					std::vector<std::string> differ;
					for (const char *k : {"max_wr", "max_sge"})
						if (out.value(k, 0u) != read.value(k, 0u))
							differ.push_back(fmt::format("{} reported {}, queried {}", k,
										     out.value(k, 0u), read.value(k, 0u)));
					if (!differ.empty()) {
						c.check = Finding::Check::ReadBack;
						c.rules = {rule_id::srq_create_reports_at_least_the_request};
						c.seen = join(differ);
						f = c;
					}
				}
			}
		} else if (verb == "ibv_modify_srq" && srqs.count(s["srq"])) {
			TracedSrq &m = srqs[s["srq"]];
			SrqNow now;
			now.attr = m.attr;
			now.outstanding = m.posted > 0 ? (uint32_t)m.posted : 0;
			ibv_srq_attr req = srq_attr_from(s["attr"]);
			int mask = s["attr_mask"];
			Verdict v = evaluate_modify_srq(caps, req, mask, now);
			Finding c;
			c.step = i;
			c.object = s["srq"];
			set_expectation(c, v);
			if (v.accepts() != (ret == 0)) {
				c.check = Finding::Check::Outcome;
				c.seen = "returned " + errno_name(ret);
				f = c;
			} else if (ret != 0) {
				long before = neighbour_query(steps, i, "srq", c.object, -1, end);
				long after = neighbour_query(steps, i, "srq", c.object, +1, end);
				if (before >= 0 && after >= 0) {
					auto changes = srq_changes(steps[before], steps[after]);
					if (!changes.empty()) {
						c.check = Finding::Check::Unchanged;
						c.rules.push_back(rule_id::srq_rejected_changes_nothing);
						c.seen = "returned " + errno_name(ret) + " and changed " + join(changes);
						f = c;
					}
				}
			}
			if (ret == 0) {
				if (mask & IBV_SRQ_MAX_WR) {
					m.attr.max_wr = req.max_wr;
					m.resized = true;
				}
				if (mask & IBV_SRQ_LIMIT)
					m.attr.srq_limit = req.srq_limit;
			}
			SrqStep mod;
			mod.attr_mask = mask;
			mod.max_wr = req.max_wr;
			mod.srq_limit = req.srq_limit;
			mod.result = ret;
			m.add(SrqStep::Kind::Modified, mod);
		} else if (verb == "ibv_query_srq" && ret == 0 && srqs.count(s["srq"])) {
			TracedSrq &m = srqs[s["srq"]];
			m.attr = srq_attr_from(s["attr"]);
			SrqStep q;
			q.srq_limit = m.attr.srq_limit;
			m.add(SrqStep::Kind::Queried, q);
			// The reproducer's query check is srq_limit 0 after the event.
			f = judge_srq_step(m, i, s["srq"], Finding::Check::ReadBack, ibvcert::Check::LimitEventOnce);
		} else if (verb == "ibv_post_srq_recv" && srqs.count(s["srq"])) {
			TracedSrq &m = srqs[s["srq"]];
			int bad = s.value("bad_wr", -1);
			auto [refused, refused_rule] = first_refused_wr(m, s["wr"]);
			long took = ret == 0 ? (long)s["wr"].size() : std::max(bad, 0);
			m.posted += took;
			if (took > 0)
				m.add(SrqStep::Kind::Posted);
			if (ret == 0 && refused >= 0) {
				Finding c;
				c.step = i;
				c.object = s["srq"];
				c.check = Finding::Check::Outcome;
				c.expect_accept = false;
				c.rules = {refused_rule};
				c.expect_errno = c.rules[0] == rule_id::srq_post_srq_recv_max_wr_outstanding ? ENOMEM : EINVAL;
				c.expected = fmt::format("the post stops at WR #{} ({})", refused, c.rules[0]);
				c.seen = fmt::format("returned 0: every one of the {} WR(s) taken", s["wr"].size());
				f = c;
			} else if (ret < 0) {
				f = negative_post(i, s["srq"], rule_id::post_srq_recv_return_zero_or_errno,
						  fmt::format("returned {} after taking {} of {} WR(s)", ret,
							      std::max(bad, 0), s["wr"].size()));
			}
		} else if ((verb == "ibv_post_send" || verb == "ibv_post_recv") && ret < 0 && qps.count(s["qp"])) {
			f = negative_post(i, s["qp"],
					  verb == "ibv_post_send" ? rule_id::post_send_return_zero_or_errno
								  : rule_id::post_recv_return_zero_or_errno,
					  fmt::format("returned {} for a list of {} WR(s)", ret, s["wr"].size()));
		} else if (verb == "ibv_poll_cq") {
			for (const auto &wc : s["wc"]) {
				if (wc.value("opcode", 0) < IBV_WC_RECV)
					continue;
				auto q = qp_by_num.find(wc.value("qp_num", 0u));
				if (q != qp_by_num.end() && !qps[q->second].srq.empty()) {
					TracedSrq &m = srqs[qps[q->second].srq];
					m.posted--;
					m.add(SrqStep::Kind::Consumed);
				}
			}
		} else if (verb == "ibv_get_async_event" && ret == 0 &&
			   s.value("event_type", 0) == IBV_EVENT_SRQ_LIMIT_REACHED &&
			   srqs.count(s.value("srq", ""))) {
			// One event read: the judge says whether it may exist (a
			// trace does not say how long the case waited, so a missing
			// event is not judged here).
			TracedSrq &m = srqs[s["srq"]];
			SrqStep read;
			read.limit_events = 1;
			m.add(SrqStep::Kind::EventsRead, read);
			if ((f = judge_srq_step(m, i, s["srq"], Finding::Check::NoEvent)))
				f->expect_accept = false;
		}
		if (f)
			last = f;
	}
	if (!last)
		why_not = "no traced call before the case's failure breaks a condition a reproducer can "
			  "check (return value, read-back, errno value, event)";
	return last;
}

} // namespace ibvcert
