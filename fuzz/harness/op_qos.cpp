// A QP's QoS verbs: ibv_modify_qp_rate_limit (rate_limit around
// packet_pacing_caps, the defaults' zeros, raw comp_mask) and ibv_set_ece /
// ibv_query_ece (vendor_id, options, comp_mask), on a QP in any state the
// setup walked it to. The rate limit is predicted by its evaluator
// (contracts/rate_limit_eval.h: pacing, comp_mask, then IBV_QP_RATE_LIMIT's
// rules of ibv_modify_qp); a failed call leaves the pacing
// (query_rate_limit) and the ECE options (ibv_query_ece) as they were.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/ece_eval.h"
#include "contracts/ece_judge.h"
#include "contracts/effect_judge.h"
#include "contracts/names.h"
#include "contracts/outcome_judge.h"
#include "contracts/pacing_judge.h"
#include "contracts/rate_limit_eval.h"
#include "fixtures/ece.h"
#include "fixtures/rate_limit.h"

#include <cstring>

namespace ibvcert::fuzz {
namespace {

enum class RateKind : uint8_t { Zero, Min, Max, BelowMin, AboveMax, Mid, Raw, kCount };

uint32_t rate_value(RateKind k, uint32_t raw, const DeviceCaps &caps)
{
	const auto &p = caps.device.packet_pacing_caps;
	switch (k) {
	case RateKind::Zero: return 0;
	case RateKind::Min: return p.qp_rate_limit_min;
	case RateKind::Max: return p.qp_rate_limit_max;
	case RateKind::BelowMin: return p.qp_rate_limit_min ? p.qp_rate_limit_min - 1 : 0;
	case RateKind::AboveMax: return p.qp_rate_limit_max + 1;
	case RateKind::Mid: return p.qp_rate_limit_min + (p.qp_rate_limit_max - p.qp_rate_limit_min) / 2;
	case RateKind::Raw:
	case RateKind::kCount: break;
	}
	return raw;
}

bool same_rate(const ibv_qp_rate_limit_attr &a, const ibv_qp_rate_limit_attr &b)
{
	return a.rate_limit == b.rate_limit && a.max_burst_sz == b.max_burst_sz &&
	       a.typical_pkt_sz == b.typical_pkt_sz;
}

// ---------------------------------------------------------------- rate limit

class RateLimitOp : public Op {
public:
	RateLimitOp(int slot, RateKind kind, uint32_t raw, uint32_t burst, uint16_t pkt,
		    uint32_t comp_mask)
		: slot_(slot), kind_(kind), raw_(raw), burst_(burst), pkt_(pkt), comp_mask_(comp_mask)
	{
	}

	const OpVerb &verb() const override { return kModifyQpRateLimit; }
	int slot() const override { return slot_; }

	void bind(Lane &lane) override
	{
		const QpSlot &s = lane.slot(slot_);
		Bound &b = bound_[lane.index()];
		b.type = s.model.type;
		b.state = s.model.state;
		b.qp_num = s.qp->qp_num();
		b.attr = ibv_qp_rate_limit_attr{};
		b.attr.rate_limit = rate_value(kind_, raw_, lane.caps());
		b.attr.max_burst_sz = burst_;
		b.attr.typical_pkt_sz = pkt_;
		b.attr.comp_mask = comp_mask_;
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		Qp &qp = *lane.slot(slot_).qp;
		b.q_before = qp.query_rate_limit(b.before);
		ibv_qp_rate_limit_attr attr = b.attr;
		int ret = qp.modify_rate_limit(attr);
		b.q_after = qp.query_rate_limit(b.after);
		return ret;
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return expect_of(evaluate_modify_qp_rate_limit(lane.caps(), b.type, b.state, b.attr));
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		if (b.q_before || b.q_after)
			return; // the device cannot tell its pacing
		if (ret[i] && !same_rate(b.before, b.after))
			oracle.fail(i, {"modify_qp_rate_limit.unchanged",
					"a failed ibv_modify_qp_rate_limit changed the QP's pacing",
					judge_rejected_unchanged(Verb::ModifyQpRateLimit, ret[i],
								 {"pacing " + describe_rate_limit_attr(b.before) +
								  " -> " + describe_rate_limit_attr(b.after)})});
		if (ret[i] == 0) {
			// The pacing judge, on the shaping the device reports in
			// effect (no sends: the rate set, or none after rate 0).
			PacingView v;
			v.verb = Verb::ModifyQpRateLimit;
			v.situation = b.attr.rate_limit ? PacingSituation::Set : PacingSituation::Removed;
			v.rate_kbps = b.attr.rate_limit;
			v.max_burst_sz = b.attr.max_burst_sz;
			v.typical_pkt_sz = b.attr.typical_pkt_sz;
			v.in_effect = b.after;
			Verdict verdict = judge_pacing(v);
			if (!verdict.accepts())
				oracle.fail(i, {"modify_qp_rate_limit.read-back",
						"the QP paces at a rate other than the one set", verdict});
		}
	}

