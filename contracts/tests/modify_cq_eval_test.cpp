// ibv_modify_cq's rows and their one evaluator: each row's breach is
// rejected at the row's level with the row's errno, everything within the
// caps is accepted, and a device without cq_mod_caps refuses every call.
#include "contracts/modify_cq_eval.h"
#include "contracts/rule_ids/modify_cq.h"

#include <gtest/gtest.h>

using namespace ibvcert;
using Class = Verdict::Class;

namespace {

DeviceCaps caps_with(uint16_t max_count, uint16_t max_period)
{
	DeviceCaps caps;
	caps.device.cq_mod_caps.max_cq_count = max_count;
	caps.device.cq_mod_caps.max_cq_period = max_period;
	return caps;
}

ibv_modify_cq_attr moderate(uint16_t count, uint16_t period, uint32_t mask = IBV_CQ_ATTR_MODERATE)
{
	ibv_modify_cq_attr a{};
	a.attr_mask = mask;
	a.moderate.cq_count = count;
	a.moderate.cq_period = period;
	return a;
}

TEST(ModifyCqRules, EveryRowBindsModifyCqAndEveryRequestRuleHasItsErrno)
{
	ASSERT_FALSE(modify_cq_rules().empty());
	for (const ContractRule &r : modify_cq_rules()) {
		EXPECT_EQ(r.verbs, verb_bit(Verb::ModifyCq)) << r.id;
		EXPECT_EQ(std::string(r.id).rfind("modify_cq.", 0), 0u) << r.id;
		if (is_request_check(r.check)) {
			EXPECT_NE(r.err, 0) << r.id;
		}
		if (r.check == Check::Range) {
			EXPECT_GE(modify_cq_field(moderate(0, 0), r.field), 0) << r.id << " names " << r.field;
		}
	}
	for (const char *id : {rule_id::modify_cq_moderation_feature, rule_id::modify_cq_attr_mask_known,
			       rule_id::modify_cq_cq_count_range, rule_id::modify_cq_cq_period_range,
			       rule_id::modify_cq_rejected_changes_nothing})
		EXPECT_NE(find_rule(id), nullptr) << id;
	EXPECT_EQ(rule_for_field(Verb::ModifyCq, "moderate.cq_period"),
		  find_rule(rule_id::modify_cq_cq_period_range));
}

TEST(ModifyCqEvaluator, WithinTheCapsIsAccepted)
{
	DeviceCaps caps = caps_with(1000, 100);
	for (auto [count, period] : {std::pair<int, int>{0, 0}, {1, 1}, {1000, 100}, {999, 0}, {0, 100}}) {
		Verdict v = evaluate_modify_cq(caps, moderate(count, period));
		EXPECT_TRUE(v.accepts()) << count << "/" << period << ": " << v.describe();
	}
}

TEST(ModifyCqEvaluator, AboveEachCapIsAMustBreachWithEinval)
{
	DeviceCaps caps = caps_with(1000, 100);
	Verdict count = evaluate_modify_cq(caps, moderate(1001, 0));
	EXPECT_EQ(count.verdict(), Class::MustReject) << count.describe();
	EXPECT_TRUE(count.breaks(rule_id::modify_cq_cq_count_range));
	EXPECT_EQ(count.err(), EINVAL);
	EXPECT_EQ(count.first()->detail, "moderate.cq_count=1001 outside 0..1000");

	Verdict period = evaluate_modify_cq(caps, moderate(0, 101));
	EXPECT_EQ(period.verdict(), Class::MustReject) << period.describe();
	EXPECT_EQ(period.rule_ids(), std::vector<std::string>{rule_id::modify_cq_cq_period_range});
	EXPECT_EQ(period.err(), EINVAL);
}

TEST(ModifyCqEvaluator, TheValuesAreNotHeldToTheCapsWithoutTheFlag)
{
	DeviceCaps caps = caps_with(10, 10);
	Verdict v = evaluate_modify_cq(caps, moderate(500, 500, 1u << 1));
	EXPECT_FALSE(v.breaks(rule_id::modify_cq_cq_count_range)) << v.describe();
	EXPECT_FALSE(v.breaks(rule_id::modify_cq_cq_period_range)) << v.describe();
}

TEST(ModifyCqEvaluator, UnknownMaskBitsAndAnEmptyMaskAreMustBreachesWithEinval)
{
	DeviceCaps caps = caps_with(1000, 100);
	for (uint32_t mask : {1u << 1, 1u << 31, IBV_CQ_ATTR_MODERATE | (1u << 5)}) {
		Verdict v = evaluate_modify_cq(caps, moderate(1, 1, mask));
		EXPECT_EQ(v.verdict(), Class::MustReject) << mask;
		EXPECT_TRUE(v.breaks(rule_id::modify_cq_attr_mask_known)) << v.describe();
		EXPECT_EQ(v.err(), EINVAL);
	}
	Verdict empty = evaluate_modify_cq(caps, moderate(1, 1, 0));
	EXPECT_EQ(empty.rule_ids(), std::vector<std::string>{rule_id::modify_cq_attr_mask_nonzero});
	EXPECT_EQ(empty.err(), EINVAL);
}

TEST(ModifyCqEvaluator, WithoutCqModCapsEveryCallIsEopnotsupp)
{
	for (DeviceCaps caps : {caps_with(0, 0), caps_with(1000, 0), caps_with(0, 100)}) {
		for (auto attr : {moderate(0, 0), moderate(5, 5), moderate(0, 0, 0), moderate(0, 0, 2)}) {
			Verdict v = evaluate_modify_cq(caps, attr);
			EXPECT_EQ(v.verdict(), Class::MustReject) << describe_modify_cq_attr(attr);
			EXPECT_TRUE(v.breaks(rule_id::modify_cq_moderation_feature));
			EXPECT_EQ(v.err(), EOPNOTSUPP) << v.describe();
			// No caps to hold the values to: the feature rule alone speaks for them.
			EXPECT_FALSE(v.breaks(Check::Range) && attr.attr_mask == IBV_CQ_ATTR_MODERATE)
				<< v.describe();
		}
	}
}

TEST(ModifyCqEvaluator, DescribesTheRequest)
{
	EXPECT_EQ(describe_modify_cq_attr(moderate(16, 8)),
		  "attr_mask=IBV_CQ_ATTR_MODERATE cq_count=16 cq_period=8");
	EXPECT_EQ(describe_modify_cq_attr(moderate(0, 0, 0x3)),
		  "attr_mask=IBV_CQ_ATTR_MODERATE|0x2 cq_count=0 cq_period=0");
}

} // namespace
