// Clause: ECE options are accepted or rejected. Accepted: what ibv_set_ece
// returns in ece (IN/OUT) is a subset of the request, and so is what
// ibv_query_ece returns in RESET, INIT, RTR and RTS, with the device's
// vendor_id. Rejected: EINVAL, and nothing stored.
#include "conformance/ece_test.h"
#include "contracts/rule_ids/ece.h"

namespace ibvcert {
namespace {

struct OptionsParam {
	uint32_t options;
	const char *name;
};

class EceOptions : public EceTest<::testing::TestWithParam<OptionsParam>> {};

TEST_P(EceOptions, AcceptedAreASubsetInEveryState)
{
	record_clause({rule_id::ece_options_accepted_subset_in_every_state});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	std::string why;
	auto before = device_ece(why);
	ASSERT_FALSE(HasFailure());
	if (!before)
		GTEST_SKIP() << why;
	uint32_t asked = GetParam().options;
	ibv_ece ece{before->vendor_id, asked, 0};
	std::string call = "ibv_set_ece(" + describe_ece(ece) + ")";
	int ret = set(ece);
	ibv_ece after{};
	if (ret == EINVAL) { // the device rejects these options: nothing may be stored
		query(after);
		return;
	}
	ASSERT_EQ(ret, 0) << qp_case->call_evidence(call, ret, {});
	// What comes back from set and from query in each state: the judge
	// (contracts/ece_judge.h, from EceTest::TearDown) decides.
	for (ibv_qp_state state : {IBV_QPS_RESET, IBV_QPS_INIT, IBV_QPS_RTR, IBV_QPS_RTS}) {
		std::string step;
		ASSERT_EQ(qp_case->walk_to(state, step), 0)
			<< "precondition: " << step << "\n" << qp_case->call_evidence(call, ret, {});
		ece_at = "in " + qp_state_name(state);
		int qret = query(after);
		EXPECT_EQ(qret, 0) << ece_at << ": ibv_query_ece -> " << errno_name(qret) << "\n"
				   << qp_case->call_evidence(call, ret, {});
	}
}

std::string options_name(const ::testing::TestParamInfo<OptionsParam> &info)
{
	return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(Ece, EceOptions,
			 ::testing::Values(OptionsParam{0x1, "LowBit"}, OptionsParam{0xf, "LowNibble"},
					   OptionsParam{0xffffffff, "AllBits"}),
			 options_name);

} // namespace
} // namespace ibvcert
