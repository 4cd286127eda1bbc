// The SRQ rules (contracts/srq_rules.cpp) through their one evaluator.
#include "contracts/srq_eval.h"
#include "contracts/rule_ids/srq.h"

#include <gtest/gtest.h>

#include <cerrno>

using namespace ibvcert;

namespace {

// The rules of verb an evaluator checks (the Check::Effect rows are proven by
// clauses through their effect).
size_t checked_rules_of(Verb verb)
{
	size_t n = 0;
	for (const ContractRule *r : rules_of(verb))
		n += is_request_check(r->check);
	return n;
}

DeviceCaps srq_caps(bool resize = true)
{
	DeviceCaps caps;
	caps.device.orig_attr.max_srq_wr = 1024;
	caps.device.orig_attr.max_srq_sge = 4;
	if (resize)
		caps.device.orig_attr.device_cap_flags |= IBV_DEVICE_SRQ_RESIZE;
	return caps;
}

SrqNow srq(uint32_t max_wr, uint32_t limit, uint32_t outstanding)
{
	SrqNow now;
	now.attr = {max_wr, 1, limit};
	now.outstanding = outstanding;
	return now;
}

} // namespace

TEST(SrqEval, RowsAreTheSrqFamily)
{
	for (const auto &r : srq_rules()) {
		EXPECT_EQ(find_rule(r.id), &r);
		EXPECT_EQ(std::string(r.id).rfind("srq.", 0), 0u) << r.id;
		EXPECT_EQ(r.level, Level::MUST) << r.id;
	}
	EXPECT_EQ(checked_rules_of(Verb::CreateSrq), 2u);
	EXPECT_EQ(checked_rules_of(Verb::ModifySrq), 5u);
}

TEST(SrqEval, CreateHoldsMaxWrAndMaxSgeToTheDevice)
{
	DeviceCaps caps = srq_caps();
	EXPECT_TRUE(evaluate_create_srq(caps, {16, 1, 0}).accepts());
	EXPECT_TRUE(evaluate_create_srq(caps, {1024, 0, 5000}).accepts()); // srq_limit irrelevant
	EXPECT_EQ(evaluate_create_srq(caps, {0, 1, 0}).rule_ids(),
		  std::vector<std::string>{rule_id::srq_max_wr_range});
	Verdict v = evaluate_create_srq(caps, {1025, 5, 0});
	EXPECT_EQ(v.rule_ids(), (std::vector<std::string>{rule_id::srq_max_wr_range, rule_id::srq_max_sge_range}));
	EXPECT_EQ(v.err(), EINVAL);
	EXPECT_EQ(v.verdict(), Verdict::Class::MustReject);
}

TEST(SrqEval, CreateMustReportAtLeastTheRequest)
{
	EXPECT_TRUE(evaluate_create_srq_report({16, 2, 0}, {16, 2, 0}).accepts());
	EXPECT_TRUE(evaluate_create_srq_report({16, 2, 0}, {31, 4, 0}).accepts()); // rounded up
	EXPECT_TRUE(evaluate_create_srq_report({16, 2, 9}, {16, 2, 0}).accepts()); // srq_limit not judged
	Verdict v = evaluate_create_srq_report({16, 2, 0}, {15, 1, 0});
	EXPECT_EQ(v.rule_ids(), std::vector<std::string>{rule_id::srq_create_reports_at_least_the_request});
	EXPECT_EQ(v.verdict(), Verdict::Class::MustReject);
	ASSERT_TRUE(v.first());
	EXPECT_EQ(v.first()->detail, "max_wr=15 below the 16 asked, max_sge=1 below the 2 asked");
}

TEST(SrqEval, ModifyChecksInTheTablesOrder)
{
	DeviceCaps caps = srq_caps();
	EXPECT_TRUE(evaluate_modify_srq(caps, {16, 0, 12}, IBV_SRQ_MAX_WR | IBV_SRQ_LIMIT,
					srq(8, 0, 6))
			    .accepts());
	EXPECT_STREQ(evaluate_modify_srq(caps, {}, IBV_SRQ_LIMIT | (1 << 2), srq(8, 0, 0))
			     .first()
			     ->rule->id,
		     rule_id::srq_attr_mask_known);
	EXPECT_STREQ(evaluate_modify_srq(caps, {4, 0, 2}, IBV_SRQ_MAX_WR | IBV_SRQ_LIMIT,
					 srq(8, 0, 6))
			     .first()
			     ->rule->id,
		     rule_id::srq_max_wr_not_below_outstanding);
	// srq_limit against max_wr as after the call: the SRQ's own, or the new one.
	EXPECT_STREQ(evaluate_modify_srq(caps, {0, 0, 9}, IBV_SRQ_LIMIT, srq(8, 0, 0))
			     .first()
			     ->rule->id,
		     rule_id::srq_srq_limit_not_above_max_wr);
	EXPECT_STREQ(evaluate_modify_srq(caps, {10, 0, 0}, IBV_SRQ_MAX_WR, srq(16, 12, 0))
			     .first()
			     ->rule->id,
		     rule_id::srq_srq_limit_not_above_max_wr);
	// Bits not in the mask are not read.
	EXPECT_TRUE(evaluate_modify_srq(caps, {0, 99, 0}, 0, srq(8, 0, 6)).accepts());
}

TEST(SrqEval, ResizeNeedsTheCap)
{
	DeviceCaps caps = srq_caps(false);
	Verdict v = evaluate_modify_srq(caps, {16, 0, 0}, IBV_SRQ_MAX_WR, srq(8, 0, 0));
	ASSERT_FALSE(v.accepts());
	EXPECT_STREQ(v.first()->rule->id, rule_id::srq_resize_feature);
	EXPECT_EQ(v.err(), EOPNOTSUPP);
	EXPECT_TRUE(evaluate_modify_srq(caps, {0, 0, 4}, IBV_SRQ_LIMIT, srq(8, 0, 0)).accepts());
}
