// The rows of every verb family: what the sequence target draws its steps
// from, each verb family with an op file of its own: the QP's (create,
// modify, query, destroy), the SRQ's, the QP's QoS (rate limit, ECE), the
// scheduling elements', the CQ's and the datapath's (MRs, a loopback pair's
// sends, receives and completions, async events).
//
// Each row has a fixed code: a step's byte modulo kRowCodes (32) selects the
// row with that code, and a code no row has runs modify_qp (kFallbackCode).
// Codes from 32 on are wide (session.h): the step bytes 248-255 select codes
// 32-39 and the bytes 240-247 codes 40-47, where a row has one, the row of
// byte % 32 otherwise. 40-47 are free.
// A new row takes the next free code; never renumber a row: the committed
// inputs (corpus/sequence, regressions/sequence) name rows by their codes.
#include "fuzz/harness/ops.h"

namespace ibvcert::fuzz {

const std::vector<Row> &all_rows()
{
	static const std::vector<Row> rows = {
		{"create_qp", create_qp_step, 0}, // code 0: what empty input does
		{"modify_qp", modify_qp_step, 1},
		{"query_qp", query_qp_step, 2},
		{"destroy_qp", destroy_qp_step, 3},
		{"create_srq", create_srq_step, 4},
		{"modify_srq", modify_srq_step, 5},
		{"post_srq_recv", post_srq_recv_step, 6},
		{"query_srq", query_srq_step, 7},
		{"rate_limit", rate_limit_step, 8},
		{"set_ece", set_ece_step, 9},
		{"sched_create", sched_create_step, 10},
		{"sched_modify", sched_modify_step, 11},
		{"sched_destroy", sched_destroy_step, 12},
		{"modify_cq", modify_cq_step, 13},
		{"reg_mr", reg_mr_step, 14},
		{"dereg_mr", dereg_mr_step, 15},
		{"connect_pair", connect_pair_step, 16},
		{"post_recv", post_recv_step, 17},
		{"post_send", post_send_step, 18},
		{"get_async_event", get_async_event_step, 19},
		{"raw_send", raw_send_step, 20},
		{"destroy_srq", destroy_srq_step, 21},
		{"resize_cq", resize_cq_step, 22},
		{"paced_send", paced_send_step, 23},
		{"sched_send", sched_send_step, 24},
		{"cq_notify", cq_notify_step, 25},
		{"rewalk_qp", rewalk_qp_step, 26},
		{"device_list", device_list_step, 27},
		{"vary_walk_qp", vary_walk_qp_step, 28},
		{"create_vary_walk_qp", create_vary_walk_qp_step, 29},
		{"cq_overrun", cq_overrun_step, 30},
		{"port_ah", port_ah_step, 31},
		// Wide codes (session.h): a step byte of 248 + k selects code 32 + k
		// when a row has it.
		{"exchange", exchange_step, 32},
		{"fenced", fenced_step, 33},
		{"keys", keys_step, 34},
		{"flush", flush_step, 35},
		{"routed", routed_step, 36},
		{"create_qp_srq", create_qp_srq_step, 37},
		{"channels", channels_step, 38},
		{"create_cq_vector", create_cq_vector_step, 39},
	};
	return rows;
}

} // namespace ibvcert::fuzz
