#include "contracts/async_event_judge.h"

#include "contracts/call_judge.h"
#include "contracts/names.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <set>

namespace ibvcert {
namespace {

// The event types this judge holds, each with the word its rows name in
// `field`; the rest (SRQ, port, device, WQ, path migration) are not its.
struct TypeWord {
	ibv_event_type type;
	const char *word;
	bool on_qp;
};
constexpr TypeWord kTypes[] = {
	{IBV_EVENT_QP_FATAL, "qp_fatal", true},
	{IBV_EVENT_QP_REQ_ERR, "qp_req_err", true},
	{IBV_EVENT_QP_ACCESS_ERR, "qp_access_err", true},
	{IBV_EVENT_COMM_EST, "comm_est", true},
	{IBV_EVENT_SQ_DRAINED, "sq_drained", true},
	{IBV_EVENT_QP_LAST_WQE_REACHED, "last_wqe_reached", true},
	{IBV_EVENT_CQ_ERR, "cq_err", false},
};

const TypeWord *type_of(ibv_event_type type)
{
	for (const TypeWord &t : kTypes)
		if (t.type == type)
			return &t;
	return nullptr;
}

const ContractRule *row(Check check, std::string_view field)
{
	for (const ContractRule &r : async_event_rules())
		if (r.check == check && field == r.field)
			return &r;
	return nullptr;
}

std::string event_name(ibv_event_type type)
{
	switch (type) {
	case IBV_EVENT_QP_FATAL: return "IBV_EVENT_QP_FATAL";
	case IBV_EVENT_QP_REQ_ERR: return "IBV_EVENT_QP_REQ_ERR";
	case IBV_EVENT_QP_ACCESS_ERR: return "IBV_EVENT_QP_ACCESS_ERR";
	case IBV_EVENT_COMM_EST: return "IBV_EVENT_COMM_EST";
	case IBV_EVENT_SQ_DRAINED: return "IBV_EVENT_SQ_DRAINED";
	case IBV_EVENT_QP_LAST_WQE_REACHED: return "IBV_EVENT_QP_LAST_WQE_REACHED";
	case IBV_EVENT_CQ_ERR: return "IBV_EVENT_CQ_ERR";
	default: return fmt::format("event_type {} ({})", (int)type, ibv_event_type_str(type));
	}
}

bool is_err_status(ibv_wc_status s)
{
	return s != IBV_WC_SUCCESS && s != IBV_WC_WR_FLUSH_ERR;
}

struct QpState {
	ibv_qp_type type = IBV_QPT_RC;
	bool srq = false;
	int send_cq = -1, recv_cq = -1, peer = -1;
	ibv_qp_state state = IBV_QPS_RESET;
	bool live = true;
	// what happened on it, for the events it may get: a reason in words per type
	std::map<std::string, std::string> happened;
	// QP_FATAL read: the next query must read ERR (no modify between)
	bool fatal_read = false;
};

struct CqState {
	int cqe = 0;
	int held = 0;         // completions fed and not polled
	bool overran = false;
	std::set<uint64_t> lost; // wr_ids fed from the overrun on
	bool live = true;
};

class Replay {
public:
	Replay(Verdict &v, bool partial) : v_(v), partial_(partial) {}

	void step(const AsyncStep &s)
	{
		switch (s.kind) {
		case AsyncStep::Kind::QpCreated: {
			QpState q;
			q.type = s.qp_type;
			q.srq = s.with_srq;
			q.send_cq = s.send_cq;
			q.recv_cq = s.recv_cq;
			qps_[s.qp] = q;
			break;
		}
		case AsyncStep::Kind::CqCreated:
			cqs_[s.cq] = CqState{};
			cqs_[s.cq].cqe = s.cqe;
			break;
		case AsyncStep::Kind::Connected:
			if (auto *q = qp(s.qp))
				q->peer = s.peer;
			break;
		case AsyncStep::Kind::Modified:
			modified(s);
			break;
		case AsyncStep::Kind::Queried:
			queried(s);
			break;
		case AsyncStep::Kind::Arrived:
			if (auto *q = qp(s.qp); q && q->state == IBV_QPS_RTR &&
						  (q->type == IBV_QPT_RC || q->type == IBV_QPT_UC))
				happen(s.qp, "comm_est", "a message reached it in RTR", true);
			break;
		case AsyncStep::Kind::Fed:
			fed(s);
			break;
		case AsyncStep::Kind::Completed:
			completed(s);
			break;
		case AsyncStep::Kind::Polled:
			polled(s);
			break;
		case AsyncStep::Kind::EventsRead:
			read(s);
			break;
		case AsyncStep::Kind::Violated:
			// What the responder sees, whatever the requester learns (an
			// iWARP RDMA WRITE completes at the requester once sent).
			if (auto *q = qp(s.qp)) {
				q->happened.emplace("qp_access_err", "an RDMA WRITE to it named memory its MR gives no "
								     "remote write");
				q->happened.emplace("qp_fatal", "it met an access violation");
			}
			break;
		case AsyncStep::Kind::Destroyed:
			// Its unread events go with it (the kernel and emu0 drop
			// them): what was due on it can no longer come.
			if (s.qp >= 0) {
				if (auto *q = qp(s.qp))
					q->live = false;
				drop_due(s.qp, false);
			} else if (auto it = cqs_.find(s.cq); it != cqs_.end()) {
				it->second.live = false;
				drop_due(s.cq, true);
			}
			break;
		}
	}

private:
	QpState *qp(int i)
	{
		auto it = qps_.find(i);
		return it == qps_.end() ? nullptr : &it->second;
	}

