// The rule rows themselves: ids unique and stable in form, every rule cited,
// every value rule speaks of a field the vocabulary has.
#include "contracts/executed_by.h"
#include "contracts/qp_attr_table.h"
#include "contracts/rule.h"
#include "contracts/rule_ids/srq.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>

namespace ibvcert {
namespace {

TEST(ContractRules, IdsAreUniqueAndNamedFamilyFieldWhat)
{
	std::set<std::string> seen;
	std::regex form("[a-z0-9_]+(\\.[a-z0-9_]+)+");
	for (const ContractRule *r : all_rules()) {
		EXPECT_TRUE(seen.insert(r->id).second) << r->id << " listed twice";
		EXPECT_TRUE(std::regex_match(r->id, form)) << r->id;
		EXPECT_EQ(find_rule(r->id), r);
	}
	EXPECT_EQ(find_rule("no.such.rule"), nullptr);
}

// The families come from the IBVCERT_RULE_FAMILY lines the build found: each
// its own order (all_rules() would otherwise join two by the glob's order),
// each with rows, and the rows of all of them are all_rules().
TEST(ContractRules, EachFamilyHasItsOwnOrderAndAllRulesJoinsThemInIt)
{
	std::set<int> orders;
	std::set<std::string> names;
	size_t rows = 0;
	int last = -1;
	for (const RuleFamily *family : rule_families()) {
		EXPECT_TRUE(orders.insert(family->order).second) << family->name << ": order " << family->order << " taken";
		EXPECT_TRUE(names.insert(family->name).second) << family->name << " listed twice";
		EXPECT_GT(family->order, last) << family->name;
		last = family->order;
		EXPECT_FALSE(family->rows().empty()) << family->name;
		for (const ContractRule &r : family->rows())
			EXPECT_EQ(all_rules().at(rows++), &r) << family->name << ": " << r.id;
	}
	EXPECT_EQ(rows, all_rules().size());
	EXPECT_EQ(names.count("resize_cq"), 1u);
}

TEST(ContractRules, EveryRuleBindsAVerbAndCitesItsSentence)
{
	for (const ContractRule *r : all_rules()) {
		EXPECT_NE(r->verbs, 0u) << r->id;
		EXPECT_GT(std::string(r->man).size(), 3u) << r->id;
		EXPECT_GT(std::string(r->sentence).size(), 10u) << r->id;
		EXPECT_FALSE(condition_text(*r).empty()) << r->id;
	}
}

TEST(ContractRules, EveryRuleNamesTheCheckThatExecutesIt)
{
	for (const ContractRule *r : all_rules()) {
		EXPECT_NE(r->check, Check::Effect) << r->id << ": a sentence with no check behind it";
		EXPECT_NE(r->check, Check::Any) << r->id << ": a vocabulary row is never a rule";
		EXPECT_FALSE(executed_by(*r).empty()) << r->id << " (" << check_name(r->check) << ")";
	}
}

TEST(ContractRules, CitationOfAnIdIsTheRulesOwnCitationAndNamesAnUnknownIdAsAHarnessBug)
{
	const ContractRule *r = find_rule(rule_id::srq_create_reports_at_least_the_request);
	ASSERT_NE(r, nullptr);
	EXPECT_EQ(citation_of(r->id), "[" + std::string(r->id) + "] " + citation(*r));
	EXPECT_EQ(citation_of("no.such.rule"), "HARNESS BUG: no contract rule no.such.rule");
}

TEST(ContractRules, EveryModifyQpValueRuleNamesAFieldOfTheVocabulary)
{
	for (const ContractRule &r : modify_qp_rules()) {
		if (r.check != Check::Range && r.check != Check::Flags &&
		    r.check != Check::ZeroOrRange && r.check != Check::CurrentState)
			continue;
		bool found = false;
		for (const QpAttrField &f : qp_attr_fields())
			if (r.field == std::string(f.name)) {
				found = true;
				EXPECT_EQ(f.contract, &r) << r.id;
				EXPECT_EQ((uint64_t)f.flag, r.bits) << r.id;
			}
		EXPECT_TRUE(found) << r.id << " names " << r.field;
	}
}

} // namespace
} // namespace ibvcert
