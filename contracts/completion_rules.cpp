// The datapath of ibv_post_send(3), ibv_post_recv(3), ibv_post_srq_recv(3)
// and ibv_poll_cq(3) as rows: which work produces a completion, what the
// completion carries, where the bytes land. contracts/completion_judge.cpp
// judges an exchange of work on a connected pair by them.
#include "contracts/rule.h"

#include <infiniband/verbs.h>

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};
constexpr uint64_t kSend = verb_bit(Verb::PostSend);
constexpr uint64_t kRecv = verb_bit(Verb::PostRecv);
constexpr uint64_t kSrqRecv = verb_bit(Verb::PostSrqRecv);
constexpr uint64_t kPoll = verb_bit(Verb::PollCq);
// The flags ibv_poll_cq(3) lists for wc_flags.
constexpr uint64_t kWcFlags = IBV_WC_GRH | IBV_WC_WITH_IMM | IBV_WC_WITH_INV | IBV_WC_IP_CSUM_OK;

ContractRule row(const char *id, uint64_t verbs, Check check, const char *field, const char *man,
		 const char *sentence, const char *note, uint64_t bits = 0)
{
	return {id,	 verbs,	  check,    field,    bits,	 kNone,	   kNone, Feature::None, nullptr, 0,
		Level::MUST, 0, man, sentence, note};
}