	void breach(const ContractRule *r, const AsyncStep &s, const std::string &detail)
	{
		if (r)
			v_.breaches.push_back({r, detail + (s.at.empty() ? "" : " (at " + s.at + ")")});
	}

	// The situation of type `word` happened on the QP (or CQ: cq_err);
	// due: the type's Raised row requires its event now.
	void happen(int object, const std::string &word, const std::string &why, bool due)
	{
		if (word == "cq_err")
			cq_happened_[object] = why;
		else if (auto *q = qp(object))
			q->happened.emplace(word, why);
		if (due && !seen_.count({word, object}))
			due_.emplace(std::make_pair(word, object), why);
	}

	void drop_due(int object, bool cq)
	{
		for (auto it = due_.begin(); it != due_.end();)
			if (it->first.second == object && (it->first.first == "cq_err") == cq)
				it = due_.erase(it);
			else
				++it;
	}

	void entered_err(int i, const std::string &how)
	{
		QpState *q = qp(i);
		if (!q || q->state == IBV_QPS_ERR)
			return;
		q->state = IBV_QPS_ERR;
		if (q->srq)
			happen(i, "last_wqe_reached", "it is associated with an SRQ and entered ERR (" + how + ")",
			       true);
	}

	void modified(const AsyncStep &s)
	{
		QpState *q = qp(s.qp);
		if (!q || s.result != 0 || !(s.attr_mask & IBV_QP_STATE))
			return;
		q->fatal_read = false;
		ibv_qp_state from = q->state;
		if (s.to == IBV_QPS_ERR) {
			entered_err(s.qp, "ibv_modify_qp to ERR");
			return;
		}
		q->state = s.to;
		// The table admits SQD only from RTS (or SQD): an accepted move to
		// SQD drains the send queue, whatever ibv_query_qp said before (siw
		// 6.1 reads RESET for a connected QP).
		if (s.to == IBV_QPS_SQD && from != IBV_QPS_SQD) {
			bool notify = (s.attr_mask & IBV_QP_EN_SQD_ASYNC_NOTIFY) && s.en_sqd_async_notify;
			happen(s.qp, "sq_drained",
			       notify ? "RTS->SQD with en_sqd_async_notify set, nothing outstanding"
				      : "RTS->SQD (without IBV_QP_EN_SQD_ASYNC_NOTIFY set)",
			       notify);
		}
	}

	void queried(const AsyncStep &s)
	{
		QpState *q = qp(s.qp);
		if (!q)
			return;
		if (q->fatal_read && s.state != IBV_QPS_ERR)
			breach(row(Check::AsyncEventOfSituation, "qp_fatal"), s,
			       fmt::format("after IBV_EVENT_QP_FATAL naming QP {}, ibv_query_qp reads {}, not "
					   "IBV_QPS_ERR (no modify between)",
					   s.qp, qp_state_name(s.state)));
		q->fatal_read = false;
		if (s.state == IBV_QPS_ERR)
			entered_err(s.qp, "ibv_query_qp reads ERR");
		else
			q->state = s.state;
	}

	void fed(const AsyncStep &s)
	{
		auto it = cqs_.find(s.cq);
		if (it == cqs_.end())
			return;
		CqState &c = it->second;
		if (!c.overran && c.held >= c.cqe) {
			c.overran = true;
			happen(s.cq, "cq_err",
			       fmt::format("it was given a completion beyond the {} it holds, none polled between", c.cqe),
			       true);
			if (s.qp >= 0) {
				happen(s.qp, "qp_fatal",
				       fmt::format("CQ {} overran: its completion (wr_id {}) did not fit", s.cq, s.wr_id),
				       true);
			}
		}
		if (c.overran)
			c.lost.insert(s.wr_id);
		else
			c.held++;
	}

