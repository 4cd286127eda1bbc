// Clauses: a QP moved to RESET and walked up again keeps nothing the walk
// did not set. A RAW_PACKET QP paced at its device's smallest rate (through
// ibv_modify_qp, IBV_QP_RATE_LIMIT on RTS->RTS) is moved to RESET and walked
// RESET -> INIT -> RTR -> RTS with the required sets only, then sends:
// - ResetReportsNoPacingAndSendsUnpaced (MUST): where the device reports the
//   pacing in effect and reports none, the QP sends unpaced (rate_limit 0
//   means no limit; what the device reports is what it does);
// - ResetForgetsPacing (SHOULD: the pages are silent on what RESET keeps):
//   the QP sends faster than the old limit.
// And an interaction: PacingKeptAcrossAnUnrelatedModify (MUST): a QP paced
// with ibv_modify_qp_rate_limit keeps its pacing across an RTS->RTS
// ibv_modify_qp whose mask has no IBV_QP_RATE_LIMIT (measured).
#include "conformance/send_test.h"
#include "contracts/names.h"
#include "contracts/qp_attr_table.h"
#include "contracts/qp_table.h"
#include "fixtures/qp_builder.h"
#include "fixtures/rate_limit.h"
#include "contracts/rule_ids/modify_qp.h"
#include "contracts/rule_ids/rate_limit.h"

#include <fmt/format.h>

namespace ibvcert {
namespace {

class QpLifecycle : public SendTest<> {
protected:
	// ibv_modify_qp on QP 0 from -> to with mask (valid values), logged.
	int modify(SendCase &c, ibv_qp_state from, ibv_qp_state to, int mask, uint32_t rate = 0)
	{
		QpBuilder builder(c.device(), c.caps());
		ibv_qp_attr attr = builder.valid_attr(c.qp(), from, to, mask);
		attr.rate_limit = rate;
		int ret = c.qp().modify(attr, mask);
		c.note("ibv_modify_qp(" + qp_state_name(from) + "->" + qp_state_name(to) + ", " +
		       qp_attr_mask_names(mask) + ", " + describe_attr(attr, mask) + ") -> " +
		       errno_name(ret));
		return ret;
	}

	// Paces QP 0 (in RTS) at the device's smallest rate, moves it to RESET
	// and walks it back to RTS with the required sets. The old rate, or 0
	// after a failure or a SKIP (why).
	uint32_t paced_then_reset(SendCase &c, std::string &why)
	{
		if (auto w = c.prepare(1, IBV_QPS_RTS, true)) {
			why = *w;
			return 0;
		}
		if (::testing::Test::HasFailure())
			return 0;
		uint32_t slow = c.rate_in_caps(c.caps().device.packet_pacing_caps.qp_rate_limit_min);
		int ret = modify(c, IBV_QPS_RTS, IBV_QPS_RTS, IBV_QP_STATE | IBV_QP_RATE_LIMIT, slow);
		EXPECT_EQ(ret, 0) << "precondition: IBV_QP_RATE_LIMIT on RTS->RTS\n" << c.evidence();
		if (ret)
			return 0;
		ret = modify(c, IBV_QPS_RTS, IBV_QPS_RESET, IBV_QP_STATE);
		EXPECT_EQ(ret, 0) << "precondition: RTS->RESET\n" << c.evidence();
		if (ret)
			return 0;
		ibv_qp_state at = IBV_QPS_RESET;
		for (ibv_qp_state next : QpBuilder::path_to(IBV_QPS_RTS)) {
			const QpTransition *t =
				QpTransitionTable::kernel().find(IBV_QPT_RAW_PACKET, at, next);
			ret = modify(c, at, next, IBV_QP_STATE | (t ? t->required : 0));
			EXPECT_EQ(ret, 0) << "precondition: the walk back to RTS\n" << c.evidence();
			if (ret)
				return 0;
			at = next;
		}
		return slow;
	}

	// The QP sends after the RESET walk; the pacing judge decides (the
	// situation Reset: the limit it had was old_rate).
	void judge_unpaced(SendCase &c, uint32_t old_rate, const char *what)
	{
		c.note(what);
		ASSERT_EQ(c.rig().send_frames({256}), "") << c.evidence();
		record_pacing(pacing_view(c, 0, Verb::ModifyQp, PacingSituation::Reset, 0, 0, 0, old_rate), c);
	}
};

TEST_F(QpLifecycle, ResetReportsNoPacingAndSendsUnpaced)
{
	record_clause({rule_id::modify_qp_reset_reported_pacing_in_effect,
		       {rule_id::rate_limit_zero_removes_the_limit, rule_id::modify_qp_rate_limit_paces_the_qp}});
	send_case.emplace();
	SendCase &c = *send_case;
	std::string why;
	uint32_t old_rate = paced_then_reset(c, why);
	if (!why.empty())
		GTEST_SKIP() << why;
	ASSERT_FALSE(HasFailure());
	auto now = c.effective(0);
	if (!now)
		GTEST_SKIP() << "the device does not report the pacing in effect (no rate-limit query); "
				"QpLifecycle.ResetForgetsPacing measures it";
	if (now->rate_limit != 0)
		GTEST_SKIP() << "the device reports the old pacing after RESET ("
			     << describe_rate_limit_attr(*now)
			     << "): QpLifecycle.ResetForgetsPacing (SHOULD) judges that";
	judge_unpaced(c, old_rate, "after RESET and the walk back the device reports no pacing");
}

TEST_F(QpLifecycle, ResetForgetsPacing)
{
	record_clause({rule_id::modify_qp_reset_forgets_pacing,
		       {rule_id::modify_qp_rate_limit_paces_the_qp}});
	send_case.emplace();
	SendCase &c = *send_case;
	std::string why;
	uint32_t old_rate = paced_then_reset(c, why);
	if (!why.empty())
		GTEST_SKIP() << why;
	ASSERT_FALSE(HasFailure());
	judge_unpaced(c, old_rate,
		      "the QP went through RESET and the walk back set no IBV_QP_RATE_LIMIT");
}

TEST_F(QpLifecycle, PacingKeptAcrossAnUnrelatedModify)
{
	record_clause({rule_id::modify_qp_unmasked_pacing_kept,
		       {rule_id::rate_limit_pacing_max_send_rate}});
	send_case.emplace();
	SendCase &c = *send_case;
	if (auto why = c.prepare(1, IBV_QPS_RTS, true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	uint32_t rate = c.rate_in_caps(kOneGbps);
	int ret = c.modify_rate_limit(0, {rate, 0, 0, 0});
	if (auto why = c.no_verb(ret))
		GTEST_SKIP() << *why;
	ASSERT_EQ(ret, 0) << "precondition: rate_limit " << rate << " rejected\n" << c.evidence();
	ASSERT_EQ(modify(c, IBV_QPS_RTS, IBV_QPS_RTS, IBV_QP_STATE), 0)
		<< "precondition: RTS->RTS with IBV_QP_STATE alone\n" << c.evidence();
	// Enough frames to pass the burst in effect (where reported) twice.
	auto now = c.effective(0);
	uint32_t burst = now && now->max_burst_sz ? now->max_burst_sz : 65536;
	ASSERT_EQ(c.rig().send_frames({frames_past_burst(burst, c.rig().frame_bytes())}), "")
		<< c.evidence();
	record_pacing(pacing_view(c, 0, Verb::ModifyQp, PacingSituation::Kept, rate), c);
}

} // namespace
} // namespace ibvcert
