// The judge of an SRQ's history: its IBV_EVENT_SRQ_LIMIT_REACHED events
// (ibv_modify_srq(3) NOTES, ibv_query_srq(3) NOTES, ibv_get_async_event(3)
// NOTES) and the WRs it holds across a resize, decided over the SRQ's life
// from the calls made on it (create, modify, post, each WR a message
// consumed, query, destroy) and the events read between them. The rows are
// contracts/effect_rules.cpp's LimitEventOnce, LimitNotArmedByCreate,
// LimitArmedAcrossResize, DestroyAfterAck and ibv_modify_srq's KeptAcross;
// whoever drives the SRQ fills the view (fixtures/rigs/srq_rig.h does it for
// the clauses and the properties) and hands it here.
#pragma once

#include "contracts/verdict.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ibvcert {

struct SrqStep {
	enum class Kind {
		Created,    // ibv_create_srq succeeded: srq_limit as given in init_attr
		Modified,   // ibv_modify_srq: attr_mask, max_wr, srq_limit as asked, result
		Posted,     // ibv_post_srq_recv took WRs: wrs is the SRQ's WR count after
		Consumed,   // one message took one WR: wrs is the count after
		EventsRead, // the async events were read: limit_events naming this SRQ
		Queried,    // ibv_query_srq returned 0: srq_limit as read
		Destroyed,  // ibv_destroy_srq (after its QPs): result, unacked events then
		Starved,    // a message sent to a QP on the SRQ got no receive completion: wrs is what the SRQ should hold
	};
	Kind kind = Kind::Created;
	int attr_mask = 0;
	uint32_t max_wr = 0, srq_limit = 0;
	int result = 0;
	uint32_t wrs = 0;
	// Posted: the wr_ids the post took; Consumed: the wr_id the message's
	// receive completion named.
	std::vector<uint64_t> wr_ids;
	int limit_events = 0;
	// EventsRead: the reader waited for an event that was due (and so the
	// due events must all have come); otherwise a short window, in which
	// only an event that should not exist is judged.
	bool awaited = false;
	int unacked = 0;
	std::string at; // the case's step, for the detail
};

struct SrqHistory {
	std::vector<SrqStep> steps;
};

// Every row the SRQ's history breaks.
Verdict judge_srq_history(const SrqHistory &view);
// The rows judge_srq_history decides on this history (a row needs its
// steps: DestroyAfterAck a destroy, LimitArmedAcrossResize a resize of an
// armed SRQ, LimitNotArmedByCreate a create given a srq_limit, LimitEventOnce
// a read of the events, KeptAcross an accepted resize after which the SRQ
// was drained, or a message found no WR in it).
std::vector<const ContractRule *> srq_history_rules_judged(const SrqHistory &view);

} // namespace ibvcert
