#include "fuzz/harness/values.h"

#include <fuzzer/FuzzedDataProvider.h>

namespace ibvcert::fuzz {
namespace {

uint64_t width_max(unsigned width)
{
	return width >= 64 ? ~0ull : (1ull << width) - 1;
}

// Enum-typed fields hold only the values of their enum's bits in C++
// (ibv_qp_state 0..7, ibv_mtu 0..7, ibv_mig_state 0..3): a C caller can pass
// more, but no C++ code can form them without undefined behaviour.
uint64_t value_mask(const QpAttrField &f)
{
	switch (f.flag) {
	case IBV_QP_STATE:
	case IBV_QP_CUR_STATE:
	case IBV_QP_PATH_MTU:
		return 7;
	case IBV_QP_PATH_MIG_STATE:
		return 3;
	default:
		return width_max(f.width);
	}
}

} // namespace

const char *value_kind_name(ValueKind kind)
{
	switch (kind) {
	case ValueKind::Valid: return "valid";
	case ValueKind::Low: return "low";
	case ValueKind::High: return "high";
	case ValueKind::Above: return "above";
	case ValueKind::Below: return "below";
	case ValueKind::Raw: return "raw";
	}
	return "?";
}

ValueChoice decode_value(FuzzedDataProvider &in, uint16_t field)
{
	// 0-2 valid (so that short inputs stay on the valid path), then one each.
	static constexpr ValueKind kKinds[8] = {
		ValueKind::Valid, ValueKind::Valid, ValueKind::Valid, ValueKind::Low,
		ValueKind::High,  ValueKind::Above, ValueKind::Below, ValueKind::Raw,
	};
	ValueChoice c{field, kKinds[in.ConsumeIntegralInRange<uint8_t>(0, 7)], 0};
	if (c.kind == ValueKind::Raw)
		c.raw = in.ConsumeIntegral<uint64_t>();
	return c;
}

ValueChoice decode_varied_value(FuzzedDataProvider &in, uint16_t field)
{
	auto kind = (ValueKind)in.ConsumeIntegralInRange<uint8_t>((uint8_t)ValueKind::Low,
								    (uint8_t)ValueKind::Raw);
	ValueChoice c{field, kind, 0};
	if (c.kind == ValueKind::Raw)
		c.raw = in.ConsumeIntegral<uint64_t>();
	return c;
}

uint64_t materialize(const ValueChoice &choice, const ibv_qp_attr &valid,
		     const DeviceCaps &caps, ibv_qp_state current)
{
	const QpAttrField &f = qp_attr_fields()[choice.field];
	uint64_t mask = value_mask(f);
	auto clamp = [&](int64_t v) { return (uint64_t)v & mask; };
	switch (choice.kind) {
	case ValueKind::Valid:
		return f.get(valid);
	case ValueKind::Raw:
		return choice.raw & mask;
	case ValueKind::Low:
		if (f.rule == Check::Range || f.rule == Check::ZeroOrRange)
			return clamp(resolve(f.lo, caps));
		return f.rule == Check::CurrentState ? (uint64_t)current : 0;
	case ValueKind::High:
		if (f.rule == Check::Range || f.rule == Check::ZeroOrRange || f.rule == Check::Flags)
			return clamp(resolve(f.hi, caps));
		return f.rule == Check::CurrentState ? (uint64_t)current : mask;
	case ValueKind::Above:
	case ValueKind::Below: {
		Breach breach = choice.kind == ValueKind::Above ? Breach::Above : Breach::Below;
		if (f.rule == Check::CurrentState)
			breach = Breach::Mismatch;
		uint64_t v = 0;
		std::string why_not;
		for (Breach b : breaches(f))
			if (b == breach && breach_value(f, breach, caps, current, v, why_not))
				return v & mask;
		return f.get(valid); // the table admits no such value for this field
	}
	}
	return f.get(valid);
}

void apply_choice(const ValueChoice &choice, ibv_qp_attr &attr, const ibv_qp_attr &valid,
		  const DeviceCaps &caps, ibv_qp_state current)
{
	if (choice.kind == ValueKind::Valid)
		return;
	const QpAttrField &f = qp_attr_fields()[choice.field];
	apply_value(f, attr, materialize(choice, valid, caps, current));
}

} // namespace ibvcert::fuzz
