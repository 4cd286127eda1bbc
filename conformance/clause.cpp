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
const char kSrqLimitEvent[] =
	"ibv_modify_srq(3) NOTES: Modifying the srq_limit arms the SRQ to produce an "
	"IBV_EVENT_SRQ_LIMIT_REACHED \"low watermark\" asynchronous event once the number "
	"of WRs in the SRQ drops below srq_limit. ibv_query_srq(3) NOTES: If the value "
	"returned for srq_limit is 0, then the SRQ limit reached event is not (or no "
	"longer) armed, and no asynchronous events will be generated until the event is "
	"rearmed.";
const char kSrqCreateLimit[] =
	"ibv_create_srq(3): srq_limit: The limit value of the SRQ (irrelevant for "
	"ibv_create_srq); ibv_modify_srq(3) NOTES: modifying the srq_limit arms the SRQ.";
const char kSrqLimitRange[] =
	"ibv_modify_srq(3): srq_limit is compared with the number of WRs in the SRQ, "
	"which never exceeds max_wr, so srq_limit > max_wr is an invalid attribute "
	"(EINVAL); NOTES: If any of the modify attributes is invalid, none of the "
	"attributes will be modified.";
const char kSrqResizeCap[] =
	"ibv_modify_srq(3) NOTES: Not all devices support resizing SRQs. To check if a "
	"device supports it, check if the IBV_DEVICE_SRQ_RESIZE bit is set in the device "
	"capabilities flags; If any of the modify attributes is invalid, none of the "
	"attributes will be modified.";
const char kSrqResizeGrows[] =
	"ibv_modify_srq(3): IBV_SRQ_MAX_WR Resize the SRQ; max_wr: maximum number of "
	"outstanding work requests in the SRQ (as at create, not below the request); the "
	"WRs already posted stay in the SRQ.";
const char kSrqResizeBelow[] =
	"ibv_modify_srq(3): max_wr is the maximum number of outstanding WRs, so a "
	"max_wr below the WRs outstanding is invalid; NOTES: If any of the modify "
	"attributes is invalid, none of the attributes will be modified.";
const char kSrqAtomic[] =
	"ibv_modify_srq(3) NOTES: If any of the modify attributes is invalid, none of "
	"the attributes will be modified.";
const char kSrqMaskBits[] =
	"ibv_modify_srq(3): The argument is either 0 or the bitwise OR of one or more "
	"of the following flags: IBV_SRQ_MAX_WR, IBV_SRQ_LIMIT; NOTES: none of the "
	"attributes will be modified when the request is invalid.";
const char kAsyncEventAck[] =
	"ibv_get_async_event(3) NOTES: All async events that ibv_get_async_event() "
	"returns must be acknowledged using ibv_ack_async_event(). To avoid races, "
	"destroying an object (CQ, SRQ or QP) will wait for all affiliated events for "
	"the object to be acknowledged.";
} // namespace clauses

} // namespace ibvcert
