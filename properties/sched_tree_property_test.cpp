// mlx5dv_sched_node_create / _leaf_create / _modify as a property: random
// trees (depth <= 3: the root, up to two levels of nodes, leaves) built by
// random steps, each request with random flags (unknown bits included),
// bw_share, max_avg_bw and comp_mask, leaves sometimes without a parent and
// modifies sometimes naming another parent. Each call is accepted iff the
// rules allow it (the tree's model, fixtures/model/sched_model.h, asks
// contracts/sched_eval); a rejected modify leaves the element as it was; an
// accepted call leaves the element with what the model says it applies,
// where the device reports it.
#include "fixtures/rigs/run_context.h"
#include "fixtures/generators/qos_values.h"
#include "contracts/names.h"
#include "fixtures/model/sched_model.h"
#include "properties/property_check.h"
#include "contracts/rule_ids/sched.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace ibvcert {
namespace {

// The device's elements; the model holds the tree, by the same index.
struct TreeElem {
	std::unique_ptr<SchedElement> e;
	std::string name;
};

constexpr int kMaxElements = 64;

class SchedTreeProperty : public ::testing::Test {
protected:
	void SetUp() override
	{
		Device &device = run_device();
		std::string why;
		if (!device.has_sched_elements(why))
			GTEST_SKIP() << why;
		std::unique_ptr<SchedNode> root;
		int ret = device.create_sched_node(SchedAttr{}, root);
		if (ret == EOPNOTSUPP)
			GTEST_SKIP() << "mlx5dv_sched_node_create of a root node returned EOPNOTSUPP "
					"(no NIC QoS scheduling)";
		ASSERT_EQ(ret, 0) << "precondition: a root node (parent null, flags 0, comp_mask 0) "
				     "was rejected: " << errno_name(ret);
		SchedAttr q{};
		has_query = root->query(q) == 0;
		ASSERT_EQ(root->destroy(), 0);
		ASSERT_EQ(run_caps(caps), 0) << "precondition: the device's caps";
	}
	bool has_query = false;
	const DeviceCaps *caps = nullptr;
};

SchedAttr request_of(const gen::SchedValues &v, SchedNode *parent)
{
	return SchedAttr{parent, v.flags, v.bw_share, v.max_avg_bw, v.comp_mask};
}

bool same_effect(const SchedAttr &a, const SchedAttr &b)
{
	return a.parent == b.parent && a.bw_share == b.bw_share && a.max_avg_bw == b.max_avg_bw;
}

TEST_F(SchedTreeProperty, AcceptedIffTheRulesAllowAndRejectedChangesNothing)
{
	Device &device = run_device();
	check_property({rule_id::sched_valid_carried_out, {rule_id::sched_invalid_rejected, rule_id::sched_invalid_changes_nothing}}, [&] {
		std::vector<TreeElem> tree;
		SchedModel model(kMaxElements);
		std::vector<std::string> steps;
		auto cleanup = [&] {
			while (!tree.empty()) {
				tree.back().e.reset();
				tree.pop_back();
			}
		};
		auto name_of = [&](const SchedNode *p) -> std::string {
			for (const auto &t : tree)
				if (t.e.get() == p)
					return t.name;
			return p ? "?" : "null";
		};
		auto evidence = [&] {
			std::string out = "device: " + device.name() + "\nsteps:";
			for (const auto &s : steps)
				out += "\n  " + s;
			return out;
		};
		auto node_of = [&](int i) { return static_cast<SchedNode *>(tree[i].e.get()); };
		std::string failure;
		int invalid_calls = 0;
		// One call: the verdict, the call, the checks. false stops the case.
		auto step = [&](SchedKind kind, Verb verb, int target, const SchedAttr &req) {
			const Verdict verdict = verb == Verb::SchedModify
				? model.modify_verdict(*caps, target, req)
				: model.create_verdict(*caps, kind == SchedKind::Leaf, req);
			const RuleBreach *r = verdict.first();
			std::string what = fmt::format("{} {}{}({})", sched_verb_name(verb),
						       sched_kind_name(kind),
						       verb == Verb::SchedModify ? " " + tree[target].name : "",
						       describe_sched_attr(req, name_of(req.parent)));
			int ret;
			SchedAttr before{};
			if (verb == Verb::SchedModify) {
				if (has_query && tree[target].e->query(before)) {
					failure = "the query before " + what + " failed";
					return false;
				}
				ret = tree[target].e->modify(req);
			} else if (kind == SchedKind::Leaf) {
				std::unique_ptr<SchedLeaf> l;
				ret = device.create_sched_leaf(req, l);
				if (!ret)
					tree.push_back({std::move(l), ""});
			} else {
				std::unique_ptr<SchedNode> n;
				ret = device.create_sched_node(req, n);
				if (!ret)
					tree.push_back({std::move(n), ""});
			}
			steps.push_back(fmt::format("{} -> {}; contract: {}", what, errno_name(ret),
						    r ? fmt::format("rejected ({}): {} [{}]", level_name(r->rule->level),
								    r->detail, r->rule->id)
						      : std::string("accepted")));
			invalid_calls += r != nullptr;
			if (r && !ret) {
				failure = "the device accepted a request the contract rejects";
				return false;
			}
			if (!r && ret) {
				failure = "the device rejected a request the contract allows";
				return false;
			}
			int idx = target;
			if (verb == Verb::SchedCreate && !ret) {
				idx = (int)tree.size() - 1;
				bool leaf = kind == SchedKind::Leaf;
				model.created(idx, leaf ? nullptr : node_of(idx), leaf, req);
				tree[idx].name = fmt::format("{}{}", leaf ? "leaf" : "node", idx);
			} else if (verb == Verb::SchedModify && !ret) {
				model.modified(idx, req);
			}
			if (!has_query || (verb == Verb::SchedCreate && ret))
				return true;
			SchedAttr now{};
			if (int q = tree[idx].e->query(now)) {
				failure = "querying " + tree[idx].name + " failed: " + errno_name(q);
				return false;
			}
			steps.back() += "; reads " + describe_sched_attr(now, name_of(now.parent));
			if (ret && !same_effect(now, before)) {
				failure = "a rejected modify changed the element";
				return false;
			}
			if (auto differ = model.disagreements(idx, now); !ret && !differ.empty()) {
				SchedAttr want = model.applied(idx);
				failure = "the element does not apply what the accepted request gives it "
					  "(fields whose flag is clear keep their value), expected " +
					  describe_sched_attr(want, name_of(want.parent));
				for (const auto &d : differ)
					failure += "; " + d;
				return false;
			}
			return true;
		};
		auto fail = [&] {
			std::string msg = failure + "\n" + evidence();
			cleanup();
			RC_FAIL(msg);
		};

		// The root: random values; if rejected, the plain root.
		const SchedAttr root_req = request_of(*gen::sched_values(), nullptr);
		if (!step(SchedKind::Root, Verb::SchedCreate, -1, root_req))
			fail();
		if (tree.empty() && !step(SchedKind::Root, Verb::SchedCreate, -1, SchedAttr{}))
			fail();
		if (tree.empty()) // the plain root was rejected as the rules allowed: cannot be
			RC_FAIL("no root node\n" + evidence());
		int ops = *rc::gen::inRange(1, 10);
		for (int op = 0; op < ops; op++) {
			std::vector<int> nodes, shallow;
			for (int i = 0; i < (int)tree.size(); i++)
				if (model.at(i).kind != SchedKind::Leaf) {
					nodes.push_back(i);
					if (model.depth(i) <= 1)
						shallow.push_back(i);
				}
			int what = *rc::gen::inRange(0, 3);
			gen::SchedValues v = *gen::sched_values();
			if (what == 0 && !shallow.empty()) {
				int p = *rc::gen::elementOf(shallow);
				if (!step(SchedKind::Node, Verb::SchedCreate, -1, request_of(v, node_of(p))))
					fail();
			} else if (what == 1) {
				bool orphan = *rc::gen::inRange(0, 8) == 0;
				SchedNode *p = orphan ? nullptr : node_of(*rc::gen::elementOf(nodes));
				if (!step(SchedKind::Leaf, Verb::SchedCreate, -1, request_of(v, p)))
					fail();
			} else {
				int t = *rc::gen::inRange(0, (int)tree.size());
				int own = model.at(t).parent;
				SchedNode *p = own >= 0 ? node_of(own) : nullptr;
				if (*rc::gen::inRange(0, 6) == 0) { // another parent
					int o = *rc::gen::inRange(-1, (int)nodes.size());
					p = o < 0 ? nullptr : node_of(nodes[o]);
				}
				if (!step(model.at(t).kind, Verb::SchedModify, t, request_of(v, p)))
					fail();
			}
		}
		RC_TAG(invalid_calls ? "a call the rules reject" : "every call valid");
		cleanup();
	});
}

} // namespace
} // namespace ibvcert
