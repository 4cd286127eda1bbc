#include "properties/property_clauses.h"

namespace ibvcert::property_clauses {

const char kModifyQpAcceptance[] =
	"ibv_modify_qp(3): returns 0 on success, or the value of errno on failure; NOTES: the "
	"required attributes of each transition, beyond RTS the Linux 6.1 ib_modify_qp_is_ok() "
	"transition table (only listed transitions, only their required and optional "
	"attributes); each MUST-level attribute within the range the attribute table gives it "
	"on the device's caps.";
const char kShouldRanges[] =
	"ibv_modify_qp(3) NOTES: if any of the modify attributes are invalid, none will be "
	"modified; the attribute table's spec ranges (SHOULD: a provider may mask them) and "
	"the device features a flag needs (IBV_DEVICE_AUTO_PATH_MIG, packet pacing).";
const char kStateMachine[] =
	"ibv_modify_qp(3) and the Linux 6.1 transition table, step by step: each modify is "
	"accepted exactly when the table and the attribute ranges say so (MUST level), a "
	"rejected one changes nothing, and ibv_query_qp and ibv_qp::state show the state the "
	"accepted modifies led to.";
const char kStateMachineQuery[] =
	"ibv_query_qp(3): attribute values are valid if they have been set using "
	"ibv_modify_qp() (since the QP last left RESET); read back as set, except where "
	"ibv_query_qp(3) and ibv_create_qp(3) allow otherwise (properties/read_back.cpp).";

} // namespace ibvcert::property_clauses
