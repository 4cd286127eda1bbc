#include "contracts/send_flags_judge.h"

#include "contracts/field_words.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

namespace ibvcert {
namespace {

const char *qp_type_word(ibv_qp_type t)
{
	switch (t) {
	case IBV_QPT_RC: return "RC";
	case IBV_QPT_UC: return "UC";
	case IBV_QPT_UD: return "UD";
	default: return "?";
	}
}

// The bits of a FlagOutsideIgnored row that flags has where the row does not
// make them valid: its field names the QP types or opcodes where they are
// ("" for nowhere).
unsigned outside_of(const ContractRule &r, ibv_qp_type type, ibv_wr_opcode opcode, unsigned flags)
{
	bool valid = field_names(r, qp_type_word(type)) || field_names(r, wr_opcode_name(opcode));
	return valid ? 0 : flags & (unsigned)r.bits;
}

std::string wc_brief(const ibv_wc &wc)
{
	return fmt::format("wr_id {} {} qp_num {}", wc.wr_id, ibv_wc_status_str(wc.status), wc.qp_num);
}

} // namespace

unsigned send_flags_outside(ibv_qp_type type, ibv_wr_opcode opcode, unsigned flags)
{
	unsigned out = 0;
	for (const ContractRule &r : completion_rules())
		if (r.check == Check::FlagOutsideIgnored)
			out |= outside_of(r, type, opcode, flags);
	return out;
}

std::vector<const ContractRule *> send_flags_rules_judged(Check check)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule &r : completion_rules())
		if (r.check == check)
			out.push_back(&r);
	return out;
}

Verdict judge_flagged_exchange(const FlaggedExchange &f)
{
	const ExchangeView &x = f.x;
	size_t posted = f.post_result ? std::min(f.accepted, x.sends.size()) : x.sends.size();
	// The outside rows each WR meets, the refused one included.
	std::vector<std::vector<const ContractRule *>> applies(x.sends.size());
	bool any = false;
	for (size_t i = 0; i < x.sends.size(); i++)
		for (const ContractRule &r : completion_rules())
			if (r.check == Check::FlagOutsideIgnored &&
			    outside_of(r, x.qp_type, x.sends[i].opcode, x.sends[i].send_flags)) {
				applies[i].push_back(&r);
				any = true;
			}
	if (!any) {
		ExchangeView as_posted = x;
		as_posted.sends.resize(posted);
		Verdict v = judge_exchange(as_posted);
		// The capacity rows, after the flags' own: a valid WR refused at a
		// bound is listed under both (which made the device refuse it, the
		// call does not tell).
		bool past_cap = false; // the refused WR is past a capacity row: that row lets the post refuse it
		Verdict cap;
		if (f.queue) {
			int bad = f.post_result ? (int)f.accepted : -1;
			cap = judge_post_list(Verb::PostSend, *f.queue, f.posted, f.post_result, bad);
			PostQueueNow now = *f.queue; // as the refused WR found it: the WRs before it taken
			now.outstanding += (uint32_t)posted;
			past_cap = f.post_result && posted < f.posted.size() &&
				   !evaluate_post_wr(Verb::PostSend, now, f.posted[posted]).accepts();
		}
		// Every flag listed and valid where it is: nothing in send_flags lets
		// the post refuse the WR.
		if (f.post_result && !past_cap && posted < x.sends.size() && x.sends[posted].send_flags)
			for (const ContractRule &r : completion_rules())
				if (r.check == Check::FlagOutsideIgnored && !*r.field)
					v.breaches.push_back(
						{&r, fmt::format("{} {} wr_id {} with send_flags {:#x}, each flag listed "
								 "and valid for it, was refused ({})",
								 qp_type_word(x.qp_type),
								 wr_opcode_name(x.sends[posted].opcode),
								 x.sends[posted].wr_id, x.sends[posted].send_flags,
								 f.post_result)});
		v.breaches.insert(v.breaches.end(), cap.breaches.begin(), cap.breaches.end());
		return v;
	}
	// A WR with outside bits that completed in error: the device found it
	// invalid after the post, as the IBA allows; its QP went to ERR, so the
	// rest of the list is not the exchange's any more.
	for (size_t i = 0; i < posted; i++)
		if (!applies[i].empty())
			for (const ibv_wc &wc : x.send_wcs)
				if (wc.wr_id == x.sends[i].wr_id && wc.status != IBV_WC_SUCCESS)
					return {};
	// Otherwise: what was posted, judged as without the outside bits. Each
	// breach is the first WR's outside row's (one such WR per list is what
	// the clauses post): the WR was neither refused cleanly nor carried out
	// as without the bits.
	ExchangeView masked = x;
	masked.sends.resize(posted);
	const SentWr *culprit = nullptr;
	const ContractRule *rule = nullptr;
	for (size_t i = 0; i < x.sends.size(); i++)
		if (!applies[i].empty() && !rule) {
			culprit = &x.sends[i];
			rule = applies[i].front();
		}
	for (SentWr &s : masked.sends)
		s.send_flags &= ~send_flags_outside(x.qp_type, s.opcode, s.send_flags);
	Verdict inner = judge_exchange(masked);
	Verdict v;
	bool refused = f.post_result && f.accepted < x.sends.size() && &x.sends[f.accepted] == culprit;
	unsigned out = send_flags_outside(x.qp_type, culprit->opcode, culprit->send_flags);
	for (const RuleBreach &b : inner.breaches)
		v.breaches.push_back(
			{rule, fmt::format("{} {} wr_id {} with send_flags {:#x} ({:#x} outside where the page "
					   "makes them valid) {}: {} [as {}]",
					   qp_type_word(x.qp_type), wr_opcode_name(culprit->opcode), culprit->wr_id,
					   culprit->send_flags, out,
					   refused ? fmt::format("was refused ({}), yet something of it happened",
								 f.post_result)
						   : "was not carried out as without those bits",
					   b.detail, b.rule->id)});
	return v;
}

