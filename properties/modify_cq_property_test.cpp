// ibv_modify_cq (CQ moderation) as properties, on one CQ of the run's
// device: attr_mask mostly IBV_CQ_ATTR_MODERATE (else 0, or an unknown bit
// with or without it), cq_count and cq_period around 0, 1 and their caps
// (each +-1) or anything. The verdict is the one evaluator's
// (contracts/modify_cq_eval.h): accepted when the rows accept, rejected on
// a MUST breach, and a SHOULD breach (a value above the caps) rejected at
// SHOULD level. Where the device reports the moderation in effect (emu0), a
// rejected call changes nothing and an accepted one is in effect exactly.
#include "contracts/modify_cq_eval.h"
#include "contracts/names.h"
#include "properties/property_check.h"
#include "properties/property_run.h"
#include "contracts/rule_ids/modify_cq.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace ibvcert {
namespace {

rc::Gen<uint16_t> around(uint16_t cap)
{
	uint16_t below = cap ? cap - 1 : 0, above = cap < UINT16_MAX ? cap + 1 : cap;
	return rc::gen::weightedOneOf<uint16_t>({
		{3, rc::gen::element<uint16_t>(0, 1, below, cap, above, UINT16_MAX)},
		{1, rc::gen::arbitrary<uint16_t>()},
	});
}

ibv_modify_cq_attr draw_request(const DeviceCaps &caps)
{
	const auto &mc = caps.device.cq_mod_caps;
	ibv_modify_cq_attr a{};
	// 0: IBV_CQ_ATTR_MODERATE, 1: empty, 2: an unknown bit with it, 3: alone.
	int kind = *rc::gen::weightedElement<int>({{7, 0}, {1, 1}, {1, 2}, {1, 3}});
	uint32_t unknown = 1u << *rc::gen::inRange(1, 32);
	const uint32_t moderate = IBV_CQ_ATTR_MODERATE;
	a.attr_mask = kind == 0 ? moderate : kind == 1 ? 0u : unknown | (kind == 2 ? moderate : 0u);
	a.moderate.cq_count = *around(mc.max_cq_count);
	a.moderate.cq_period = *around(mc.max_cq_period);
	return a;
}

bool same(const ibv_moderate_cq &a, const ibv_moderate_cq &b)
{
	return a.cq_count == b.cq_count && a.cq_period == b.cq_period;
}

class ModifyCqProperty : public ::testing::Test {
protected:
	void SetUp() override
	{
		if (auto why = run.open())
			GTEST_SKIP() << *why;
		ASSERT_TRUE(run.error().empty()) << run.error();
		std::string why;
		if (!device_has(Feature::CqModeration, run.caps(), IBV_QPT_RC, why))
			GTEST_SKIP() << why << " (ModifyCqWithoutModeration covers the device)";
		if (int ret = new_cq())
			GTEST_SKIP() << "no CQ: ibv_create_cq returned " << errno_name(ret);
		ibv_moderate_cq m{};
		has_query = cq->query_moderation(m) == 0;
	}

	// A new CQ for each case: a case (and its replay) starts from the
	// device's default moderation, whatever the cases before it did.
	int new_cq()
	{
		cq.reset();
		int cqe = std::min(16, std::max(1, run.caps().device.orig_attr.max_cqe));
		return run.device().create_cq(cqe, cq);
	}

	struct Trial {
		ibv_modify_cq_attr asked{};
		Verdict verdict;
		int ret = 0;
		int q_before = EOPNOTSUPP, q_after = EOPNOTSUPP;
		ibv_moderate_cq before{}, after{};
	};

	Trial trial(const ibv_modify_cq_attr &asked)
	{
		Trial t;
		t.asked = asked;
		if (int ret = new_cq())
			RC_FAIL("ibv_create_cq returned " + errno_name(ret) + " on device " +
				run.device().name());
		t.verdict = evaluate_modify_cq(run.caps(), asked);
		if (has_query)
			t.q_before = cq->query_moderation(t.before);
		ibv_modify_cq_attr a = asked;
		t.ret = cq->modify(a);
		if (has_query)
			t.q_after = cq->query_moderation(t.after);
		return t;
	}

	[[noreturn]] void fail(const std::string &headline, const Trial &t)
	{
		const auto &mc = run.caps().device.cq_mod_caps;
		auto shown = [](int q, const ibv_moderate_cq &m) {
			return q ? "(not reported: " + errno_name(q) + ")" : describe_moderation(m);
		};
		RC_FAIL(fmt::format("{}\ndevice: {}\ncq_mod_caps: max_cq_count {} max_cq_period {}\n"
				    "moderation before: {}\nibv_modify_cq({}) returned {}\n"
				    "moderation after: {}\ncontract: {}",
				    headline, run.device().name(), mc.max_cq_count, mc.max_cq_period,
				    shown(t.q_before, t.before), describe_modify_cq_attr(t.asked),
				    errno_name(t.ret), shown(t.q_after, t.after), t.verdict.describe()));
	}

	PropertyRun run;
	std::unique_ptr<Cq> cq;
	bool has_query = false;
};

// Accepted when the rows accept, rejected on a MUST breach (the ranges above
// cq_mod_caps among them); where the moderation is reported, a rejected call
// changes nothing and an accepted one is the moderation in effect.
TEST_F(ModifyCqProperty, AcceptedExactlyWhenTheContractSays)
{
	check_property({rule_id::modify_cq_valid_carried_out, {rule_id::modify_cq_invalid_rejected, rule_id::modify_cq_rejected_changes_nothing}}, [this] {
		Trial t = trial(draw_request(run.caps()));
		auto verdict = t.verdict.verdict();
		RC_TAG(std::string(verdict_name(verdict)) + ", device " +
		       (t.ret ? "rejected" : "accepted"));
		if (t.ret < 0)
			fail("ibv_modify_cq returned a negative value, not an errno", t);
		if (verdict == Verdict::Class::Accept && t.ret != 0)
			fail("ibv_modify_cq rejected a request the contract accepts", t);
		if (verdict == Verdict::Class::MustReject && t.ret == 0)
			fail("ibv_modify_cq accepted a request the contract rejects", t);
		if (t.q_before || t.q_after)
			return; // the device does not report the moderation in effect
		if (t.ret && !same(t.before, t.after))
			fail("a rejected ibv_modify_cq changed the moderation", t);
		if (!t.ret && !same(t.after, t.asked.moderate))
			fail("the moderation in effect is not the one ibv_modify_cq accepted", t);
	});
}

} // namespace
} // namespace ibvcert
