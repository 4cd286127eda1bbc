// What the op files share, and how they give the sequence target its rows.
// A new verb family adds an op file: its step functions, each named as a row
// by an IBVCERT_FUZZ_ROW line (below); nothing else lists it. A CQ verb of
// fixtures/object_verbs.h's IBVCERT_CQ_DRAWN_VERBS has its row there.
#pragma once

#include "fuzz/harness/session.h"

#include "contracts/srq_event_judge.h"
#include "fixtures/rigs/rig_host.h"

namespace ibvcert::fuzz {

// A row of the sequence target, named in its op file after its step
// function (`void name_step(Session &s)`):
//     IBVCERT_FUZZ_ROW(name, code);
// at the start of a line. The build finds the rows by that line
// (fuzz/CMakeLists.txt) and generates fuzz/harness/row_steps.h (each step
// declared) and all_rows(). The code is fixed for good: a step's byte
// modulo kRowCodes (32) selects the row with that code, and a code no row
// has runs modify_qp (kFallbackCode); codes from 32 on are wide (session.h):
// the step bytes 248-255 select codes 32-39 and 240-247 codes 40-47, where a
// row has one. A new row takes the next free code (41-47 are free); never
// renumber a row: the committed inputs (corpus/sequence,
// regressions/sequence) name rows by their codes.
#define IBVCERT_FUZZ_ROW(name, code)                                                                               \
	static_assert((code) >= 0 && (code) < kRowCodes + kWideCodes, #name ": a row's code is 0..47")

// The same walk with one field it sends at a decoded kind (a bound, just
// outside one, raw bits) and every other the builder's. ThenValid: then
// back to RESET and along the same path with the builder's values (what
// the varied walk left meets them); AfterValid: the builder's walk first,
// then back to RESET and the varied walk (what the builder's values left
// meets the varied one). create_vary_walk_qp and create_walk_vary_qp first
// create the QP (a covered type, the builder's caps), so its first walk
// sets each field for the first time.
enum class VaryWalk { Once, ThenValid, AfterValid };
void vary_walk(Session &s, int slot, VaryWalk how);

// The mlx5 scheduling elements: node / leaf create, modify, destroy on the
// lane's element slots; the teardown destroys every element, children first.
void sched_teardown(Session &s);

// The lifecycle rules, checked by the ops that create objects: a CQ created
// now has the moderation the lane's CQ had when new
// (modify_cq.lifecycle.new_cq_starts_unmoderated); a QP created now has the
// ECE a QP of its type had before any ibv_set_ece
// (ece.lifecycle.new_qp_starts_from_the_default; the first such QP is the
// reference). `id` is the creating op's verb id.
void check_new_cq(Lane &lane, Cq &cq, const char *id, Oracle &oracle);
void check_new_qp_ece(Lane &lane, Qp &qp, ibv_qp_type type, const char *id, Oracle &oracle);

// The lane's SRQ's history (SrqSlot::history: each SRQ op and the datapath
// add their steps, `at` naming the op) handed to judge_srq_history
// (contracts/srq_event_judge.h); a breach fails the op as
// `<id>.srq-history:<rule id>`.
void judge_srq(const char *id, const SrqHistory &history, Lane &lane, Oracle &oracle);

// The lane's whole async-event view judged (judge_async_events): a
// finding `async_events:<rule id>` when it breaks a row.
class Oracle;
void check_async_events(Lane &lane, Oracle &oracle);
// A read of the device's events (get_async_event, or an op that reads them
// before destroying its objects) is a step of the lane's SRQ history: the
// limit events naming the lane's SRQ it got.
void srq_events_read(Lane &lane, uint32_t limit_events, const char *at);

// The lane's device under the suites' rigs (fixtures/rigs/rig_host.h): a
// failed precondition is the op's "not driven", the replay the input's
// (printed with every finding).
RigHost lane_host(Lane &lane);

// Setup of the modify_qp target: one QP of a covered type (RC, UC, UD,
// RAW_PACKET) with the builder's caps, walked to a state the builder reaches.
void one_qp_setup(Session &s);

// Walks the QP in slot from RESET to target with each step's required set,
// as ibv_modify_qp calls under the oracle; stops at the first rejected step.
void walk_to(Session &s, int slot, ibv_qp_state target);

// The rows of the CQ verbs whose arguments the rows draw (fixtures/
// object_verbs.h IBVCERT_CQ_DRAWN_VERBS, each with its code there): one op
// for them all (op_cq_drawn.cpp), each row's step cq_drawn_row<its Verb>.
void cq_drawn_step(Session &s, Verb verb);
template <Verb V> void cq_drawn_row(Session &s)
{
	cq_drawn_step(s, V);
}

// Every row, each with its fixed code, for the sequence target (generated:
// fuzz/harness/rows.cpp in the build tree); code 0 (create_qp) runs on
// empty input, a code no row has runs kFallbackCode's.
const std::vector<Row> &all_rows();
inline constexpr int kFallbackCode = 1; // modify_qp

} // namespace ibvcert::fuzz

#include "fuzz/harness/row_steps.h"
