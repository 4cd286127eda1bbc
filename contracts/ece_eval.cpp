#include "contracts/ece_eval.h"
#include "contracts/value_check.h"

#include <fmt/format.h>

namespace ibvcert {
namespace {

uint32_t field_of(const ibv_ece &e, std::string_view field)
{
	if (field == "vendor_id")
		return e.vendor_id;
	if (field == "options")
		return e.options;
	if (field == "comp_mask")
		return e.comp_mask;
	return 0;
}

} // namespace

Verdict evaluate_set_ece(const DeviceCaps &caps, const ibv_ece &ece)
{
	Verdict v;
	for (const ContractRule &r : ece_rules()) {
		if (!(r.verbs & verb_bit(Verb::SetEce)))
			continue;
		auto breach = [&](std::string detail) { v.breaches.push_back({&r, std::move(detail)}); };
		uint32_t value = field_of(ece, r.field);
		switch (r.check) {
		case Check::Range:
		case Check::Zero:
			if (auto detail = check_value(r, value, caps, ValueBase::Hex))
				breach(*detail);
			break;
		case Check::OwnVendor:
			// Only where the device's own vendor_id is known; vendor_id 0 is
			// ece.vendor_id.nonzero's.
			if (caps.ece_vendor_id && value && value != caps.ece_vendor_id)
				breach(fmt::format("{}={:#x} is not the device's ({:#x})", r.field, value,
						   caps.ece_vendor_id));
			break;
		default:
			break;
		}
	}
	return v;
}

} // namespace ibvcert
