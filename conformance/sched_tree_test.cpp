// Clause: the man page's example tree is built (root with flags 0, group1
// bw_share 7, group2 bw_share 3 and max_avg_bw 4096), each element applies
// what was given (where the device reports it), valid modifies succeed (the
// root's included), and the tree is destroyed leaves first, each 0.
#include "conformance/sched_test.h"
#include "contracts/rule_ids/sched.h"

namespace ibvcert {
namespace {

class SchedTree : public SchedTest<> {};

TEST_F(SchedTree, BuildsModifiesAndTearsDownTheManPageExample)
{
	record_clause({rule_id::sched_tree_man_page_example});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedRig &r = *sched;
	// Each call of the example, judged (sched.tree.man_page_example).
	auto step = [&](SchedCall call, int ret, const char *what) {
		SchedCallView v;
		v.call = call;
		v.result = ret;
		v.example = true;
		v.what = what;
		return r.record(v);
	};
	SchedLeaf *g1 = nullptr, *g2 = nullptr;
	ASSERT_TRUE(step(SchedCall::Create, r.leaf({r.root(), kBwShareFlag, 7, 0, 0}, "group1", &g1),
			 "group1 created (bw_share 7)"));
	ASSERT_TRUE(step(SchedCall::Create,
			 r.leaf({r.root(), kBwShareFlag | kMaxAvgBwFlag, 3, 4096, 0}, "group2", &g2),
			 "group2 created (bw_share 3, max_avg_bw 4096)"));
	bool observed = true;
	auto expect_applies = [&](SchedElement &e, uint32_t bw_share, uint32_t max_avg_bw) {
		auto now = r.query(e);
		if (!now) {
			observed = false;
			return;
		}
		EXPECT_EQ(now->bw_share, bw_share) << r.evidence();
		EXPECT_EQ(now->max_avg_bw, max_avg_bw) << r.evidence();
		EXPECT_EQ(now->parent, &e == r.root() ? nullptr : r.root()) << r.evidence();
	};
	expect_applies(*r.root(), 0, 0);
	expect_applies(*g1, 7, 0);
	expect_applies(*g2, 3, 4096);

	step(SchedCall::Modify, r.modify(*g1, {r.root(), kBwShareFlag, 6, 0, 0}), "group1 bw_share -> 6");
	step(SchedCall::Modify, r.modify(*g2, {r.root(), kMaxAvgBwFlag, 0, 2048, 0}),
	     "group2 max_avg_bw -> 2048");
	step(SchedCall::Modify, r.modify(*r.root(), SchedAttr{}), "the root modified with flags 0");
	expect_applies(*g1, 6, 0);
	expect_applies(*g2, 3, 2048);

	step(SchedCall::Destroy, r.destroy(*g1), "group1 destroyed");
	step(SchedCall::Destroy, r.destroy(*g2), "group2 destroyed");
	step(SchedCall::Destroy, r.destroy(*r.root()), "the root destroyed, leaves first");
	if (!observed)
		cannot_observe();
	end_case("what each element applies");
}

} // namespace
} // namespace ibvcert