Verdict judge_fence(const FenceView &f)
{
	Verdict v;
	for (const ContractRule *r : send_flags_rules_judged(Check::FenceOrders)) {
		if (!(f.fenced_flags & r->bits))
			continue;
		std::map<uint64_t, const ibv_wc *> by_id;
		for (const ibv_wc &wc : f.send_wcs)
			by_id[wc.wr_id] = &wc;
		bool done = true;
		for (auto [id, what] : {std::pair{f.first_id, wr_opcode_name(f.first)},
					std::pair{f.fenced_id, wr_opcode_name(f.fenced)}}) {
			auto it = by_id.find(id);
			if (it == by_id.end() || it->second->status != IBV_WC_SUCCESS) {
				v.breaches.push_back(
					{r, fmt::format("the {} (wr_id {}) of a valid RC list {}", what, id,
							it == by_id.end() ? "produced no completion though signaled"
									  : "completed with " +
										    wc_brief(*it->second))});
				done = false;
			}
		}
		if (!done || f.carried == f.fetched)
			continue;
		auto hex = [](const std::vector<uint8_t> &b) {
			std::string s;
			for (size_t i = 0; i < b.size() && i < 16; i++)
				s += fmt::format("{:02x}", b[i]);
			return s + (b.size() > 16 ? ".." : "");
		};
		v.breaches.push_back(
			{r, fmt::format("{} with IBV_SEND_FENCE after an {} into its SGEs delivered {}{}; the {} "
					"fetched {}",
					wr_opcode_name(f.fenced), wr_opcode_name(f.first), hex(f.carried),
					f.carried == f.before ? " (what its SGEs held when posted: it did not wait)"
							      : "",
					wr_opcode_name(f.first), hex(f.fetched))});
	}
	return v;
}

