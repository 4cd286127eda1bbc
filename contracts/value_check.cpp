#include "contracts/value_check.h"

#include <fmt/format.h>

namespace ibvcert {

bool is_value_check(Check check)
{
	return check == Check::Range || check == Check::ZeroOrRange || check == Check::Flags ||
	       check == Check::Zero;
}

std::optional<std::string> check_value(const ContractRule &r, int64_t value, const DeviceCaps &caps,
				       ValueBase base)
{
	auto text = [base](int64_t v) {
		return base == ValueBase::Hex ? fmt::format("{:#x}", v) : std::to_string(v);
	};
	int64_t lo = resolve(r.lo, caps), hi = resolve(r.hi, caps);
	switch (r.check) {
	case Check::Range:
		if (lo > hi || (value >= lo && value <= hi))
			return std::nullopt;
		return fmt::format("{}={} outside {}..{}", r.field, text(value), text(lo), text(hi));
	case Check::ZeroOrRange:
		if (value == 0 || lo > hi || (value >= lo && value <= hi))
			return std::nullopt;
		return fmt::format("{}={} neither 0 nor in {}..{}", r.field, text(value), text(lo),
				   text(hi));
	case Check::Flags:
		if (!((uint64_t)value & ~(uint64_t)hi))
			return std::nullopt;
		return fmt::format("{}={:#x} has bits outside {:#x}", r.field, value, hi);
	case Check::Zero:
		if (value == 0)
			return std::nullopt;
		return fmt::format("{}={:#x}, not 0", r.field, value);
	default:
		return std::nullopt;
	}
}

} // namespace ibvcert
