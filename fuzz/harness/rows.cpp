// The rows of every verb family: what the sequence target draws its steps
// from, each verb family with an op file of its own: the QP's (create,
// modify, query, destroy), the SRQ's, the QP's QoS (rate limit, ECE) and the
// scheduling elements'.
#include "fuzz/harness/ops.h"

namespace ibvcert::fuzz {

const std::vector<Row> &all_rows()
{
	static const std::vector<Row> rows = {
		{"create_qp", create_qp_step}, // first: what empty input does
		{"modify_qp", modify_qp_step},
		{"query_qp", query_qp_step},
		{"destroy_qp", destroy_qp_step},
		{"create_srq", create_srq_step},
		{"modify_srq", modify_srq_step},
		{"post_srq_recv", post_srq_recv_step},
		{"query_srq", query_srq_step},
		{"rate_limit", rate_limit_step},
		{"set_ece", set_ece_step},
		{"sched_create", sched_create_step},
		{"sched_modify", sched_modify_step},
		{"sched_destroy", sched_destroy_step},
		{"modify_cq", modify_cq_step},
	};
	return rows;
}

} // namespace ibvcert::fuzz
