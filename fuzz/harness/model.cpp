#include "fuzz/harness/model.h"

#include "fixtures/names.h"
#include "fixtures/qp_table.h"

#include <array>

namespace ibvcert::fuzz {
namespace {

Prediction reject(Reason reason, Level level, int bits, int field = -1)
{
	Prediction p;
	p.accept = false;
	p.reason = reason;
	p.level = level;
	p.bits = bits;
	p.field = field;
	return p;
}

// Types with rows in the table, by index; others go to the table itself.
constexpr ibv_qp_type kIndexed[] = {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD, IBV_QPT_RAW_PACKET,
				    IBV_QPT_XRC_SEND, IBV_QPT_XRC_RECV};
constexpr int kTypes = sizeof(kIndexed) / sizeof(kIndexed[0]);
constexpr int kStates = IBV_QPS_UNKNOWN + 1;

int type_index(ibv_qp_type type)
{
	for (int i = 0; i < kTypes; i++)
		if (kIndexed[i] == type)
			return i;
	return -1;
}

// A range the device's caps leave empty (siw, iWARP: pkey_tbl_len 0, no
// P_Key table): the attribute does not apply there, as the conformance
// suite's breach values say (fixtures/qp_attr_table.cpp).
bool empty_range(const QpAttrField &f, const DeviceCaps &caps)
{
	return (f.rule == Rule::Range || f.rule == Rule::ZeroOrRange) &&
	       (f.lo.cap != Cap::None || f.hi.cap != Cap::None) &&
	       resolve(f.hi, caps) < resolve(f.lo, caps);
}

} // namespace

const QpTransition *find_transition(ibv_qp_type type, ibv_qp_state from, ibv_qp_state to)
{
	using Index = std::array<const QpTransition *, kTypes * kStates * kStates>;
	static const Index index = [] {
		Index idx{};
		for (const auto &row : QpTransitionTable::kernel().rows()) {
			int t = type_index(row.qp_type);
			if (t >= 0 && (unsigned)row.from < kStates && (unsigned)row.to < kStates)
				idx[(t * kStates + row.from) * kStates + row.to] = &row;
		}
		return idx;
	}();
	int t = type_index(type);
	if (t < 0 || (unsigned)from >= kStates || (unsigned)to >= kStates)
		return QpTransitionTable::kernel().find(type, from, to);
	return index[(t * kStates + from) * kStates + to];
}

const char *reason_name(Reason reason)
{
	switch (reason) {
	case Reason::None: return "none";
	case Reason::UnknownBit: return "unknown-bit";
	case Reason::InvalidTransition: return "invalid-transition";
	case Reason::MissingRequired: return "missing-required";
	case Reason::ForeignBit: return "foreign-bit";
	case Reason::NoFeature: return "no-feature";
	case Reason::InvalidValue: return "invalid-value";
	}
	return "?";
}

Prediction predict_modify_qp(ibv_qp_type type, ibv_qp_state current,
			     const ibv_qp_attr &attr, int attr_mask, const DeviceCaps &caps)
{
	const auto &fields = qp_attr_fields();
	if (int unknown = attr_mask & ~qp_attr_mask_known())
		return reject(Reason::UnknownBit, Level::MUST, unknown);
	ibv_qp_state next = current;
	if (attr_mask & IBV_QP_STATE) {
		if ((unsigned)attr.qp_state > IBV_QPS_ERR)
			return reject(Reason::InvalidValue, Level::MUST, IBV_QP_STATE, 0);
		next = attr.qp_state;
	}
	const QpTransition *t = find_transition(type, current, next);
	if (!t)
		return reject(Reason::InvalidTransition, Level::MUST, attr_mask & IBV_QP_STATE);
	if (int missing = t->required & ~attr_mask)
		return reject(Reason::MissingRequired, Level::MUST, missing);
	if (int foreign = attr_mask & ~t->allowed())
		return reject(Reason::ForeignBit, Level::MUST, foreign);

	Prediction should; // the first SHOULD-level reason, reported if no MUST one
	for (size_t i = 0; i < fields.size(); i++) {
		const QpAttrField &f = fields[i];
		if (!(attr_mask & f.flag))
			continue;
		std::string why;
		if (!device_has(flag_feature(f.flag), caps, type, why)) {
			// ibv_modify_qp(3) NOTES: "Not all devices support ..."
			if (should.accept)
				should = reject(Reason::NoFeature, Level::SHOULD, f.flag);
			continue;
		}
		if (empty_range(f, caps))
			continue; // no valid value on this device: nothing to hold it to
		if (!field_valid(f, attr, caps, current)) {
			if (f.level == Level::MUST)
				return reject(Reason::InvalidValue, Level::MUST, f.flag, (int)i);
			if (should.accept)
				should = reject(Reason::InvalidValue, Level::SHOULD, f.flag, (int)i);
		}
	}
	if (!should.accept)
		return should;
	Prediction p;
	p.next = next;
	return p;
}

std::string explain(const Prediction &p, const ibv_qp_attr &attr)
{
	if (p.accept)
		return "accept (the QP moves to " + qp_state_name(p.next) + ")";
	std::string out = std::string("reject [") + level_name(p.level) + "] " +
			  reason_name(p.reason) + ": ";
	if (p.reason == Reason::InvalidValue && p.field >= 0) {
		const QpAttrField &f = qp_attr_fields()[p.field];
		return out + describe_field(f, f.get(attr)) + " is outside the attribute table's values";
	}
	if (p.reason == Reason::InvalidTransition)
		return out + "the transition table has no such transition for this QP type";
	return out + qp_attr_mask_names(p.bits);
}

} // namespace ibvcert::fuzz
