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

	// The tree as read before and after the refused destroy.
	auto read_tree = [&] {
		std::vector<std::string> out;
		for (SchedElement *e : {static_cast<SchedElement *>(r.root()), static_cast<SchedElement *>(node),
					static_cast<SchedElement *>(leaf)})
			if (auto a = r.query(*e))
				out.push_back(r.name_of(e) + ": " + r.describe(*a));
		return out;
	};
	std::vector<std::string> before = read_tree();
	SchedCallView v;
	v.call = SchedCall::Destroy;
	v.had_children = true;
	v.what = "destroying " + r.name_of(parent) + " (it has children)";
	v.result = r.destroy(*parent);
	std::vector<std::string> after = v.result ? read_tree() : std::vector<std::string>{};
	v.tree_viewed = v.result && !before.empty();
	for (size_t i = 0; v.tree_viewed && i < before.size(); i++)
		if (i >= after.size() || after[i] != before[i])
			v.tree_changes.push_back(before[i] + " -> " + (i < after.size() ? after[i] : "gone"));
	// The judge recorded what broke; the rest needs the tree as it was.
	if (!r.record(v))
		return;
	r.note("the device refused with " + errno_name(v.result));
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
