// The one shape of a contract rule. Every rule of every verb family is a row
// of this struct, with a stable id, the verb(s) it binds, its condition as
// data, the errno, the level and the man-page sentence it comes from. The
// rows live in contracts/*_rules.cpp; one evaluator per verb family
// (contracts/*_eval.cpp) composes them, and nothing else does.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ibvcert {

// MUST: the man page or the uverbs ABI makes the request invalid on every
// device. SHOULD: a spec range or convention a provider may legitimately
// mask or round.
enum class Level { MUST, SHOULD };
const char *level_name(Level level);

// The verbs the rules bind (one bit each in ContractRule::verbs). A verb is
// one row in the rules file of the family that is its home,
// IBVCERT_VERB(Name, index, "page name"); (the index is its place in Verb):
// the build lists them by index in the generated contracts/verb_list.h.
enum class Verb : unsigned {
#define IBVCERT_VERB_ENTRY(verb, name) verb,
#include "contracts/verb_list.h"
#undef IBVCERT_VERB_ENTRY
	Count
};
static_assert((unsigned)Verb::Count <= 64, "ContractRule::verbs is 64 bits");
// A verb's row, as data for the build; here it only checks that the row's
// index is the verb's place.
#define IBVCERT_VERB(verb, index, name)                                                                            \
	static_assert((unsigned)Verb::verb == (index), "Verb " #verb ": its row's index is its place in Verb")
constexpr uint64_t verb_bit(Verb v) { return uint64_t(1) << (unsigned)v; }
const char *verb_name(Verb verb);      // "ibv_modify_qp"
// The verb a call trace names ("ibv_modify_qp"); Verb::Count for none.
Verb verb_from_name(std::string_view name);

// What a rule's condition tests. Each verb family's evaluator knows the
// checks of its rows; the condition's operands are the row's other columns.
enum class Check {
	// values of one field (`field`), bounds lo/hi
	Any,          // every value is valid (vocabulary rows only, never a rule)
	Range,        // lo <= field <= hi (a range a device's caps leave empty does not apply)
	Flags,        // field has no bit outside hi
	ZeroOrRange,  // field == 0, or lo <= field <= hi
	CurrentState, // field equals the object's current state
	Zero,         // field == 0
	// masks and tables
	MaskKnown,        // the mask (`field`) has no bit outside `bits`
	TransitionListed, // the QP transition table lists (qp_type, current, next)
	RequiredBits,     // attr_mask has every bit the transition requires
	AllowedBits,      // attr_mask has no bit outside required | optional | STATE
	// the device
	Feature,          // the device has `feature` (when a bit of `bits` is set)
	GrhRequired,      // field (is_global) is set where the port requires a GRH
	// object state and relations
	NotBelowOutstanding, // field >= the WRs outstanding in the object
	NotAboveAfterCall,   // field <= `other` field, both as they are after the call
	ZeroForRoot,      // the root TSAR: field, when given (flag `bits` set), is 0
	HasParent,        // a leaf is connected to a parent node
	SameParent,       // a modify names the element's own parent
	OwnVendor,        // field equals the device's own vendor id
	// the call's result, judged on every call (contracts/call_judge.h)
	ReturnsErrno,     // the result is 0 or a positive errno value (1..bits)
	BadWrInList,      // a failed post names, through bad_wr, a WR of the list it was given
	// the call's effect on its object, judged from what was observed before
	// and after it (the verb's judge: contracts/*_judge.h)
	ValidAccepted,    // a request no rule of the verb rejects is carried out (or ENOMEM, EOPNOTSUPP)
	AtLeastRequest,   // accepted: field, as the object reports it after, is >= the request's
	KeptAcross,       // accepted: what the object holds (`field`) is the same after, in order
	UnchangedOnReject, // rejected: the object reads the same after as before (`other`: only
	                   // when the request breaks that rule; nullptr: any rejection)
	FrameUnchanged,   // every other object of the device reads the same after the call
	ReadsBack,        // accepted: each field the request set reads back as set (the verb's read-back table)
	ErrnoOfRule,      // rejected with a positive errno: it is the errno of a rule the request breaks
	InvalidRejected,  // a request a MUST request row rejects is not carried out (the call fails)
	ResultAtMost,     // a non-negative result is at most the request's `field` (num_entries)
	UnmaskedKept,     // accepted: what the request does not name reads the same after the call
	StartsFresh,      // created: the object reads, in the fields named by `field` (prefixes, comma-separated),
	                  // as the first object of its kind (and QP type) the case created did then
	// behaviour: proven by a clause through the effect, not by an evaluator
	Effect,
	// the datapath: work posted on a connected pair, judged from the
	// completions polled from each CQ and the bytes found where they land
	// (contracts/completion_judge.h)
	WcSuccess,        // every WR of a valid exchange completes with IBV_WC_SUCCESS
	WcSignaled,       // a successful send WR completes exactly when sq_sig_all or IBV_SEND_SIGNALED
	WcInPostedOrder,  // a queue's completions name its WRs once each, in the order posted (`field`: send/recv/srq)
	WcOpcode,         // a successful completion's opcode is the one of its WR
	WcByteLen,        // a receive completion's byte_len is the bytes of the message (+40 on UD)
	WcImmData,        // IBV_WC_WITH_IMM exactly when the message carried immediate data, imm_data as posted
	WcSrcQp,          // a UD receive completion's src_qp is the sender's QP number
	WcFlagsKnown,     // wc_flags has no bit outside `bits`
	WcGrh,            // a UD receive of a message with a GRH has IBV_WC_GRH
	GrhPlaced,        // a UD receive's first 40 bytes hold the GRH (its dgid tail at 36..39)
	DataLands,        // the bytes land where the WR says (`field`: sge/inline/rdma/atomic)
	DeliveredToDest,  // a UD message reaches only the QP remote_qpn, and only with its Q_Key
	FlushedInErr,     // WRs outstanding at ERR or posted in it complete once, IBV_WC_WR_FLUSH_ERR
	RefusedOnSrqQp,   // ibv_post_recv on a QP with an SRQ fails, and no completion names the WR
	// an SRQ's limit event over its life: the calls made on it and the
	// events read between them (contracts/srq_event_judge.h)
	LimitEventOnce,         // armed by a modify: one event once the WR count drops below srq_limit, then srq_limit 0
	LimitNotArmedByCreate,  // the srq_limit given to ibv_create_srq arms nothing
	LimitArmedAcrossResize, // IBV_SRQ_MAX_WR alone leaves an armed SRQ armed
	DestroyAfterAck,        // with every event read acknowledged (and its QPs gone) ibv_destroy_srq succeeds
	// a request against the object it names, as it stands
	AtMostObjects,    // field <= the object's `other` (num_sge <= max_sge)
	RoomLeft,         // the object holds fewer WRs than its `other` (max_wr)
	BitsRequire,      // field, when it has a bit of `bits`, has every bit of hi too
	OpcodeOfQpType,   // the WR's opcode is in its QP type's column (contracts/post_send_opcodes.h)
	// ECE over set_ece/query_ece calls on one QP (contracts/ece_judge.h)
	EceUnsupportedBoth, // EOPNOTSUPP from one verb: from the other too
	EceAcceptedSubset,  // an accepted set hands back a subset of the options asked, with the device's vendor_id
	EceQueryAsAccepted, // a query returns what the last accepted set handed back
	// completion events: arms, CQEs, events read from channels, acks and
	// destroys, judged in order (contracts/cq_notify_judge.h)
	ReturnsZeroOrMinusOne, // the result is 0 or -1
	ArmedCqeEvent,    // armed with solicited_only 0, a successful receive CQE puts one event on the CQ's channel
	AnyCqeEvent,      // armed with solicited_only 0, any other CQE (a send, an error) puts one event there
	SolicitedCqeEvent, // armed solicited only, a solicited receive or an unsuccessful CQE puts one event there
	UnsolicitedQuiet, // armed solicited only, an unsolicited CQE puts no event there
	OneShot,          // one arm gives at most one event
	EventWhenDue,     // an event is read only where an armed CQ got a CQE (no event from nothing)
	EventNamesCq,     // the event names the CQ that got it, and that CQ's cq_context
	EventOnOwnChannel, // a CQ's event arrives on the channel it was created with, no other
	DestroyWaitsForAcks, // ibv_destroy_cq returns only once every event got was acknowledged
	// a QP's timed sends against the pacing it should have, in the
	// situations `field` names (comma-separated: set, kept, defaults,
	// removed, reset, reported) (contracts/pacing_judge.h)
	PacedWithin,      // over any window, sent bytes <= rate_limit x window + the burst in effect
	PacingDefaults,   // max_burst_sz/typical_pkt_sz 0: the device's defaults in effect (MTU), rate kept
	SendsUnpaced,     // no limit in effect: faster than the limit the QP had (`bits` 1: only where
	                  // the device reports none in effect)
	// measured shares of a scheduling tree (contracts/sched_judge.h)
	SharesMet,        // backlogged flows get the tree's weighted max-min fair shares (situations: `field`)
	// one scheduling call on the tree, judged from the elements and the QP
	// attachments viewed before and after it (contracts/sched_judge.h)
	FlaglessIgnored,        // a field whose flag is clear is not applied (create: 0; modify: kept)
	ExampleTreeAccepted,    // each call of the man page's NOTES example succeeds
	ParentOutlivesChildren, // destroying a node with children fails, and the tree is unchanged
	AttachAccepted,         // a valid QP attach (or detach: null leaves) succeeds
	ResponderIbOnly,        // a responder leaf for a UD or RAW_PACKET QP is refused, nothing attached
	QpStartsUnattached,     // a QP no call attached is in no scheduling element
	// the lifecycles (contracts/lifecycle_judge.h)
	OneOf,            // field's value v has bit (1 << v) in `bits` (when `other` is set, only where that field is)
	IgnoredWith,      // with `other` set, the fields named in `field` bind nothing: no value of them fails the call
	Unique,           // accepted: field differs from that of every other live object of the kind
	EqualsRequest,    // accepted: field, as the object reports it, is the request's
	BusyWhileUsed,    // a destroy of an object others still depend on fails, and the object stays
	FreedWhenUnused,  // a destroy of an object nothing depends on any more succeeds
	ReplyOneOf,       // answered (0): the reply's field v has bit (1 << v) in `bits`, the values its
	                  // type lists (bits 0: any value), and with `other`, v <= the reply's `other`
	// the device list and the contexts opened from it (contracts/device_list_judge.h)
	ListedExposed,    // every entry of the array is a device the system exposes, none twice, the device under test among them
	ExposedListed,    // every device the system exposes is an entry of the array
	NumDevicesCount,  // num_devices, when given, is set to the number of entries before the NULL terminator
	NullWithErrno,    // a NULL result comes with errno set
	EmptyListNotNull, // where the system exposes no device: a non-NULL array, num_devices 0
	ContextOfDevice,  // a non-NULL context is one of the device asked for, and answers ibv_query_device
	// send_flags, and where completions land (contracts/send_flags_judge.h)
	FlagOutsideIgnored, // a WR with a bit of `bits` outside where it is valid (`field`: the QP types or
	                    // opcodes; "" for nowhere) is refused through bad_wr, completes in error, or is
	                    // carried out as without the bit
	FenceOrders,      // RC: a fenced WR starts once the RDMA READs and atomics before it completed
	OnOwnCq,          // each completion lands on the CQ its QP was created with (`field`: send_cq, recv_cq)
	FromOwnSrq,       // a QP created with an SRQ takes its receive WRs from that SRQ, no other
	WcSl,             // a UD receive completion's sl is the sender's AH's (where the link carries it)
	// memory protection on the datapath: each key a WR names against the MR,
	// PD and access flags it stands for (contracts/access_judge.h)
	KeysServe,        // a key of an MR of the QP's own PD, in range, with the access its use needs, is
	                  // honoured: the WR completes successfully (`field`: lkey/rkey)
	LocalReadAlways,  // an MR of the QP's PD registered without IBV_ACCESS_LOCAL_WRITE (access 0 included)
	                  // serves as the source a send gathers from
	LkeyChecked,      // an SGE whose lkey names no MR of the QP's PD with the access it needs, or a range
	                  // outside it, fails its WR (refused at the post or completed in error) and nothing
	                  // lands (`field`: send/recv/srq)
	RemoteAccessChecked, // a remote operation on an MR registered without the access `bits` fails and
	                     // leaves the MR's bytes unchanged; with `bits`, it is carried out
	PdIsolated,       // a key of an MR of another PD is never honoured, whatever the MR's access
	ViolationStatus,  // a WR failed by a key completes with the status the IB spec gives (`field`)
	ScatterFits,      // a message longer than the receive WR's SGEs fails that receive, nothing past them
	// the async events (ibv_get_async_event(3)) against what happened on each
	// object: the QPs' modifies, completions and arrivals, SRQs, CQ overruns,
	// in order (contracts/async_event_judge.h)
	AsyncEventNamesElement, // the member the event's type affiliates (`field`: qp, cq) names a live object of the caller
	AsyncEventOfSituation,  // an event of the type `field` names is read only for an object its situation happened on
	AsyncEventRaised,       // the situation of the type `field` names happened on an object: that event is read naming it
	CqUnusableAfterOverrun, // after a CQ overran, no poll of it returns a completion of work done from the overrun on
};
const char *check_name(Check check);
// Where a row of this check is executed: "contracts/effect_judge.cpp
// judge_effect" and the like; "" for Check::Effect (a sentence a clause or a
// property holds, with no check of the judge behind it yet).
const char *executed_by(Check check);
// Whether a row of this check judges the request (what a device must
// refuse), as opposed to the call's result, its effect or its frame.
bool is_request_check(Check check);

// Where a bound comes from: a constant, or one of the device's caps plus an
// offset (PkeyTblLen - 1).
enum class Cap {
	None, PortCnt, PkeyTblLen, GidTblLen, MaxQpRdAtom, MaxQpInitRdAtom,
	PortMaxMtu, RateLimitMin, RateLimitMax, MaxSrqWr, MaxSrqSge,
	MaxCqCount, MaxCqPeriod, MaxCqe,
	MaxQpWr, MaxSge,
	NumCompVectors,
};
struct Bound {
	Cap cap;
	int64_t offset;
};
const char *cap_name(Cap cap); // "pkey_tbl_len"

// Optional device features a request depends on.
enum class Feature {
	None, AutoPathMig, PacketPacing, SrqResize, CqModeration, Ece, QpResize,
};
const char *feature_name(Feature feature);

// A rule's errno and how firmly it is fixed: MUST where the man page lists
// it for the condition or the uverbs ABI returns it before any driver runs,
// SHOULD where only convention (what the providers answer) gives it. A
// rejection is judged on its errno at this level, apart from the rule's
// own level (the rejection itself). Rows write EINVAL (convention) or
// fixed(EINVAL).
struct Errno {
	int value = 0;
	Level level = Level::SHOULD;
	constexpr Errno(int v = 0, Level l = Level::SHOULD) : value(v), level(l) {}
	constexpr operator int() const { return value; }
};
constexpr Errno fixed(int value) { return {value, Level::MUST}; }

struct ContractRule {
	const char *id;     // stable: "<family>.<field>.<what>", e.g. modify_qp.pkey_index.range
	uint64_t verbs;     // verb_bit()s of the verbs it binds
	Check check;
	const char *field;  // the field of the verb's struct it reads ("" for none)
	uint64_t bits;      // mask bits: the flag carrying field, the bits a mask may have...
	Bound lo, hi;
	Feature feature;    // Check::Feature: what the device must have
	const char *other;  // Check::NotAboveAfterCall: the field it is compared with
	uint32_t scope;     // family-specific: sched element kinds (bits), 0 for all
	Level level;
	Errno err;          // the errno of a rejection, and whether the page/ABI fixes it
	const char *man;    // "ibv_modify_qp(3) NOTES"
	const char *sentence; // the man page's words (or the table's) that make it a rule
	const char *note;   // the decision, where the page is silent; nullptr if none
};

// Every rule of every family, in family order, each family in the order its
// evaluator checks them.
const std::vector<const ContractRule *> &all_rules();
// nullptr for an unknown id.
const ContractRule *find_rule(std::string_view id);
// The rules that bind verb, in evaluation order.
std::vector<const ContractRule *> rules_of(Verb verb);
// The rule of verb that checks field (its value rule); nullptr when none.
const ContractRule *rule_for_field(Verb verb, std::string_view field);
// "man: sentence" (and the note), for evidence and reports.
std::string citation(const ContractRule &rule);
// The citation of the rule with this id, "[" id "] " first; an unknown id
// is a harness bug and says so in the text (tests check every id exists).
std::string citation_of(std::string_view id);
// The condition in words, built from the row's data: "0 <= pkey_index <= pkey_tbl_len-1".
std::string condition_text(const ContractRule &rule);
// "ibv_modify_qp|ibv_modify_qp_rate_limit"
std::string verbs_text(const ContractRule &rule);

// A family of rows: one contracts/*_rules.cpp, its table that file's kRules.
// The file names itself with one line, IBVCERT_RULE_FAMILY(name, order,
// own_judge), which defines name_rules() and name_family(); the build finds
// the families by that line (contracts/CMakeLists.txt) and declares them in
// the generated contracts/rule_families.h, included below. A new family is
// its file, nothing else.
struct RuleFamily {
	const char *name;  // "resize_cq"
	int order;         // all_rules() joins the families by it, lowest first
	const std::vector<ContractRule> &(*rows)();
	// Where the family's verb has a judge of its own that decides the
	// table's rows of the shared effect checks (contracts/executed_by.h);
	// nullptr: each row is executed where its check kind is.
	const char *own_judge;
};
// Every family, by order (generated: contracts/rule_families.cpp).
const std::vector<const RuleFamily *> &rule_families();

#define IBVCERT_RULE_FAMILY(name, order, own_judge)                                                                \
	const std::vector<ContractRule> &name##_rules() { return kRules; }                                         \
	const RuleFamily &name##_family()                                                                          \
	{                                                                                                          \
		static const RuleFamily family{#name, order, name##_rules, own_judge};                             \
		return family;                                                                                     \
	}

} // namespace ibvcert

#include "contracts/rule_families.h"