	void completed(const AsyncStep &s)
	{
		if (!is_err_status(s.status))
			return;
		QpState *q = qp(s.qp);
		if (!q)
			return;
		std::string st = ibv_wc_status_str(s.status);
		q->happened.emplace("qp_fatal", "its work completed in error (" + st + ")");
		if (s.status == IBV_WC_LOC_PROT_ERR || s.status == IBV_WC_LOC_ACCESS_ERR)
			q->happened.emplace("qp_access_err", "its own work completed with " + st);
		QpState *p = qp(q->peer);
		if (!p)
			return;
		if (s.status == IBV_WC_REM_INV_REQ_ERR) {
			p->happened.emplace("qp_req_err", "it refused its requester's request as invalid (" + st + ")");
			p->happened.emplace("qp_fatal", "it refused a request (" + st + ")");
		}
		if (s.status == IBV_WC_REM_ACCESS_ERR) {
			p->happened.emplace("qp_fatal", "it refused a request (" + st + ")");
			happen(q->peer, "qp_access_err",
			       "it refused its requester's RDMA for access (the requester got " + st + ")",
			       q->type == IBV_QPT_RC);
		}
	}

	void polled(const AsyncStep &s)
	{
		auto it = cqs_.find(s.cq);
		if (it == cqs_.end())
			return;
		CqState &c = it->second;
		for (uint64_t id : s.wr_ids) {
			if (c.overran && c.lost.count(id))
				breach(row(Check::CqUnusableAfterOverrun, ""), s,
				       fmt::format("after CQ {} overran (cqe {}), ibv_poll_cq returned the completion of "
						   "wr_id {}, work done from the overrun on",
						   s.cq, c.cqe, id));
			if (!c.overran && c.held > 0)
				c.held--;
		}
	}

	void read(const AsyncStep &s)
	{
		for (const ReadEvent &e : s.events) {
			CallResult call;
			call.verb = Verb::GetAsyncEvent;
			call.result = e.returned;
			Verdict result = judge_call(call);
			for (const RuleBreach &b : result.breaches)
				v_.breaches.push_back({b.rule, b.detail + (s.at.empty() ? "" : " (at " + s.at + ")")});
			if (!e.got)
				continue;
			const TypeWord *t = type_of(e.type);
			if (!t)
				continue;
			int object = t->on_qp ? e.qp : e.cq;
			if (object < 0 || (t->on_qp ? !e.names_qp : !e.names_cq)) {
				breach(row(Check::AsyncEventNamesElement, t->on_qp ? "qp" : "cq"), s,
				       fmt::format("{} names in element.{} {}", event_name(e.type), t->on_qp ? "qp" : "cq",
						   (t->on_qp ? e.names_qp : e.names_cq)
							   ? "no live object the caller created on this context"
							   : "nothing (the member is null)"));
				continue;
			}
			seen_.insert({t->word, object});
			due_.erase({t->word, object});
			if (t->on_qp) {
				QpState *q = qp(object);
				if (!q || !q->live) {
					breach(row(Check::AsyncEventNamesElement, "qp"), s,
					       fmt::format("{} names QP {}, {}", event_name(e.type), object,
							   q ? "destroyed" : "not in the view"));
					continue;
				}
				if (partial_)
					continue;
				auto h = q->happened.find(t->word);
				if (h == q->happened.end()) {
					breach(row(Check::AsyncEventOfSituation, t->word), s,
					       fmt::format("{} names QP {} ({}, {}{}), on which nothing of it happened",
							   event_name(e.type), object, qp_type_name(q->type),
							   qp_state_name(q->state), q->srq ? ", with an SRQ" : ""));
					continue;
				}
				if (e.type == IBV_EVENT_QP_FATAL)
					q->fatal_read = true;
			} else {
				auto c = cqs_.find(object);
				if (c == cqs_.end() || !c->second.live) {
					breach(row(Check::AsyncEventNamesElement, "cq"), s,
					       fmt::format("{} names CQ {}, destroyed", event_name(e.type), object));
					continue;
				}
				if (!partial_ && !cq_happened_.count(object))
					breach(row(Check::AsyncEventOfSituation, "cq_err"), s,
					       fmt::format("IBV_EVENT_CQ_ERR names CQ {} (cqe {}, {} completions held), "
							   "which did not overrun",
							   object, c->second.cqe, c->second.held));
			}
		}
		if (!s.awaited || partial_)
			return;
		for (const auto &[key, why] : due_) {
			const auto &[word, object] = key;
			bool cq = word == "cq_err";
			breach(row(Check::AsyncEventRaised, word), s,
			       fmt::format("no {} naming {} {} came: {}", event_name(type_for(word)), cq ? "CQ" : "QP",
					   object, why));
		}
		due_.clear();
	}