const std::vector<ContractRule> kRules = {
	row("poll_cq.wc.status_success_on_valid_work", kSend | kRecv | kPoll, Check::WcSuccess, "status",
	    "ibv_poll_cq(3)", "enum ibv_wc_status status; /* Status of the operation */",
	    "On a connected pair in RTS, with every key, address and length valid and a receive WR "
	    "waiting for each message, no transport error can occur: each WR completes with "
	    "IBV_WC_SUCCESS."),
	row("post_send.send_flags.signaled", kSend | kPoll, Check::WcSignaled, "send_flags",
	    "ibv_post_send(3)",
	    "IBV_SEND_SIGNALED Set the completion notification indicator. Relevant only if QP was "
	    "created with sq_sig_all=0",
	    "A successful send WR produces a completion on the send CQ exactly when the QP has "
	    "sq_sig_all=1 or the WR has IBV_SEND_SIGNALED (ibv_create_qp(3): sq_sig_all); an "
	    "unsignaled one produces none."),
	row("post_send.list.in_order", kSend | kPoll, Check::WcInPostedOrder, "send", "ibv_post_send(3)",
	    "struct ibv_send_wr *next; /* Pointer to next WR in list, NULL if last WR */",
	    "Every WR of the list up to next == NULL is posted, and the send queue completes them in "
	    "the order posted, each once, on the QP's own send CQ (a queue: IBA 10.8)."),
	row("post_recv.list.in_order", kRecv | kPoll, Check::WcInPostedOrder, "recv", "ibv_post_recv(3)",
	    "ibv_post_recv() posts the linked list of work requests (WRs) starting with wr to the "
	    "receive queue of the queue pair qp.",
	    "The receive queue is a queue: each incoming message consumes the oldest receive WR, whose "
	    "wr_id its completion carries, once, on the QP's own receive CQ."),
	row("post_srq_recv.wc.names_the_wr", kSrqRecv | kPoll, Check::WcInPostedOrder, "srq",
	    "ibv_post_srq_recv(3)", "uint64_t wr_id; /* User defined WR ID */",
	    "Each message received through the SRQ completes once, on the receive CQ of the QP that "
	    "received it, naming a WR posted to the SRQ that no other completion named (the page "
	    "fixes no order among the SRQ's WRs)."),
	row("poll_cq.wc.opcode_of_the_wr", kPoll, Check::WcOpcode, "opcode", "ibv_poll_cq(3)",
	    "enum ibv_wc_opcode opcode; /* Operation type specified in the completed WR */",
	    "A successful send completion's opcode is its WR's (IBV_WC_SEND for SEND and "
	    "SEND_WITH_IMM, IBV_WC_RDMA_WRITE, IBV_WC_RDMA_READ, IBV_WC_COMP_SWAP, IBV_WC_FETCH_ADD); "
	    "a receive's is IBV_WC_RECV, or IBV_WC_RECV_RDMA_WITH_IMM for an RDMA WRITE with "
	    "immediate."),
	row("poll_cq.wc.byte_len", kPoll, Check::WcByteLen, "byte_len", "ibv_poll_cq(3)",
	    "uint32_t byte_len; /* Number of bytes transferred */",
	    "Judged on receive completions of a SEND: the bytes the message carried, plus the 40 "
	    "bytes of the GRH area on UD (ibv_post_recv(3)); and of an RDMA WRITE with immediate "
	    "(IBV_WC_RECV_RDMA_WITH_IMM): the bytes written. A send completion's byte_len is left "
	    "alone (IBA: not valid for a requester)."),
	row("poll_cq.wc.imm_data", kSend | kPoll, Check::WcImmData, "imm_data", "ibv_poll_cq(3)",
	    "IBV_WC_WITH_IMM Immediate data value is valid",
	    "A receive completion has IBV_WC_WITH_IMM exactly when the message was a SEND_WITH_IMM or "
	    "RDMA_WRITE_WITH_IMM, and then imm_data is the sender's, byte for byte (both in network "
	    "order)."),
	row("poll_cq.wc.src_qp", kPoll, Check::WcSrcQp, "src_qp", "ibv_poll_cq(3)",
	    "uint32_t src_qp; /* Source QP number (remote QP number) of completed WR (valid only for UD "
	    "QPs) */",
	    "Judged on UD receive completions only, where the page makes it valid."),
	row("poll_cq.wc.wc_flags.known", kPoll, Check::WcFlagsKnown, "wc_flags", "ibv_poll_cq(3)",
	    "It is either 0 or the bitwise OR of one or more of the following flags:",
	    "Any bit outside IBV_WC_GRH | IBV_WC_WITH_IMM | IBV_WC_WITH_INV | IBV_WC_IP_CSUM_OK breaks "
	    "it (the tag-matching flags need a tag-matching SRQ, which the harness never makes).",
	    kWcFlags),
	row("poll_cq.wc.grh_flag", kPoll, Check::WcGrh, "wc_flags", "ibv_poll_cq(3)",
	    "IBV_WC_GRH GRH is present (valid only for UD QPs)",
	    "A UD message sent through an AH with is_global carries a GRH (RoCE: always), so its "
	    "receive completion has IBV_WC_GRH."),
	row("post_recv.ud.grh_first_40_bytes", kRecv | kSrqRecv, Check::GrhPlaced, "sg_list",
	    "ibv_post_recv(3)",
	    "If a WR is being posted to a UD QP, the Global Routing Header (GRH) of the incoming "
	    "message will be placed in the first 40 bytes of the buffer(s) in the scatter list.",
	    "The data starts 40 bytes in; with IBV_WC_GRH the 40 bytes are the header: the IPv6 GRH's "
	    "dgid (bytes 24..39), or on RoCEv2 over IPv4 the IPv4 header at 20..39, whose "
	    "destination address (36..39) is the dgid's last 4 bytes either way."),
	row("post_send.sge.message_arrives", kSend | kRecv | kSrqRecv, Check::DataLands, "send",
	    "ibv_post_send(3)", "struct ibv_sge *sg_list; /* Pointer to the s/g array */",
	    "A SEND's message is the bytes of its SGEs in order (length bytes from each addr); the "
	    "receive WR it consumes gets exactly them, spread over its own SGEs in order."),
	row("post_send.send_flags.inline_copied", kSend, Check::DataLands, "inline", "ibv_post_send(3)",
	    "However, if the IBV_SEND_INLINE flag was set, the buffer can be reused immediately after "
	    "the call returns.",
	    "An inline SEND / RDMA WRITE delivers its bytes as they were at the post, though the "
	    "clause overwrites the buffer right after the call and gives an lkey that names no MR "
	    "(\"The L_Key will not be checked\"); it completes successfully."),
	row("post_send.rdma.lands_at_remote_addr", kSend, Check::DataLands, "rdma", "ibv_post_send(3)",
	    "uint64_t remote_addr; /* Start address of remote memory buffer */",
	    "An RDMA WRITE puts its bytes at remote_addr of the MR rkey names, and nothing around them; "
	    "an RDMA READ fetches the bytes there into its SGEs."),
	row("post_send.atomic.operands", kSend, Check::DataLands, "atomic", "ibv_post_send(3)",
	    "uint64_t compare_add; /* Compare operand */",
	    "ATOMIC_CMP_AND_SWP writes swap where the 8 bytes at remote_addr equal compare_add and "
	    "leaves them otherwise; FETCH_AND_ADD adds compare_add; either way the previous value lands "
	    "in the local SGE. Judged where the device has atomics (atomic_cap)."),
	row("post_send.ud.reaches_remote_qpn", kSend, Check::DeliveredToDest, "remote_qpn",
	    "ibv_post_send(3)", "uint32_t remote_qpn; /* QP number of the destination QP */",
	    "A UD message reaches the QP remote_qpn names at the AH's address, and no other UD QP "
	    "of the device with the same Q_Key (one is alive beside it, a receive WR posted)."),
	row("post_send.ud.remote_qkey", kSend, Check::DeliveredToDest, "remote_qkey", "ibv_post_send(3)",
	    "uint32_t remote_qkey; /* Q_Key number of the destination QP */",
	    "A UD message whose remote_qkey (high bit clear) is not the destination's Q_Key is dropped: "
	    "no receive WR is consumed (IBA 10.2.4: the Q_Key check)."),
	row("poll_cq.wc.flushed_in_err", kSend | kRecv | kPoll, Check::FlushedInErr, "status",
	    "ibv_poll_cq(3)",
	    "If the completion status is other than IBV_WC_SUCCESS, only the following attributes are "
	    "valid: wr_id, status, qp_num, and vendor_err.",
	    "A QP in ERR completes every WR it holds, and every WR posted to it and accepted, with "
	    "IBV_WC_WR_FLUSH_ERR, once each, in the order posted, on its own CQs, naming its wr_id "
	    "and qp_num (IBA 10.3.1: the Error state flushes)."),
	row("post_recv.srq_qp.refused", kRecv, Check::RefusedOnSrqQp, "qp", "ibv_post_recv(3)",
	    "If the QP qp is associated with a shared receive queue, you must use the function "
	    "ibv_post_srq_recv(), and not ibv_post_recv(), since the QP's own receive queue will not "
	    "be used.",
	    "The QP has no receive queue of its own to post to: the call fails (bad_wr the first WR), "
	    "and a message arriving after it consumes the SRQ's WR, never the refused one."),
	// send_flags outside where the page makes a flag valid, the fence, which
	// CQ a completion lands on, the SL (contracts/send_flags_judge.h;
	// poll_cq.wc.sl in judge_exchange).
	row("post_send.send_flags.known", kSend | kPoll, Check::FlagOutsideIgnored, "", "ibv_post_send(3)",
	    "It is either 0 or the bitwise OR of one or more of the following flags:",
	    "A bit outside IBV_SEND_FENCE | IBV_SEND_SIGNALED | IBV_SEND_SOLICITED | IBV_SEND_INLINE | "
	    "IBV_SEND_IP_CSUM is the caller's mistake; the page does not say what the device does with it, "
	    "and the IBA lets a WR found invalid be refused at the post or completed in error. So any of "
	    "three: the post fails naming the WR through bad_wr and nothing of it happens; it completes "
	    "with an error status; or it is carried out exactly as without the bit. A successful WR that "
	    "did anything else breaks it, and so does the refusal of a WR whose send_flags is such an OR, "
	    "each flag where the page makes it valid.",
	    ~uint64_t(IBV_SEND_FENCE | IBV_SEND_SIGNALED | IBV_SEND_SOLICITED | IBV_SEND_INLINE |
		      IBV_SEND_IP_CSUM) & 0xffffffffu),
	row("post_send.send_flags.fence_rc_only", kSend | kPoll, Check::FlagOutsideIgnored, "RC",
	    "ibv_post_send(3)", "Valid only for QPs with Transport Service Type IBV_QPT_RC",
	    "On a UC or UD QP the fence has nothing to wait for (no RDMA READ, no atomics): the WR is "
	    "refused through bad_wr, completes in error, or is carried out as without IBV_SEND_FENCE "
	    "(rxe and siw ignore it there).",
	    IBV_SEND_FENCE),
	row("post_send.send_flags.fence", kSend | kPoll, Check::FenceOrders, "send_flags", "ibv_post_send(3)",
	    "IBV_SEND_FENCE Set the fence indicator.",
	    "The IBA's fence indicator: on RC the WR is not started before the RDMA READs and atomics "
	    "posted before it on the send queue completed. Seen where the fenced WR sends the bytes the "
	    "READ or atomic before it fetched into its own SGEs: its message carries them.",
	    IBV_SEND_FENCE),
	row("post_send.send_flags.solicited_opcodes", kSend | kPoll, Check::FlagOutsideIgnored,
	    "SEND,SEND_WITH_IMM,RDMA_WRITE_WITH_IMM", "ibv_post_send(3)",
	    "Valid only for Send and RDMA Write with immediate",
	    "Read as the IBA's SE bit: on SEND, SEND_WITH_IMM and RDMA_WRITE_WITH_IMM (the messages that "
	    "consume a receive WR). On RDMA_WRITE, RDMA_READ and atomics the WR is refused through "
	    "bad_wr, completes in error, or is carried out as without IBV_SEND_SOLICITED (no receive WR "
	    "consumed by it).",
	    IBV_SEND_SOLICITED),
	row("post_send.send_flags.inline_opcodes", kSend | kPoll, Check::FlagOutsideIgnored,
	    "SEND,SEND_WITH_IMM,RDMA_WRITE,RDMA_WRITE_WITH_IMM", "ibv_post_send(3)",
	    "Valid only for Send and RDMA Write.",
	    "An RDMA_READ or atomic with IBV_SEND_INLINE has no data to carry inline: it is refused "
	    "through bad_wr, completes in error, or is carried out as without the flag (the bytes it "
	    "fetches land in its SGEs).",
	    IBV_SEND_INLINE),
	row("create_qp.send_cq.completions_land_there", verb_bit(Verb::CreateQp) | kSend | kPoll,
	    Check::OnOwnCq, "send_cq", "ibv_create_qp(3)",
	    "struct ibv_cq *send_cq; /* CQ to be associated with the Send Queue (SQ) */",
	    "Several QPs alive at once, CQs shared between them in every way (one QP's send CQ another's "
	    "receive CQ, one CQ for both queues): each send completion is polled from its QP's send_cq, "
	    "naming its QP, and from no other CQ."),
	row("create_qp.recv_cq.completions_land_there", verb_bit(Verb::CreateQp) | kRecv | kSrqRecv | kPoll,
	    Check::OnOwnCq, "recv_cq", "ibv_create_qp(3)",
	    "struct ibv_cq *recv_cq; /* CQ to be associated with the Receive Queue (RQ) */",
	    "Each receive completion is polled from the recv_cq of the QP the message reached (its own "
	    "receive queue's or its SRQ's WR), naming that QP, and from no other CQ; every message that "
	    "reached a QP gives one there."),
	row("create_qp.srq.receives_from_the_srq", verb_bit(Verb::CreateQp) | kSrqRecv | kPoll,
	    Check::FromOwnSrq, "srq", "ibv_create_qp(3)",
	    "struct ibv_srq *srq; /* SRQ handle if QP is to be associated with an SRQ, otherwise NULL */",
	    "A QP created with an SRQ takes the receive WR of each message it gets from that SRQ, never "
	    "from another SRQ alive beside it (each SRQ holding WRs)."),
	row("poll_cq.wc.sl", kPoll | verb_bit(Verb::CreateAh), Check::WcSl, "sl", "ibv_poll_cq(3)",
	    "uint8_t sl; /* Service Level */",
	    "A UD receive completion's sl is the sl of the AH the sender posted through (ibv_create_ah(3): "
	    "sl), 0 to 15. Judged where the port's link layer is InfiniBand: the LRH carries the SL; a "
	    "RoCE or iWARP packet carries none (the row does not apply there)."),
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(PostSrqRecv, 9, "ibv_post_srq_recv");
IBVCERT_VERB(PostSend, 11, "ibv_post_send");
IBVCERT_VERB(PollCq, 12, "ibv_poll_cq");
IBVCERT_VERB(PostRecv, 17, "ibv_post_recv");

IBVCERT_RULE_FAMILY(completion, 110, nullptr)

} // namespace ibvcert
