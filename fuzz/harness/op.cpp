#include "fuzz/harness/op.h"

#include "contracts/names.h"

namespace ibvcert::fuzz {

std::string hex(uint64_t v)
{
	char buf[24];
	snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v);
	return buf;
}

Expect expect_of(const Verdict &v)
{
	const RuleBreach *b = v.first();
	if (!b)
		return Expect{};
	return Expect{false, b->rule->level, b->rule->id};
}

std::string model_line(const std::optional<Expect> &e, const char *none)
{
	if (!e)
		return std::string("model: none (") + none + ")\n";
	return std::string("model: ") +
	       (e->accept ? "accept" : std::string("reject [") + level_name(e->level) + "] " + e->reason) +
	       "\n";
}

std::string Op::outcome(const Lane &lane) const
{
	return "returned: " + errno_name(ret[lane.index()]) + "\n";
}

std::string qp_phrase(ibv_qp_type type, uint32_t qp_num, ibv_qp_state state)
{
	return qp_type_name(type) + " qp_num=" + hex(qp_num) + " in " + qp_state_name(state);
}

} // namespace ibvcert::fuzz
