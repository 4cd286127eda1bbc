// Clause: a device without ECE answers EOPNOTSUPP from ibv_query_ece and
// from ibv_set_ece (with a vendor_id set: the node GUID's OUI). A device
// whose ibv_query_ece succeeds is without ECE when a valid ibv_set_ece (the
// queried state handed back) answers EOPNOTSUPP: its query broke the rule.
#include "conformance/ece_test.h"
#include "fixtures/rigs/run_context.h"
#include "contracts/rule_ids/ece.h"

namespace ibvcert {
namespace {

class EceWithoutSupport : public EceTest<> {};

// The case calls both verbs; the judge (contracts/ece_judge.h, from
// EceTest::TearDown) holds their answers to each other.
TEST_F(EceWithoutSupport, EopnotsuppFromBothVerbs)
{
	record_clause({rule_id::ece_unsupported_from_both_verbs});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	ibv_ece q{};
	if (query(q) == 0) {
		int sret = probe_set(q);
		if (sret != EOPNOTSUPP && sret != ENOSYS)
			GTEST_SKIP() << "the device has ECE (ibv_query_ece: " << describe_ece(q)
				     << ", ibv_set_ece of it: " << errno_name(sret)
				     << "): the other Ece* cases cover it";
		return;
	}
	// ibv_query_ece says the verb is missing: a set naming a vendor (the
	// node GUID's OUI) must say so too.
	uint32_t vendor = oui_of_node_guid(qp_case->caps().device.orig_attr.node_guid);
	ibv_ece ece{vendor ? vendor : 1, 0x1, 0};
	set(ece);
}

} // namespace
} // namespace ibvcert
