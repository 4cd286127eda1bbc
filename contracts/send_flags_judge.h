// The judge of ibv_post_send(3)'s send_flags where the datapath judge
// (contracts/completion_judge.h) does not reach, and of ibv_create_qp(3)'s
// send_cq, recv_cq and srq: which CQ each completion lands on with several
// QPs, CQs and SRQs alive at once. Rows: contracts/completion_rules.cpp
// (FlagOutsideIgnored, FenceOrders, OnOwnCq, FromOwnSrq). The clauses only
// drive the device and fill the views.
#pragma once

#include "contracts/completion_judge.h"
#include "contracts/post_wr_eval.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

// An exchange whose WRs may carry send_flags bits outside where the page
// makes them valid, and what ibv_post_send returned for its list.
struct FlaggedExchange {
	ExchangeView x;
	int post_result = 0;   // ibv_post_send's return value
	size_t accepted = 0;   // WRs of the list before the one bad_wr named (all of them on success)
	// When the caller has them: the sender's queue as the post found it (its
	// cap as ibv_query_qp reports it) and the list as the posts' capacity
	// rows read it (judge_post_list). A list without outside bits is judged
	// on those rows too; a WR past one of them may be refused whatever its
	// send_flags.
	std::optional<PostQueueNow> queue;
	std::vector<PostedWr> posted;
};

// The bits of flags that are outside where the rows make them valid, for a
// WR of opcode on a QP of type.
unsigned send_flags_outside(ibv_qp_type type, ibv_wr_opcode opcode, unsigned flags);

// Without such bits: the exchange's own judgement (judge_exchange). With
// them: each outside row that applies holds when the WR was refused (and
// nothing of it happened), completed in error, or was carried out exactly as
// without the bits (the exchange, judged with them cleared, breaks nothing).
Verdict judge_flagged_exchange(const FlaggedExchange &f);

// RC: a WR with IBV_SEND_FENCE posted after an RDMA READ or atomic, in one
// list, gathering from the SGEs the READ or atomic fills.
struct FenceView {
	ibv_wr_opcode first = IBV_WR_RDMA_READ; // the READ or atomic
	ibv_wr_opcode fenced = IBV_WR_SEND;     // SEND, SEND_WITH_IMM, RDMA_WRITE, RDMA_WRITE_WITH_IMM
	unsigned fenced_flags = 0;
	std::vector<uint8_t> before;  // its SGEs' bytes when posted
	std::vector<uint8_t> fetched; // what the READ or atomic put there (remote bytes / old value)
	std::vector<uint8_t> carried; // what the fenced WR's message delivered (receive buffer / remote bytes)
	std::vector<ibv_wc> send_wcs; // the pair's send CQ: both WRs are signaled
	uint64_t first_id = 0, fenced_id = 0;
};
Verdict judge_fence(const FenceView &f);

// Several QPs, CQs and SRQs alive at once, work posted on each: which CQ
// every completion was polled from.
struct RoutedQp {
	uint32_t qpn = 0;
	int send_cq = 0, recv_cq = 0; // indexes into RoutingView::cq_wcs
	int srq = -1;                 // index of its SRQ, -1: its own receive queue
};
struct RoutedWr {
	uint64_t wr_id = 0;
	enum Kind { Send, Recv, SrqRecv } kind = Send;
	int owner = 0;            // Send, Recv: the QP's index; SrqRecv: the SRQ's
	bool signaled = true;     // Send
	int target = -1;          // Send: the QP index its message reaches (consuming a receive WR), -1: none
};
struct RoutingView {
	std::vector<RoutedQp> qps;
	std::vector<RoutedWr> wrs;
	std::vector<std::vector<ibv_wc>> cq_wcs; // per CQ, as polled
};
Verdict judge_routing(const RoutingView &v);

// The rows judge_flagged_exchange (outside flags), judge_fence and
// judge_routing decide.
std::vector<const ContractRule *> send_flags_rules_judged(Check check);

} // namespace ibvcert
