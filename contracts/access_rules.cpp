// Memory protection on the datapath as rows: which keys a WR may name
// (ibv_alloc_pd(3), ibv_reg_mr(3): the MR's PD and access flags; the lkey
// fields of ibv_post_send(3), ibv_post_recv(3), ibv_post_srq_recv(3)),
// what a WR naming another fails with, and what it must leave untouched.
// contracts/access_judge.cpp judges an exchange by them.
#include "contracts/rule.h"

#include <infiniband/verbs.h>

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};
constexpr uint64_t kSend = verb_bit(Verb::PostSend);
constexpr uint64_t kRecv = verb_bit(Verb::PostRecv);
constexpr uint64_t kSrqRecv = verb_bit(Verb::PostSrqRecv);
constexpr uint64_t kPoll = verb_bit(Verb::PollCq);
constexpr uint64_t kRegMr = verb_bit(Verb::RegMr);
constexpr uint64_t kAllocPd = verb_bit(Verb::AllocPd);

ContractRule row(const char *id, uint64_t verbs, Check check, const char *field, Level level,
		 const char *man, const char *sentence, const char *note, uint64_t bits = 0)
{
	return {id, verbs, check, field, bits, kNone, kNone, Feature::None, nullptr, 0, level, 0, man, sentence,
		note};
}

