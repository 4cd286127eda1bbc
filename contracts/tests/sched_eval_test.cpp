// The scheduling rules (contracts/sched_rules.cpp) through their one
// evaluator, and the fixtures' breaches of them (fixtures/sched_attr.h).
#include "contracts/sched_eval.h"
#include "fixtures/sched_attr.h"
#include "contracts/rule_ids/sched.h"

#include <gtest/gtest.h>

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

// Stand-ins: the rules only compare parent pointers.
SchedNode *const kRoot = reinterpret_cast<SchedNode *>(0x1000);
SchedNode *const kNode = reinterpret_cast<SchedNode *>(0x2000);

SchedAttr valid(SchedKind kind)
{
	SchedAttr a;
	a.parent = kind == SchedKind::Root ? nullptr : kind == SchedKind::Node ? kRoot : kNode;
	if (kind != SchedKind::Root) {
		a.flags = sched_attr_flags_known();
		a.bw_share = 3;
		a.max_avg_bw = 4096;
	}
	return a;
}

const SchedNode *parent_of(SchedKind kind)
{
	return kind == SchedKind::Root ? nullptr : kind == SchedKind::Node ? kRoot : kNode;
}

DeviceCaps no_caps; // the rules read no cap

const ContractRule *first_broken(SchedKind kind, Verb verb, const SchedAttr &a,
				 const SchedNode *current_parent)
{
	Verdict v = evaluate_sched_attr(no_caps, kind, verb, a, current_parent);
	return v.first() ? v.first()->rule : nullptr;
}

} // namespace

TEST(SchedEval, ValidRequestsBreakNothing)
{
	for (auto kind : {SchedKind::Root, SchedKind::Node, SchedKind::Leaf})
		for (auto verb : {Verb::SchedCreate, Verb::SchedModify})
			EXPECT_EQ(first_broken(kind, verb, valid(kind), parent_of(kind)), nullptr)
				<< sched_kind_name(kind) << sched_verb_name(verb);
}

TEST(SchedEval, EachBreachBreaksItsOwnRule)
{
	for (const auto &rule : sched_rules()) {
		if (!sched_breakable(rule))
			continue;
		for (auto kind : {SchedKind::Root, SchedKind::Node, SchedKind::Leaf})
			for (auto verb : {Verb::SchedCreate, Verb::SchedModify}) {
				if (!sched_rule_applies(rule, kind, verb))
					continue;
				SchedAttr bad = sched_breach(rule, valid(kind));
				EXPECT_EQ(first_broken(kind, verb, bad, parent_of(kind)), &rule)
					<< rule.field << " " << sched_kind_name(kind) << sched_verb_name(verb);
			}
	}
}

TEST(SchedEval, RootFieldWithoutItsFlagIsIgnored)
{
	SchedAttr a;
	a.bw_share = 5;
	a.max_avg_bw = 1000; // flags 0: neither is given
	EXPECT_EQ(first_broken(SchedKind::Root, Verb::SchedCreate, a, nullptr), nullptr);
	SchedAttr applied = sched_applied(a, SchedAttr{});
	EXPECT_EQ(applied.bw_share, 0u);
	EXPECT_EQ(applied.max_avg_bw, 0u);
}

TEST(SchedEval, ModifyKeepsFieldsWhoseFlagIsClear)
{
	SchedAttr current = valid(SchedKind::Leaf);
	SchedAttr req;
	req.parent = kNode;
	req.flags = MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW;
	req.bw_share = 9;
	req.max_avg_bw = 100;
	SchedAttr after = sched_applied(req, current);
	EXPECT_EQ(after.bw_share, 3u);
	EXPECT_EQ(after.max_avg_bw, 100u);
}

TEST(SchedEval, ModifyDoesNotMoveAnElement)
{
	SchedAttr a = valid(SchedKind::Node);
	a.parent = kNode; // its parent is kRoot
	const ContractRule *r = first_broken(SchedKind::Node, Verb::SchedModify, a, kRoot);
	ASSERT_NE(r, nullptr);
	EXPECT_STREQ(r->id, rule_id::sched_parent_same);
	EXPECT_EQ(r->level, Level::SHOULD);
}

TEST(SchedEval, FlagNames)
{
	EXPECT_EQ(sched_flags_names(0), "0");
	EXPECT_EQ(sched_flags_names(3), "BW_SHARE|MAX_AVG_BW");
	EXPECT_EQ(sched_flags_names(5), "BW_SHARE|0x4");
}

TEST(SchedEval, RowsBindTheirKindsAndVerbs)
{
	for (const auto &rule : sched_rules()) {
		EXPECT_NE(rule.scope, 0u) << rule.id;
		EXPECT_EQ(rule.verbs & ~(verb_bit(Verb::SchedCreate) | verb_bit(Verb::SchedModify)), 0u)
			<< rule.id;
		EXPECT_EQ(find_rule(rule.id), &rule);
		EXPECT_EQ(std::string(rule.id).rfind("sched.", 0), 0u) << rule.id;
	}
	EXPECT_EQ(checked_rules_of(Verb::SchedCreate) + 1, checked_rules_of(Verb::SchedModify));
}

TEST(SchedEval, FaultKnobsIgnoreOneRuleEach)
{
	SchedAttr a;
	a.flags = MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE;
	a.bw_share = 5;
	a.comp_mask = 1;
	Verdict v = evaluate_sched_attr(no_caps, SchedKind::Root, Verb::SchedCreate, a, nullptr);
	EXPECT_EQ(v.rule_ids(),
		  (std::vector<std::string>{rule_id::sched_comp_mask_zero, rule_id::sched_bw_share_root_zero}));
	EXPECT_TRUE(v.ignoring_rule(rule_id::sched_comp_mask_zero).ignoring_rule(rule_id::sched_bw_share_root_zero)
			    .accepts());
	EXPECT_EQ(v.err(), EINVAL);
}
