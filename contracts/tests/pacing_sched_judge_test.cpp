// The pacing and scheduling judges on made-up observations: each row breaks
// exactly where its check says, and no row breaks on an observation that
// keeps it.
#include "contracts/pacing_judge.h"
#include "contracts/sched_judge.h"

#include <gtest/gtest.h>
#include <infiniband/mlx5dv.h>

namespace ibvcert {
namespace {

// n sends of `bytes`, one every `gap_ns`, from t0.
std::vector<SendRecord> sends(int n, uint32_t bytes, int64_t gap_ns, int64_t t0 = 0)
{
	std::vector<SendRecord> r;
	for (int i = 0; i < n; i++)
		r.push_back({t0 + i * gap_ns, bytes});
	return r;
}

// 1 Gb/s: a 1000-byte send every 8000 ns.
PacingView paced_at_1g(PacingSituation s, Verb verb)
{
	PacingView v;
	v.verb = verb;
	v.situation = s;
	v.rate_kbps = 1000000;
	v.in_effect = ibv_qp_rate_limit_attr{1000000, 4000, 1000, 0};
	v.sends = sends(200, 1000, 8000);
	return v;
}

TEST(PacingJudge, SendsAtTheRateKeepMaxSendRate)
{
	PacingView v = paced_at_1g(PacingSituation::Set, Verb::ModifyQpRateLimit);
	auto judged = pacing_rules_judged(v);
	ASSERT_EQ(judged.size(), 1u);
	EXPECT_STREQ(judged[0]->id, "rate_limit.pacing.max_send_rate");
	EXPECT_TRUE(judge_pacing(v).accepts());
}

TEST(PacingJudge, ABurstBeyondMaxBurstSzBreaksTheRow)
{
	PacingView v = paced_at_1g(PacingSituation::Set, Verb::ModifyQp);
	// 8 sends at once after an idle time: 8000 bytes beyond the rate, more
	// than max_burst_sz 4000.
	for (int i = 0; i < 8; i++)
		v.sends.push_back({v.sends.back().at_ns + 10000000, 1000});
	for (int i = 1; i < 8; i++)
		v.sends[v.sends.size() - 8 + i].at_ns = v.sends[v.sends.size() - 8].at_ns;
	Verdict got = judge_pacing(v);
	EXPECT_TRUE(got.breaks("modify_qp.rate_limit.paces_the_qp")) << got.describe();
}

TEST(PacingJudge, ABurstOfOnePacketIsAllowedWhereMaxBurstSzIsSmaller)
{
	PacingView v = paced_at_1g(PacingSituation::Reported, Verb::Count);
	v.in_effect->max_burst_sz = 200; // below one 1000-byte packet
	v.sends.push_back({v.sends.back().at_ns + 10000000, 1000});
	EXPECT_TRUE(judge_pacing(v).accepts()) << judge_pacing(v).describe();
}

TEST(PacingJudge, RemovedLimitMustSendFasterThanTheOldOne)
{
	PacingView v;
	v.verb = Verb::ModifyQpRateLimit;
	v.situation = PacingSituation::Removed;
	v.prior_kbps = 1000000;
	v.in_effect = ibv_qp_rate_limit_attr{0, 0, 0, 0};
	v.sends = sends(100, 1000, 8000); // still 1 Gb/s
	Verdict got = judge_pacing(v);
	EXPECT_TRUE(got.breaks("rate_limit.zero.removes_the_limit")) << got.describe();
	v.sends = sends(100, 1000, 80); // 100 Gb/s
	EXPECT_TRUE(judge_pacing(v).accepts());
	v.in_effect->rate_limit = 5; // reports a limit in effect
	EXPECT_TRUE(judge_pacing(v).breaks("rate_limit.zero.removes_the_limit"));
}

TEST(PacingJudge, ResetRowsOnlyWhereTheDeviceReportsNone)
{
	PacingView v;
	v.verb = Verb::ModifyQp;
	v.situation = PacingSituation::Reset;
	v.prior_kbps = 1000000;
	v.sends = sends(100, 1000, 8000);
	// Not reported: the SHOULD row alone.
	Verdict got = judge_pacing(v);
	EXPECT_TRUE(got.breaks("modify_qp.reset.forgets_pacing"));
	EXPECT_FALSE(got.breaks("modify_qp.reset.reported_pacing_in_effect"));
	v.in_effect = ibv_qp_rate_limit_attr{0, 0, 0, 0};
	EXPECT_TRUE(judge_pacing(v).breaks("modify_qp.reset.reported_pacing_in_effect"));
}

TEST(PacingJudge, DefaultsInEffectAreTheMtuAndABurst)
{
	PacingView v = paced_at_1g(PacingSituation::Defaults, Verb::ModifyQpRateLimit);
	v.port_mtu_bytes = 1024;
	v.in_effect->typical_pkt_sz = 1024;
	EXPECT_TRUE(judge_pacing(v).accepts()) << judge_pacing(v).describe();
	v.in_effect->typical_pkt_sz = 0;
	EXPECT_TRUE(judge_pacing(v).breaks("rate_limit.defaults.zero_selects_the_default"));
}

ShareView two_flows(double got0, double got1)
{
	ShareView v;
	v.situation = ShareSituation::Example;
	v.link_bps = 100e9;
	v.tree = {{-1, 1, 10e9, false}, {0, 7, 0, false}, {0, 3, 0, false}, {1, 1, 0, true}, {2, 1, 0, true}};
	v.from_ns = 0;
	v.to_ns = 1000000;
	v.tolerance_bps = 0.1e9;
	// A flow's rate over (0, 1 ms]: one record of the bytes at the end.
	v.flows = {{"QP 0", 3, {{1000000, (uint32_t)(got0 / 8e3)}}},
		   {"QP 1", 4, {{1000000, (uint32_t)(got1 / 8e3)}}}};
	return v;
}

TEST(SchedJudge, SharesAtTheWeightedMaxMinKeepTheRow)
{
	EXPECT_TRUE(judge_shares(two_flows(7e9, 3e9)).accepts());
	Verdict got = judge_shares(two_flows(5e9, 5e9));
	EXPECT_TRUE(got.breaks("sched.shares.weighted_max_min")) << got.describe();
	EXPECT_EQ(got.breaches.size(), 1u);
}

TEST(SchedJudge, CallRows)
{
	SchedCallView v;
	v.call = SchedCall::Modify;
	v.flags = MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW;
	v.bw_share = 9;
	v.max_avg_bw = 2000;
	v.before = SchedApplied{3, 0};
	v.after = SchedApplied{3, 2000};
	EXPECT_TRUE(judge_sched_call(v).accepts());
	v.after = SchedApplied{9, 2000};
	EXPECT_TRUE(judge_sched_call(v).breaks("sched.field_without_flag.ignored"));

	SchedCallView d;
	d.call = SchedCall::Destroy;
	d.had_children = true;
	d.result = 0;
	EXPECT_TRUE(judge_sched_call(d).breaks("sched.destroy.children_first"));
	d.result = 16;
	EXPECT_TRUE(judge_sched_call(d).accepts());

	SchedCallView a;
	a.call = SchedCall::Attach;
	a.qp_type = IBV_QPT_UD;
	a.asked = {1, 1};
	a.result = 0;
	EXPECT_TRUE(judge_sched_call(a).breaks("sched.qp_attach.responder_is_ib_only"));
	a.asked = {1, 0};
	a.result = 22;
	EXPECT_TRUE(judge_sched_call(a).breaks("sched.qp_attach.attach_and_detach"));
	a.result = 95; // EOPNOTSUPP: no caps, the consumer SKIPs
	EXPECT_TRUE(judge_sched_call(a).accepts());

	SchedCallView q;
	q.call = SchedCall::ReadQp;
	q.leaves_after = QpLeaves{};
	EXPECT_TRUE(judge_sched_call(q).accepts());
	q.leaves_after = QpLeaves{7, 0};
	EXPECT_TRUE(judge_sched_call(q).breaks("sched.qp_attach.default_unassociated"));
}

} // namespace
} // namespace ibvcert
