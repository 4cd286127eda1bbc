// The judge of packet pacing (ibv_modify_qp_rate_limit(3), IBV_QP_RATE_LIMIT
// of ibv_modify_qp(3)): a QP's timed sends against the pacing it should have
// after what was done to it, decided once for every consumer (the send-rate
// clauses, the rate-limit property, the fuzz ops). The rows are the
// PacedWithin, PacingDefaults and SendsUnpaced rows of
// contracts/effect_rules.cpp; each names, in `field`, the situations it
// judges, and binds the verb that made the situation.
#pragma once

#include "contracts/send_measure.h"
#include "contracts/verdict.h"

#include <infiniband/verbs.h>

#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

// What was done to the QP before it sent.
enum class PacingSituation {
	Set,      // a rate_limit was set (and accepted)
	Kept,     // then a modify that did not name IBV_QP_RATE_LIMIT was accepted
	Defaults, // a rate_limit was set with max_burst_sz 0 and typical_pkt_sz 0
	Removed,  // a rate_limit was set, then rate_limit 0 was accepted
	Reset,    // a rate_limit was set, then the QP went to RESET and back to RTS without it
	Reported, // nothing known but what the device reports in effect (the fuzz)
};
// "set", "kept", "defaults", "removed", "reset", "reported": the words of the rows' field.
const char *pacing_situation_name(PacingSituation s);

struct PacingView {
	// The verb that made the situation (Verb::Count: any, as in Reported).
	Verb verb = Verb::Count;
	PacingSituation situation = PacingSituation::Set;
	// The rate_limit (kbps) that should be in effect: Set, Kept, Defaults;
	// Reported: the reported one. 0: none.
	uint32_t rate_kbps = 0;
	// As requested (0: the device's default).
	uint32_t max_burst_sz = 0, typical_pkt_sz = 0;
	// Removed, Reset: the limit the QP had before (kbps); 0 when unknown.
	uint32_t prior_kbps = 0;
	// The shaping the device reports in effect, where it reports one.
	std::optional<ibv_qp_rate_limit_attr> in_effect;
	uint32_t port_mtu_bytes = 0; // the port's MTU, for the default typical_pkt_sz
	double port_bps = 0;         // the port's rate, 0 when unknown
	// The QP's sends, each completion timed, from the first send after the
	// situation on (an idle time between them is part of the record).
	std::vector<SendRecord> sends;
	// A stretch of them sent backlogged (the steady rate), where the sends
	// may include an idle time; empty: `sends` is one backlogged stretch.
	std::vector<SendRecord> backlogged;
	RateTolerance tol{0.001, 2, 1};
};

// The pacing rows the view can decide.
std::vector<const ContractRule *> pacing_rules_judged(const PacingView &v);
// Every pacing row the QP's sends break.
Verdict judge_pacing(const PacingView &v);

// The bytes a paced QP may send at once beyond rate x window: max_burst_sz,
// and at least one typical_pkt_sz packet (a burst smaller than a packet
// still lets one go: the page is silent; emu0 fills its bucket to
// typical_pkt_sz). From the shaping in effect where reported, else the
// request's; nullopt when neither says (the device's default, unknown).
std::optional<double> pacing_burst_bytes(const PacingView &v);

} // namespace ibvcert
