// ibv_modify_qp_rate_limit's rules (contracts/rate_limit_rules.cpp, then
// IBV_QP_RATE_LIMIT's of ibv_modify_qp) through their one evaluator, on
// emu0's caps (RAW_PACKET paced, 1000..100000000 kbps).
#include "contracts/rate_limit_eval.h"
#include "fixtures/device_caps.h"
#include "fixtures/emu/emu_device.h"
#include "contracts/rule_ids/modify_qp.h"
#include "contracts/rule_ids/rate_limit.h"

#include <gtest/gtest.h>

#include <cerrno>

using namespace ibvcert;

namespace {

class RateLimitEval : public ::testing::Test {
protected:
	void SetUp() override { ASSERT_EQ(read_device_caps(*device, 1, caps), 0); }

	Verdict eval(uint32_t rate, uint32_t comp_mask = 0, ibv_qp_type type = IBV_QPT_RAW_PACKET,
		     ibv_qp_state state = IBV_QPS_RTS) const
	{
		ibv_qp_rate_limit_attr a{};
		a.rate_limit = rate;
		a.comp_mask = comp_mask;
		return evaluate_modify_qp_rate_limit(caps, type, state, a);
	}

	std::unique_ptr<Device> device = make_emu_device();
	DeviceCaps caps;
};

} // namespace

TEST_F(RateLimitEval, RowsAreTheFamilysOwn)
{
	for (const auto &r : rate_limit_rules()) {
		EXPECT_EQ(find_rule(r.id), &r);
		EXPECT_EQ(r.verbs, verb_bit(Verb::ModifyQpRateLimit)) << r.id;
	}
	ASSERT_NE(find_rule(rule_id::rate_limit_pacing_supported), nullptr);
	EXPECT_EQ(find_rule(rule_id::rate_limit_pacing_supported)->err, EOPNOTSUPP);
	// The verb is also bound by IBV_QP_RATE_LIMIT's rules of ibv_modify_qp.
	EXPECT_GT(rules_of(Verb::ModifyQpRateLimit).size(), rate_limit_rules().size());
}

TEST_F(RateLimitEval, ZeroAndTheCapsRangeAreAccepted)
{
	EXPECT_TRUE(eval(0).accepts());
	EXPECT_TRUE(eval(1000).accepts());
	EXPECT_TRUE(eval(100000000).accepts());
	EXPECT_TRUE(rate_limit_in_caps(0, caps));
	EXPECT_FALSE(rate_limit_in_caps(999, caps));
	Verdict v = eval(999);
	EXPECT_EQ(v.rule_ids(), std::vector<std::string>{rule_id::modify_qp_rate_limit_range});
	EXPECT_EQ(v.err(), EINVAL);
}

TEST_F(RateLimitEval, CompMaskIsAShouldRule)
{
	Verdict v = eval(0, 1);
	EXPECT_EQ(v.rule_ids(), std::vector<std::string>{rule_id::rate_limit_comp_mask_zero});
	EXPECT_EQ(v.verdict(), Verdict::Class::ShouldReject);
	EXPECT_EQ(v.err(), EINVAL);
}

TEST_F(RateLimitEval, WithoutPacingTheVerbIsNotSupported)
{
	caps.device.packet_pacing_caps = {};
	Verdict v = eval(0, 1);
	ASSERT_FALSE(v.accepts());
	EXPECT_STREQ(v.first()->rule->id, rule_id::rate_limit_pacing_supported);
	EXPECT_EQ(v.err(), EOPNOTSUPP);
}

TEST_F(RateLimitEval, AnUnpacedQpTypeIsModifyQpsFeatureRule)
{
	Verdict v = eval(1000, 0, IBV_QPT_UD);
	EXPECT_TRUE(v.breaks(rule_id::modify_qp_rate_limit_feature));
	EXPECT_FALSE(v.breaks(rule_id::rate_limit_pacing_supported));
}
