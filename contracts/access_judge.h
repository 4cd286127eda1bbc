// The memory-protection part of the datapath's judge (ibv_alloc_pd(3),
// ibv_reg_mr(3), the lkey fields of ibv_post_send(3), ibv_post_recv(3) and
// ibv_post_srq_recv(3)): each key an exchange's WRs named, against the MR,
// PD and access flags it stands for, decided from what the device showed
// (the post's result, the completions, the bytes the key's use could have
// written). judge_exchange (contracts/completion_judge.h) calls it; the
// rows are contracts/access_rules.cpp.
#pragma once

#include "contracts/verdict.h"

#include <infiniband/verbs.h>

#include <cstdint>
#include <vector>

namespace ibvcert {

struct ExchangeView;

// What a key is used for in a WR.
enum class KeyRole {
	Gather,  // a send's SGE the device reads (SEND, RDMA WRITE): lkey
	Write,   // a send's SGE the device writes (RDMA READ, atomics): lkey
	Receive, // a receive WR's SGE (the QP's own queue, or the SRQ's): lkey
	Rkey,    // the rkey of an RDMA or atomic
};
const char *key_role_name(KeyRole role);
// The opcodes of the type's column of ibv_post_send(3)'s table whose WR uses
// a key of the role (empty: none of the type's opcodes does, e.g. Write on
// UC, which has no RDMA READ or atomics).
std::vector<ibv_wr_opcode> opcodes_using(KeyRole role, ibv_qp_type type);

// What the key names.
enum class KeyTarget {
	OwnMr,     // an MR of the QP's own PD (the responder's, for an rkey), the range inside it
	OtherPdMr, // an MR of another PD alive on the device
	NoMr,      // no MR (a key never handed out, or the MR deregistered)
	PastMrEnd, // an MR of the QP's PD, the range reaching past its end
};
const char *key_target_name(KeyTarget target);

// One key of one WR, and the bytes its use could have written (the SGEs'
// buffer, or the remote bytes at remote_addr), read before the post and
// after the exchange settled: `length` bytes the WR names, then a guard the
// WR must not reach.
struct KeyUse {
	KeyRole role = KeyRole::Gather;
	size_t wr = 0; // sends[wr] (Gather, Write, Rkey) or recvs[wr] (Receive) of the view
	KeyTarget target = KeyTarget::OwnMr;
	int mr_access = 0; // the access flags of the MR the key names (not NoMr)
	uint32_t length = 0;
	std::vector<uint8_t> before, after;
};

// The keys of an exchange and what the posts returned (appended to
// ExchangeView as `access`). Empty keys: every key is the rig's one MR,
// valid for its use, and the posts succeeded.
struct AccessNote {
	std::vector<KeyUse> keys;
	int send_result = 0, recv_result = 0; // ibv_post_send's, ibv_post_(srq_)recv's
	uint64_t send_bad = 0, recv_bad = 0;  // the wr_id bad_wr named, when the result is not 0
	// iWARP: an RDMA WRITE has no response (RFC 5040), its WR completes once
	// sent, so the requester cannot see a responder's refusal (as on UC).
	bool write_unacknowledged = false;
};

// Whether a key is honoured by the contract: its MR is of the QP's PD, the
// range inside it, with the access its use needs (`needs`).
bool key_honoured(const KeyUse &use, int needs);
// The access a key's use needs: 0 to be read locally, IBV_ACCESS_LOCAL_WRITE
// to be written locally, the remote access of the WR's opcode for an rkey.
int key_needs(const ExchangeView &x, const KeyUse &use);
// Whether the exchange breaks the keys' protection somewhere (a key not
// honoured, a message longer than the receive it consumes): then only the
// access rows judge it, the completion rows being those of valid work.
bool exchange_violates_access(const ExchangeView &x);

// Every access row the exchange breaks.
Verdict judge_access(const ExchangeView &x);

// The rows judge_access decides.
std::vector<const ContractRule *> access_rules_judged();

} // namespace ibvcert
