// ibv_modify_cq (CQ moderation) on the lane's CQ: attr_mask mostly
// IBV_CQ_ATTR_MODERATE (else 0, or an unknown bit with or without it),
// cq_count and cq_period around 0, 1 and the device's cq_mod_caps (each
// +-1), their top or anything. The model is the contract's one evaluator
// (contracts/modify_cq_eval.h): the clause id of a reject is the first
// broken row's. The call touches no QP (the shared checks), and where the
// device reports the moderation in effect, a failed call leaves it as it
// was and an accepted one is in effect exactly.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/modify_cq_effect.h"
#include "contracts/modify_cq_eval.h"
#include "contracts/names.h"

#include <fmt/format.h>

namespace ibvcert::fuzz {
namespace {

const OpVerb kModifyCq = {"modify_cq", "ibv_modify_cq", Verb::ModifyCq};

enum class CqValue : uint8_t { Zero, One, BelowCap, Cap, AboveCap, Top, Raw, kCount };

uint16_t cq_value(CqValue k, uint16_t raw, uint16_t cap)
{
	switch (k) {
	case CqValue::Zero: return 0;
	case CqValue::One: return 1;
	case CqValue::BelowCap: return cap ? cap - 1 : 0;
	case CqValue::Cap: return cap;
	case CqValue::AboveCap: return cap < UINT16_MAX ? cap + 1 : cap;
	case CqValue::Top: return UINT16_MAX;
	case CqValue::Raw:
	case CqValue::kCount: break;
	}
	return raw;
}

class ModifyCqOp : public Op {
public:
	ModifyCqOp(uint32_t mask, CqValue count, uint16_t raw_count, CqValue period, uint16_t raw_period)
		: mask_(mask), count_(count), period_(period), raw_count_(raw_count),
		  raw_period_(raw_period)
	{
	}

	const OpVerb &verb() const override { return kModifyCq; }
	int slot() const override { return -1; } // no QP: every QP must stay as it was

	void bind(Lane &lane) override
	{
		const auto &mc = lane.caps().device.cq_mod_caps;
		Bound &b = bound_[lane.index()];
		b.attr = ibv_modify_cq_attr{};
		b.attr.attr_mask = mask_;
		b.attr.moderate.cq_count = cq_value(count_, raw_count_, mc.max_cq_count);
		b.attr.moderate.cq_period = cq_value(period_, raw_period_, mc.max_cq_period);
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		Cq &cq = lane.cq();
		b.q_before = cq.query_moderation(b.before);
		ibv_modify_cq_attr attr = b.attr;
		int ret = cq.modify(attr);
		b.q_after = cq.query_moderation(b.after);
		return ret;
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		return expect_of(evaluate_modify_cq(lane.caps(), bound_[lane.index()].attr));
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		// The moderation read around the call (nothing where the device
		// does not report it: its result alone is judged) to the effect rows.
		Verdict v = judge_effect(observe_modify_cq(lane.caps(), b.attr, ret[i],
							   b.q_before ? nullptr : &b.before,
							   b.q_after ? nullptr : &b.after));
		if (!v.accepts())
			oracle.fail(i, {std::string("modify_cq.effect:") + v.first()->rule->id, "ibv_modify_cq's effect on the CQ breaks its rows", v});
	}

	std::string describe(const Lane &lane) const override
	{
		const auto &mc = lane.caps().device.cq_mod_caps;
		return fmt::format("cq: the lane's CQ (cq_mod_caps: max_cq_count {} max_cq_period {})\n"
				   "attr: {}\n",
				   mc.max_cq_count, mc.max_cq_period,
				   describe_modify_cq_attr(bound_[lane.index()].attr));
	}

	std::string outcome(const Lane &lane) const override
	{
		return "returned: " + errno_name(ret[lane.index()]) + "\n" + model_line(expect(lane));
	}

	std::string summary(int lane) const override
	{
		return "modify_cq: " + describe_modify_cq_attr(bound_[lane].attr) + " returned " +
		       errno_name(ret[lane]);
	}

private:
	struct Bound {
		ibv_modify_cq_attr attr{};
		ibv_moderate_cq before{}, after{};
		int q_before = 0, q_after = 0;
	};
	uint32_t mask_;
	CqValue count_, period_;
	uint16_t raw_count_, raw_period_;
	Bound bound_[kMaxLanes];
};

} // namespace

// CQ moderation: ibv_modify_cq on the lane's CQ.
void modify_cq_step(Session &s)
{
	auto &in = s.in();
	int kind = in.ConsumeIntegralInRange<int>(0, 9);
	uint32_t mask = IBV_CQ_ATTR_MODERATE;
	if (kind == 7)
		mask = 0;
	else if (kind > 7)
		mask = (1u << in.ConsumeIntegralInRange(1, 31)) | (kind == 8 ? IBV_CQ_ATTR_MODERATE : 0);
	auto value = [&](uint16_t &raw) {
		auto k = (CqValue)in.ConsumeIntegralInRange<int>(0, (int)CqValue::kCount - 1);
		raw = k == CqValue::Raw ? in.ConsumeIntegral<uint16_t>() : 0;
		return k;
	};
	uint16_t raw_count = 0, raw_period = 0;
	CqValue count = value(raw_count);
	CqValue period = value(raw_period);
	s.execute(std::make_unique<ModifyCqOp>(mask, count, raw_count, period, raw_period));
}
IBVCERT_FUZZ_ROW(modify_cq, 13);

void check_new_cq(Lane &lane, Cq &cq, const char *id, Oracle &oracle)
{
	ibv_moderate_cq now{};
	if (lane.fresh_moderation_ret || cq.query_moderation(now))
		return; // the device cannot tell its moderation
	EffectObservation obs;
	obs.verb = Verb::CreateCq;
	obs.created = true;
	obs.created_view = {{"moderation_ret", 0}, {"cq_count", now.cq_count}, {"cq_period", now.cq_period}};
	obs.first_view = {{"moderation_ret", 0},
			  {"cq_count", lane.fresh_moderation.cq_count},
			  {"cq_period", lane.fresh_moderation.cq_period}};
	Verdict v = judge_effect(obs);
	if (!v.accepts())
		oracle.fail(lane.index(), {std::string(id) + ".cq-moderation:" + v.first()->rule->id,
					   "a new CQ's moderation against a fresh CQ's of this device", v});
}

} // namespace ibvcert::fuzz
