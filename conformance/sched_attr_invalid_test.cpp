// Clause: a struct mlx5dv_sched_attr that breaks a scheduling rule
// (contracts/sched_rules.cpp: comp_mask not 0, a flag mlx5dv.h does not define, a leaf
// without a parent, a root given a non-zero bw_share or max_avg_bw) makes
// create return no element and modify fail and change nothing. One case
// per rule, element kind and verb, from the rows.
#include "conformance/sched_test.h"
#include "contracts/names.h"
#include "fixtures/sched_attr.h"
#include "contracts/rule_ids/sched.h"

namespace ibvcert {
namespace {

struct InvalidParam {
	const ContractRule *rule;
	SchedKind kind;
	Verb verb;
};

std::vector<InvalidParam> invalid_params()
{
	std::vector<InvalidParam> out;
	for (const auto &r : sched_rules())
		for (auto kind : {SchedKind::Root, SchedKind::Node, SchedKind::Leaf})
			for (auto verb : {Verb::SchedCreate, Verb::SchedModify})
				if (sched_breakable(r) && sched_rule_applies(r, kind, verb))
					out.push_back({&r, kind, verb});
	return out;
}

class SchedAttrInvalid : public SchedTest<::testing::TestWithParam<InvalidParam>> {
protected:
	// root -> node (bw_share 2) -> leaf (bw_share 3, max_avg_bw 4096)
	SchedNode *node = nullptr;
	SchedLeaf *leaf = nullptr;

	SchedAttr valid(SchedKind kind) const
	{
		switch (kind) {
		case SchedKind::Root: return SchedAttr{};
		case SchedKind::Node: return {sched->root(), kBwShareFlag, 2, 0, 0};
		case SchedKind::Leaf: return {node, kBwShareFlag | kMaxAvgBwFlag, 3, 4096, 0};
		}
		return {};
	}
};

TEST_P(SchedAttrInvalid, RejectedAndChangesNothing)
{
	const InvalidParam &p = GetParam();
	record_clause({p.rule->id, {rule_id::sched_invalid_changes_nothing}}); // the request rule's row sets the level
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedRig &r = *sched;
	ASSERT_EQ(r.node(valid(SchedKind::Node), "node", &node), 0) << r.evidence();
	ASSERT_EQ(r.leaf(valid(SchedKind::Leaf), "leaf", &leaf), 0) << r.evidence();
	SchedAttr bad = sched_breach(*p.rule, valid(p.kind));
	r.note(std::string("breaks: ") + p.rule->id + " (" + condition_text(*p.rule) + "); " +
	       citation(*p.rule));

	if (p.verb == Verb::SchedCreate) {
		int ret = p.kind == SchedKind::Leaf ? r.leaf(bad, "bad leaf") : r.node(bad, "bad node");
		EXPECT_NE(ret, 0) << "an invalid " << sched_kind_name(p.kind) << " was created\n"
				  << r.evidence();
		return;
	}
	SchedElement *target = p.kind == SchedKind::Root ? static_cast<SchedElement *>(r.root())
			       : p.kind == SchedKind::Node ? static_cast<SchedElement *>(node)
							   : static_cast<SchedElement *>(leaf);
	auto before = r.query(*target);
	int ret = r.modify(*target, bad);
	EXPECT_NE(ret, 0) << "an invalid modify of the " << sched_kind_name(p.kind)
			  << " was accepted\n" << r.evidence();
	if (!before) {
		cannot_observe();
		end_case("\"changes nothing\"");
		return;
	}
	auto after = r.query(*target);
	ASSERT_TRUE(after);
	EXPECT_EQ(r.describe(*after), r.describe(*before))
		<< "the rejected modify changed the element\n" << r.evidence();
}

std::string invalid_name(const ::testing::TestParamInfo<InvalidParam> &info)
{
	return std::string(sched_kind_name(info.param.kind)) + sched_verb_name(info.param.verb) + "_" +
	       info.param.rule->field;
}

INSTANTIATE_TEST_SUITE_P(Sched, SchedAttrInvalid, ::testing::ValuesIn(invalid_params()),
			 invalid_name);

} // namespace
} // namespace ibvcert
