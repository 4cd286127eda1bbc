#include "contracts/srq_eval.h"

#include "contracts/post_wr_eval.h"
#include "contracts/value_check.h"

#include <fmt/format.h>

namespace ibvcert {
namespace {

uint32_t field_of(const ibv_srq_attr &a, std::string_view field)
{
	if (field == "max_wr")
		return a.max_wr;
	if (field == "max_sge")
		return a.max_sge;
	if (field == "srq_limit")
		return a.srq_limit;
	return 0;
}

Verdict evaluate(Verb verb, const DeviceCaps &caps, const ibv_srq_attr &req, int mask,
		 const SrqNow &now)
{
	Verdict v;
	bool create = verb == Verb::CreateSrq;
	// The SRQ as it would be after the call.
	ibv_srq_attr after = now.attr;
	if (create || (mask & IBV_SRQ_MAX_WR))
		after.max_wr = req.max_wr;
	if (mask & IBV_SRQ_LIMIT)
		after.srq_limit = req.srq_limit;

	for (const ContractRule &r : srq_rules()) {
		if (!(r.verbs & verb_bit(verb)))
			continue;
		// On a modify, a rule with bits applies when srq_attr_mask has one of them
		// (the mask rule itself reads the whole mask).
		if (!create && r.check != Check::MaskKnown && r.bits && !(mask & (int)r.bits))
			continue;
		auto breach = [&](std::string detail) { v.breaches.push_back({&r, std::move(detail)}); };
		uint32_t value = field_of(req, r.field);
		switch (r.check) {
		case Check::MaskKnown:
			if (int unknown = mask & ~(int)r.bits)
				breach("srq_attr_mask " + srq_attr_mask_names(mask) + " has bits " +
				       fmt::format("{:#x}", (unsigned)unknown) +
				       " outside IBV_SRQ_MAX_WR|IBV_SRQ_LIMIT");
			break;
		case Check::Feature: {
			std::string why;
			if (!device_has(r.feature, caps, IBV_QPT_RC, why))
				breach(srq_attr_mask_names(mask & (int)r.bits) + ": " + why);
			break;
		}
		case Check::Range:
			if (auto detail = check_value(r, value, caps))
				breach(*detail);
			break;
		case Check::NotBelowOutstanding:
			if (value < now.outstanding)
				breach(fmt::format("{}={} below the {} WRs outstanding", r.field, value,
						   now.outstanding));
			break;
		case Check::NotAboveAfterCall: {
			uint32_t mine = field_of(after, r.field), theirs = field_of(after, r.other);
			if (mine > theirs)
				breach(fmt::format("{}={} above {}={} (after the call)", r.field, mine,
						   r.other, theirs));
			break;
		}
		default:
			break;
		}
	}
	return v;
}

} // namespace

Verdict evaluate_create_srq(const DeviceCaps &caps, const ibv_srq_attr &request)
{
	return evaluate(Verb::CreateSrq, caps, request, 0, SrqNow{});
}

Verdict evaluate_modify_srq(const DeviceCaps &caps, const ibv_srq_attr &request, int attr_mask,
			    const SrqNow &now)
{
	return evaluate(Verb::ModifySrq, caps, request, attr_mask, now);
}

Verdict evaluate_create_srq_report(const ibv_srq_attr &asked, const ibv_srq_attr &reported)
{
	// The create's AtLeastRequest rows: each field they name (comma-separated)
	// as written back, against the request.
	Verdict v;
	for (const ContractRule *r : rules_of(Verb::CreateSrq)) {
		if (r->check != Check::AtLeastRequest)
			continue;
		std::string below;
		std::string_view fields = r->field;
		while (!fields.empty()) {
			size_t comma = fields.find(',');
			std::string_view f = fields.substr(0, comma);
			fields = comma == std::string_view::npos ? std::string_view() : fields.substr(comma + 1);
			if (field_of(reported, f) < field_of(asked, f))
				below += fmt::format("{}{}={} below the {} asked", below.empty() ? "" : ", ", f,
						     field_of(reported, f), field_of(asked, f));
		}
		if (!below.empty())
			v.breaches.push_back({r, below});
	}
	return v;
}

std::vector<const ContractRule *> create_srq_report_rules()
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : rules_of(Verb::CreateSrq))
		if (r->check == Check::AtLeastRequest)
			out.push_back(r);
	return out;
}

Verdict evaluate_post_srq_recv(const SrqNow &now, int num_sge)
{
	PostQueueNow q;
	q.srq = now.attr;
	q.outstanding = now.outstanding;
	PostedWr wr;
	wr.num_sge = num_sge;
	return evaluate_post_wr(Verb::PostSrqRecv, q, wr);
}

} // namespace ibvcert
