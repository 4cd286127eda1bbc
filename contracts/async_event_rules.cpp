// The async events of ibv_get_async_event(3) (the QP and CQ events, the
// element each names, the call's return value) and ibv_poll_cq(3)'s CQ
// overrun, as rows; contracts/async_event_judge.cpp judges what a caller did
// on the device's objects and the events it read by them. The SRQ limit
// event has its own judge (contracts/srq_event_judge.h).
#include "contracts/rule.h"

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};
constexpr uint64_t kGet = verb_bit(Verb::GetAsyncEvent);
constexpr uint64_t kPoll = verb_bit(Verb::PollCq);
constexpr const char kPage[] = "ibv_get_async_event(3)";
constexpr const char kPollPage[] = "ibv_poll_cq(3) NOTES";
constexpr const char kOverrun[] =
	"In case of a CQ overrun, the async event IBV_EVENT_CQ_ERR will be triggered, and the CQ cannot "
	"be used.";

const std::vector<ContractRule> kRules = {
	{"async_event.return.zero_or_minus_one", kGet, Check::ReturnsZeroOrMinusOne, "result", 0, kNone,
	 kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_get_async_event(3) RETURN VALUE",
	 "ibv_get_async_event() returns 0 on success, and -1 on error.",
	 "Judged on every read: an event comes with 0; a failed read returns -1 (errno says why)."},
	{"async_event.element.qp", kGet, Check::AsyncEventNamesElement, "qp", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "struct ibv_qp *qp; /* QP that got the event */",
	 "The QP events (QP_FATAL, QP_REQ_ERR, QP_ACCESS_ERR, COMM_EST, SQ_DRAINED, "
	 "QP_LAST_WQE_REACHED) name in element.qp a QP the caller created on this context and has not "
	 "destroyed; which QP got it is each type's own row."},
	{"async_event.element.cq", kGet, Check::AsyncEventNamesElement, "cq", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "struct ibv_cq *cq; /* CQ that got the event */",
	 "IBV_EVENT_CQ_ERR names in element.cq a CQ the caller created on this context and has not "
	 "destroyed; which CQ got it is async_event.cq_err.of_overrun."},
	{"async_event.qp_fatal.qp_in_err", kGet, Check::AsyncEventOfSituation, "qp_fatal", 0, kNone,
	 kNone, Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "IBV_EVENT_QP_FATAL Error occurred on a QP and it transitioned to error state",
	 "An error occurred on the QP the caller can see (a completion of its work in error other than "
	 "a flush, a request it refused as a responder, a completion an overrun CQ could not take), and "
	 "ibv_query_qp after the event reads IBV_QPS_ERR (no modify by the caller between)."},
	{"async_event.qp_fatal.raised_on_lost_completion", kGet | kPoll, Check::AsyncEventRaised,
	 "qp_fatal", 0, kNone, kNone, Feature::None, nullptr, 0, Level::SHOULD, 0, kPage,
	 "IBV_EVENT_QP_FATAL Error occurred on a QP and it transitioned to error state",
	 "IB spec (CQ overrun): a work queue whose completion the overrun CQ cannot take goes to the "
	 "error state with a Local Work Queue Catastrophic Error, libibverbs' IBV_EVENT_QP_FATAL. "
	 "Judged where the case made the QP complete into a CQ past its size."},
	{"async_event.qp_req_err.of_invalid_request", kGet, Check::AsyncEventOfSituation, "qp_req_err",
	 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "IBV_EVENT_QP_REQ_ERR Invalid Request Local Work Queue Error",
	 "The QP, as a responder, refused a request as invalid: its requester's work completed with "
	 "IBV_WC_REM_INV_REQ_ERR. Which invalid requests a responder cannot report through a receive "
	 "completion (and so raises this for) differs by device, so no row requires the event."},
	{"async_event.qp_access_err.of_access_violation", kGet, Check::AsyncEventOfSituation,
	 "qp_access_err", 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "IBV_EVENT_QP_ACCESS_ERR Local access violation error",
	 "An access violation happened at the QP: as a responder it refused an RDMA or atomic request "
	 "(its requester completed with IBV_WC_REM_ACCESS_ERR), or its own work completed with "
	 "IBV_WC_LOC_PROT_ERR or IBV_WC_LOC_ACCESS_ERR."},
	{"async_event.qp_access_err.raised_on_remote_access_error", kGet, Check::AsyncEventRaised,
	 "qp_access_err", 0, kNone, kNone, Feature::None, nullptr, 0, Level::SHOULD, 0, kPage,
	 "IBV_EVENT_QP_ACCESS_ERR Local access violation error",
	 "IB spec: an RC responder that refuses an RDMA WRITE for its access (no IBV_ACCESS_REMOTE_WRITE "
	 "on the MR) NAKs it and raises the Local Access Violation Work Queue Error on itself. Judged "
	 "where the requester's WR completed with IBV_WC_REM_ACCESS_ERR."},
	{"async_event.comm_est.of_arrival_in_rtr", kGet, Check::AsyncEventOfSituation, "comm_est", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "IBV_EVENT_COMM_EST Communication was established on a QP",
	 "Communication is established on an RC or UC QP when the first message arrives while it is in "
	 "RTR (in RTS it was established by the caller's own modify); the judge takes a QP still in RTR "
	 "that a message reached, or one that was in RTR when a message reached it."},
	{"async_event.comm_est.raised_on_arrival_in_rtr", kGet, Check::AsyncEventRaised, "comm_est", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::SHOULD, 0, kPage,
	 "IBV_EVENT_COMM_EST Communication was established on a QP",
	 "IB spec: the Communication Established event, when a message arrives on an RC or UC QP in "
	 "RTR. iWARP QPs are connected by rdma_cm, never in RTR with traffic: not judged there."},
	{"async_event.sq_drained.of_sqd", kGet, Check::AsyncEventOfSituation, "sq_drained", 0, kNone,
	 kNone, Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "IBV_EVENT_SQ_DRAINED Send Queue was drained of outstanding messages in progress",
	 "The QP was moved to SQD by an accepted ibv_modify_qp (its send queue drains there)."},
	{"async_event.sq_drained.raised_with_notify", kGet, Check::AsyncEventRaised, "sq_drained", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::SHOULD, 0, kPage,
	 "IBV_EVENT_SQ_DRAINED Send Queue was drained of outstanding messages in progress",
	 "IB spec: RTS->SQD with IBV_QP_EN_SQD_ASYNC_NOTIFY and en_sqd_async_notify set asks for the "
	 "Send Queue Drained event once nothing is in progress (ibv_modify_qp(3) lists the flag)."},
	{"async_event.last_wqe_reached.of_srq_qp_in_err", kGet, Check::AsyncEventOfSituation,
	 "last_wqe_reached", 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "IBV_EVENT_QP_LAST_WQE_REACHED Last WQE Reached on a QP associated with an SRQ",
	 "The QP was created with an SRQ and entered ERR (the last WQE it will take from the SRQ)."},
	{"async_event.last_wqe_reached.raised_on_err", kGet, Check::AsyncEventRaised,
	 "last_wqe_reached", 0, kNone, kNone, Feature::None, nullptr, 0, Level::SHOULD, 0, kPage,
	 "IBV_EVENT_QP_LAST_WQE_REACHED Last WQE Reached on a QP associated with an SRQ",
	 "IB spec: a QP associated with an SRQ raises Last WQE Reached when it enters the error state "
	 "(by the caller's modify or an error)."},
	{"async_event.cq_err.of_overrun", kGet, Check::AsyncEventOfSituation, "cq_err", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kPage, "IBV_EVENT_CQ_ERR CQ is in error (CQ overrun)",
	 "The CQ was given more completions than it holds (its cqe as ibv_create_cq reported it) with "
	 "none polled between."},
	{"async_event.cq_err.raised_on_overrun", kGet | kPoll, Check::AsyncEventRaised, "cq_err", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kPollPage, kOverrun,
	 "Overrun: work that completes into the CQ past the cqe ibv_create_cq reported, none polled "
	 "between (a device that holds more than it reports is judged only where it overran: then the "
	 "event is due)."},
	{"async_event.cq_err.cq_unusable", kPoll, Check::CqUnusableAfterOverrun, "", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kPollPage, kOverrun,
	 "'Cannot be used', as the caller sees it: after the overrun no ibv_poll_cq of the CQ returns "
	 "a completion of work done from the overrun on (the completion that did not fit included); a "
	 "poll may fail or return nothing. What it held before the overrun the page leaves open."},
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(GetAsyncEvent, 13, "ibv_get_async_event");

IBVCERT_RULE_FAMILY(async_event, 170, nullptr)

} // namespace ibvcert
