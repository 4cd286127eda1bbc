#include "contracts/post_wr_eval.h"

#include <fmt/format.h>

#include <cstring>

namespace ibvcert {
namespace {

// A queue attribute by the name a row gives it in `other`.
uint64_t bound_of(const PostQueueNow &q, const char *name)
{
	struct Named {
		const char *name;
		uint32_t value;
	};
	const Named named[] = {
		{"max_send_wr", q.cap.max_send_wr},   {"max_recv_wr", q.cap.max_recv_wr},
		{"max_send_sge", q.cap.max_send_sge}, {"max_recv_sge", q.cap.max_recv_sge},
		{"max_inline_data", q.cap.max_inline_data}, {"max_wr", q.srq.max_wr},
		{"max_sge", q.srq.max_sge},
	};
	for (const Named &n : named)
		if (name && std::strcmp(n.name, name) == 0)
			return n.value;
	return 0; // a row naming no attribute of a queue: a harness bug the rows' test catches
}

// The WR's field a row reads; false when the row does not apply to it
// (an inline size on a WR without IBV_SEND_INLINE).
bool field_of(const PostedWr &wr, const char *name, int64_t &value)
{
	if (std::strcmp(name, "num_sge") == 0) {
		value = wr.num_sge;
		return true;
	}
	if (std::strcmp(name, "inline_bytes") == 0) {
		value = (int64_t)wr.bytes;
		return wr.inline_data;
	}
	return false;
}

} // namespace

std::vector<const ContractRule *> post_capacity_rules(Verb verb)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : rules_of(verb))
		if (r->check == Check::AtMostObjects || r->check == Check::RoomLeft)
			out.push_back(r);
	return out;
}

Verdict evaluate_post_wr(Verb verb, const PostQueueNow &now, const PostedWr &wr)
{
	Verdict v;
	for (Check pass : {Check::AtMostObjects, Check::RoomLeft})
		for (const ContractRule *r : post_capacity_rules(verb)) {
			if (r->check != pass)
				continue;
			uint64_t bound = bound_of(now, r->other);
			int64_t value = 0;
			if (pass == Check::AtMostObjects && field_of(wr, r->field, value) &&
			    (value < 0 || (uint64_t)value > bound))
				v.breaches.push_back({r, value < 0 ? fmt::format("{}={} is negative: no count ({}={})", r->field,
										 value, r->other, bound)
								   : fmt::format("{}={} above {}={}", r->field, value, r->other, bound)});
			if (pass == Check::RoomLeft && now.outstanding >= bound)
				v.breaches.push_back(
					{r, fmt::format("{} WRs outstanding, {}={}", now.outstanding, r->other, bound)});
		}
	return v;
}

Verdict judge_post_list(Verb verb, const PostQueueNow &before, const std::vector<PostedWr> &wrs, int result,
			int bad_index)
{
	Verdict v;
	PostQueueNow now = before;
	for (size_t i = 0; i < wrs.size(); i++) {
		Verdict at = evaluate_post_wr(verb, now, wrs[i]);
		if (!at.breaches.empty()) {
			for (const RuleBreach &b : at.breaches) {
				if (result == 0)
					v.breaches.push_back({b.rule, fmt::format("WR {} of the list accepted although {}", i, b.detail)});
				else if (bad_index != (int)i)
					v.breaches.push_back({b.rule, fmt::format("the post failed naming WR {} through bad_wr, "
										  "not WR {}, the first past the queue's attributes ({})",
										  bad_index, i, b.detail)});
			}
			return v;
		}
		if (result != 0 && bad_index == (int)i) {
			// Refused at a WR within every bound: the queue had room (it
			// holds its max WRs) and the WR's fields were within what the
			// queue takes (up to its max, the max included). The rows the
			// WR stands at the bound of are blamed (the likely off-by-one);
			// when it stands at none, every row that applies to it.
			std::vector<RuleBreach> at_bound, applying;
			for (const ContractRule *r : post_capacity_rules(verb)) {
				uint64_t bound = bound_of(now, r->other);
				int64_t value = 0;
				if (r->check == Check::RoomLeft) {
					RuleBreach b{r, fmt::format("WR {} refused (returned {}) with {} WRs outstanding, below "
								    "{}={}", i, result, now.outstanding, r->other, bound)};
					(now.outstanding + 1 == bound ? at_bound : applying).push_back(b);
				} else if (field_of(wrs[i], r->field, value)) {
					RuleBreach b{r, fmt::format("WR {} refused (returned {}) with {}={}, within {}={}", i, result,
								    r->field, value, r->other, bound)};
					((uint64_t)value == bound ? at_bound : applying).push_back(b);
				}
			}
			if (at_bound.empty())
				at_bound = std::move(applying);
			v.breaches.insert(v.breaches.end(), at_bound.begin(), at_bound.end());
			return v;
		}
		now.outstanding++;
	}
	auto applies = [&](const ContractRule *r) {
		int64_t value = 0;
		for (const PostedWr &wr : wrs)
			if (field_of(wr, r->field, value))
				return true;
		return false;
	};
	if (result != 0) // refused, bad_wr naming none of the list
		for (const ContractRule *r : post_capacity_rules(verb))
			if (r->check == Check::RoomLeft || applies(r))
				v.breaches.push_back({r, fmt::format("the post returned {} (bad_wr at {}) though every WR of "
								     "the list was within the queue's attributes and room",
								     result, bad_index)});
	return v;
}

} // namespace ibvcert