	std::string describe(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return "qp: " + qp_phrase(b.type, b.qp_num, b.state) + " (qp#" +
		       std::to_string(slot_) + "), rate limit\nattr: " +
		       describe_rate_limit_attr(b.attr) + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		return "returned: " + errno_name(ret[lane.index()]) + "\n" + model_line(expect(lane));
	}

	std::string summary(int lane) const override
	{
		return "modify_qp_rate_limit qp#" + std::to_string(slot_) + ": " +
		       describe_rate_limit_attr(bound_[lane].attr) + " returned " +
		       errno_name(ret[lane]);
	}

private:
	struct Bound {
		ibv_qp_type type = IBV_QPT_RC;
		ibv_qp_state state = IBV_QPS_RESET;
		uint32_t qp_num = 0;
		ibv_qp_rate_limit_attr attr{}, before{}, after{};
		int q_before = 0, q_after = 0;
	};
	int slot_;
	RateKind kind_;
	uint32_t raw_, burst_;
	uint16_t pkt_;
	uint32_t comp_mask_;
	Bound bound_[kMaxLanes];
};

// ---------------------------------------------------------------- ECE

enum class VendorKind : uint8_t { Own, Zero, Other, Raw, kCount };

class SetEceOp : public Op {
public:
	SetEceOp(int slot, VendorKind vendor, uint32_t raw_vendor, uint32_t options, uint32_t comp_mask)
		: slot_(slot), vendor_(vendor), raw_vendor_(raw_vendor), options_(options),
		  comp_mask_(comp_mask)
	{
	}

	const OpVerb &verb() const override { return kSetEce; }
	int slot() const override { return slot_; }

	void bind(Lane &lane) override
	{
		const QpSlot &s = lane.slot(slot_);
		Bound &b = bound_[lane.index()];
		b.type = s.model.type;
		b.state = s.model.state;
		b.qp_num = s.qp->qp_num();
		uint32_t own = oui_of_node_guid(lane.caps().device.orig_attr.node_guid);
		b.ece = ibv_ece{};
		b.ece.vendor_id = vendor_ == VendorKind::Own    ? own
				  : vendor_ == VendorKind::Zero ? 0
				  : vendor_ == VendorKind::Other ? own + 1
								 : raw_vendor_;
		b.ece.options = options_;
		b.ece.comp_mask = comp_mask_;
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		Qp &qp = *lane.slot(slot_).qp;
		b.q_before = qp.query_ece(b.before);
		b.out = b.ece;
		int ret = qp.set_ece(b.out);
		b.q_after = qp.query_ece(b.after);
		return ret;
	}

	// The verb's own rules (contracts/ece_eval.h); which options a vendor
	// defines is the provider's: no prediction once they hold.
	void settle(Lane &lane, int ret) override
	{
		if (ret == 0)
			lane.ece_set = true; // a QP created from now on is no reference of the default
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		Verdict v = evaluate_set_ece(lane.caps(), b.ece);
		if (v.accepts())
			return std::nullopt;
		return expect_of(v);
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		// The QP's three ECE calls of this op, in order, to ECE's judge
		// (options handed back a subset of those asked, the device's
		// vendor_id, a query after an accepted set returns what it accepted,
		// EOPNOTSUPP from both verbs or neither).
		EceView view;
		view.calls.push_back({Verb::QueryEce, {}, b.before, b.q_before, "before ibv_set_ece"});
		view.calls.push_back({Verb::SetEce, b.ece, b.out, ret[i], std::string("in ") + qp_state_name(b.state)});
		view.calls.push_back({Verb::QueryEce, {}, b.after, b.q_after, "after ibv_set_ece"});
		Verdict judged = judge_ece(view);
		if (!judged.accepts())
			oracle.fail(i, {std::string("set_ece.judged:") + judged.first()->rule->id, "the QP's ECE calls break ECE's rows", judged});
		if (b.q_before || b.q_after)
			return;
		if (ret[i] && (b.before.vendor_id != b.after.vendor_id ||
			       b.before.options != b.after.options))
			oracle.fail(i, {"set_ece.unchanged", "a failed ibv_set_ece changed the QP's ECE options",
					judge_rejected_unchanged(Verb::SetEce, ret[i],
								 {"ece " + describe_ece(b.before) + " -> " +
								  describe_ece(b.after)})});
	}

