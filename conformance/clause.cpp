#include "conformance/clause.h"

#include <gtest/gtest.h>

namespace ibvcert {

void record_clause(const Clause &clause)
{
	::testing::Test::RecordProperty("level", level_name(clause.level));
	::testing::Test::RecordProperty("source", clause.source);
}

namespace clauses {
const char kAtomicFailure[] =
	"ibv_modify_qp(3) NOTES: If any of the modify attributes or the modify "
	"mask are invalid, none of the attributes will be modified (including "
	"the QP state).";
const char kRequiredTables[] =
	"ibv_modify_qp(3) NOTES: the minimum list of attributes that must be "
	"changed upon transitioning QP state from: Reset --> Init --> RTR --> RTS; "
	"beyond RTS: Linux 6.1 ib_modify_qp_is_ok() transition table.";
const char kKernelTable[] =
	"Linux 6.1 drivers/infiniband/core/verbs.c qp_state_table "
	"(ib_modify_qp_is_ok): a transition is valid only if listed, with only "
	"its required and optional attributes; a mask without IBV_QP_STATE is "
	"the current->current row.";
const char kQueryQp[] =
	"ibv_query_qp(3): gets the attributes specified in attr_mask; "
	"attribute values are valid if they have been set using ibv_modify_qp().";
} // namespace clauses

} // namespace ibvcert
