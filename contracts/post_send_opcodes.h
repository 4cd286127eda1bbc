// ibv_post_send(3)'s opcode table: which opcodes each QP transport service
// type supports (the OpcodeOfQpType row, post_send.opcode.in_the_qp_type_table). emu0 answers
// with it and the fuzz datapath model predicts with it.
#pragma once

#include "contracts/verdict.h"

#include <infiniband/verbs.h>

namespace ibvcert {

// The opcode is in the QP type's column of the table.
bool opcode_in_table(ibv_qp_type type, ibv_wr_opcode opcode);
// ibv_post_send's OpcodeOfQpType rows on one WR's opcode: the rows it breaks.
Verdict evaluate_post_send_opcode(ibv_qp_type type, ibv_wr_opcode opcode);

} // namespace ibvcert