const std::vector<ContractRule> kRules = {
	row("alloc_pd.pd.isolates", kAllocPd | kSend | kRecv | kSrqRecv, Check::PdIsolated, "pd", Level::MUST,
	    "ibv_alloc_pd(3)", "ibv_alloc_pd() allocates a PD for the RDMA device context context.",
	    "A protection domain: a QP's work is honoured only with keys of MRs of the QP's own PD (IBA "
	    "10.2.3). A local SGE or an rkey naming an MR of another PD alive on the device fails its WR "
	    "whatever that MR's access flags (refused at the post, or completed in error; a UC "
	    "responder drops the packets), and that MR's bytes do not change."),
	row("reg_mr.lkey.serves", kRegMr | kSend | kRecv | kSrqRecv, Check::KeysServe, "lkey", Level::MUST,
	    "ibv_reg_mr(3)",
	    "The local key (L_Key) field lkey is used as the lkey field of struct ibv_sge when posting "
	    "buffers with ibv_post_* verbs, and the the remote key (R_Key) field rkey is used by remote "
	    "processes to perform Atomic and RDMA operations.",
	    "An lkey of an MR registered in the QP's PD (the SRQ's, for an SRQ's WRs), over a range inside "
	    "that MR and with the access its use needs (IBV_ACCESS_LOCAL_WRITE where the device writes: a "
	    "receive, the target of an RDMA READ or atomic), is honoured: the WR completes successfully. "
	    "Judged with several PDs, each with its QPs and MRs, alive at once."),
	row("reg_mr.rkey.serves", kRegMr | kSend, Check::KeysServe, "rkey", Level::MUST, "ibv_reg_mr(3)",
	    "The remote process places this rkey as the rkey field of struct ibv_send_wr passed to the "
	    "ibv_post_send function.",
	    "An rkey of an MR registered in the responder's PD, with the remote access the operation needs "
	    "(REMOTE_WRITE for an RDMA WRITE, REMOTE_READ for a READ, REMOTE_ATOMIC for an atomic) and "
	    "remote_addr inside it, is honoured: the WR completes successfully."),
	row("reg_mr.access.remote_write", kRegMr | kSend, Check::RemoteAccessChecked, "remote_write", Level::MUST,
	    "ibv_reg_mr(3)", "IBV_ACCESS_REMOTE_WRITE Enable Remote Write Access",
	    "An RDMA WRITE (with or without immediate) to an MR registered without IBV_ACCESS_REMOTE_WRITE "
	    "fails (RC: the send completes in error; UC: the responder drops it, and no receive WR is "
	    "consumed) and writes none of its bytes; with it, it lands. Every access combination of the "
	    "MR is tried.",
	    IBV_ACCESS_REMOTE_WRITE),
	row("reg_mr.access.remote_read", kRegMr | kSend, Check::RemoteAccessChecked, "remote_read", Level::MUST,
	    "ibv_reg_mr(3)", "IBV_ACCESS_REMOTE_READ Enable Remote Read Access",
	    "An RDMA READ of an MR registered without IBV_ACCESS_REMOTE_READ completes in error, and the "
	    "local SGEs receive none of the MR's bytes; with it, the bytes are read.",
	    IBV_ACCESS_REMOTE_READ),
	row("reg_mr.access.remote_atomic", kRegMr | kSend, Check::RemoteAccessChecked, "remote_atomic", Level::MUST,
	    "ibv_reg_mr(3)", "IBV_ACCESS_REMOTE_ATOMIC Enable Remote Atomic Operation Access (if supported)",
	    "Where the device has atomics (atomic_cap): an ATOMIC_CMP_AND_SWP or FETCH_AND_ADD on an MR "
	    "registered without IBV_ACCESS_REMOTE_ATOMIC completes in error and the 8 bytes do not change; "
	    "with it, it is carried out.",
	    IBV_ACCESS_REMOTE_ATOMIC),
	row("reg_mr.access.local_read_always", kRegMr | kSend, Check::LocalReadAlways, "lkey", Level::MUST,
	    "ibv_reg_mr(3)", "Local read access is always enabled for the MR.",
	    "An MR registered without IBV_ACCESS_LOCAL_WRITE (access 0, or remote read alone) serves as "
	    "the source of a SEND or RDMA WRITE: the device only reads it, and the WR completes "
	    "successfully with the MR's bytes delivered."),
	row("post_send.sge.lkey_checked", kSend, Check::LkeyChecked, "send", Level::MUST, "ibv_post_send(3)",
	    "uint32_t lkey; /* Key of the local Memory Region */",
	    "An SGE of a non-inline WR whose lkey names no MR (an unknown key, an MR deregistered, an "
	    "rkey), an MR of another PD, or a range reaching outside its MR, or (RDMA READ, atomics: "
	    "the device writes there) an MR without IBV_ACCESS_LOCAL_WRITE, fails the WR: ibv_post_send "
	    "refuses it (bad_wr names it), or it completes in error; nothing is sent (no receive WR is "
	    "consumed, no remote byte changes) and no local byte is written."),
	row("post_recv.sge.lkey_checked", kRecv, Check::LkeyChecked, "recv", Level::MUST, "ibv_post_recv(3)",
	    "uint32_t lkey; /* Key of the local Memory Region */",
	    "A receive WR whose SGE's lkey names no MR of the QP's PD with IBV_ACCESS_LOCAL_WRITE, or a "
	    "range outside it, is refused by ibv_post_recv, or the message that consumes it completes it "
	    "in error; none of the message's bytes land in that SGE's buffer."),
	row("post_srq_recv.sge.lkey_checked", kSrqRecv, Check::LkeyChecked, "srq", Level::MUST,
	    "ibv_post_srq_recv(3)", "uint32_t lkey; /* Key of the local Memory Region */",
	    "The same for a WR posted to an SRQ: its SGEs must name MRs of the SRQ's PD with "
	    "IBV_ACCESS_LOCAL_WRITE; an incoming message is scattered over the SGEs only then, and "
	    "otherwise completes the WR in error, its bytes landing nowhere."),
	row("post_recv.sge.message_fits", kRecv | kSrqRecv, Check::ScatterFits, "room", Level::MUST,
	    "ibv_post_recv(3)", "uint32_t lkey; /* Key of the local Memory Region */",
	    "An incoming SEND is scattered over the receive WR's SGEs (its own queue's or the SRQ's); a "
	    "message longer than their total length completes that receive in error (not IBV_WC_SUCCESS), "
	    "and no byte lands past the SGEs (IBA 9.9.3: a too-short receive buffer is a local length "
	    "error)."),
	row("poll_cq.wc.status_loc_prot_err", kPoll | kSend | kRecv | kSrqRecv, Check::ViolationStatus,
	    "IBV_WC_LOC_PROT_ERR", Level::SHOULD, "ibv_post_send(3)",
	    "uint32_t lkey; /* Key of the local Memory Region */",
	    "A WR failed by one of its own SGEs' lkeys (accepted at the post) completes with "
	    "IBV_WC_LOC_PROT_ERR (IBA 10.10.2.3: local protection error). SHOULD: the page names no "
	    "status, and a provider may report the WR as a local QP operation error."),
	row("poll_cq.wc.status_rem_access_err", kPoll | kSend, Check::ViolationStatus, "IBV_WC_REM_ACCESS_ERR",
	    Level::SHOULD, "ibv_reg_mr(3)", "IBV_ACCESS_REMOTE_WRITE Enable Remote Write Access",
	    "An RC RDMA or atomic refused by the responder's key check (no such MR, another PD, the "
	    "access flag missing, outside the MR) completes at the requester with IBV_WC_REM_ACCESS_ERR "
	    "(IBA 10.10.2.3: remote access error, NAK). SHOULD: the page names no status."),
	row("poll_cq.wc.status_loc_len_err", kPoll | kRecv | kSrqRecv, Check::ViolationStatus, "IBV_WC_LOC_LEN_ERR",
	    Level::SHOULD, "ibv_post_recv(3)", "uint32_t lkey; /* Key of the local Memory Region */",
	    "A receive too short for its message completes with IBV_WC_LOC_LEN_ERR, and an RC sender's "
	    "WR with IBV_WC_REM_INV_REQ_ERR (IBA 10.10.2.3). SHOULD: the page names no status."),
};

} // namespace

IBVCERT_RULE_FAMILY(access, 160, nullptr)

} // namespace ibvcert
