#include "contracts/ece_judge.h"

#include "contracts/names.h"

#include <fmt/format.h>

#include <cerrno>
#include <optional>

namespace ibvcert {
namespace {

const ContractRule *row_of(Check check)
{
	for (const ContractRule *r : all_rules())
		if (r->check == check)
			return r;
	return nullptr;
}

std::string ece_text(const ibv_ece &e)
{
	return fmt::format("vendor_id={:#x} options={:#x} comp_mask={:#x}", e.vendor_id, e.options, e.comp_mask);
}

bool unsupported(int result)
{
	return result == EOPNOTSUPP || result == ENOSYS;
}

// A set that says the verb is missing: EOPNOTSUPP for a request that names a
// vendor (vendor_id 0 is answered EOPNOTSUPP by libibverbs itself).
bool set_unsupported(const EceCall &c)
{
	return c.verb == Verb::SetEce && unsupported(c.result) && c.asked.vendor_id != 0;
}

std::string at(const EceCall &c)
{
	return c.at.empty() ? std::string() : " " + c.at;
}

} // namespace

std::vector<const ContractRule *> ece_rules_judged(const EceView &view)
{
	bool set = false, query = false, accepted = false;
	for (const EceCall &c : view.calls) {
		set = set || c.verb == Verb::SetEce;
		query = query || c.verb == Verb::QueryEce;
		accepted = accepted || (c.verb == Verb::SetEce && c.result == 0);
	}
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : all_rules()) {
		bool judged = (r->check == Check::EceUnsupportedBoth && set && query) ||
			      (r->check == Check::EceAcceptedSubset && set) ||
			      (r->check == Check::EceQueryAsAccepted && accepted && query);
		if (judged)
			out.push_back(r);
	}
	return out;
}

Verdict judge_ece(const EceView &view)
{
	static const ContractRule *both = row_of(Check::EceUnsupportedBoth);
	static const ContractRule *subset = row_of(Check::EceAcceptedSubset);
	static const ContractRule *exact = row_of(Check::EceQueryAsAccepted);
	Verdict v;
	auto breach = [&](const ContractRule *r, std::string detail) {
		if (r)
			v.breaches.push_back({r, std::move(detail)});
	};

	// EOPNOTSUPP from one verb, success from the other.
	const EceCall *query_ok = nullptr, *query_missing = nullptr, *set_ok = nullptr, *set_missing = nullptr;
	for (const EceCall &c : view.calls) {
		if (c.verb == Verb::QueryEce) {
			if (c.result == 0 && !query_ok)
				query_ok = &c;
			if (unsupported(c.result) && !query_missing)
				query_missing = &c;
		} else {
			if (c.result == 0 && !set_ok)
				set_ok = &c;
			if (set_unsupported(c) && !set_missing)
				set_missing = &c;
		}
	}
	if (query_ok && set_missing)
		breach(both, fmt::format("ibv_set_ece({}){} returned {}, yet ibv_query_ece{} succeeded ({})",
					 ece_text(set_missing->asked), at(*set_missing), errno_name(set_missing->result),
					 at(*query_ok), ece_text(query_ok->got)));
	if (query_missing && set_ok)
		breach(both, fmt::format("ibv_query_ece{} returned {}, yet ibv_set_ece({}){} succeeded",
					 at(*query_missing), errno_name(query_missing->result),
					 ece_text(set_ok->asked), at(*set_ok)));

	// The QP's ECE state as the calls show it.
	std::optional<uint32_t> vendor;        // the device's: the first query's
	std::optional<ibv_ece> last_query;     // the last successful query
	std::optional<ibv_ece> accepted;       // the last accepted set: what it handed back
	uint32_t asked_options = 0;            // and what it was asked
	const EceCall *rejected = nullptr;     // a set rejected with EINVAL since the last query
	std::optional<ibv_ece> before_reject;  // the query before it
	for (const EceCall &c : view.calls) {
		if (c.verb == Verb::SetEce) {
			if (c.result == 0) {
				if (c.got.options & ~c.asked.options)
					breach(subset, fmt::format("ibv_set_ece({}){} handed back {}: options beyond "
								   "the request",
								   ece_text(c.asked), at(c), ece_text(c.got)));
				if (vendor && c.got.vendor_id != *vendor)
					breach(subset, fmt::format("ibv_set_ece({}){} handed back {}: not the device's "
								   "vendor_id {:#x}",
								   ece_text(c.asked), at(c), ece_text(c.got), *vendor));
				accepted = c.got;
				asked_options = c.asked.options;
				rejected = nullptr;
			} else if (c.result == EINVAL) {
				rejected = &c;
				before_reject = last_query;
			}
			continue;
		}
		if (c.result != 0)
			continue;
		if (!vendor)
			vendor = c.got.vendor_id;
		if (rejected && before_reject &&
		    (c.got.options != before_reject->options || c.got.vendor_id != before_reject->vendor_id))
			breach(subset, fmt::format("ibv_set_ece({}){} was rejected with EINVAL, yet ibv_query_ece{} "
						   "returns {} (before it: {})",
						   ece_text(rejected->asked), at(*rejected), at(c), ece_text(c.got),
						   ece_text(*before_reject)));
		rejected = nullptr;
		if (accepted) {
			if (c.got.options & ~accepted->options)
				breach(subset, fmt::format("ibv_query_ece{} returns {}: options ibv_set_ece did not "
							   "accept (asked {:#x}, handed back {:#x})",
							   at(c), ece_text(c.got), asked_options, accepted->options));
			if (c.got.vendor_id != *vendor)
				breach(subset, fmt::format("ibv_query_ece{} returns {}: not the device's vendor_id "
							   "{:#x}",
							   at(c), ece_text(c.got), *vendor));
			if (c.got.options != accepted->options || c.got.vendor_id != accepted->vendor_id)
				breach(exact, fmt::format("ibv_query_ece{} returns {}; the last accepted ibv_set_ece "
							  "handed back {}",
							  at(c), ece_text(c.got), ece_text(*accepted)));
		}
		last_query = c.got;
	}
	return v;
}

} // namespace ibvcert
