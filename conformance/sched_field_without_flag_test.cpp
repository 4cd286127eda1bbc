// Clause (a decision; see kSchedFieldWithoutFlag): a field whose flag is
// clear is ignored. A root created with a stale bw_share or max_avg_bw and
// flags 0 is accepted and applies 0; a leaf modified with MAX_AVG_BW only
// keeps its bw_share.
#include "conformance/sched_test.h"
#include "contracts/rule_ids/sched.h"

namespace ibvcert {
namespace {

enum class Stale { RootCreateBwShare, RootCreateMaxAvgBw, LeafModifyBwShare };

class SchedFieldWithoutFlag : public SchedTest<::testing::TestWithParam<Stale>> {};

TEST_P(SchedFieldWithoutFlag, IgnoredNotApplied)
{
	record_clause({rule_id::sched_field_without_flag_ignored});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedRig &r = *sched;
	if (GetParam() != Stale::LeafModifyBwShare) {
		bool bw = GetParam() == Stale::RootCreateBwShare;
		SchedAttr a{nullptr, 0, bw ? 5u : 0u, bw ? 0u : 1000u, 0};
		SchedNode *root2 = nullptr;
		int ret = r.node(a, "root2", &root2);
		ASSERT_EQ(ret, 0) << "a root with flags 0 was rejected for a field its flags do "
				     "not give\n" << r.evidence();
		SchedCallView v;
		v.call = SchedCall::Create;
		v.result = ret;
		v.flags = a.flags, v.bw_share = a.bw_share, v.max_avg_bw = a.max_avg_bw;
		v.after = r.applied(*root2);
		v.what = "root2 created with flags 0, " + r.describe(a);
		if (!v.after) {
			cannot_observe();
			end_case("\"not applied\"");
			return;
		}
		r.record(v);
		return;
	}
	SchedLeaf *leaf = nullptr;
	ASSERT_EQ(r.leaf({r.root(), kBwShareFlag, 3, 0, 0}, "leaf", &leaf), 0) << r.evidence();
	SchedCallView v;
	v.call = SchedCall::Modify;
	v.before = r.applied(*leaf);
	SchedAttr a{r.root(), kMaxAvgBwFlag, 9, 2000, 0};
	v.result = r.modify(*leaf, a);
	ASSERT_EQ(v.result, 0) << r.evidence();
	v.flags = a.flags, v.bw_share = a.bw_share, v.max_avg_bw = a.max_avg_bw;
	v.after = r.applied(*leaf);
	v.what = "leaf modified with " + r.describe(a);
	if (!v.before || !v.after) {
		cannot_observe();
		end_case("\"not applied\"");
		return;
	}
	r.record(v);
	EXPECT_EQ(v.after->max_avg_bw, 2000u) << r.evidence();
}

std::string stale_name(const ::testing::TestParamInfo<Stale> &info)
{
	switch (info.param) {
	case Stale::RootCreateBwShare: return "RootCreate_bw_share";
	case Stale::RootCreateMaxAvgBw: return "RootCreate_max_avg_bw";
	case Stale::LeafModifyBwShare: return "LeafModify_bw_share";
	}
	return "?";
}

INSTANTIATE_TEST_SUITE_P(Sched, SchedFieldWithoutFlag,
			 ::testing::Values(Stale::RootCreateBwShare, Stale::RootCreateMaxAvgBw,
					   Stale::LeafModifyBwShare),
			 stale_name);

} // namespace
} // namespace ibvcert