	std::string describe(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return "qp: " + qp_phrase(b.type, b.qp_num, b.state) + " (qp#" +
		       std::to_string(slot_) + "), set ECE\nece: " + describe_ece(b.ece) + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		std::string out = "returned: " + errno_name(ret[lane.index()]) + "\n";
		if (ret[lane.index()] == 0)
			out += "ece: " + describe_ece(b.out) + "\n";
		return out + model_line(expect(lane));
	}

	std::string summary(int lane) const override
	{
		return "set_ece qp#" + std::to_string(slot_) + ": " + describe_ece(bound_[lane].ece) +
		       " returned " + errno_name(ret[lane]);
	}

private:
	struct Bound {
		ibv_qp_type type = IBV_QPT_RC;
		ibv_qp_state state = IBV_QPS_RESET;
		uint32_t qp_num = 0;
		ibv_ece ece{}, out{}, before{}, after{};
		int q_before = 0, q_after = 0;
	};
	int slot_;
	VendorKind vendor_;
	uint32_t raw_vendor_, options_, comp_mask_;
	Bound bound_[kMaxLanes];
};

} // namespace

// A QP's QoS: ibv_modify_qp_rate_limit and ibv_set_ece (with ibv_query_ece
// before and after) on a live QP.
void rate_limit_step(Session &s)
{
	int slot = s.pick_live_slot();
	if (slot < 0)
		return;
	auto &in = s.in();
	// Zero bytes: the minimum rate (a valid one where the device paces).
	auto kind = (RateKind)((in.ConsumeIntegralInRange<int>(0, (int)RateKind::kCount - 1) + 1) %
			       (int)RateKind::kCount);
	uint32_t raw = kind == RateKind::Raw ? in.ConsumeIntegral<uint32_t>() : 0;
	uint32_t burst = in.ConsumeBool() ? in.ConsumeIntegral<uint32_t>() : 0;
	uint16_t pkt = in.ConsumeBool() ? in.ConsumeIntegral<uint16_t>() : 0;
	uint32_t comp_mask = in.ConsumeBool() ? 1u << in.ConsumeIntegralInRange(0, 31) : 0;
	s.execute(std::make_unique<RateLimitOp>(slot, kind, raw, burst, pkt, comp_mask));
}
IBVCERT_FUZZ_ROW(rate_limit, 8);

void set_ece_step(Session &s)
{
	int slot = s.pick_live_slot();
	if (slot < 0)
		return;
	auto &in = s.in();
	auto vendor = (VendorKind)in.ConsumeIntegralInRange<int>(0, (int)VendorKind::kCount - 1);
	uint32_t raw_vendor = vendor == VendorKind::Raw ? in.ConsumeIntegral<uint32_t>() : 0;
	uint32_t options = in.ConsumeBool() ? in.ConsumeIntegral<uint32_t>()
					    : in.ConsumeIntegralInRange<uint32_t>(0, 15);
	uint32_t comp_mask = in.ConsumeBool() ? 1u << in.ConsumeIntegralInRange(0, 31) : 0;
	s.execute(std::make_unique<SetEceOp>(slot, vendor, raw_vendor, options, comp_mask));
}
IBVCERT_FUZZ_ROW(set_ece, 9);

void check_new_qp_ece(Lane &lane, Qp &qp, ibv_qp_type type, const char *id, Oracle &oracle)
{
	ibv_ece now{};
	if (qp.query_ece(now))
		return; // no ECE on this device
	auto ref = lane.fresh_ece.find((int)type);
	if (ref == lane.fresh_ece.end()) {
		if (!lane.ece_set)
			lane.fresh_ece[(int)type] = now; // the device's default, on a fresh QP
		return;
	}
	EffectObservation obs;
	obs.verb = Verb::CreateQp;
	obs.created = true;
	obs.created_view = {{"ece.vendor_id", now.vendor_id}, {"ece.options", now.options}};
	obs.first_view = {{"ece.vendor_id", ref->second.vendor_id}, {"ece.options", ref->second.options}};
	Verdict v = judge_effect(obs);
	if (!v.accepts())
		oracle.fail(lane.index(),
			    {std::string(id) + ".ece:" + v.first()->rule->id, "a new " + qp_type_name(type) + " QP's ECE against the first "
			     "one's before any ibv_set_ece", v});
}

} // namespace ibvcert::fuzz
