// Clause: ibv_modify_srq with srq_limit > max_wr fails with EINVAL and
// modifies nothing.
#include "conformance/srq_test.h"
#include "contracts/srq_attr.h"
#include "contracts/rule_ids/srq.h"

namespace ibvcert {
namespace {

class SrqLimitAboveMaxWr : public SrqTest {
	Clause clause() const override { return {rule_id::srq_srq_limit_above_max_wr_changes_nothing}; }
};

TEST_P(SrqLimitAboveMaxWr, RejectedWithEinvalAndChangesNothing)
{
	ASSERT_FALSE(HasFailure());
	SrqRig &r = *rig;
	auto before = query();
	ASSERT_FALSE(HasFailure());
	// Without ibv_query_srq the SRQ's max_wr is unknown (it may exceed what
	// ibv_create_srq reported): above max_srq_wr is above it for sure.
	uint32_t max_wr = before ? before->max_wr : (uint32_t)r.caps().device.orig_attr.max_srq_wr;
	ibv_srq_attr attr{};
	attr.srq_limit = max_wr + 1;
	int ret = r.modify(attr, IBV_SRQ_LIMIT);
	EXPECT_EQ(ret, EINVAL) << "srq_limit " << attr.srq_limit << " > max_wr " << max_wr
			       << " must be rejected with EINVAL\n" << r.evidence();
	auto after = query();
	if (before && after) {
		EXPECT_EQ(describe_srq_attr(*after), describe_srq_attr(*before))
			<< "the rejected ibv_modify_srq changed the SRQ\n" << r.evidence();
	}
	end_case("\"nothing modified\"");
}

INSTANTIATE_TEST_SUITE_P(Attr, SrqLimitAboveMaxWr, kSrqOnly, traffic_name);

} // namespace
} // namespace ibvcert
