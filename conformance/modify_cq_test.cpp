// ibv_modify_cq(3), CQ moderation, one case per row of
// contracts/modify_cq_rules.cpp:
//   - each range rule (cq_count, cq_period) tried one above its cap:
//     rejected with EINVAL (MUST: a value beyond the maximum cannot be in
//     effect), and, when rejected, nothing changed (MUST);
//   - attr_mask with a bit verbs.h does not define, or empty: rejected, and
//     nothing changed (MUST);
//   - values within the caps: accepted, and read back exactly where the
//     device reports the moderation in effect (MUST);
//   - a device without cq_mod_caps: EOPNOTSUPP (MUST).
// "Nothing changed" is observable only where the device reports the
// moderation (libibverbs has no query: emu0 reports it); elsewhere those
// cases SKIP once the call was rejected. A device without CQ moderation
// (rxe, siw) SKIPs every case but the EOPNOTSUPP one.
#include "conformance/modify_cq_test.h"
#include "conformance/leak_check.h"
#include "contracts/rule_ids/modify_cq.h"

namespace ibvcert {
namespace {

class ModifyCqTest : public ::testing::Test {
protected:
	void TearDown() override
	{
		c.release();
		leak_check.expect_none_left();
	}

	// A valid moderation first (so "unchanged" is not the default), then
	// bad; the moderation before and after the rejected call. Returns bad's
	// return value; sets `changed` to the difference ("" when none or not
	// observable: then `unobservable` says why).
	int reject(const ibv_modify_cq_attr &bad)
	{
		const auto &mc = c.caps().device.cq_mod_caps;
		int ret = c.modify(moderate(std::min<int>(3, mc.max_cq_count),
					    std::min<int>(2, mc.max_cq_period)));
		EXPECT_EQ(ret, 0) << "precondition: a moderation within the caps was rejected\n"
				  << c.evidence();
		auto before = c.moderation();
		ret = c.modify(bad);
		auto after = c.moderation();
		if (!before || !after)
			unobservable = "the device does not report the moderation in effect";
		else if (!same(*before, *after))
			changed = describe_moderation(*before) + " -> " + describe_moderation(*after);
		return ret;
	}