Verdict judge_routing(const RoutingView &v)
{
	Verdict out;
	std::map<uint64_t, const RoutedWr *> by_id;
	for (const RoutedWr &w : v.wrs)
		by_id[w.wr_id] = &w;
	std::map<uint32_t, int> qp_of;
	for (size_t k = 0; k < v.qps.size(); k++)
		qp_of[v.qps[k].qpn] = (int)k;
	for (const ContractRule *r : send_flags_rules_judged(Check::OnOwnCq)) {
		bool send = field_names(*r, "send_cq");
		std::map<uint64_t, int> on_own; // send WR -> completions from its own send CQ
		std::vector<int> recv_on_own(v.qps.size(), 0);
		for (size_t c = 0; c < v.cq_wcs.size(); c++)
			for (const ibv_wc &wc : v.cq_wcs[c]) {
				auto it = by_id.find(wc.wr_id);
				if (it == by_id.end()) {
					bool recv_op = wc.status == IBV_WC_SUCCESS && (wc.opcode & IBV_WC_RECV);
					if (recv_op != send)
						out.breaches.push_back(
							{r, fmt::format("CQ {} gave a completion of no WR posted: {}", c,
									wc_brief(wc))});
					continue;
				}
				const RoutedWr &w = *it->second;
				if (w.kind == RoutedWr::Send) {
					if (!send)
						continue;
					const RoutedQp &q = v.qps[w.owner];
					if ((int)c == q.send_cq && wc.qp_num == q.qpn)
						on_own[w.wr_id]++;
					else
						out.breaches.push_back(
							{r, fmt::format("send wr_id {} of QP {:#x} (send_cq CQ {}) was "
									"polled from CQ {}, naming qp_num {:#x}",
									w.wr_id, q.qpn, q.send_cq, c, wc.qp_num)});
					continue;
				}
				if (send)
					continue;
				auto qi = qp_of.find(wc.qp_num);
				int k = w.kind == RoutedWr::Recv ? w.owner : qi == qp_of.end() ? -1 : qi->second;
				if (k < 0) {
					out.breaches.push_back(
						{r, fmt::format("receive wr_id {} (SRQ {}) was polled from CQ {} naming "
								"qp_num {:#x}, no QP of the case",
								w.wr_id, w.owner, c, wc.qp_num)});
					continue;
				}
				const RoutedQp &q = v.qps[k];
				if ((int)c == q.recv_cq && wc.qp_num == q.qpn)
					recv_on_own[k]++;
				else
					out.breaches.push_back(
						{r, fmt::format("receive wr_id {} ({}) of QP {:#x} (recv_cq CQ {}) was "
								"polled from CQ {}, naming qp_num {:#x}",
								w.wr_id,
								w.kind == RoutedWr::Recv ? "its own receive queue's"
											 : fmt::format("SRQ {}'s", w.owner),
								q.qpn, q.recv_cq, c, wc.qp_num)});
			}
		if (send) {
			for (const RoutedWr &w : v.wrs)
				if (w.kind == RoutedWr::Send && w.signaled && on_own[w.wr_id] != 1)
					out.breaches.push_back(
						{r, fmt::format("signaled send wr_id {} of QP {:#x} was polled {} time(s) "
								"from its send_cq CQ {}",
								w.wr_id, v.qps[w.owner].qpn, on_own[w.wr_id],
								v.qps[w.owner].send_cq)});
		} else {
			std::vector<int> due(v.qps.size(), 0);
			for (const RoutedWr &w : v.wrs)
				if (w.kind == RoutedWr::Send && w.target >= 0)
					due[w.target]++;
			for (size_t k = 0; k < v.qps.size(); k++)
				if (due[k] != recv_on_own[k])
					out.breaches.push_back(
						{r, fmt::format("{} message(s) reached QP {:#x}; its recv_cq CQ {} gave {} "
								"receive completion(s) naming it",
								due[k], v.qps[k].qpn, v.qps[k].recv_cq, recv_on_own[k])});
		}
	}
	for (const ContractRule *r : send_flags_rules_judged(Check::FromOwnSrq))
		for (size_t c = 0; c < v.cq_wcs.size(); c++)
			for (const ibv_wc &wc : v.cq_wcs[c]) {
				auto it = by_id.find(wc.wr_id);
				auto qi = qp_of.find(wc.qp_num);
				if (it == by_id.end() || qi == qp_of.end())
					continue;
				const RoutedWr &w = *it->second;
				const RoutedQp &q = v.qps[qi->second];
				if (w.kind == RoutedWr::Send || (w.kind == RoutedWr::Recv && q.srq < 0))
					continue;
				if (w.kind == RoutedWr::Recv || w.owner != q.srq)
					out.breaches.push_back(
						{r, fmt::format("QP {:#x} (created with SRQ {}) received into wr_id {}, "
								"a WR of {}",
								q.qpn, q.srq, w.wr_id,
								w.kind == RoutedWr::Recv
									? fmt::format("QP {:#x}'s own receive queue",
										      v.qps[w.owner].qpn)
									: fmt::format("SRQ {}", w.owner))});
			}
	return out;
}

} // namespace ibvcert
