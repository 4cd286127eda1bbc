// The effect rows' one interpreter: what a call did to its own object,
// judged from the request's verdict, the object's changes and its read-back.
#include "contracts/effect_judge.h"
#include "contracts/rule_ids/ece.h"
#include "contracts/rule_ids/modify_qp.h"
#include "contracts/rule_ids/srq.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>

namespace ibvcert {
namespace {

Verdict breaking(const char *id)
{
	Verdict v;
	v.breaches.push_back({find_rule(id), "the request's breach"});
	return v;
}

EffectObservation observed(Verb verb, long long result, std::vector<std::string> changes = {})
{
	EffectObservation o;
	o.verb = verb;
	o.result = result;
	o.viewed = true;
	o.changes = std::move(changes);
	return o;
}

TEST(EffectJudge, ARejectedModifyThatChangedItsQpBreaksChangesNothing)
{
	auto v = judge_effect(observed(Verb::ModifyQp, EINVAL, {"qp1: qkey 0 -> 5"}));
	ASSERT_TRUE(v.breaks(rule_id::modify_qp_rejected_changes_nothing)) << v.describe();
	EXPECT_EQ(v.first()->rule->level, Level::MUST);
	EXPECT_NE(v.first()->detail.find("qkey 0 -> 5"), std::string::npos);
}

TEST(EffectJudge, ARejectedModifyThatChangedNothingBreaksNothing)
{
	EXPECT_TRUE(judge_effect(observed(Verb::ModifyQp, EINVAL)).accepts());
	EXPECT_TRUE(judge_effect(observed(Verb::ModifySrq, EINVAL)).accepts());
}

TEST(EffectJudge, AnAcceptedModifyMayChangeItsObject)
{
	EXPECT_TRUE(judge_effect(observed(Verb::ModifyQp, 0, {"qp1: qp_state 0 -> 1"})).accepts());
}

// A row scoped to one request rule holds only when the request breaks it.
TEST(EffectJudge, AScopedChangesNothingRowHoldsWhenTheRequestBreaksItsRule)
{
	auto o = observed(Verb::ModifySrq, EINVAL, {"srq1: srq_limit 0 -> 9"});
	o.request_known = true;
	o.request = breaking(rule_id::srq_srq_limit_not_above_max_wr);
	auto v = judge_effect(o);
	EXPECT_TRUE(v.breaks(rule_id::srq_srq_limit_above_max_wr_changes_nothing)) << v.describe();
	EXPECT_TRUE(v.breaks(rule_id::srq_rejected_changes_nothing)) << v.describe();
	EXPECT_FALSE(v.breaks(rule_id::srq_resize_without_cap_changes_nothing)) << v.describe();
	// unknown request: only the unscoped row can be decided
	o.request_known = false;
	auto judged = effect_rules_judged(o);
	EXPECT_TRUE(std::count(judged.begin(), judged.end(), find_rule(rule_id::srq_rejected_changes_nothing)));
	EXPECT_FALSE(std::count(judged.begin(), judged.end(),
				find_rule(rule_id::srq_srq_limit_above_max_wr_changes_nothing)));
}

TEST(EffectJudge, AnAcceptedModifyMustReadBackAsSet)
{
	auto o = observed(Verb::ModifyQp, 0);
	o.read_back = true;
	o.read_back_mismatches = {"qkey: set 5, read back 0"};
	auto v = judge_effect(o);
	EXPECT_TRUE(v.breaks(rule_id::modify_qp_query_reads_back_as_set)) << v.describe();
	// not read back: the row is not judged
	o.read_back = false;
	auto judged = effect_rules_judged(o);
	EXPECT_FALSE(std::count(judged.begin(), judged.end(), find_rule(rule_id::modify_qp_query_reads_back_as_set)));
}

TEST(EffectJudge, ARejectionCarriesTheErrnoOfTheRuleTheRequestBreaks)
{
	auto o = observed(Verb::ModifyQp, EPERM);
	o.request_known = true;
	o.request = breaking(rule_id::modify_qp_pkey_index_range);
	auto v = judge_effect(o);
	ASSERT_TRUE(v.breaks(rule_id::modify_qp_rejected_errno_of_the_rule)) << v.describe();
	EXPECT_NE(v.describe().find("EPERM"), std::string::npos) << v.describe();
	o.result = EINVAL;
	EXPECT_FALSE(judge_effect(o).breaks(rule_id::modify_qp_rejected_errno_of_the_rule));
	// several rules broken: the errno of any of them will do
	o.request.breaches.push_back({find_rule(rule_id::ece_vendor_id_nonzero), "another breach"});
	o.result = EOPNOTSUPP;
	EXPECT_FALSE(judge_effect(o).breaks(rule_id::modify_qp_rejected_errno_of_the_rule));
}

TEST(EffectJudge, AValidRequestIsCarriedOutUnlessResourcesOrTheVerbAreMissing)
{
	auto o = observed(Verb::ModifyQp, EINVAL);
	o.request_known = true; // no breach: the contract accepts it
	EXPECT_TRUE(judge_effect(o).breaks(rule_id::modify_qp_required_set_accepted));
	o.result = ENOMEM;
	EXPECT_FALSE(judge_effect(o).breaks(rule_id::modify_qp_required_set_accepted));
	o.result = 0;
	EXPECT_TRUE(judge_effect(o).accepts());
}

TEST(EffectJudge, ARequestAMustRowRejectsIsNotCarriedOut)
{
	auto o = observed(Verb::ModifyQp, 0);
	o.request_known = true;
	o.request = breaking(rule_id::modify_qp_pkey_index_range);
	ASSERT_EQ(o.request.verdict(), Verdict::Class::MustReject);
	EXPECT_TRUE(judge_effect(o).breaks(rule_id::modify_qp_table_only_listed));
}

// The row's level is the level of the rejections it judges.
TEST(EffectJudge, ARequestOnlyAShouldRowRejectsIsNotCarriedOutAtShould)
{
	auto o = observed(Verb::ModifyQp, 0);
	o.request_known = true;
	o.request = breaking(rule_id::modify_qp_qp_access_flags_known);
	ASSERT_EQ(o.request.verdict(), Verdict::Class::ShouldReject);
	auto v = judge_effect(o);
	EXPECT_TRUE(v.breaks(rule_id::modify_qp_should_invalid_rejected)) << v.describe();
	EXPECT_FALSE(v.breaks(rule_id::modify_qp_table_only_listed)) << v.describe();
	EXPECT_EQ(find_rule(rule_id::modify_qp_should_invalid_rejected)->level, Level::SHOULD);
	o.request = breaking(rule_id::modify_qp_pkey_index_range); // MUST: the MUST row's alone
	v = judge_effect(o);
	EXPECT_TRUE(v.breaks(rule_id::modify_qp_table_only_listed)) << v.describe();
	EXPECT_FALSE(v.breaks(rule_id::modify_qp_should_invalid_rejected)) << v.describe();
}

// A row scoped to one request rule: that rule's errno, whatever else the
// request breaks.
TEST(EffectJudge, AScopedErrnoRowWantsItsRulesErrno)
{
	auto o = observed(Verb::SetEce, EINVAL);
	o.request_known = true;
	o.request = breaking(rule_id::ece_vendor_id_nonzero);
	o.request.breaches.push_back({find_rule(rule_id::ece_vendor_id_own), "and not the device's"});
	EXPECT_TRUE(judge_effect(o).breaks(rule_id::ece_vendor_id_zero_is_eopnotsupp));
	o.result = EOPNOTSUPP;
	EXPECT_FALSE(judge_effect(o).breaks(rule_id::ece_vendor_id_zero_is_eopnotsupp));
	o.result = EINVAL;
	o.request = breaking(rule_id::ece_vendor_id_own); // another vendor: not the row's
	EXPECT_FALSE(judge_effect(o).breaks(rule_id::ece_vendor_id_zero_is_eopnotsupp));
}

// A created object starts as the case's first of its kind did, in the
// fields the row names, whatever else differs.
TEST(EffectJudge, ACreatedObjectStartsAsTheFirstOfItsKind)
{
	EffectObservation o;
	o.verb = Verb::CreateSrq;
	o.created = true;
	o.first_view = {{"srq_limit", 0}, {"max_wr", 4}};
	o.created_view = {{"srq_limit", 0}, {"max_wr", 16}};
	EXPECT_TRUE(judge_effect(o).accepts()) << judge_effect(o).describe();
	o.created_view["srq_limit"] = 9;
	auto v = judge_effect(o);
	ASSERT_TRUE(v.breaks(rule_id::srq_lifecycle_new_srq_not_armed)) << v.describe();
	EXPECT_NE(v.first()->detail.find("srq_limit=9 (the first one read 0)"), std::string::npos) << v.describe();
	o.result = ENOMEM; // no object: nothing to judge
	EXPECT_TRUE(judge_effect(o).accepts());

	EffectObservation qp;
	qp.verb = Verb::CreateQp;
	qp.created = true;
	qp.first_view = {{"ece.options", 0}, {"ece.vendor_id", 0x2c9}, {"query_ret", 0}};
	qp.created_view = {{"ece.options", 3}, {"ece.vendor_id", 0x2c9}, {"query_ret", 0}};
	EXPECT_TRUE(judge_effect(qp).breaks(rule_id::ece_lifecycle_new_qp_starts_from_the_default));
}

TEST(EffectJudge, AnAcceptedModifyLeavesWhatItsMaskDoesNotName)
{
	auto o = observed(Verb::ModifyQp, 0);
	o.unmasked_known = true;
	o.unmasked_changes = {"min_rnr_timer: 0 -> 1"};
	auto v = judge_effect(o);
	EXPECT_TRUE(v.breaks(rule_id::modify_qp_unmasked_unchanged)) << v.describe();
	o.result = EINVAL; // a rejected call is the changes-nothing row's
	EXPECT_FALSE(judge_effect(o).breaks(rule_id::modify_qp_unmasked_unchanged));
	o.unmasked_known = false;
	auto judged = effect_rules_judged(o);
	EXPECT_FALSE(std::count(judged.begin(), judged.end(), find_rule(rule_id::modify_qp_unmasked_unchanged)));
}

// Every row of an effect check kind is one judge_effect runs.
TEST(EffectJudge, EveryRowOfAnEffectCheckIsJudgedByIt)
{
	for (const ContractRule *r : all_rules()) {
		switch (r->check) {
		case Check::UnchangedOnReject:
		case Check::ReadsBack:
		case Check::ErrnoOfRule:
		case Check::ValidAccepted:
		case Check::InvalidRejected:
		case Check::UnmaskedKept:
		case Check::StartsFresh: {
			bool found = false;
			for (unsigned v = 0; v < (unsigned)Verb::Count; v++)
				if (r->verbs & verb_bit((Verb)v)) {
					auto rows = effect_rules_of((Verb)v);
					found |= std::count(rows.begin(), rows.end(), r) > 0;
				}
			EXPECT_TRUE(found) << r->id;
			if (r->other) {
				EXPECT_NE(find_rule(r->other), nullptr) << r->id << " is scoped to " << r->other
									<< ", which no row has";
			}
			break;
		}
		default:
			break;
		}
	}
}

} // namespace
} // namespace ibvcert