	LeakCheck leak_check;
	ModifyCqCase c;
	std::string changed, unobservable;
};

// --------------------------------------------------------------- the ranges

// The rows with a range on a moderation field, from the contract.
std::vector<const ContractRule *> range_rules()
{
	std::vector<const ContractRule *> out;
	for (const ContractRule &r : modify_cq_rules())
		if (r.check == Check::Range && r.bits == IBV_CQ_ATTR_MODERATE)
			out.push_back(&r);
	return out;
}

std::string rule_field(const ::testing::TestParamInfo<const ContractRule *> &info)
{
	std::string f = info.param->field;
	return f.substr(f.find('.') + 1); // "cq_count"
}

class ModifyCqAboveCap : public ModifyCqTest,
			 public ::testing::WithParamInterface<const ContractRule *> {
protected:
	// The request one above the rule's cap, the other field valid; nullopt
	// (with the SKIP reason) when no u16 lies above the cap.
	std::optional<ibv_modify_cq_attr> above_cap(std::string &why_not)
	{
		const ContractRule &r = *GetParam();
		int64_t hi = resolve(r.hi, c.caps());
		if (hi >= UINT16_MAX) {
			why_not = fmt::format("{} is {}: no value of the u16 {} lies above it",
					      cap_name(r.hi.cap), hi, r.field);
			return std::nullopt;
		}
		bool count = std::string(r.field) == "moderate.cq_count";
		return count ? moderate(hi + 1, 1) : moderate(1, hi + 1);
	}
};

TEST_P(ModifyCqAboveCap, Rejected)
{
	const ContractRule &r = *GetParam();
	record_clause({r.id});
	if (auto why = c.prepare(true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	std::string why_not;
	auto bad = above_cap(why_not);
	if (!bad)
		GTEST_SKIP() << why_not;
	int ret = c.modify(*bad);
	EXPECT_EQ(ret, r.err) << r.field << " above " << cap_name(r.hi.cap)
			      << " was not rejected with " << errno_name(r.err) << "\n"
			      << citation(r) << "\n" << c.evidence();
}

TEST_P(ModifyCqAboveCap, WhenRejectedChangesNothing)
{
	const ContractRule &r = *GetParam();
	record_clause({rule_id::modify_cq_rejected_changes_nothing});
	if (auto why = c.prepare(true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	std::string why_not;
	auto bad = above_cap(why_not);
	if (!bad)
		GTEST_SKIP() << why_not;
	int ret = reject(*bad);
	ASSERT_FALSE(HasFailure());
	if (ret == 0)
		GTEST_SKIP() << "the device accepted " << r.field << " above " << cap_name(r.hi.cap)
			     << " (ModifyCqAboveCap.Rejected judges that)";
	EXPECT_EQ(changed, "") << "the rejected ibv_modify_cq (" << errno_name(ret)
			       << ") changed the moderation: " << changed << "\n" << c.evidence();
	if (!HasFailure() && !unobservable.empty())
		GTEST_SKIP() << "\"nothing changed\" cannot be checked: " << unobservable
			     << " (the call was rejected with " << errno_name(ret) << ")";
}

INSTANTIATE_TEST_SUITE_P(Caps, ModifyCqAboveCap, ::testing::ValuesIn(range_rules()), rule_field);

// --------------------------------------------------------------- the mask

struct BadMask {
	const char *name;
	uint32_t mask;
	const char *rule;
};

const BadMask kBadMasks[] = {
	{"Bit1", 1u << 1, rule_id::modify_cq_attr_mask_known},
	{"Bit31", 1u << 31, rule_id::modify_cq_attr_mask_known},
	{"ModerateWithBit1", IBV_CQ_ATTR_MODERATE | (1u << 1), rule_id::modify_cq_attr_mask_known},
	{"Empty", 0, rule_id::modify_cq_attr_mask_nonzero},
};

class ModifyCqMask : public ModifyCqTest, public ::testing::WithParamInterface<BadMask> {};

TEST_P(ModifyCqMask, RejectedAndChangesNothing)
{
	const BadMask &p = GetParam();
	const ContractRule *rule = find_rule(p.rule);
	ASSERT_NE(rule, nullptr) << p.rule;
	record_clause({p.rule});
	if (auto why = c.prepare(true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	// Values the caps allow, different from the moderation in effect.
	int ret = reject(moderate(1, 1, p.mask));
	ASSERT_FALSE(HasFailure());
	// EINVAL from libibverbs' command, EOPNOTSUPP from the kernel's uverbs.
	EXPECT_TRUE(ret == EINVAL || ret == EOPNOTSUPP)
		<< "attr_mask " << fmt::format("{:#x}", p.mask) << " returned " << errno_name(ret)
		<< ", not EINVAL (or the uverbs EOPNOTSUPP)\n" << citation(*rule) << "\n"
		<< c.evidence();
	EXPECT_EQ(changed, "") << "the rejected ibv_modify_cq changed the moderation: " << changed
			       << "\n" << c.evidence();
	if (!HasFailure() && !unobservable.empty())
		GTEST_SKIP() << "\"nothing changed\" cannot be checked: " << unobservable
			     << " (the call was rejected with " << errno_name(ret) << ")";
}

std::string mask_name(const ::testing::TestParamInfo<BadMask> &info)
{
	return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(Attr, ModifyCqMask, ::testing::ValuesIn(kBadMasks), mask_name);

// --------------------------------------------------------------- accepted

enum class Within { Zero, One, Mid, Caps };

class ModifyCqWithinCaps : public ModifyCqTest, public ::testing::WithParamInterface<Within> {};

TEST_P(ModifyCqWithinCaps, AcceptedAndInEffect)
{
	record_clause({rule_id::modify_cq_moderation_in_effect_as_set});
	if (auto why = c.prepare(true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	const auto &mc = c.caps().device.cq_mod_caps;
	ibv_modify_cq_attr attr{};
	switch (GetParam()) {
	case Within::Zero: attr = moderate(0, 0); break;
	case Within::One: attr = moderate(1, 1); break;
	case Within::Mid: attr = moderate(mc.max_cq_count / 2, mc.max_cq_period / 2); break;
	case Within::Caps: attr = moderate(mc.max_cq_count, mc.max_cq_period); break;
	}
	Verdict v = evaluate_modify_cq(c.caps(), attr);
	ASSERT_TRUE(v.accepts()) << "harness: the rows reject " << describe_modify_cq_attr(attr)
				 << ": " << v.describe();
	int ret = c.modify(attr);
	EXPECT_EQ(ret, 0) << "ibv_modify_cq rejected a moderation within cq_mod_caps\n"
			  << c.evidence();
	if (ret)
		return;
	if (auto m = c.moderation()) {
		EXPECT_TRUE(same(*m, attr.moderate))
			<< "the moderation in effect is " << describe_moderation(*m) << ", not the "
			<< describe_moderation(attr.moderate) << " ibv_modify_cq accepted\n"
			<< c.evidence();
	}
}

std::string within_name(const ::testing::TestParamInfo<Within> &info)
{
	const char *names[] = {"Zero", "One", "HalfTheCaps", "TheCaps"};
	return names[(int)info.param];
}

INSTANTIATE_TEST_SUITE_P(Caps, ModifyCqWithinCaps,
			 ::testing::Values(Within::Zero, Within::One, Within::Mid, Within::Caps),
			 within_name);

// --------------------------------------------------------------- no feature

class ModifyCqWithoutModeration : public ModifyCqTest {};

TEST_F(ModifyCqWithoutModeration, ReturnsEopnotsupp)
{
	const ContractRule *rule = find_rule(rule_id::modify_cq_moderation_feature);
	ASSERT_NE(rule, nullptr);
	record_clause({rule->id});
	if (auto why = c.prepare(false))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	int ret = c.modify(moderate(1, 1));
	// ENOSYS: older rdma-core's answer for a provider without the verb.
	EXPECT_TRUE(ret == EOPNOTSUPP || ret == ENOSYS)
		<< "ibv_modify_cq returned " << errno_name(ret)
		<< ", not EOPNOTSUPP, on a device without cq_mod_caps\n" << citation(*rule) << "\n"
		<< c.evidence();
}

} // namespace
} // namespace ibvcert
