// The rows each verb family contributes, and the setup steps built from
// them. A new verb family (SRQ, rate limit, ECE, sched) adds an op file with
// its step function, a line in rows.cpp, and a target file.
#pragma once

#include "fuzz/harness/session.h"

namespace ibvcert::fuzz {

// QP lifecycle and ibv_modify_qp / ibv_query_qp.
void create_qp_step(Session &s);  // a QP of a decoded type and caps, then walked to a decoded state
void modify_qp_step(Session &s);
void query_qp_step(Session &s);
void destroy_qp_step(Session &s);

// Setup of the modify_qp target: one QP of a covered type (RC, UC, UD,
// RAW_PACKET) with the builder's caps, walked to a state the builder reaches.
void one_qp_setup(Session &s);

// Walks the QP in slot from RESET to target with each step's required set,
// as ibv_modify_qp calls under the oracle; stops at the first rejected step.
void walk_to(Session &s, int slot, ibv_qp_state target);

// Every row, for the sequence target; the first runs on empty input.
const std::vector<Row> &all_rows();

} // namespace ibvcert::fuzz
