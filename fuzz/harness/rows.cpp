// The rows of every verb family: what the sequence target draws its steps
// from. SRQ, rate limit, ECE and sched rows join here when their contracts
// land, each with an op file of its own.
#include "fuzz/harness/ops.h"

namespace ibvcert::fuzz {

const std::vector<Row> &all_rows()
{
	static const std::vector<Row> rows = {
		{"create_qp", create_qp_step}, // first: what empty input does
		{"modify_qp", modify_qp_step},
		{"query_qp", query_qp_step},
		{"destroy_qp", destroy_qp_step},
	};
	return rows;
}

} // namespace ibvcert::fuzz
