// Clauses: ibv_set_ece / ibv_query_ece in every state a QP can be in (the
// states of the kernel transition table's RC rows that ibv_modify_qp
// reaches; ibv_set_ece(3) restricts none). In each state:
// - after an accepted ibv_set_ece, ibv_query_ece returns no option set did
//   not hand back in its IN/OUT ece (MUST), and exactly those options
//   (SHOULD: mlx5 keeps them pending until the next modify and returns 0);
// - a non-zero comp_mask is rejected with EINVAL and stores nothing, in
//   this state as in RESET.
#include "conformance/ece_test.h"
#include "contracts/qp_table.h"
#include "fixtures/qp_builder.h"
#include "contracts/rule_ids/ece.h"

#include <algorithm>

namespace ibvcert {
namespace {

// The states of the table's RC rows (start or end) the builder reaches.
std::vector<ibv_qp_state> ece_states()
{
	std::vector<ibv_qp_state> out;
	auto add = [&](ibv_qp_state s) {
		if (QpBuilder::reachable(s) && std::find(out.begin(), out.end(), s) == out.end())
			out.push_back(s);
	};
	for (const QpTransition &t : QpTransitionTable::kernel().rows())
		if (t.qp_type == IBV_QPT_RC) {
			add(t.from);
			add(t.to);
		}
	std::sort(out.begin(), out.end());
	return out;
}

class EceInState : public EceTest<::testing::TestWithParam<ibv_qp_state>> {
protected:
	// An RC QP brought to the state; the device's ECE state, or a SKIP reason.
	std::optional<std::string> prepare_in_state(std::optional<ibv_ece> &before)
	{
		qp_case.emplace(IBV_QPT_RC, GetParam(), GetParam());
		if (auto why = qp_case->prepare())
			return why;
		if (HasFailure())
			return std::nullopt;
		std::string why;
		before = device_ece(why);
		if (!before && !HasFailure())
			return why;
		return std::nullopt;
	}
	// Sets several requests, so that the device's own subset shows (all
	// bits, a nibble, one bit), and queries after each: the options queried
	// must be what set handed back (exact) or a subset of it.
	void set_then_query()
	{
		std::optional<ibv_ece> before;
		if (auto why = prepare_in_state(before))
			GTEST_SKIP() << *why;
		ASSERT_FALSE(HasFailure());
		ASSERT_TRUE(before);
		std::string state = qp_state_name(GetParam());
		ece_at = "in " + state;
		int accepted = 0;
		// What set hands back and query then returns: the judge
		// (contracts/ece_judge.h, from EceTest::TearDown) decides, both
		// rows on every case (the two cases differ in the clause they name).
		for (uint32_t asked : {0xffffffffu, 0xfu, 0x1u}) {
			ibv_ece ece{before->vendor_id, asked, 0};
			std::string call = "in " + state + ": ibv_set_ece(" + describe_ece(ece) + ")";
			int ret = set(ece);
			if (ret == EINVAL)
				continue; // the device rejects these options (nothing stored: the judge's)
			ASSERT_EQ(ret, 0) << qp_case->call_evidence(call, ret, {});
			accepted++;
			ibv_ece now{};
			int qret = query(now);
			ASSERT_EQ(qret, 0) << "then ibv_query_ece -> " << errno_name(qret) << "\n"
					   << qp_case->call_evidence(call, ret, {});
		}
		if (!accepted)
			GTEST_SKIP() << "the device rejected every request in " << state << " with EINVAL";
	}
};

// SHOULD (the row's level): mlx5 returns 0 until the next modify.
TEST_P(EceInState, QueryReturnsWhatSetHandedBack)
{
	record_clause({rule_id::ece_query_returns_what_set_accepted,
		       {rule_id::ece_options_accepted_subset_in_every_state}});
	set_then_query();
}

// MUST: whatever a device returns before the next modify, it is never an
// option ibv_set_ece did not accept.
TEST_P(EceInState, QueryReturnsASubsetOfWhatSetHandedBack)
{
	record_clause({rule_id::ece_options_accepted_subset_in_every_state});
	set_then_query();
}

TEST_P(EceInState, UnknownCompMaskRejectedAndNothingStored)
{
	record_clause({rule_id::ece_comp_mask_rejected_stores_nothing, {rule_id::ece_comp_mask_zero}});
	std::optional<ibv_ece> before;
	if (auto why = prepare_in_state(before))
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	ASSERT_TRUE(before);
	for (uint32_t comp_mask : {0x1u, 0x80000000u}) {
		ibv_ece ece{before->vendor_id, 0x1, comp_mask};
		std::string call = "in " + qp_state_name(GetParam()) + ": ibv_set_ece(" +
				   describe_ece(ece) + ")";
		int ret = set(ece);
		ibv_ece after{};
		ASSERT_EQ(query(after), 0);
		std::vector<std::string> changed;
		if (describe_ece(after) != describe_ece(*before))
			changed.push_back(describe_ece(*before) + " -> " + describe_ece(after));
		EXPECT_EQ(ret, EINVAL) << "comp_mask " << comp_mask << " accepted\n"
				       << qp_case->call_evidence(call, ret, changed);
		EXPECT_TRUE(changed.empty()) << "the rejected request was stored\n"
					     << qp_case->call_evidence(call, ret, changed);
	}
}

std::string state_name(const ::testing::TestParamInfo<ibv_qp_state> &info)
{
	return "RC_" + qp_state_name(info.param);
}

INSTANTIATE_TEST_SUITE_P(Table, EceInState, ::testing::ValuesIn(ece_states()), state_name);

} // namespace
} // namespace ibvcert
