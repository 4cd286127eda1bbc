// Completion events: ibv_req_notify_cq(3), ibv_get_cq_event(3),
// ibv_ack_cq_events(3) and the channel of ibv_create_cq(3), as rows;
// contracts/cq_notify_judge.cpp judges what a caller did and saw by them.
#include "contracts/rule.h"

#include <cerrno>

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};
constexpr uint64_t kArm = verb_bit(Verb::ReqNotifyCq);
constexpr uint64_t kGet = verb_bit(Verb::GetCqEvent);
constexpr uint64_t kAck = verb_bit(Verb::AckCqEvents);
constexpr const char kNotifyPage[] = "ibv_req_notify_cq(3)";
constexpr const char kEventPage[] = "ibv_get_cq_event(3)";
constexpr const char kUponCqe[] =
	"ibv_req_notify_cq() requests a completion notification on the completion queue (CQ) cq. "
	"Upon the addition of a new CQ entry (CQE) to cq, a completion event will be added to the "
	"completion channel associated with the CQ.";
constexpr const char kSolicited[] =
	"If solicited_only is non-zero, an event is only generated for a new CQE with that is "
	"considered \"solicited.\" A CQE is solicited if it is a receive completion for a message "
	"with the Solicited Event header bit set, or if the status is not successful. All other "
	"successful receive completions, or any successful send completion is unsolicited.";
constexpr const char kAsync[] =
	"A CQE is added when the device completes the work; the event follows it, possibly later "
	"(rxe and siw raise it from the kernel's completion path): the judge takes a CQE as added "
	"once the caller saw it (the sender's completion, or a poll), and an event as missing only "
	"where the channel stayed empty for the case's wait after that.";

const std::vector<ContractRule> kRules = {
	{"req_notify_cq.return.zero_or_errno", kArm, Check::ReturnsErrno, "result", 0, kNone,
	 {Cap::None, 133}, Feature::None, nullptr, 0, Level::MUST, 0,
	 "ibv_req_notify_cq(3) RETURN VALUE",
	 "ibv_req_notify_cq() returns 0 on success, or the value of errno on failure (which "
	 "indicates the failure reason).",
	 nullptr},
	{"req_notify_cq.arms", kArm, Check::ArmedCqeEvent, "solicited_only", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kNotifyPage, kUponCqe, kAsync},
	{"req_notify_cq.any_cqe", kArm, Check::AnyCqeEvent, "solicited_only", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kNotifyPage,
	 "If the argument solicited_only is zero, a completion event is generated for any new CQE.",
	 "Any: a send CQE and an unsuccessful CQE as well as a receive (the successful receive is "
	 "req_notify_cq.arms)."},
	{"req_notify_cq.solicited_only.solicited_event", kArm, Check::SolicitedCqeEvent,
	 "solicited_only", 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kNotifyPage,
	 kSolicited,
	 "The Solicited Event bit is the sender's IBV_SEND_SOLICITED (ibv_post_send(3)) on a SEND "
	 "or SEND_WITH_IMM."},
	{"req_notify_cq.solicited_only.unsolicited_quiet", kArm, Check::UnsolicitedQuiet,
	 "solicited_only", 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kNotifyPage,
	 kSolicited,
	 "'only': a successful send CQE or a receive without the bit leaves the CQ armed and the "
	 "channel empty; the next solicited CQE gives the event."},
	{"req_notify_cq.one_shot", kArm, Check::OneShot, "", 0, kNone, kNone, Feature::None,
	 nullptr, 0, Level::MUST, 0, kNotifyPage,
	 "The request for notification is \"one shot.\" Only one completion event will be "
	 "generated for each call to ibv_req_notify_cq().",
	 "Two calls before a CQE arm the CQ once (rxe, siw and mlx5 keep one flag): the judge "
	 "allows one event per call made, and holds the CQ to no event after it gave the one it "
	 "was armed for."},
	{"get_cq_event.return.zero_or_minus_one", kGet, Check::ReturnsZeroOrMinusOne, "result", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_get_cq_event(3) RETURN VALUE",
	 "ibv_get_cq_event() returns 0 on success, and -1 on error.",
	 "The harness makes the channel's fd non-blocking (the page's fd semantics): an empty "
	 "channel answers -1 with EAGAIN, never a block."},
	{"get_cq_event.one_per_armed_completion", kGet, Check::EventWhenDue, "", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kEventPage,
	 "ibv_get_cq_event() waits for the next completion event in the completion event channel "
	 "channel.",
	 "An event is a completion event only where ibv_req_notify_cq armed the CQ and a CQE "
	 "followed: an event read with no armed CQE behind it (a CQ never armed, or armed and "
	 "given nothing) came from nothing. The page's 'extra event' is an armed CQE the caller "
	 "polled before reading the event: still one event for one armed CQE."},
	{"get_cq_event.names_the_cq", kGet, Check::EventNamesCq, "cq, cq_context", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kEventPage,
	 "Fills the arguments cq with the CQ that got the event and cq_context with the CQ's "
	 "context.",
	 "Judged with several CQs on one channel: the CQ named is one whose armed CQE is due, and "
	 "cq_context is that CQ's."},
	{"create_cq.channel.events_on_the_channel", kArm, Check::EventOnOwnChannel, "channel", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_create_cq(3)",
	 "The argument channel is optional; if not NULL, the completion channel channel will be "
	 "used to return completion events.",
	 "Judged with two channels: a CQ's event read from the other channel breaks it."},
	{"ack_cq_events.destroy_waits_for_acks", kAck, Check::DestroyWaitsForAcks, "nevents", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kEventPage,
	 "To avoid races, destroying a CQ will wait for all completion events to be acknowledged; "
	 "this guarantees a one-to-one correspondence between acks and successful gets.",
	 "Observed from a second thread: ibv_destroy_cq called with events got and not acked has "
	 "not returned after the case's wait, and returns once ibv_ack_cq_events acked them all "
	 "(libibverbs waits for the kernel's count of events reported)."},
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(ReqNotifyCq, 23, "ibv_req_notify_cq");
IBVCERT_VERB(GetCqEvent, 24, "ibv_get_cq_event");
IBVCERT_VERB(AckCqEvents, 25, "ibv_ack_cq_events");

IBVCERT_RULE_FAMILY(cq_notify, 130, nullptr)

} // namespace ibvcert
