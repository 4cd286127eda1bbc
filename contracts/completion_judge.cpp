#include "contracts/completion_judge.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

namespace ibvcert {
namespace {

constexpr size_t kGrhBytes = 40;

bool has_imm(ibv_wr_opcode op)
{
	return op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE_WITH_IMM;
}
bool is_send(ibv_wr_opcode op)
{
	return op == IBV_WR_SEND || op == IBV_WR_SEND_WITH_IMM;
}
bool is_write(ibv_wr_opcode op)
{
	return op == IBV_WR_RDMA_WRITE || op == IBV_WR_RDMA_WRITE_WITH_IMM;
}
bool is_atomic(ibv_wr_opcode op)
{
	return op == IBV_WR_ATOMIC_CMP_AND_SWP || op == IBV_WR_ATOMIC_FETCH_AND_ADD;
}

ibv_wc_opcode send_wc_opcode(ibv_wr_opcode op)
{
	switch (op) {
	case IBV_WR_RDMA_WRITE:
	case IBV_WR_RDMA_WRITE_WITH_IMM: return IBV_WC_RDMA_WRITE;
	case IBV_WR_RDMA_READ: return IBV_WC_RDMA_READ;
	case IBV_WR_ATOMIC_CMP_AND_SWP: return IBV_WC_COMP_SWAP;
	case IBV_WR_ATOMIC_FETCH_AND_ADD: return IBV_WC_FETCH_ADD;
	default: return IBV_WC_SEND;
	}
}

std::string wc_text(const ibv_wc &wc)
{
	return fmt::format("wr_id {} {} opcode {} byte_len {} qp_num {} src_qp {} wc_flags {:#x} "
			   "imm_data {:#x}",
			   wc.wr_id, ibv_wc_status_str(wc.status), (int)wc.opcode, wc.byte_len,
			   wc.qp_num, wc.src_qp, wc.wc_flags, wc.imm_data);
}

std::vector<uint64_t> ids_of(const std::vector<ibv_wc> &wcs)
{
	std::vector<uint64_t> ids;
	for (const ibv_wc &wc : wcs)
		ids.push_back(wc.wr_id);
	return ids;
}

std::string bytes_text(const std::vector<uint8_t> &b, size_t from, size_t n)
{
	std::string out;
	for (size_t i = from; i < from + n && i < b.size() && i < from + 16; i++)
		out += fmt::format("{:02x}", b[i]);
	if (n > 16)
		out += "..";
	return out;
}

// The first byte where found differs from want (found read from offset), or -1.
long first_difference(const std::vector<uint8_t> &want, const std::vector<uint8_t> &found,
		      size_t offset)
{
	for (size_t i = 0; i < want.size(); i++)
		if (offset + i >= found.size() || found[offset + i] != want[i])
			return (long)i;
	return -1;
}

uint64_t u64_of(const std::vector<uint8_t> &b)
{
	uint64_t v = 0;
	if (b.size() >= 8)
		memcpy(&v, b.data(), 8);
	return v;
}

struct Judgement {
	Verdict v;
	void breach(const ContractRule &r, std::string detail) { v.breaches.push_back({&r, std::move(detail)}); }
};

// A receive WR a message consumed, and the send that sent it.
struct Delivery {
	const SentWr *send;
	const ibv_wc *wc;
	const PostedRecv *recv; // null when the wc names no posted WR
};

} // namespace

const char *wr_opcode_name(ibv_wr_opcode op)
{
	switch (op) {
	case IBV_WR_SEND: return "SEND";
	case IBV_WR_SEND_WITH_IMM: return "SEND_WITH_IMM";
	case IBV_WR_RDMA_WRITE: return "RDMA_WRITE";
	case IBV_WR_RDMA_WRITE_WITH_IMM: return "RDMA_WRITE_WITH_IMM";
	case IBV_WR_RDMA_READ: return "RDMA_READ";
	case IBV_WR_ATOMIC_CMP_AND_SWP: return "ATOMIC_CMP_AND_SWP";
	case IBV_WR_ATOMIC_FETCH_AND_ADD: return "ATOMIC_FETCH_AND_ADD";
	case IBV_WR_LOCAL_INV: return "LOCAL_INV";
	case IBV_WR_BIND_MW: return "BIND_MW";
	case IBV_WR_SEND_WITH_INV: return "SEND_WITH_INV";
	case IBV_WR_TSO: return "TSO";
	case IBV_WR_DRIVER1: return "DRIVER1";
	default: return "?";
	}
}

std::vector<const ContractRule *> completion_rules_judged()
{
	std::vector<const ContractRule *> out;
	for (const ContractRule &r : completion_rules())
		if (r.check != Check::FlagOutsideIgnored && r.check != Check::FenceOrders &&
		    r.check != Check::OnOwnCq && r.check != Check::FromOwnSrq) // contracts/send_flags_judge's
			out.push_back(&r);
	return out;
}

Verdict judge_exchange(const ExchangeView &x)
{
	if (exchange_violates_access(x)) // a key not honoured: contracts/access_judge.h judges it
		return judge_access(x);
	Judgement j;
	bool ud = x.qp_type == IBV_QPT_UD;
	size_t offset = ud ? kGrhBytes : 0;

	// What the exchange must produce: the signaled sends' completions, in
	// order; a receive consumed by each message that reaches the responder
	// and needs one, in order.
	std::vector<const SentWr *> signaled, consuming;
	std::map<uint64_t, const SentWr *> send_by_id;
	for (const SentWr &s : x.sends) {
		send_by_id[s.wr_id] = &s;
		if (x.sq_sig_all || (s.send_flags & IBV_SEND_SIGNALED))
			signaled.push_back(&s);
		if (s.qkey_matches && (is_send(s.opcode) || s.opcode == IBV_WR_RDMA_WRITE_WITH_IMM))
			consuming.push_back(&s);
	}
	std::map<uint64_t, const PostedRecv *> recv_by_id;
	for (const PostedRecv &r : x.recvs)
		recv_by_id[r.wr_id] = &r;
	std::vector<uint64_t> want_send;
	for (const SentWr *s : signaled)
		want_send.push_back(s->wr_id);
	std::vector<uint64_t> got_send = ids_of(x.send_wcs);
	std::vector<uint64_t> want_recv;
	for (size_t i = 0; i < consuming.size() && i < x.recvs.size(); i++)
		want_recv.push_back(x.recvs[i].wr_id);
	std::vector<uint64_t> got_recv = ids_of(x.recv_wcs);
	size_t dropped = 0;
	for (const SentWr &s : x.sends)
		dropped += !s.qkey_matches;

	for (const ContractRule &r : completion_rules()) {
		switch (r.check) {
		case Check::WcSuccess:
			for (const ibv_wc &wc : x.send_wcs)
				if (wc.status != IBV_WC_SUCCESS && send_by_id.count(wc.wr_id))
					j.breach(r, fmt::format("send {} completed with {} on a valid "
								"exchange",
								wr_opcode_name(send_by_id[wc.wr_id]->opcode),
								wc_text(wc)));
			for (const ibv_wc &wc : x.recv_wcs)
				if (wc.status != IBV_WC_SUCCESS)
					j.breach(r, "receive completed with " + wc_text(wc));
			break;
		case Check::WcSignaled: {
			std::multiset<uint64_t> want(want_send.begin(), want_send.end());
			std::multiset<uint64_t> got(got_send.begin(), got_send.end());
			for (const SentWr &s : x.sends) {
				bool expect = want.count(s.wr_id) > 0, seen = got.count(s.wr_id) > 0;
				if (expect != seen)
					j.breach(r, fmt::format(
							    "{} wr_id {} (send_flags {:#x}, sq_sig_all {}) {} on "
							    "the send CQ",
							    wr_opcode_name(s.opcode), s.wr_id, s.send_flags,
							    x.sq_sig_all ? 1 : 0,
							    expect ? "produced no completion"
								   : "produced a completion though unsignaled"));
			}
			break;
		}
		case Check::WcInPostedOrder: {
			std::string field = r.field;
			if (field == "send") {
				// Only the WRs the row is about: those signaled and completed
				// (a missing/extra one is WcSignaled's), in order, once, and
				// nothing foreign.
				std::vector<uint64_t> seen;
				for (const ibv_wc &wc : x.send_wcs) {
					auto it = send_by_id.find(wc.wr_id);
					if (it == send_by_id.end())
						j.breach(r, "the send CQ gave a completion of no WR posted to "
							    "its QP: " + wc_text(wc));
					else if (wc.qp_num != x.sender_qpn)
						j.breach(r, fmt::format("send completion of wr_id {} names "
									"qp_num {}, not the sender's {}",
									wc.wr_id, wc.qp_num, x.sender_qpn));
					if (std::count(seen.begin(), seen.end(), wc.wr_id))
						j.breach(r, fmt::format("wr_id {} completed twice on the send CQ",
									wc.wr_id));
					seen.push_back(wc.wr_id);
				}
				std::vector<uint64_t> order;
				for (uint64_t id : want_send)
					if (std::count(got_send.begin(), got_send.end(), id))
						order.push_back(id);
				std::vector<uint64_t> got_known;
				for (uint64_t id : got_send)
					if (std::count(order.begin(), order.end(), id) &&
					    !std::count(got_known.begin(), got_known.end(), id))
						got_known.push_back(id);
				if (got_known != order)
					j.breach(r, fmt::format("send completions in the order {}, posted as {}",
								fmt::join(got_known, ","), fmt::join(order, ",")));
			} else if (field == "recv" && !x.srq) {
				if (got_recv.size() > want_recv.size() && dropped)
					break; // a dropped UD message delivered: DeliveredToDest's
				for (const ibv_wc &wc : x.recv_wcs)
					if (wc.qp_num != x.responder_qpn)
						j.breach(r, fmt::format("receive completion of wr_id {} names "
									"qp_num {}, not the responder's {}",
									wc.wr_id, wc.qp_num, x.responder_qpn));
				if (got_recv != want_recv)
					j.breach(r, fmt::format("{} message(s) arrived; the receive CQ gave "
								"wr_id {}, the receive queue held {} in order",
								consuming.size(), fmt::join(got_recv, ","),
								fmt::join(want_recv, ",")));
			} else if (field == "srq" && x.srq) {
				if (got_recv.size() > want_recv.size() && dropped)
					break;
				std::set<uint64_t> seen;
				for (const ibv_wc &wc : x.recv_wcs) {
					if (!recv_by_id.count(wc.wr_id))
						j.breach(r, "a receive completion names no WR posted to the SRQ: " +
								    wc_text(wc));
					else if (!seen.insert(wc.wr_id).second)
						j.breach(r, fmt::format("SRQ WR {} completed twice", wc.wr_id));
					if (wc.qp_num != x.responder_qpn)
						j.breach(r, fmt::format("receive completion of wr_id {} names "
									"qp_num {}, not the receiving QP's {}",
									wc.wr_id, wc.qp_num, x.responder_qpn));
				}
				if (got_recv.size() != want_recv.size())
					j.breach(r, fmt::format("{} message(s) arrived through the SRQ, the "
								"receiving QP's CQ gave {} completion(s)",
								want_recv.size(), got_recv.size()));
			}
			break;
		}
		default:
			break;
		}
	}

	// The field rows: each successful completion against the WR it names.
	std::vector<Delivery> deliveries;
	for (size_t i = 0; i < x.recv_wcs.size() && i < consuming.size(); i++) {
		auto it = recv_by_id.find(x.recv_wcs[i].wr_id);
		deliveries.push_back({consuming[i], &x.recv_wcs[i], it == recv_by_id.end() ? nullptr : it->second});
	}
	for (const ContractRule &r : completion_rules()) {
		switch (r.check) {
		case Check::WcOpcode:
			for (const ibv_wc &wc : x.send_wcs) {
				auto it = send_by_id.find(wc.wr_id);
				if (wc.status == IBV_WC_SUCCESS && it != send_by_id.end() &&
				    wc.opcode != send_wc_opcode(it->second->opcode))
					j.breach(r, fmt::format("{} completed with opcode {}, not {}",
								wr_opcode_name(it->second->opcode), (int)wc.opcode,
								(int)send_wc_opcode(it->second->opcode)));
			}
			for (const Delivery &d : deliveries) {
				ibv_wc_opcode want = d.send->opcode == IBV_WR_RDMA_WRITE_WITH_IMM
							     ? IBV_WC_RECV_RDMA_WITH_IMM
							     : IBV_WC_RECV;
				if (d.wc->status == IBV_WC_SUCCESS && d.wc->opcode != want)
					j.breach(r, fmt::format("the receive of a {} completed with opcode {}, "
								"not {}",
								wr_opcode_name(d.send->opcode), (int)d.wc->opcode,
								(int)want));
			}
			break;
		case Check::WcByteLen:
			for (const Delivery &d : deliveries) {
				// An RDMA WRITE with immediate transfers its bytes into the
				// MR; its receive completion counts them (no GRH: RC, UC).
				bool written = d.send->opcode == IBV_WR_RDMA_WRITE_WITH_IMM;
				if (d.wc->status == IBV_WC_SUCCESS && (is_send(d.send->opcode) || written) &&
				    d.wc->byte_len != d.send->payload.size() + (written ? 0 : offset))
					j.breach(r, fmt::format("the receive of a {}-byte {}{} has byte_len {}",
								d.send->payload.size(),
								wr_opcode_name(d.send->opcode),
								ud ? " (+40 GRH bytes on UD)" : "", d.wc->byte_len));
			}
			break;
		case Check::WcImmData:
			for (const Delivery &d : deliveries) {
				if (d.wc->status != IBV_WC_SUCCESS)
					continue;
				bool imm = has_imm(d.send->opcode);
				bool flag = d.wc->wc_flags & IBV_WC_WITH_IMM;
				if (imm != flag)
					j.breach(r, fmt::format("the receive of a {} has wc_flags {:#x}: "
								"IBV_WC_WITH_IMM {}",
								wr_opcode_name(d.send->opcode), d.wc->wc_flags,
								flag ? "set without immediate data" : "missing"));
				else if (imm && d.wc->imm_data != d.send->imm_data)
					j.breach(r, fmt::format("imm_data {:#010x} posted, {:#010x} received",
								d.send->imm_data, d.wc->imm_data));
			}
			break;
		case Check::WcSrcQp:
			if (ud)
				for (const Delivery &d : deliveries)
					if (d.wc->status == IBV_WC_SUCCESS && d.wc->src_qp != x.sender_qpn)
						j.breach(r, fmt::format("a UD receive names src_qp {}, the "
									"sender is QP {}",
									d.wc->src_qp, x.sender_qpn));
			break;
		case Check::WcFlagsKnown:
			for (const auto *wcs : {&x.send_wcs, &x.recv_wcs})
				for (const ibv_wc &wc : *wcs)
					if (wc.status == IBV_WC_SUCCESS && (wc.wc_flags & ~r.bits))
						j.breach(r, fmt::format("wc_flags {:#x} has bits {:#x} outside "
									"the listed flags {:#x}",
									wc.wc_flags, wc.wc_flags & ~r.bits,
									r.bits));
			break;
		case Check::WcGrh:
			if (ud && x.ud_global)
				for (const Delivery &d : deliveries)
					if (d.wc->status == IBV_WC_SUCCESS && !(d.wc->wc_flags & IBV_WC_GRH))
						j.breach(r, fmt::format("a UD receive through an AH with "
									"is_global has wc_flags {:#x}, no "
									"IBV_WC_GRH",
									d.wc->wc_flags));
			break;
		case Check::GrhPlaced:
			if (ud)
				for (const Delivery &d : deliveries) {
					if (d.wc->status != IBV_WC_SUCCESS || !d.recv ||
					    !(d.wc->wc_flags & IBV_WC_GRH) || d.recv->found.size() < kGrhBytes)
						continue;
					const uint8_t *tail = d.recv->found.data() + 36;
					if (memcmp(tail, x.dgid_tail.data(), 4))
						j.breach(r, fmt::format("the GRH area's bytes 36..39 are {}, the "
									"dgid ends {}",
									bytes_text(d.recv->found, 36, 4),
									bytes_text({x.dgid_tail.begin(),
										    x.dgid_tail.end()},
										   0, 4)));
				}
			break;
		case Check::DataLands: {
			std::string field = r.field;
			for (const Delivery &d : deliveries) {
				bool inl = d.send->send_flags & IBV_SEND_INLINE;
				if (!is_send(d.send->opcode) || !d.recv || d.wc->status != IBV_WC_SUCCESS ||
				    (field == "inline") != inl || (field != "inline" && field != "send"))
					continue;
				long at = first_difference(d.send->payload, d.recv->found, offset);
				if (at >= 0)
					j.breach(r, fmt::format("{}{} wr_id {}: byte {} of the message differs "
								"in receive WR {} (sent {}, found {}{})",
								inl ? "inline " : "", wr_opcode_name(d.send->opcode),
								d.send->wr_id, at, d.recv->wr_id,
								bytes_text(d.send->payload, at, 8),
								bytes_text(d.recv->found, offset + at, 8),
								ud ? ", 40 bytes in" : ""));
			}
			for (const SentWr &s : x.sends) {
				bool inl = s.send_flags & IBV_SEND_INLINE;
				auto done = std::find_if(x.send_wcs.begin(), x.send_wcs.end(),
							 [&](const ibv_wc &wc) { return wc.wr_id == s.wr_id; });
				bool failed = done != x.send_wcs.end() && done->status != IBV_WC_SUCCESS;
				if (field == "inline" && inl && failed)
					j.breach(r, fmt::format("inline {} wr_id {} (lkey naming no MR) completed "
								"with {}",
								wr_opcode_name(s.opcode), s.wr_id,
								ibv_wc_status_str(done->status)));
				if (failed)
					continue;
				if (is_write(s.opcode) && (field == "inline") == inl &&
				    (field == "rdma" || field == "inline")) {
					long at = first_difference(s.payload, s.remote_after, 0);
					if (at >= 0 || s.remote_after.size() != s.payload.size())
						j.breach(r, fmt::format("{}{} wr_id {}: remote_addr holds {} after, "
									"{} was written",
									inl ? "inline " : "", wr_opcode_name(s.opcode),
									s.wr_id,
									bytes_text(s.remote_after, 0, s.remote_after.size()),
									bytes_text(s.payload, 0, s.payload.size())));
				} else if (s.opcode == IBV_WR_RDMA_READ && field == "rdma") {
					long at = first_difference(s.remote_before, s.local_after, 0);
					if (at >= 0 || s.local_after.size() != s.remote_before.size())
						j.breach(r, fmt::format("RDMA_READ wr_id {}: from byte {} the SGEs "
									"hold {}, remote_addr held {}",
									s.wr_id, at, bytes_text(s.local_after, at < 0 ? 0 : at, 8),
									bytes_text(s.remote_before, at < 0 ? 0 : at, 8)));
				} else if (is_atomic(s.opcode) && field == "atomic") {
					uint64_t before = u64_of(s.remote_before), after = u64_of(s.remote_after),
						 fetched = u64_of(s.local_after);
					uint64_t want = s.opcode == IBV_WR_ATOMIC_CMP_AND_SWP
								? (before == s.compare_add ? s.swap : before)
								: before + s.compare_add;
					if (after != want || fetched != before)
						j.breach(r, fmt::format(
								    "{} wr_id {} (compare_add {:#x}, swap {:#x}) on "
								    "{:#x}: remote now {:#x} (want {:#x}), fetched "
								    "{:#x} (want {:#x})",
								    wr_opcode_name(s.opcode), s.wr_id, s.compare_add,
								    s.swap, before, after, want, fetched, before));
				}
			}
			break;
		}
		case Check::DeliveredToDest: {
			std::string field = r.field;
			if (!ud)
				break;
			if (field == "remote_qpn" && !x.bystander_wcs.empty())
				j.breach(r, fmt::format("a UD QP no send named (same Q_Key) received {}: {}",
							x.bystander_wcs.size(), wc_text(x.bystander_wcs[0])));
			if (field == "remote_qpn" && consuming.size() > x.recv_wcs.size())
				j.breach(r, fmt::format("{} UD message(s) to QP {} with its Q_Key, {} "
							"received",
							consuming.size(), x.responder_qpn, x.recv_wcs.size()));
			if (field == "remote_qkey" && dropped && x.recv_wcs.size() > consuming.size())
				j.breach(r, fmt::format("{} UD message(s) with another Q_Key were "
							"received: {} receive completions for {} matching "
							"message(s)",
							dropped, x.recv_wcs.size(), consuming.size()));
			break;
		}
		default:
			break;
		}
	}
	judge_wc_sl(x, j.v);
	for (RuleBreach &b : judge_access(x).breaches) // the keys of valid work: contracts/access_judge.h
		j.v.breaches.push_back(std::move(b));
	return j.v;
}

Verdict judge_flush(const FlushView &f)
{
	Judgement j;
	for (const ContractRule &r : completion_rules()) {
		if (r.check != Check::FlushedInErr)
			continue;
		auto queue = [&](const char *what, const std::vector<uint64_t> &want,
				 const std::vector<ibv_wc> &got) {
			std::vector<uint64_t> ids = ids_of(got);
			if (ids != want)
				j.breach(r, fmt::format("the {} queue held or took wr_id {}; its CQ gave {}",
							what, fmt::join(want, ","), fmt::join(ids, ",")));
			for (const ibv_wc &wc : got)
				if (wc.status != IBV_WC_WR_FLUSH_ERR || wc.qp_num != f.qpn)
					j.breach(r, fmt::format("{} completion in ERR: {} (want "
								"IBV_WC_WR_FLUSH_ERR on qp_num {})",
								what, wc_text(wc), f.qpn));
		};
		queue("send", f.send_ids, f.send_wcs);
		queue("receive", f.recv_ids, f.recv_wcs);
	}
	return j.v;
}

Verdict judge_post_recv_on_srq_qp(int result, uint64_t refused_id,
				  const std::vector<ibv_wc> &recv_wcs_after)
{
	Judgement j;
	for (const ContractRule &r : completion_rules()) {
		if (r.check != Check::RefusedOnSrqQp)
			continue;
		if (result == 0)
			j.breach(r, "ibv_post_recv on a QP with an SRQ returned 0");
		for (const ibv_wc &wc : recv_wcs_after)
			if (wc.wr_id == refused_id)
				j.breach(r, fmt::format("a message after the call consumed the WR "
							"ibv_post_recv was given: {}",
							wc_text(wc)));
	}
	return j.v;
}

void judge_wc_sl(const ExchangeView &x, Verdict &v)
{
	if (x.qp_type != IBV_QPT_UD || !x.sl_carried)
		return;
	for (const ContractRule &r : completion_rules())
		if (r.check == Check::WcSl)
			for (const ibv_wc &wc : x.recv_wcs)
				if (wc.status == IBV_WC_SUCCESS && wc.sl != x.ah_sl)
					v.breaches.push_back({&r, fmt::format("a UD receive (wr_id {}) through an AH "
									      "with sl {} has sl {}",
									      wc.wr_id, x.ah_sl, wc.sl)});
}

} // namespace ibvcert
