// ibv_set_ece's rules (contracts/ece_rules.cpp) through their one evaluator.
#include "contracts/ece_eval.h"
#include "contracts/rule_ids/ece.h"

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

DeviceCaps ece_caps(uint32_t vendor)
{
	DeviceCaps caps;
	caps.ece_vendor_id = vendor;
	return caps;
}

} // namespace

TEST(EceEval, RowsAreTheFamilysOwn)
{
	for (const auto &r : ece_rules()) {
		EXPECT_EQ(find_rule(r.id), &r);
		EXPECT_EQ(r.verbs, verb_bit(Verb::SetEce)) << r.id;
		EXPECT_EQ(r.level, Level::MUST) << r.id;
	}
	EXPECT_EQ(checked_rules_of(Verb::SetEce), 3u);
}

TEST(EceEval, TheOwnVendorWithoutCompMaskIsAccepted)
{
	EXPECT_TRUE(evaluate_set_ece(ece_caps(0x2c9), {0x2c9, 0xffffffff, 0}).accepts());
}

TEST(EceEval, VendorZeroIsNotSupportedFirst)
{
	Verdict v = evaluate_set_ece(ece_caps(0x2c9), {0, 1, 1});
	EXPECT_EQ(v.rule_ids(), (std::vector<std::string>{rule_id::ece_vendor_id_nonzero, rule_id::ece_comp_mask_zero}));
	EXPECT_EQ(v.err(), EOPNOTSUPP);
}

TEST(EceEval, CompMaskThenAnotherVendor)
{
	Verdict v = evaluate_set_ece(ece_caps(0x2c9), {0x2ca, 1, 4});
	EXPECT_EQ(v.rule_ids(), (std::vector<std::string>{rule_id::ece_comp_mask_zero, rule_id::ece_vendor_id_own}));
	EXPECT_EQ(v.err(), EINVAL);
	EXPECT_EQ(v.ignoring_rule(rule_id::ece_comp_mask_zero).err(), EINVAL);
}

TEST(EceEval, AnUnknownOwnVendorHoldsNoOneToIt)
{
	EXPECT_TRUE(evaluate_set_ece(ece_caps(0), {0x2ca, 1, 0}).accepts());
}
