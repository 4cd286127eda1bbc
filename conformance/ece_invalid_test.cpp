// Clause: ibv_set_ece with a comp_mask bit verbs.h does not define returns
// EINVAL and stores nothing: ibv_query_ece returns what it did before.
#include "conformance/ece_test.h"
#include "contracts/rule_ids/ece.h"

namespace ibvcert {
namespace {

class EceInvalid : public EceTest<::testing::TestWithParam<uint32_t>> {};

TEST_P(EceInvalid, UnknownCompMaskRejectedAndNothingStored)
{
	record_clause({rule_id::ece_comp_mask_rejected_stores_nothing});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	std::string why;
	auto before = device_ece(why);
	ASSERT_FALSE(HasFailure());
	if (!before)
		GTEST_SKIP() << why;
	ibv_ece ece{before->vendor_id, 0x1, GetParam()};
	std::string call = "ibv_set_ece(" + describe_ece(ece) + ")";
	int ret = set(ece);
	ibv_ece after{};
	ASSERT_EQ(query(after), 0);
	std::vector<std::string> changed;
	if (describe_ece(after) != describe_ece(*before))
		changed.push_back(describe_ece(*before) + " -> " + describe_ece(after));
	EXPECT_EQ(ret, EINVAL) << "an unknown comp_mask bit was not rejected\n"
			       << qp_case->call_evidence(call, ret, changed);
	EXPECT_TRUE(changed.empty()) << "the ECE state changed\n"
				     << qp_case->call_evidence(call, ret, changed);
}

std::string bit_name(const ::testing::TestParamInfo<uint32_t> &info)
{
	for (int b = 0; b < 32; b++)
		if (info.param == 1u << b)
			return "CompMaskBit" + std::to_string(b);
	return "CompMask";
}

INSTANTIATE_TEST_SUITE_P(Ece, EceInvalid, ::testing::Values(1u, 1u << 31), bit_name);

} // namespace
} // namespace ibvcert
