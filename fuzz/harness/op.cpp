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
	return Expect{v.accepts(), v};
}

Expect expect_reject(const ContractRule &rule, std::string detail)
{
	Expect e{false, {}};
	e.verdict.breaches.push_back({&rule, std::move(detail)});
	return e;
}

std::string model_line(const std::optional<Expect> &e, const char *none)
{
	if (!e)
		return std::string("model: none (") + none + ")\n";
	if (e->accept)
		return "model: accept\n";
	const ContractRule *r = e->rule();
	return std::string("model: reject [") + level_name(r->level) + "] " + r->id + "\n";
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
