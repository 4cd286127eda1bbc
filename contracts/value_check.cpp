#include "contracts/value_check.h"

#include <fmt/format.h>

#include <limits>

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

namespace {

// The rows of verb on field that split its values: the value checks and
// NotBelowOutstanding.
std::vector<const ContractRule *> class_rows(Verb verb, std::string_view field)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : rules_of(verb))
		if (field == r->field && (is_value_check(r->check) || r->check == Check::NotBelowOutstanding))
			out.push_back(r);
	return out;
}

bool takes(const std::vector<const ContractRule *> &rows, int64_t value, const DeviceCaps &caps,
	   const ValueContext &context)
{
	for (const ContractRule *r : rows) {
		if (r->check == Check::NotBelowOutstanding) {
			if (context.outstanding && value < *context.outstanding)
				return false;
		} else if (check_value(*r, value, caps)) {
			return false;
		}
	}
	return true;
}

} // namespace

std::vector<ValueClass> value_classes(Verb verb, std::string_view field, const DeviceCaps &caps,
				      const ValueContext &context)
{
	constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
	constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
	std::vector<const ContractRule *> rows = class_rows(verb, field);
	std::vector<ValueClass> out;
	auto add = [&](int64_t value, std::string name) {
		for (const ValueClass &c : out)
			if (c.value == value)
				return;
		out.push_back({value, std::move(name), takes(rows, value, caps, context)});
	};
	auto bound_name = [](const Bound &b, int64_t v) {
		if (b.cap == Cap::None)
			return std::to_string(v);
		return b.offset ? fmt::format("{}{:+}", cap_name(b.cap), b.offset) : std::string(cap_name(b.cap));
	};
	auto range = [&](const ContractRule &r, int64_t lo, int64_t hi) {
		std::string lo_name = bound_name(r.lo, lo), hi_name = bound_name(r.hi, hi);
		uint64_t width = (uint64_t)hi - (uint64_t)lo;
		if (lo > kMin)
			add(lo - 1, fmt::format("{}, below {}", lo - 1, lo_name));
		add(lo, lo_name);
		if (width > 1) {
			int64_t mid = (int64_t)((uint64_t)lo + width / 2);
			add(mid, fmt::format("{}, inside {}..{}", mid, lo_name, hi_name));
		}
		add(hi, hi_name);
		if (hi < kMax)
			add(hi + 1, fmt::format("{}, above {}", hi + 1, hi_name));
		if (lo > 0)
			add(-1, "-1, negative");
	};
	for (const ContractRule *r : rows) {
		int64_t lo = resolve(r->lo, caps), hi = resolve(r->hi, caps);
		switch (r->check) {
		case Check::ZeroOrRange:
			add(0, "0");
			[[fallthrough]];
		case Check::Range:
			if (lo <= hi)
				range(*r, lo, hi);
			break;
		case Check::Flags:
			add(0, "0, no bit");
			for (int bit = 0; bit < 64; bit++)
				if ((uint64_t)hi & (uint64_t{1} << bit))
					add((int64_t)(uint64_t{1} << bit), fmt::format("bit {:#x}", uint64_t{1} << bit));
			add(hi, fmt::format("{:#x}, every bit", hi));
			if (uint64_t outside = ~(uint64_t)hi) {
				uint64_t lowest = outside & (~outside + 1);
				add((int64_t)lowest, fmt::format("{:#x}, the lowest bit outside {:#x}", lowest, hi));
			}
			break;
		case Check::Zero:
			add(0, "0");
			add(1, "1, not 0");
			break;
		case Check::NotBelowOutstanding:
			if (context.outstanding) {
				add(*context.outstanding, fmt::format("{}, the outstanding count", *context.outstanding));
				if (*context.outstanding > kMin)
					add(*context.outstanding - 1,
					    fmt::format("{}, below the outstanding {}", *context.outstanding - 1,
							*context.outstanding));
			}
			break;
		default:
			break;
		}
	}
	if (!rows.empty() && context.current)
		add(*context.current, fmt::format("{}, the current value", *context.current));
	return out;
}

} // namespace ibvcert
