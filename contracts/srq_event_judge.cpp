#include "contracts/srq_event_judge.h"

#include "contracts/names.h"

#include <infiniband/verbs.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <set>

namespace ibvcert {
namespace {

// The row of this check (one each).
const ContractRule *row_of(Check check)
{
	for (const ContractRule *r : all_rules())
		if (r->check == check)
			return r;
	return nullptr;
}

// The SRQ as the contract has it at a point of its history.
struct Arming {
	bool armed = false;        // a modify set a non-zero srq_limit, no event since
	uint32_t limit = 0;
	bool modified = false;     // some modify set srq_limit since the create
	uint32_t create_limit = 0; // what ibv_create_srq was given
	bool resized = false;      // an accepted IBV_SRQ_MAX_WR since the arming
	bool undecided = false;    // armed with the count already below the limit: the pages are silent
	int undecided_unread = 0;  // undecided armings since the last read: each may have raised an event
	bool fired = false;        // the last arming's event is due
	bool fired_after_resize = false;
	uint32_t wrs = 0;
	int due = 0, seen = 0;

	std::string text() const
	{
		if (armed)
			return fmt::format("armed at srq_limit {}{} with {} WRs", limit,
					   resized ? " (then resized with IBV_SRQ_MAX_WR alone)" : "", wrs);
		if (fired)
			return fmt::format("disarmed by the event of its arming at srq_limit {}, {} WRs", limit, wrs);
		if (!modified)
			return fmt::format("never armed by ibv_modify_srq (srq_limit {} given to ibv_create_srq), "
					   "{} WRs", create_limit, wrs);
		return fmt::format("disarmed (srq_limit 0), {} WRs", wrs);
	}
};

// KeptAcross: the WRs outstanding at each accepted IBV_SRQ_MAX_WR, and
// whether the SRQ was drained after it (only then is each one's delivery
// due).
struct Resize {
	size_t step;
	uint32_t max_wr;
	std::set<uint64_t> held;
	bool drained = false;        // every WR came out after it
	const SrqStep *starved = nullptr; // a message after it found no WR, though the SRQ held some
};

std::vector<Resize> resizes_of(const SrqHistory &view)
{
	std::vector<Resize> out;
	std::set<uint64_t> held;
	for (size_t i = 0; i < view.steps.size(); i++) {
		const SrqStep &s = view.steps[i];
		if (s.kind == SrqStep::Kind::Created)
			held.clear();
		if (s.kind == SrqStep::Kind::Posted)
			held.insert(s.wr_ids.begin(), s.wr_ids.end());
		if (s.kind == SrqStep::Kind::Consumed) {
			for (uint64_t id : s.wr_ids)
				held.erase(id);
			if (s.wrs == 0)
				for (Resize &r : out)
					r.drained = true;
		}
		if (s.kind == SrqStep::Kind::Starved && s.wrs > 0)
			for (Resize &r : out)
				if (!r.starved)
					r.starved = &s;
		if (s.kind == SrqStep::Kind::Modified && s.result == 0 && (s.attr_mask & IBV_SRQ_MAX_WR) &&
		    !held.empty())
			out.push_back({i, s.max_wr, held});
	}
	return out;
}

} // namespace

std::vector<const ContractRule *> srq_history_rules_judged(const SrqHistory &view)
{
	bool kept = false;
	for (const Resize &r : resizes_of(view))
		kept = kept || r.drained || r.starved;
	bool read = false, destroyed = false, resized = false, create_limit = false, armed = false;
	for (const SrqStep &s : view.steps) {
		read = read || s.kind == SrqStep::Kind::EventsRead;
		destroyed = destroyed || s.kind == SrqStep::Kind::Destroyed;
		create_limit = create_limit || (s.kind == SrqStep::Kind::Created && s.srq_limit);
		if (s.kind == SrqStep::Kind::Modified && s.result == 0 && (s.attr_mask & IBV_SRQ_LIMIT))
			armed = s.srq_limit != 0;
		resized = resized || (s.kind == SrqStep::Kind::Modified && s.result == 0 && armed &&
				      (s.attr_mask & IBV_SRQ_MAX_WR) && !(s.attr_mask & IBV_SRQ_LIMIT));
	}
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : all_rules()) {
		bool judged = (r->check == Check::LimitEventOnce && read) ||
			      (r->check == Check::LimitNotArmedByCreate && read && create_limit) ||
			      (r->check == Check::LimitArmedAcrossResize && read && resized) ||
			      (r->check == Check::DestroyAfterAck && destroyed) ||
			      (r->check == Check::KeptAcross && (r->verbs & verb_bit(Verb::ModifySrq)) && kept);
		if (judged)
			out.push_back(r);
	}
	return out;
}

