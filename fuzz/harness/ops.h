// The rows each verb family contributes, and the setup steps built from
// them. A new verb family (SRQ, rate limit, ECE, sched) adds an op file with
// its step function, a line in rows.cpp, and a target file.
#pragma once

#include "fuzz/harness/session.h"

#include "contracts/srq_event_judge.h"
#include "fixtures/rigs/rig_host.h"

namespace ibvcert::fuzz {

// QP lifecycle and ibv_modify_qp / ibv_query_qp.
void create_qp_step(Session &s);  // a QP of a decoded type and caps, then walked to a decoded state
void modify_qp_step(Session &s);
void query_qp_step(Session &s);
void destroy_qp_step(Session &s);
// A live QP moved to RESET, then walked to a decoded state with a decoded
// kind of value per field of each step's required set (the walk_to of a
// create uses the builder's values only).
void rewalk_qp_step(Session &s);
// The same walk with one field it sends at a decoded kind (a bound, just
// outside one, raw bits) and every other the builder's; then_valid: then
// back to RESET and along the same path with the builder's values (what
// the first walk left meets them). create_vary_walk_qp first creates the
// QP (a covered type, the builder's caps), so the varied walk sets each
// field for the first time, and walks it again.
void vary_walk(Session &s, int slot, bool then_valid);
void vary_walk_qp_step(Session &s);
void create_vary_walk_qp_step(Session &s);

// The SRQ: ibv_create_srq (decoded attributes; a valid SRQ after a rejected
// one), ibv_modify_srq, ibv_post_srq_recv, ibv_query_srq on the lane's SRQ.
void create_srq_step(Session &s);
void modify_srq_step(Session &s);
void post_srq_recv_step(Session &s);
void query_srq_step(Session &s);
void destroy_srq_step(Session &s); // the pair on it first; a create_srq after it makes a new one

// A QP's QoS: ibv_modify_qp_rate_limit and ibv_set_ece (with ibv_query_ece
// before and after) on a live QP.
void rate_limit_step(Session &s);
void set_ece_step(Session &s);

// The mlx5 scheduling elements: node / leaf create, modify, destroy on the
// lane's element slots; the teardown destroys every element, children first.
void sched_create_step(Session &s);
void sched_modify_step(Session &s);
void sched_destroy_step(Session &s);
void sched_teardown(Session &s);

// CQ moderation: ibv_modify_cq on the lane's CQ.
void modify_cq_step(Session &s);

// ibv_resize_cq on a CQ of the op's own, cqe from the rows' value classes;
// the call judged whole by judge_resize_cq (contracts/resize_cq_judge.h).
void resize_cq_step(Session &s);

// Completion events on a channel and a CQ of the op's own: arms, SENDs and
// a flush completing on it, reads and acks, judged by judge_cq_notify
// (contracts/cq_notify_judge.h).
void cq_notify_step(Session &s);

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

// The datapath (a loopback-connected QP pair, MRs, the SRQ's consumption,
// async events): ibv_reg_mr / ibv_dereg_mr on the lane's MR slots; the pair
// made by Device::connect_loopback; ibv_post_recv on its responder;
// ibv_post_send on its requester with ibv_poll_cq of the completions;
// ibv_get_async_event with ibv_ack_async_event.
void reg_mr_step(Session &s);
void dereg_mr_step(Session &s);
void connect_pair_step(Session &s);
void post_recv_step(Session &s);
void post_send_step(Session &s);
void get_async_event_step(Session &s);
// A CQ of the op's own overrun by a RAW_PACKET QP's SENDs (emu0's virtual
// clock), polled, the events read, both destroyed (op_cq_overrun.cpp).
void cq_overrun_step(Session &s);
// The lane's whole async-event view judged (judge_async_events): a
// finding `async_events:<rule id>` when it breaks a row.
class Oracle;
void check_async_events(Lane &lane, Oracle &oracle);
// A read of the device's events (get_async_event, or an op that reads them
// before destroying its objects) is a step of the lane's SRQ history: the
// limit events naming the lane's SRQ it got.
void srq_events_read(Lane &lane, uint32_t limit_events, const char *at);
// The system the lane's device is listed in: ibv_get_device_list, then
// ibv_open_device / ibv_query_device / ibv_close_device of an entry,
// judged by contracts/device_list_judge.h; the lane's objects untouched.
void device_list_step(Session &s);
// The port's verbs and the address handle: ibv_query_port, ibv_query_gid,
// ibv_create_ah / ibv_destroy_ah of a decoded port and GID index class
// (op_port_ah.cpp), each judged by contracts/lifecycle_judge.h.
void port_ah_step(Session &s);
// ibv_post_send of SENDs on a RAW_PACKET QP of the slots in RTS, the device's
// clock let run until they complete on its link.
void raw_send_step(Session &s);

// Traffic judged by its rate (op_traffic.cpp): timed SENDs on a RAW_PACKET
// QP of the slots in RTS against the pacing the device reports; two QPs of
// the op's own attached to the lane's leaves, backlogged, against the
// weighted max-min fair share of the tree the model holds.
void paced_send_step(Session &s);
void sched_send_step(Session &s);

// The lane's device under the suites' rigs (fixtures/rigs/rig_host.h): a
// failed precondition is the op's "not driven", the replay the input's
// (printed with every finding).
RigHost lane_host(Lane &lane);

// Work on a pair of the op's own, as the suites post it (op_exchange.cpp):
// a list of send WRs with the receives it needs, judged by
// judge_flagged_exchange; an RDMA READ or atomic then a fenced WR, judged by
// judge_fence.
void exchange_step(Session &s);
void fenced_step(Session &s);
// The responder of such a pair taken to ERR with WRs posted around it,
// judged by judge_flush; a receive posted to an SRQ's QP, by
// judge_post_recv_on_srq_qp.
void flush_step(Session &s);
// QPs of the op's own over shared CQs and SRQs, each sending to its peer,
// judged by judge_routing (op_routed.cpp).
void routed_step(Session &s);
// ibv_create_qp with the lane's SRQ: a covered type, receive caps valid or
// above the device's maxima, judged by judge_create_qp (op_create_qp.cpp).
void create_qp_srq_step(Session &s);
// Completion events on two channels and three CQs of the op's own (the
// suites' rig), judged by judge_cq_notify (op_channels.cpp).
void channels_step(Session &s);
// ibv_create_cq on a channel of the op's own with a comp_vector of each
// value class, judged by judge_create_cq (op_create_cq.cpp).
void create_cq_vector_step(Session &s);
// One WR with one key varied on pairs of the op's own, each on its own PD
// (op_keys.cpp), judged by judge_exchange's access rows.
void keys_step(Session &s);

// Setup of the modify_qp target: one QP of a covered type (RC, UC, UD,
// RAW_PACKET) with the builder's caps, walked to a state the builder reaches.
void one_qp_setup(Session &s);

// Walks the QP in slot from RESET to target with each step's required set,
// as ibv_modify_qp calls under the oracle; stops at the first rejected step.
void walk_to(Session &s, int slot, ibv_qp_state target);

// Every row, each with its fixed code, for the sequence target; code 0
// (create_qp) runs on empty input, a code no row has runs kFallbackCode's.
const std::vector<Row> &all_rows();
inline constexpr int kFallbackCode = 1; // modify_qp

} // namespace ibvcert::fuzz
