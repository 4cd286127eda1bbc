// Clause: IBV_QP_RATE_LIMIT through ibv_modify_qp, on the transitions the
// table allows it (RAW_PACKET RTR->RTS and RTS->RTS; its rejection elsewhere
// is ModifyQpForeignAttribute's), is accepted and paces the QP: measured,
// as ibv_modify_qp_rate_limit's.
#include "conformance/send_test.h"
#include "contracts/names.h"
#include "fixtures/qp_builder.h"
#include "contracts/qp_table.h"
#include "fixtures/rate_limit.h"
#include "contracts/rule_ids/modify_qp.h"

namespace ibvcert {
namespace {

class ModifyQpRateLimit : public SendTest<::testing::TestWithParam<ibv_qp_state>> {};

TEST_P(ModifyQpRateLimit, PacesTheQp)
{
	record_clause({rule_id::modify_qp_rate_limit_paces_the_qp});
	ibv_qp_state from = GetParam();
	send_case.emplace();
	SendCase &c = *send_case;
	if (auto why = c.prepare(1, from, true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	const QpTransition *t = QpTransitionTable::kernel().find(IBV_QPT_RAW_PACKET, from, IBV_QPS_RTS);
	ASSERT_TRUE(t && (t->optional & IBV_QP_RATE_LIMIT)) << "the transition table changed";
	int mask = IBV_QP_STATE | t->required | IBV_QP_RATE_LIMIT;
	QpBuilder builder(c.device(), c.caps());
	ibv_qp_attr attr = builder.valid_attr(c.qp(), from, IBV_QPS_RTS, mask);
	uint32_t rate = c.rate_in_caps(kOneGbps);
	attr.rate_limit = rate;
	int ret = c.qp().modify(attr, mask);
	c.note("ibv_modify_qp(" + qp_state_name(from) + "->RTS, " + qp_attr_mask_names(mask) + ", " +
	       describe_attr(attr, mask) + ") -> " + errno_name(ret));
	ASSERT_EQ(ret, 0) << "IBV_QP_RATE_LIMIT rejected where the table allows it\n" << c.evidence();
	// Enough frames to pass the burst in effect (where reported) twice.
	auto now = c.effective(0);
	uint32_t burst = now && now->max_burst_sz ? now->max_burst_sz : 65536;
	ASSERT_EQ(c.rig().send_frames({frames_past_burst(burst, c.rig().frame_bytes())}), "")
		<< c.evidence();
	record_pacing(pacing_view(c, 0, Verb::ModifyQp, PacingSituation::Set, rate), c);
}

std::string transition_name(const ::testing::TestParamInfo<ibv_qp_state> &info)
{
	return "RAW_PACKET_" + qp_state_name(info.param) + "_RTS";
}

INSTANTIATE_TEST_SUITE_P(Table, ModifyQpRateLimit, ::testing::Values(IBV_QPS_RTR, IBV_QPS_RTS),
			 transition_name);

} // namespace
} // namespace ibvcert
