#include "fuzz/harness/model.h"

#include "contracts/names.h"

namespace ibvcert::fuzz {

Prediction predict_modify_qp(ibv_qp_type type, ibv_qp_state current,
			     const ibv_qp_attr &attr, int attr_mask, const DeviceCaps &caps)
{
	Prediction p;
	p.verdict = evaluate_modify_qp(caps, type, current, attr, attr_mask);
	p.next = p.verdict.next;
	if (const RuleBreach *b = p.verdict.first()) {
		p.accept = false;
		p.level = b->rule->level;
		p.reason = b->rule->id;
	}
	return p;
}

std::string explain(const Prediction &p, const ibv_qp_attr &)
{
	if (p.accept)
		return "accept (the QP moves to " + qp_state_name(p.next) + ")";
	const RuleBreach *b = p.verdict.first();
	return std::string("reject [") + level_name(p.level) + "] " + p.reason + ": " + b->detail;
}

} // namespace ibvcert::fuzz
