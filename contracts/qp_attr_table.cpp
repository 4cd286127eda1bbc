#include "contracts/qp_attr_table.h"

#include "contracts/names.h"

#include <utility>

namespace ibvcert {
namespace {

#define ACCESS(member)                                                         \
	[](const ibv_qp_attr &a) -> uint64_t { return (uint64_t)a.member; },   \
	[](ibv_qp_attr &a, uint64_t v) {                                       \
		a.member = static_cast<decltype(a.member)>(v);                 \
	},                                                                     \
	unsigned(8 * sizeof(std::declval<ibv_qp_attr &>().member))

using G = Guard;

struct Vocabulary {
	int flag;
	const char *name;
	uint64_t (*get)(const ibv_qp_attr &);
	void (*set)(ibv_qp_attr &, uint64_t);
	unsigned width;
	Guard guard;
	bool queried;
};

// flag, name, accessors, guard, queried
const Vocabulary kVocabulary[] = {
	{IBV_QP_STATE, "qp_state", ACCESS(qp_state), G::None, true},
	{IBV_QP_CUR_STATE, "cur_qp_state", ACCESS(cur_qp_state), G::None, false},
	{IBV_QP_EN_SQD_ASYNC_NOTIFY, "en_sqd_async_notify", ACCESS(en_sqd_async_notify), G::None, false},
	{IBV_QP_ACCESS_FLAGS, "qp_access_flags", ACCESS(qp_access_flags), G::None, true},
	{IBV_QP_PKEY_INDEX, "pkey_index", ACCESS(pkey_index), G::None, true},
	{IBV_QP_PORT, "port_num", ACCESS(port_num), G::None, true},
	{IBV_QP_QKEY, "qkey", ACCESS(qkey), G::None, true},
	{IBV_QP_AV, "ah_attr.dlid", ACCESS(ah_attr.dlid), G::None, true},
	{IBV_QP_AV, "ah_attr.sl", ACCESS(ah_attr.sl), G::None, true},
	{IBV_QP_AV, "ah_attr.src_path_bits", ACCESS(ah_attr.src_path_bits), G::None, true},
	{IBV_QP_AV, "ah_attr.static_rate", ACCESS(ah_attr.static_rate), G::None, true},
	{IBV_QP_AV, "ah_attr.is_global", ACCESS(ah_attr.is_global), G::None, true},
	{IBV_QP_AV, "ah_attr.port_num", ACCESS(ah_attr.port_num), G::None, true},
	{IBV_QP_AV, "ah_attr.grh.sgid_index", ACCESS(ah_attr.grh.sgid_index), G::AhGlobal, true},
	{IBV_QP_AV, "ah_attr.grh.dgid.subnet_prefix", ACCESS(ah_attr.grh.dgid.global.subnet_prefix), G::AhGlobal, true},
	{IBV_QP_AV, "ah_attr.grh.dgid.interface_id", ACCESS(ah_attr.grh.dgid.global.interface_id), G::AhGlobal, true},
	{IBV_QP_AV, "ah_attr.grh.flow_label", ACCESS(ah_attr.grh.flow_label), G::AhGlobal, true},
	{IBV_QP_AV, "ah_attr.grh.hop_limit", ACCESS(ah_attr.grh.hop_limit), G::AhGlobal, true},
	{IBV_QP_AV, "ah_attr.grh.traffic_class", ACCESS(ah_attr.grh.traffic_class), G::AhGlobal, true},
	{IBV_QP_PATH_MTU, "path_mtu", ACCESS(path_mtu), G::None, true},
	{IBV_QP_TIMEOUT, "timeout", ACCESS(timeout), G::None, true},
	{IBV_QP_RETRY_CNT, "retry_cnt", ACCESS(retry_cnt), G::None, true},
	{IBV_QP_RNR_RETRY, "rnr_retry", ACCESS(rnr_retry), G::None, true},
	{IBV_QP_RQ_PSN, "rq_psn", ACCESS(rq_psn), G::None, true},
	{IBV_QP_MAX_QP_RD_ATOMIC, "max_rd_atomic", ACCESS(max_rd_atomic), G::None, true},
	{IBV_QP_ALT_PATH, "alt_port_num", ACCESS(alt_port_num), G::None, true},
	{IBV_QP_ALT_PATH, "alt_pkey_index", ACCESS(alt_pkey_index), G::None, true},
	{IBV_QP_ALT_PATH, "alt_timeout", ACCESS(alt_timeout), G::None, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.dlid", ACCESS(alt_ah_attr.dlid), G::None, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.sl", ACCESS(alt_ah_attr.sl), G::None, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.port_num", ACCESS(alt_ah_attr.port_num), G::None, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.src_path_bits", ACCESS(alt_ah_attr.src_path_bits), G::None, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.static_rate", ACCESS(alt_ah_attr.static_rate), G::None, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.is_global", ACCESS(alt_ah_attr.is_global), G::None, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.grh.sgid_index", ACCESS(alt_ah_attr.grh.sgid_index), G::AltAhGlobal, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.grh.dgid.subnet_prefix", ACCESS(alt_ah_attr.grh.dgid.global.subnet_prefix), G::AltAhGlobal, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.grh.dgid.interface_id", ACCESS(alt_ah_attr.grh.dgid.global.interface_id), G::AltAhGlobal, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.grh.flow_label", ACCESS(alt_ah_attr.grh.flow_label), G::AltAhGlobal, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.grh.hop_limit", ACCESS(alt_ah_attr.grh.hop_limit), G::AltAhGlobal, true},
	{IBV_QP_ALT_PATH, "alt_ah_attr.grh.traffic_class", ACCESS(alt_ah_attr.grh.traffic_class), G::AltAhGlobal, true},
	{IBV_QP_MIN_RNR_TIMER, "min_rnr_timer", ACCESS(min_rnr_timer), G::None, true},
	{IBV_QP_SQ_PSN, "sq_psn", ACCESS(sq_psn), G::None, true},
	{IBV_QP_MAX_DEST_RD_ATOMIC, "max_dest_rd_atomic", ACCESS(max_dest_rd_atomic), G::None, true},
	{IBV_QP_PATH_MIG_STATE, "path_mig_state", ACCESS(path_mig_state), G::None, false},
	{IBV_QP_CAP, "cap.max_send_wr", ACCESS(cap.max_send_wr), G::None, true},
	{IBV_QP_CAP, "cap.max_recv_wr", ACCESS(cap.max_recv_wr), G::None, true},
	{IBV_QP_CAP, "cap.max_send_sge", ACCESS(cap.max_send_sge), G::None, true},
	{IBV_QP_CAP, "cap.max_recv_sge", ACCESS(cap.max_recv_sge), G::None, true},
	{IBV_QP_CAP, "cap.max_inline_data", ACCESS(cap.max_inline_data), G::None, true},
	{IBV_QP_DEST_QPN, "dest_qp_num", ACCESS(dest_qp_num), G::None, true},
	{IBV_QP_RATE_LIMIT, "rate_limit", ACCESS(rate_limit), G::None, false},
};

#undef ACCESS

uint64_t width_max(unsigned width)
{
	return width >= 64 ? ~0ull : (1ull << width) - 1;
}

std::vector<QpAttrField> join()
{
	std::vector<QpAttrField> out;
	for (const Vocabulary &v : kVocabulary) {
		QpAttrField f{v.flag, v.name, v.get, v.set, v.width, v.guard, v.queried,
			      nullptr, Check::Any, {Cap::None, 0}, {Cap::None, 0}, Level::MUST};
		if (const ContractRule *r = rule_for_field(Verb::ModifyQp, v.name)) {
			f.contract = r;
			f.rule = r->check;
			f.lo = r->lo;
			f.hi = r->hi;
			f.level = r->level;
		}
		out.push_back(f);
	}
	return out;
}

} // namespace

const std::vector<QpAttrField> &qp_attr_fields()
{
	static const std::vector<QpAttrField> fields = join();
	return fields;
}

Feature flag_feature(int flag)
{
	for (const ContractRule &r : modify_qp_rules())
		if (r.check == Check::Feature && (r.bits & (uint64_t)flag))
			return r.feature;
	return Feature::None;
}

bool empty_range(const QpAttrField &f, const DeviceCaps &caps)
{
	return (f.rule == Check::Range || f.rule == Check::ZeroOrRange) &&
	       (f.lo.cap != Cap::None || f.hi.cap != Cap::None) &&
	       resolve(f.hi, caps) < resolve(f.lo, caps);
}

bool guard_holds(const QpAttrField &field, const ibv_qp_attr &attr)
{
	switch (field.guard) {
	case Guard::None: return true;
	case Guard::AhGlobal: return attr.ah_attr.is_global;
	case Guard::AltAhGlobal: return attr.alt_ah_attr.is_global;
	}
	return true;
}

bool field_valid(const QpAttrField &field, const ibv_qp_attr &attr,
		 const DeviceCaps &caps, ibv_qp_state current)
{
	if (!guard_holds(field, attr))
		return true;
	int64_t v = (int64_t)field.get(attr);
	switch (field.rule) {
	case Check::Range:
		return v >= resolve(field.lo, caps) && v <= resolve(field.hi, caps);
	case Check::Flags:
		return ((uint64_t)v & ~(uint64_t)resolve(field.hi, caps)) == 0;
	case Check::ZeroOrRange:
		return v == 0 || (v >= resolve(field.lo, caps) && v <= resolve(field.hi, caps));
	case Check::CurrentState:
		return v == current;
	case Check::Zero:
		return v == 0;
	default:
		return true;
	}
}

const char *breach_name(Breach breach)
{
	switch (breach) {
	case Breach::Above: return "above";
	case Breach::Below: return "below";
	case Breach::Mismatch: return "mismatch";
	}
	return "?";
}

std::vector<Breach> breaches(const QpAttrField &field)
{
	switch (field.rule) {
	case Check::Any:
		return {};
	case Check::Flags:
		return {Breach::Above};
	case Check::CurrentState:
		return {Breach::Mismatch};
	case Check::Range:
	case Check::ZeroOrRange: {
		std::vector<Breach> out;
		bool hi_at_edge = field.hi.cap == Cap::None &&
				  (uint64_t)field.hi.offset >= width_max(field.width);
		if (!hi_at_edge)
			out.push_back(Breach::Above);
		bool lo_at_zero = field.lo.cap == Cap::None && field.lo.offset <= 0;
		if (!lo_at_zero)
			out.push_back(Breach::Below);
		return out;
	}
	default:
		return {};
	}
}

bool breach_value(const QpAttrField &field, Breach breach, const DeviceCaps &caps,
		  ibv_qp_state current, uint64_t &value, std::string &why_not)
{
	switch (breach) {
	case Breach::Mismatch:
		value = current == IBV_QPS_RTS ? IBV_QPS_SQD : IBV_QPS_RTS;
		return true;
	case Breach::Above:
		if (field.rule == Check::Flags) {
			uint64_t allowed = (uint64_t)resolve(field.hi, caps);
			for (int bit = (int)field.width - 1; bit >= 0; bit--)
				if (!(allowed & (1ull << bit))) {
					value = 1ull << bit;
					return true;
				}
			why_not = "every bit of " + std::string(field.name) + " is allowed";
			return false;
		} else {
			int64_t hi = resolve(field.hi, caps);
			if (hi < 0) {
				why_not = std::string(field.name) + " has no valid value on this device "
					  "(its table is empty), so no value above the range to try";
				return false;
			}
			if ((uint64_t)hi >= width_max(field.width)) {
				why_not = std::string(field.name) + " upper bound " +
					  std::to_string(hi) + " fills the field";
				return false;
			}
			value = (uint64_t)hi + 1;
			return true;
		}
	case Breach::Below: {
		int64_t lo = resolve(field.lo, caps);
		int64_t floor = field.rule == Check::ZeroOrRange ? 1 : 0;
		if (lo <= floor) {
			why_not = std::string(field.name) + " lower bound " +
				  std::to_string(lo) + " leaves no invalid value below it";
			return false;
		}
		value = (uint64_t)(lo - 1);
		return true;
	}
	}
	return false;
}

void apply_value(const QpAttrField &field, ibv_qp_attr &attr, uint64_t value)
{
	field.set(attr, value);
	if (field.guard == Guard::AhGlobal)
		attr.ah_attr.is_global = 1;
	if (field.guard == Guard::AltAhGlobal)
		attr.alt_ah_attr.is_global = 1;
}

std::string describe_field(const QpAttrField &field, uint64_t value)
{
	std::string name = field.name;
	if (field.flag == IBV_QP_STATE || field.flag == IBV_QP_CUR_STATE)
		return name + "=" + qp_state_name((int)value);
	if (field.flag == IBV_QP_PATH_MTU)
		return name + "=" + mtu_name((int)value);
	char buf[32];
	if (field.flag == IBV_QP_ACCESS_FLAGS || field.width == 64)
		snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)value);
	else
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)value);
	return name + "=" + buf;
}

std::string describe_attr(const ibv_qp_attr &attr, int mask)
{
	std::string out;
	for (const auto &f : qp_attr_fields()) {
		if (!(mask & f.flag) || !guard_holds(f, attr))
			continue;
		if (!out.empty())
			out += ' ';
		out += describe_field(f, f.get(attr));
	}
	return out;
}

} // namespace ibvcert
