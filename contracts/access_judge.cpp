#include "contracts/access_judge.h"

#include "contracts/completion_judge.h"
#include "contracts/post_send_opcodes.h"

#include <fmt/format.h>

#include <algorithm>

namespace ibvcert {
namespace {

constexpr size_t kGrhBytes = 40;

bool consumes_recv(ibv_wr_opcode op)
{
	return op == IBV_WR_SEND || op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE_WITH_IMM;
}
bool is_write(ibv_wr_opcode op)
{
	return op == IBV_WR_RDMA_WRITE || op == IBV_WR_RDMA_WRITE_WITH_IMM;
}

struct Judgement {
	Verdict v;
	void breach(const ContractRule &r, std::string detail) { v.breaches.push_back({&r, std::move(detail)}); }
};

// What became of a WR: refused by its post, or its completion (or none).
struct Fate {
	bool refused = false;
	const ibv_wc *wc = nullptr;
	bool succeeded() const { return !refused && wc && wc->status == IBV_WC_SUCCESS; }
	bool failed() const { return refused || (wc && wc->status != IBV_WC_SUCCESS); }
};

const ibv_wc *wc_of(const std::vector<ibv_wc> &wcs, uint64_t wr_id)
{
	for (const ibv_wc &wc : wcs)
		if (wc.wr_id == wr_id)
			return &wc;
	return nullptr;
}

// A post stops at bad_wr: that WR and the ones after it were not posted.
template <typename List>
bool refused_at(const List &wrs, size_t index, int result, uint64_t bad)
{
	if (!result)
		return false;
	for (size_t i = 0; i < wrs.size(); i++)
		if (wrs[i].wr_id == bad)
			return i <= index;
	return true; // bad_wr names none of the list: nothing can be taken as posted
}

Fate send_fate(const ExchangeView &x, size_t w)
{
	return {refused_at(x.sends, w, x.access.send_result, x.access.send_bad), wc_of(x.send_wcs, x.sends[w].wr_id)};
}

Fate recv_fate(const ExchangeView &x, size_t w)
{
	return {refused_at(x.recvs, w, x.access.recv_result, x.access.recv_bad), wc_of(x.recv_wcs, x.recvs[w].wr_id)};
}

Fate fate_of(const ExchangeView &x, const KeyUse &u)
{
	if (u.role == KeyRole::Receive)
		return u.wr < x.recvs.size() ? recv_fate(x, u.wr) : Fate{};
	return u.wr < x.sends.size() ? send_fate(x, u.wr) : Fate{};
}

std::string fate_text(const Fate &f)
{
	if (f.refused)
		return "refused by the post";
	if (!f.wc)
		return "no completion";
	return fmt::format("completed with {}", ibv_wc_status_str(f.wc->status));
}

std::string access_text(int access)
{
	if (!access)
		return "0";
	std::string out;
	auto add = [&](int bit, const char *name) {
		if (access & bit)
			out += (out.empty() ? "" : "|") + std::string(name);
	};
	add(IBV_ACCESS_LOCAL_WRITE, "LOCAL_WRITE");
	add(IBV_ACCESS_REMOTE_WRITE, "REMOTE_WRITE");
	add(IBV_ACCESS_REMOTE_READ, "REMOTE_READ");
	add(IBV_ACCESS_REMOTE_ATOMIC, "REMOTE_ATOMIC");
	return out;
}

std::string use_text(const ExchangeView &x, const KeyUse &u)
{
	std::string wr = u.role == KeyRole::Receive
				 ? fmt::format("receive WR {}", u.wr < x.recvs.size() ? x.recvs[u.wr].wr_id : 0)
				 : fmt::format("{} wr_id {}", u.wr < x.sends.size() ? wr_opcode_name(x.sends[u.wr].opcode) : "?",
					       u.wr < x.sends.size() ? x.sends[u.wr].wr_id : 0);
	std::string mr = u.target == KeyTarget::NoMr
				 ? "no MR"
				 : fmt::format("{} (access {})", key_target_name(u.target), access_text(u.mr_access));
	return fmt::format("{} of {} on {}{}: {}", key_role_name(u.role), wr, x.qp_type == IBV_QPT_RC ? "RC"
										 : x.qp_type == IBV_QPT_UC ? "UC"
													   : "UD",
			   x.srq ? " (SRQ)" : "", mr);
}

// The first byte of the key's range (or its guard) that changed, or -1.
long changed_at(const KeyUse &u, size_t from = 0)
{
	for (size_t i = from; i < u.before.size() && i < u.after.size(); i++)
		if (u.before[i] != u.after[i])
			return (long)i;
	return -1;
}

// The message length each receive WR took, in order (+40 on UD), for the
// messages that reach the responder.
std::vector<size_t> message_lengths(const ExchangeView &x)
{
	std::vector<size_t> out;
	for (const SentWr &s : x.sends)
		if (s.qkey_matches && consumes_recv(s.opcode))
			out.push_back(s.opcode == IBV_WR_RDMA_WRITE_WITH_IMM ? 0
									      : s.payload.size() +
										(x.qp_type == IBV_QPT_UD ? kGrhBytes : 0));
	return out;
}

bool too_long(const ExchangeView &x, size_t recv)
{
	std::vector<size_t> lens = message_lengths(x);
	return recv < lens.size() && recv < x.recvs.size() && lens[recv] > x.recvs[recv].room;
}

// The WR whose key it is failed, and what it could have written is
// unchanged. A UC or UD responder's refusal is not seen by the requester:
// there a successful send completion is no breach, the bytes decide.
void judge_refused(Judgement &j, const ContractRule &r, const ExchangeView &x, const KeyUse &u)
{
	Fate f = fate_of(x, u);
	bool remote_side = u.role == KeyRole::Rkey;
	bool writes = u.wr < x.sends.size() && is_write(x.sends[u.wr].opcode);
	bool requester_blind =
		remote_side && (x.qp_type != IBV_QPT_RC || (writes && x.access.write_unacknowledged));
	if (f.succeeded() && !requester_blind)
		j.breach(r, fmt::format("{}: completed with IBV_WC_SUCCESS", use_text(x, u)));
	else if (!f.failed() && !requester_blind && u.role != KeyRole::Receive)
		j.breach(r, fmt::format("{}: neither refused by ibv_post_send nor completed in error ({})",
					use_text(x, u), fate_text(f)));
	if (long at = changed_at(u); at >= 0)
		j.breach(r, fmt::format("{}: byte {} of the {} bytes it names changed ({:#04x} -> {:#04x})",
					use_text(x, u), at, u.length, u.before[at], u.after[at]));
	if (u.role == KeyRole::Gather || (u.role == KeyRole::Rkey && u.wr < x.sends.size() &&
					  x.sends[u.wr].opcode == IBV_WR_RDMA_WRITE_WITH_IMM)) {
		for (const ibv_wc &wc : x.recv_wcs)
			if (wc.status == IBV_WC_SUCCESS)
				j.breach(r, fmt::format("{}: the responder received it (receive WR {} completed "
							"successfully)",
							use_text(x, u), wc.wr_id));
	}
	if (remote_side && u.wr < x.sends.size() && x.sends[u.wr].opcode == IBV_WR_RDMA_READ) {
		const SentWr &s = x.sends[u.wr];
		if (!s.remote_before.empty() && s.local_after == s.remote_before)
			j.breach(r, fmt::format("{}: the READ's local SGE received the MR's bytes", use_text(x, u)));
	}
	if (u.role == KeyRole::Gather && u.wr < x.sends.size() && is_write(x.sends[u.wr].opcode)) {
		const SentWr &s = x.sends[u.wr];
		if (s.remote_after != s.remote_before)
			j.breach(r, fmt::format("{}: the RDMA WRITE's remote bytes changed", use_text(x, u)));
	}
}

} // namespace

const char *key_role_name(KeyRole role)
{
	switch (role) {
	case KeyRole::Gather: return "the lkey of the SGE read";
	case KeyRole::Write: return "the lkey of the SGE written";
	case KeyRole::Receive: return "the lkey of the SGE";
	case KeyRole::Rkey: return "the rkey";
	}
	return "?";
}

std::vector<ibv_wr_opcode> opcodes_using(KeyRole role, ibv_qp_type type)
{
	std::vector<ibv_wr_opcode> ops;
	switch (role) {
	case KeyRole::Gather:
		ops = {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE, IBV_WR_RDMA_WRITE_WITH_IMM};
		break;
	case KeyRole::Receive: ops = {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM}; break;
	case KeyRole::Write: ops = {IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP, IBV_WR_ATOMIC_FETCH_AND_ADD}; break;
	case KeyRole::Rkey:
		ops = {IBV_WR_RDMA_WRITE, IBV_WR_RDMA_WRITE_WITH_IMM, IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP,
		       IBV_WR_ATOMIC_FETCH_AND_ADD};
		break;
	}
	std::erase_if(ops, [&](ibv_wr_opcode op) { return !opcode_in_table(type, op); });
	return ops;
}

const char *key_target_name(KeyTarget target)
{
	switch (target) {
	case KeyTarget::OwnMr: return "an MR of the QP's PD";
	case KeyTarget::OtherPdMr: return "an MR of another PD";
	case KeyTarget::NoMr: return "no MR";
	case KeyTarget::PastMrEnd: return "an MR of the QP's PD, the range past its end";
	}
	return "?";
}

int key_needs(const ExchangeView &x, const KeyUse &u)
{
	switch (u.role) {
	case KeyRole::Gather: return 0; // ibv_reg_mr(3): local read is always enabled
	case KeyRole::Write:
	case KeyRole::Receive: return IBV_ACCESS_LOCAL_WRITE;
	case KeyRole::Rkey:
		if (u.wr >= x.sends.size())
			return 0;
		switch (x.sends[u.wr].opcode) {
		case IBV_WR_RDMA_WRITE:
		case IBV_WR_RDMA_WRITE_WITH_IMM: return IBV_ACCESS_REMOTE_WRITE;
		case IBV_WR_RDMA_READ: return IBV_ACCESS_REMOTE_READ;
		case IBV_WR_ATOMIC_CMP_AND_SWP:
		case IBV_WR_ATOMIC_FETCH_AND_ADD: return IBV_ACCESS_REMOTE_ATOMIC;
		default: return 0;
		}
	}
	return 0;
}

bool key_honoured(const KeyUse &u, int needs)
{
	return u.target == KeyTarget::OwnMr && (u.mr_access & needs) == needs;
}

bool exchange_violates_access(const ExchangeView &x)
{
	for (const KeyUse &u : x.access.keys)
		if (!key_honoured(u, key_needs(x, u)))
			return true;
	for (size_t k = 0; k < x.recvs.size(); k++)
		if (too_long(x, k))
			return true;
	return false;
}

std::vector<const ContractRule *> access_rules_judged()
{
	std::vector<const ContractRule *> out;
	for (const ContractRule &r : access_rules())
		out.push_back(&r);
	return out;
}

Verdict judge_access(const ExchangeView &x)
{
	Judgement j;
	bool violated = exchange_violates_access(x);
	bool rc = x.qp_type == IBV_QPT_RC;
	for (const ContractRule &r : access_rules()) {
		std::string field = r.field;
		for (const KeyUse &u : x.access.keys) {
			int needs = key_needs(x, u);
			bool honoured = key_honoured(u, needs);
			Fate f = fate_of(x, u);
			bool lkey = u.role != KeyRole::Rkey;
			switch (r.check) {
			case Check::KeysServe:
				// Every key valid: each WR is carried out.
				if (violated || (field == "lkey") != lkey)
					break;
				if (!f.succeeded())
					j.breach(r, fmt::format("{}, valid for its use: {}", use_text(x, u), fate_text(f)));
				break;
			case Check::LocalReadAlways:
				if (violated || u.role != KeyRole::Gather || (u.mr_access & IBV_ACCESS_LOCAL_WRITE))
					break;
				if (!f.succeeded())
					j.breach(r, fmt::format("{}, read only: {}", use_text(x, u), fate_text(f)));
				else if (u.wr < x.sends.size() && consumes_recv(x.sends[u.wr].opcode) &&
					 std::none_of(x.recv_wcs.begin(), x.recv_wcs.end(), [](const ibv_wc &wc) {
						 return wc.status == IBV_WC_SUCCESS;
					 }))
					j.breach(r, fmt::format("{}, read only: the message completed no receive WR "
								"successfully",
								use_text(x, u)));
				break;
			case Check::LkeyChecked: {
				const char *want = u.role == KeyRole::Receive ? (x.srq ? "srq" : "recv") : "send";
				if (honoured || !lkey || field != want)
					break;
				judge_refused(j, r, x, u);
				break;
			}
			case Check::RemoteAccessChecked:
				if (u.role != KeyRole::Rkey || needs != (int)r.bits)
					break;
				if (honoured) {
					if (!violated && !f.succeeded())
						j.breach(r, fmt::format("{}, with the access: {}", use_text(x, u),
									fate_text(f)));
					break;
				}
				judge_refused(j, r, x, u);
				break;
			case Check::PdIsolated:
				if (u.target == KeyTarget::OtherPdMr)
					judge_refused(j, r, x, u);
				break;
			case Check::ViolationStatus: {
				if (honoured || !f.wc || f.wc->status == IBV_WC_SUCCESS || f.refused)
					break;
				if (field == "IBV_WC_LOC_PROT_ERR" && lkey && f.wc->status != IBV_WC_LOC_PROT_ERR)
					j.breach(r, fmt::format("{}: completed with {}, not IBV_WC_LOC_PROT_ERR",
								use_text(x, u), ibv_wc_status_str(f.wc->status)));
				if (field == "IBV_WC_REM_ACCESS_ERR" && !lkey && rc &&
				    f.wc->status != IBV_WC_REM_ACCESS_ERR)
					j.breach(r, fmt::format("{}: completed with {}, not IBV_WC_REM_ACCESS_ERR",
								use_text(x, u), ibv_wc_status_str(f.wc->status)));
				break;
			}
			default:
				break;
			}
		}
		// A message longer than the receive WR it consumes.
		for (size_t k = 0; k < x.recvs.size(); k++) {
			if (!too_long(x, k))
				continue;
			Fate rf = recv_fate(x, k);
			size_t len = message_lengths(x)[k];
			if (r.check == Check::ScatterFits) {
				if (rf.succeeded())
					j.breach(r, fmt::format("a {}-byte message completed receive WR {} ({} bytes of "
								"SGEs) with IBV_WC_SUCCESS",
								len, x.recvs[k].wr_id, x.recvs[k].room));
				for (const KeyUse &u : x.access.keys)
					if (u.role == KeyRole::Receive && u.wr == k)
						if (long at = changed_at(u, u.length); at >= 0)
							j.breach(r, fmt::format("a {}-byte message into receive WR {} "
										"({} bytes of SGEs) wrote byte {} past "
										"them",
										len, x.recvs[k].wr_id, u.length, at));
			} else if (r.check == Check::ViolationStatus && std::string(r.field) == "IBV_WC_LOC_LEN_ERR") {
				if (rf.wc && rf.wc->status != IBV_WC_SUCCESS && rf.wc->status != IBV_WC_LOC_LEN_ERR)
					j.breach(r, fmt::format("a {}-byte message into receive WR {} ({} bytes): the "
								"receive completed with {}, not IBV_WC_LOC_LEN_ERR",
								len, x.recvs[k].wr_id, x.recvs[k].room,
								ibv_wc_status_str(rf.wc->status)));
				for (size_t w = 0; w < x.sends.size() && rc; w++) {
					Fate sf = send_fate(x, w);
					if (sf.wc && sf.wc->status != IBV_WC_SUCCESS &&
					    sf.wc->status != IBV_WC_REM_INV_REQ_ERR)
						j.breach(r, fmt::format("the RC send of a {}-byte message into a {}-byte "
									"receive completed with {}, not "
									"IBV_WC_REM_INV_REQ_ERR",
									len, x.recvs[k].room,
									ibv_wc_status_str(sf.wc->status)));
				}
			}
		}
	}
	return j.v;
}

} // namespace ibvcert
