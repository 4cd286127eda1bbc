// Clause: ECE options belong to the QP they were set on (ibv_set_ece(3):
// "The queue pair (QP) associated with the ECE options"). A fresh RC QP's
// ibv_query_ece is the device's default; options are set on it and
// accepted; it is destroyed; a QP created next answers ibv_query_ece with
// the default again, not with the options of the QP before it (MUST).
#include "conformance/ece_test.h"
#include "fixtures/ece.h"
#include "contracts/rule_ids/ece.h"

namespace ibvcert {
namespace {

class EceLifecycle : public EceTest<> {};

TEST_F(EceLifecycle, NewQpStartsFromTheDefaultAfterDestroy)
{
	record_clause({rule_id::ece_lifecycle_new_qp_starts_from_the_default});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	std::string why;
	std::optional<ibv_ece> fresh = device_ece(why);
	if (!fresh)
		GTEST_SKIP() << why;
	ASSERT_FALSE(HasFailure());
	// Options that differ from the default: the first request the device
	// accepts with a result other than the default.
	std::optional<ibv_ece> taken;
	for (uint32_t asked : {0xffffffffu, 0xfu, 0x1u}) {
		ibv_ece ece{fresh->vendor_id, asked, 0};
		if (set(ece) == 0 && ece.options != fresh->options) {
			taken = ece;
			break;
		}
	}
	if (!taken)
		GTEST_SKIP() << "no ibv_set_ece request changed the options of a fresh QP ("
			     << describe_ece(*fresh) << "): nothing a new QP could inherit";
	std::string first_qp = "the first QP took " + describe_ece(*taken) + " and was destroyed";
	qp_case.reset();
	ASSERT_TRUE(prepare() == std::nullopt) << "the second QP could not be made";
	ASSERT_FALSE(HasFailure());
	ibv_ece now{};
	int ret = query(now);
	ASSERT_EQ(ret, 0) << "ibv_query_ece on the second QP\n"
			  << qp_case->call_evidence("ibv_query_ece", ret, {});
	EXPECT_EQ(describe_ece(now), describe_ece(*fresh))
		<< first_qp << "; the next new QP reads " << describe_ece(now)
		<< ", not the default " << describe_ece(*fresh) << "\n"
		<< qp_case->call_evidence("ibv_query_ece", ret,
					  {describe_ece(*fresh) + " -> " + describe_ece(now)});
}

} // namespace
} // namespace ibvcert
