#include "conformance/qp_params.h"

#include "contracts/names.h"
#include "fixtures/qp_builder.h"
#include "contracts/qp_table.h"

namespace ibvcert {
namespace {

const QpTransition *row_of(const ModifyQpParam &p)
{
	return QpTransitionTable::kernel().find(p.type, p.from, p.to);
}

template <typename F>
std::vector<ModifyQpParam> for_each_row(F add)
{
	std::vector<ModifyQpParam> out;
	for (ibv_qp_type type : covered_qp_types())
		for (const auto &row : QpTransitionTable::kernel().rows())
			if (row.qp_type == type && QpBuilder::reachable(row.from))
				add(row, out);
	return out;
}

void add_bits(const QpTransition &row, int mask, std::vector<ModifyQpParam> &out)
{
	for (int bit = 0; bit < 32; bit++)
		if (mask & (1 << bit))
			out.push_back({row.qp_type, row.from, row.to, 1 << bit});
}

// attr_mask bits the verbs API does not define, tried as foreign bits.
constexpr int kUndefinedBits = (1 << 26) | (1 << 31);

} // namespace

int ModifyQpParam::required() const
{
	const QpTransition *t = row_of(*this);
	return t ? t->required : 0;
}

int ModifyQpParam::optional() const
{
	const QpTransition *t = row_of(*this);
	return t ? t->optional : 0;
}

const std::vector<ibv_qp_type> &covered_qp_types()
{
	static const std::vector<ibv_qp_type> types = {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD,
						       IBV_QPT_RAW_PACKET};
	return types;
}

std::vector<ModifyQpParam> valid_transitions()
{
	return for_each_row([](const QpTransition &row, auto &out) {
		out.push_back({row.qp_type, row.from, row.to});
	});
}

std::vector<ModifyQpParam> required_bits()
{
	return for_each_row([](const QpTransition &row, auto &out) {
		add_bits(row, row.required, out);
	});
}

std::vector<ModifyQpParam> optional_bits()
{
	return for_each_row([](const QpTransition &row, auto &out) {
		add_bits(row, row.optional, out);
	});
}

std::vector<ModifyQpParam> foreign_bits()
{
	return for_each_row([](const QpTransition &row, auto &out) {
		int foreign = (qp_attr_mask_known() | kUndefinedBits) & ~row.allowed();
		add_bits(row, foreign, out);
	});
}

std::vector<ModifyQpParam> foreign_bits_without_state()
{
	std::vector<ModifyQpParam> out;
	for (const ModifyQpParam &cur : current_states()) {
		const QpTransition *row = row_of(cur);
		int foreign = (qp_attr_mask_known() | kUndefinedBits) & ~IBV_QP_STATE &
			      ~(row ? row->optional : 0);
		for (int bit = 0; bit < 32; bit++)
			if (foreign & (1 << bit))
				out.push_back({cur.type, cur.from, cur.to, 1 << bit});
	}
	return out;
}

std::vector<ModifyQpParam> invalid_transitions()
{
	std::vector<ModifyQpParam> out;
	for (ibv_qp_type type : covered_qp_types())
		for (ibv_qp_state from : QpBuilder::reachable_states())
			for (int to = IBV_QPS_RESET; to <= IBV_QPS_ERR; to++)
				if (!QpTransitionTable::kernel().find(type, from, (ibv_qp_state)to))
					out.push_back({type, from, (ibv_qp_state)to});
	return out;
}

std::vector<ModifyQpParam> reset_and_err_transitions()
{
	std::vector<ModifyQpParam> out;
	for (ibv_qp_type type : covered_qp_types())
		for (ibv_qp_state from : QpBuilder::reachable_states())
			for (ibv_qp_state to : {IBV_QPS_RESET, IBV_QPS_ERR})
				if (!(from == IBV_QPS_RESET && to == IBV_QPS_ERR))
					out.push_back({type, from, to});
	return out;
}

std::vector<ModifyQpParam> invalid_values()
{
	return for_each_row([](const QpTransition &row, auto &out) {
		const auto &fields = qp_attr_fields();
		for (size_t i = 0; i < fields.size(); i++) {
			if (!(row.allowed() & fields[i].flag))
				continue;
			for (Breach b : breaches(fields[i]))
				out.push_back({row.qp_type, row.from, row.to, fields[i].flag,
					       (int)i, b});
		}
	});
}

std::vector<ModifyQpParam> invalid_values_without_state()
{
	std::vector<ModifyQpParam> out;
	for (const ModifyQpParam &p : invalid_values())
		if (p.from == p.to)
			out.push_back(p);
	return out;
}

std::vector<ModifyQpParam> current_states()
{
	std::vector<ModifyQpParam> out;
	for (ibv_qp_type type : covered_qp_types())
		for (ibv_qp_state s : QpBuilder::reachable_states())
			out.push_back({type, s, s});
	return out;
}

std::string param_name(const ::testing::TestParamInfo<ModifyQpParam> &info)
{
	const ModifyQpParam &p = info.param;
	std::string name = qp_type_name(p.type) + "_" + qp_state_name(p.from) + "_" +
			   qp_state_name(p.to);
	if (p.field >= 0) {
		name += std::string("_") + p.attr_field().name + "_" + breach_name(p.breach);
	} else if (p.flag) {
		std::string flag = qp_attr_flag_name(p.flag);
		name += "_" + (flag.rfind("IBV_QP_", 0) == 0 ? flag.substr(7) : "bit" + std::to_string(__builtin_ctz(p.flag)));
	}
	for (char &c : name)
		if (!isalnum((unsigned char)c))
			c = '_';
	return name;
}

} // namespace ibvcert
