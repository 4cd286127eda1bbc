// Clause: ibv_modify_qp_rate_limit in every state a paced RAW_PACKET QP can
// be in (the states of the kernel table's RAW_PACKET rows that
// ibv_modify_qp reaches). The verb is IBV_QP_RATE_LIMIT on the current ->
// current row: where that row allows it (RTS) a rate within
// packet_pacing_caps is accepted; elsewhere it is rejected with EINVAL and
// the pacing in effect and every queried attribute are unchanged; a rate
// above qp_rate_limit_max is rejected with EINVAL in every state.
#include "conformance/send_test.h"
#include "contracts/names.h"
#include "contracts/qp_table.h"
#include "fixtures/qp_builder.h"
#include "fixtures/qp_snapshot.h"
#include "fixtures/rate_limit.h"
#include "contracts/rule_ids/modify_qp.h"
#include "contracts/rule_ids/rate_limit.h"

#include <algorithm>

namespace ibvcert {
namespace {

std::vector<ibv_qp_state> raw_states()
{
	std::vector<ibv_qp_state> out;
	auto add = [&](ibv_qp_state s) {
		if (QpBuilder::reachable(s) && std::find(out.begin(), out.end(), s) == out.end())
			out.push_back(s);
	};
	for (const QpTransition &t : QpTransitionTable::kernel().rows())
		if (t.qp_type == IBV_QPT_RAW_PACKET) {
			add(t.from);
			add(t.to);
		}
	std::sort(out.begin(), out.end());
	return out;
}

class RateLimitInState : public SendTest<::testing::TestWithParam<ibv_qp_state>> {};

TEST_P(RateLimitInState, FollowsTheCurrentStateRow)
{
	record_clause({rule_id::rate_limit_every_state_follows_the_table,
		       {rule_id::modify_qp_rate_limit_range, rule_id::modify_qp_transition_allowed}});
	ibv_qp_state state = GetParam();
	send_case.emplace();
	SendCase &c = *send_case;
	if (auto why = c.prepare(1, state, true))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	const QpTransition *row = QpTransitionTable::kernel().find(IBV_QPT_RAW_PACKET, state, state);
	bool allowed = row && (row->optional & IBV_QP_RATE_LIMIT);
	const auto &pp = c.caps().device.packet_pacing_caps;
	std::string in = "in " + qp_state_name(state) + ": ";

	struct Try {
		uint32_t rate;
		bool valid;
	};
	std::vector<Try> tries = {{c.rate_in_caps(kOneGbps), true}};
	if (pp.qp_rate_limit_max < UINT32_MAX)
		tries.push_back({pp.qp_rate_limit_max + 1, false});
	for (const Try &t : tries) {
		auto eff_before = c.effective(0);
		QpSnapshot before = take_snapshot(c.qp());
		int ret = c.modify_rate_limit(0, {t.rate, 0, 0, 0});
		if (ret != EINVAL)
			if (auto why = c.no_verb(ret))
				GTEST_SKIP() << *why;
		if (t.valid && allowed) {
			EXPECT_EQ(ret, 0) << in << "rate_limit " << t.rate
					  << " (within packet_pacing_caps) rejected where the "
					  << qp_state_name(state) << "->" << qp_state_name(state)
					  << " row allows IBV_QP_RATE_LIMIT\n" << c.evidence();
			continue;
		}
		EXPECT_EQ(ret, EINVAL)
			<< in << "rate_limit " << t.rate << " returned " << errno_name(ret) << ": "
			<< (t.valid ? "the " + qp_state_name(state) + "->" + qp_state_name(state) +
					      " row does not allow IBV_QP_RATE_LIMIT"
				    : std::string("above qp_rate_limit_max"))
			<< "\n" << c.evidence();
		auto changed = snapshot_diff(before, take_snapshot(c.qp()));
		auto eff_after = c.effective(0);
		if (eff_before && eff_after &&
		    describe_rate_limit_attr(*eff_before) != describe_rate_limit_attr(*eff_after))
			changed.push_back("pacing in effect: " + describe_rate_limit_attr(*eff_before) +
					  " -> " + describe_rate_limit_attr(*eff_after));
		EXPECT_TRUE(changed.empty()) << in << "the rejected rate_limit " << t.rate
					     << " changed the QP\n" << c.evidence();
	}
}

std::string state_name(const ::testing::TestParamInfo<ibv_qp_state> &info)
{
	return "RAW_PACKET_" + qp_state_name(info.param);
}

INSTANTIATE_TEST_SUITE_P(Table, RateLimitInState, ::testing::ValuesIn(raw_states()), state_name);

} // namespace
} // namespace ibvcert
