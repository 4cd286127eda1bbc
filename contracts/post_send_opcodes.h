// ibv_post_send(3)'s opcode table: which opcodes each QP transport service
// type supports (rule post_send.opcode.in_the_qp_type_table). emu0 answers
// with it and the fuzz datapath model predicts with it.
#pragma once

#include <infiniband/verbs.h>

namespace ibvcert {

// The opcode is in the QP type's column of the table.
bool opcode_in_table(ibv_qp_type type, ibv_wr_opcode opcode);

} // namespace ibvcert