Verdict judge_srq_history(const SrqHistory &view)
{
	static const ContractRule *once = row_of(Check::LimitEventOnce);
	static const ContractRule *create = row_of(Check::LimitNotArmedByCreate);
	static const ContractRule *resize = row_of(Check::LimitArmedAcrossResize);
	static const ContractRule *ack = row_of(Check::DestroyAfterAck);
	static const ContractRule *kept = [] {
		for (const ContractRule *r : rules_of(Verb::ModifySrq))
			if (r->check == Check::KeptAcross)
				return r;
		return (const ContractRule *)nullptr;
	}();
	Verdict v;
	auto breach = [&](const ContractRule *r, const SrqStep &s, std::string detail) {
		if (r)
			v.breaches.push_back({r, detail + (s.at.empty() ? "" : " (at " + s.at + ")")});
	};
	Arming a;
	for (const SrqStep &s : view.steps) {
		switch (s.kind) {
		case SrqStep::Kind::Created:
			a = Arming{};
			a.create_limit = s.srq_limit;
			break;
		case SrqStep::Kind::Modified:
			if (s.result != 0)
				break;
			if (s.attr_mask & IBV_SRQ_LIMIT) {
				// An undecided arming replaced before a read: its event may
				// still be in the queue.
				if (a.undecided)
					a.undecided_unread++;
				a.limit = s.srq_limit;
				a.armed = s.srq_limit != 0;
				a.modified = true;
				a.resized = false;
				a.fired = false;
				a.undecided = a.armed && a.wrs < a.limit;
			} else if ((s.attr_mask & IBV_SRQ_MAX_WR) && a.armed) {
				a.resized = true;
			}
			break;
		case SrqStep::Kind::Posted:
			a.wrs = s.wrs;
			break;
		case SrqStep::Kind::Consumed:
			a.wrs = s.wrs;
			if (a.armed && !a.undecided && a.wrs < a.limit) {
				a.due++;
				a.armed = false;
				a.fired = true;
				a.fired_after_resize = a.resized;
			}
			break;
		case SrqStep::Kind::EventsRead:
			a.seen += s.limit_events;
			if (a.undecided) {
				a.seen = a.due;
				a.undecided_unread = 0;
				break;
			}
			if (a.seen > a.due && a.seen <= a.due + a.undecided_unread)
				a.seen = a.due; // the events of undecided armings
			a.undecided_unread = 0;
			if (a.seen > a.due) {
				const ContractRule *r = !a.modified && a.create_limit ? create : once;
				breach(r, s,
				       fmt::format("{} IBV_EVENT_SRQ_LIMIT_REACHED naming this SRQ read in all, {} due: "
						   "the SRQ is {}",
						   a.seen, a.due, a.text()));
				a.seen = a.due;
			} else if (s.awaited && a.seen < a.due) {
				breach(a.fired_after_resize ? resize : once, s,
				       fmt::format("no IBV_EVENT_SRQ_LIMIT_REACHED naming this SRQ came after its WR "
						   "count dropped below srq_limit {} (now {} WRs{})",
						   a.limit, a.wrs,
						   a.fired_after_resize ? "; IBV_SRQ_MAX_WR alone came after the arming"
									: ""));
				a.seen = a.due;
			}
			break;
		case SrqStep::Kind::Queried:
			if (a.fired && a.seen >= a.due && s.srq_limit != 0)
				breach(once, s,
				       fmt::format("after IBV_EVENT_SRQ_LIMIT_REACHED ibv_query_srq reads srq_limit {}, "
						   "not 0 (armed at {}; the event disarms it)",
						   s.srq_limit, a.limit));
			// (An undecided arming's event may have come and disarmed it.)
			else if (a.armed && a.resized && s.srq_limit != a.limit && !(a.undecided && s.srq_limit == 0))
				breach(resize, s,
				       fmt::format("armed at srq_limit {}, then IBV_SRQ_MAX_WR alone: ibv_query_srq "
						   "reads srq_limit {}",
						   a.limit, s.srq_limit));
			break;
		case SrqStep::Kind::Starved: // KeptAcross's, below
			break;
		case SrqStep::Kind::Destroyed:
			if (s.unacked == 0 && s.result != 0)
				breach(ack, s,
				       fmt::format("ibv_destroy_srq returned {} with every event read acknowledged and "
						   "its QPs destroyed",
						   s.result > 0 ? errno_name(s.result) : std::to_string(s.result)));
			break;
		}
	}
	// Each WR the SRQ held at an accepted resize, delivered after it (the
	// SRQ drained since: every WR it held came out).
	for (const Resize &r : resizes_of(view)) {
		if (!kept || !(r.drained || r.starved))
			continue;
		std::set<uint64_t> delivered;
		for (size_t i = r.step + 1; i < view.steps.size(); i++)
			if (view.steps[i].kind == SrqStep::Kind::Consumed)
				delivered.insert(view.steps[i].wr_ids.begin(), view.steps[i].wr_ids.end());
		std::vector<uint64_t> lost;
		for (uint64_t id : r.held)
			if (!delivered.count(id))
				lost.push_back(id);
		if (r.starved)
			v.breaches.push_back(
				{kept, fmt::format("the SRQ held wr_id {} at the accepted resize to max_wr {}; "
						   "after it a message found no WR though {} should be there "
						   "(not delivered since: {}){}",
						   fmt::join(r.held, ","), r.max_wr, r.starved->wrs,
						   lost.empty() ? std::string("none") : fmt::format("{}", fmt::join(lost, ",")),
						   r.starved->at.empty() ? "" : " (at " + r.starved->at + ")")});
		else if (!lost.empty())
			v.breaches.push_back(
				{kept, fmt::format("the SRQ held wr_id {} at the accepted resize to max_wr {}; "
						   "drained after it, it never delivered {}",
						   fmt::join(r.held, ","), r.max_wr, fmt::join(lost, ","))});
	}
	return v;
}

} // namespace ibvcert
