// Clause (a decision; see kSchedDestroyParent): destroying a node that
// still has children is refused, and the tree stays as it was: the child is
// still usable, and the device's errno is in the evidence. Then children
// first, every destroy succeeds.
#include "conformance/sched_test.h"
#include "contracts/names.h"
#include "contracts/rule_ids/sched.h"

namespace ibvcert {
namespace {

enum class Parent { NodeWithLeaf, RootWithNode };

class SchedDestroyParent : public SchedTest<::testing::TestWithParam<Parent>> {};

TEST_P(SchedDestroyParent, WithChildrenRefusedAndTreeKept)
{
	record_clause({rule_id::sched_destroy_children_first});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedRig &r = *sched;
	SchedNode *node = nullptr;
	SchedLeaf *leaf = nullptr;
	ASSERT_EQ(r.node({r.root(), kBwShareFlag, 2, 0, 0}, "node", &node), 0) << r.evidence();
	ASSERT_EQ(r.leaf({node, kBwShareFlag, 3, 0, 0}, "leaf", &leaf), 0) << r.evidence();
	SchedNode *parent = GetParam() == Parent::NodeWithLeaf ? node : r.root();
	SchedElement *child = GetParam() == Parent::NodeWithLeaf ? static_cast<SchedElement *>(leaf)
								 : static_cast<SchedElement *>(node);
	SchedNode *childs_parent = GetParam() == Parent::NodeWithLeaf ? node : r.root();

	int ret = r.destroy(*parent);
	ASSERT_NE(ret, 0) << "a node with children was destroyed\n" << r.evidence();
	r.note("the device refused with " + errno_name(ret));
	EXPECT_EQ(r.modify(*child, {childs_parent, kBwShareFlag, 4, 0, 0}), 0)
		<< "the child is no longer usable after its parent's destroy was refused\n"
		<< r.evidence();
	if (auto now = r.query(*child)) {
		EXPECT_EQ(now->parent, childs_parent) << r.evidence();
	}

	EXPECT_EQ(r.destroy(*leaf), 0) << r.evidence();
	EXPECT_EQ(r.destroy(*node), 0) << r.evidence();
	EXPECT_EQ(r.destroy(*r.root()), 0) << r.evidence();
}

std::string parent_name(const ::testing::TestParamInfo<Parent> &info)
{
	return info.param == Parent::NodeWithLeaf ? "NodeWithLeaf" : "RootWithNode";
}

INSTANTIATE_TEST_SUITE_P(Sched, SchedDestroyParent,
			 ::testing::Values(Parent::NodeWithLeaf, Parent::RootWithNode), parent_name);

} // namespace
} // namespace ibvcert