	static ibv_event_type type_for(const std::string &word)
	{
		for (const TypeWord &t : kTypes)
			if (word == t.word)
				return t.type;
		return IBV_EVENT_DEVICE_FATAL;
	}

	Verdict &v_;
	bool partial_;
	std::map<int, QpState> qps_;
	std::map<int, CqState> cqs_;
	std::map<int, std::string> cq_happened_;
	std::map<std::pair<std::string, int>, std::string> due_;
	std::set<std::pair<std::string, int>> seen_;
};

} // namespace

std::string async_view_text(const AsyncView &view, const std::vector<std::string> &qp_names,
			    const std::vector<std::string> &cq_names)
{
	std::vector<std::string> names, steps;
	for (size_t i = 0; i < qp_names.size(); i++)
		names.push_back(fmt::format("QP {} = {}", i, qp_names[i]));
	for (size_t i = 0; i < cq_names.size(); i++)
		names.push_back(fmt::format("CQ {} = {}", i, cq_names[i]));
	for (size_t i = 0; i < view.steps.size(); i++)
		steps.push_back(fmt::format("{}. {}", i + 1, async_step_text(view.steps[i])));
	return fmt::format("{}{}\n  steps judged:\n    {}", view.partial ? "(partial view) " : "", fmt::join(names, ", "),
			   fmt::join(steps, "\n    "));
}

std::string async_step_text(const AsyncStep &s)
{
	using K = AsyncStep::Kind;
	switch (s.kind) {
	case K::QpCreated:
		return fmt::format("create QP {} ({}{}, send CQ {}, recv CQ {})", s.qp, qp_type_name(s.qp_type),
				   s.with_srq ? ", with an SRQ" : "", s.send_cq, s.recv_cq);
	case K::CqCreated: return fmt::format("create CQ {} (cqe {})", s.cq, s.cqe);
	case K::Connected: return fmt::format("QP {} -> QP {}", s.qp, s.peer);
	case K::Modified:
		return fmt::format("ibv_modify_qp(QP {}, {}, {}{}) -> {}", s.qp, qp_attr_mask_names(s.attr_mask),
				   qp_state_name(s.to),
				   (s.attr_mask & IBV_QP_EN_SQD_ASYNC_NOTIFY)
					   ? fmt::format(", en_sqd_async_notify {}", s.en_sqd_async_notify)
					   : "",
				   errno_name((int)s.result));
	case K::Queried: return fmt::format("ibv_query_qp(QP {}) reads {}", s.qp, qp_state_name(s.state));
	case K::Arrived: return fmt::format("a message reached QP {}", s.qp);
	case K::Fed: return fmt::format("QP {}'s work completes into CQ {} (wr_id {})", s.qp, s.cq, s.wr_id);
	case K::Completed:
		return fmt::format("polled from CQ {}: QP {}'s wr_id {} {}", s.cq, s.qp, s.wr_id,
				   ibv_wc_status_str(s.status));
	case K::Polled:
		return fmt::format("ibv_poll_cq(CQ {}) -> {} wr_ids [{}]", s.cq, s.result, fmt::join(s.wr_ids, ", "));
	case K::EventsRead: {
		std::vector<std::string> evs;
		for (const ReadEvent &e : s.events) {
			if (!e.got) {
				evs.push_back(fmt::format("returned {}", e.returned));
				continue;
			}
			std::string on = e.names_qp ? fmt::format(" QP {}", e.qp)
					 : e.names_cq ? fmt::format(" CQ {}", e.cq) : "";
			evs.push_back(event_name(e.type) + on + (e.returned ? fmt::format(" (returned {})", e.returned) : ""));
		}
		return fmt::format("ibv_get_async_event{}: [{}]", s.awaited ? " until empty" : "", fmt::join(evs, ", "));
	}
	case K::Violated:
		return fmt::format("an RDMA WRITE to QP {} names memory without remote write", s.qp);
	case K::Destroyed:
		return s.qp >= 0 ? fmt::format("destroy QP {}", s.qp) : fmt::format("destroy CQ {}", s.cq);
	}
	return "?";
}

Verdict judge_async_events(const AsyncView &view)
{
	Verdict v;
	Replay replay(v, view.partial);
	for (const AsyncStep &s : view.steps)
		replay.step(s);
	return v;
}

} // namespace ibvcert
