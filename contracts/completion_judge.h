// The judge of the datapath (ibv_post_send(3), ibv_post_recv(3),
// ibv_post_srq_recv(3), ibv_poll_cq(3)): work posted on a connected pair,
// decided from what the device showed afterwards — the completions polled
// from each CQ, the bytes found where the WRs say they land. The rows are
// contracts/completion_rules.cpp; the clause only drives the device and
// fills the view.
#pragma once

#include "contracts/verdict.h"
#include "contracts/access_judge.h"

#include <infiniband/verbs.h>

#include <array>
#include <cstdint>
#include <vector>

namespace ibvcert {

// One send WR as posted, and what the memory it names held around it.
struct SentWr {
	uint64_t wr_id = 0;
	ibv_wr_opcode opcode = IBV_WR_SEND;
	unsigned send_flags = 0;
	__be32 imm_data = 0;          // as posted (network order)
	std::vector<uint8_t> payload; // the bytes of its SGEs at the post (WRITE, SEND)
	// RDMA and atomics: the remote bytes before and after, the local SGEs'
	// bytes after.
	std::vector<uint8_t> remote_before, remote_after, local_after;
	uint64_t compare_add = 0, swap = 0;
	// UD: whether remote_qkey is the destination's Q_Key (a message that
	// is not, is dropped).
	bool qkey_matches = true;
};

// One receive WR posted to the responder (its own RQ or its SRQ), and its
// buffer as found after the exchange (room bytes, its SGEs in order).
struct PostedRecv {
	uint64_t wr_id = 0;
	uint32_t room = 0;
	std::vector<uint8_t> found;
};

// Work posted on one pair in RTS (RC, UC: connected to each other; UD: the
// sends name the responder), each QP with its own CQs.
struct ExchangeView {
	ibv_qp_type qp_type = IBV_QPT_RC;
	uint32_t sender_qpn = 0, responder_qpn = 0;
	bool sq_sig_all = false;
	bool srq = false;        // the responder receives through an SRQ
	bool ud_global = false;  // UD: the AH has is_global
	std::array<uint8_t, 4> dgid_tail{}; // UD: the AH's dgid, bytes 12..15
	std::vector<SentWr> sends;          // in posted order
	std::vector<PostedRecv> recvs;      // in posted order
	// Polled from the sender's send CQ, the responder's receive CQ, and (UD)
	// the receive CQ of a third UD QP with the same Q_Key, a receive posted.
	std::vector<ibv_wc> send_wcs, recv_wcs, bystander_wcs;
	// UD: the sl of the AH the sends name, and whether the port's link
	// carries an SL to the receiver (InfiniBand: the LRH).
	uint8_t ah_sl = 0;
	bool sl_carried = false;
	// The keys the WRs named and what the posts returned (contracts/access_judge.h).
	AccessNote access;
};

// Every completion row an exchange breaks.
Verdict judge_exchange(const ExchangeView &x);

// A QP taken to ERR: the WRs it held then, and those posted to it after and
// accepted, in the order posted; and what its CQs gave.
struct FlushView {
	uint32_t qpn = 0;
	std::vector<uint64_t> send_ids, recv_ids;
	std::vector<ibv_wc> send_wcs, recv_wcs;
};
Verdict judge_flush(const FlushView &f);

// ibv_post_recv on a QP with an SRQ: its result, and the receive
// completions of a message sent after it (refused_id: the WR it was given).
Verdict judge_post_recv_on_srq_qp(int result, uint64_t refused_id,
				  const std::vector<ibv_wc> &recv_wcs_after);

// The WR opcode's name without IBV_WR_ ("SEND_WITH_IMM"), "?" for another value.
const char *wr_opcode_name(ibv_wr_opcode op);

// The rows judge_exchange / judge_flush / judge_post_recv_on_srq_qp decide.
std::vector<const ContractRule *> completion_rules_judged();

// judge_exchange's poll_cq.wc.sl: each UD receive completion's sl against
// the AH's, where the link carries it; breaches appended to v.
void judge_wc_sl(const ExchangeView &x, Verdict &v);

} // namespace ibvcert
