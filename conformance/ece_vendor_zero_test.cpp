// Clause: ibv_set_ece with vendor_id 0 returns EOPNOTSUPP and stores
// nothing (where ibv_query_ece can show it).
#include "conformance/ece_test.h"
#include "contracts/rule_ids/ece.h"

namespace ibvcert {
namespace {

class EceVendorZero : public EceTest<> {};

TEST_F(EceVendorZero, ReturnsEopnotsuppAndStoresNothing)
{
	record_clause({rule_id::ece_vendor_id_zero_is_eopnotsupp});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	ibv_ece before{};
	int qret = query(before);
	ibv_ece ece{0, 0x1, 0};
	std::string call = "ibv_set_ece(" + describe_ece(ece) + ")";
	int ret = set(ece);
	EXPECT_EQ(ret, EOPNOTSUPP) << qp_case->call_evidence(call, ret, {});
	if (qret)
		return; // no ECE state to compare: nothing can be stored
	ibv_ece after{};
	ASSERT_EQ(query(after), 0);
	EXPECT_EQ(describe_ece(after), describe_ece(before))
		<< "the ECE state changed\n"
		<< qp_case->call_evidence(call, ret, {describe_ece(before) + " -> " + describe_ece(after)});
}

} // namespace
} // namespace ibvcert
