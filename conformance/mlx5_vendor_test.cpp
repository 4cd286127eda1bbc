// The vendor's own scenarios: the call sequences rdma-core's mlx5 tests
// (rdma-core v44, tests/) expect to succeed, each a case named for the
// test it comes from. Each call is driven through the run's device (so the
// call judge holds its result rows), and its request is handed to the
// verb's evaluator: the judge must agree with the vendor (a disagreement is
// a finding about our rules, emu0 or the vendor's test), and the device
// must do what both expect. Where the vendor's test SKIPs (EOPNOTSUPP),
// the case SKIPs with the errno.
//
// Not here: tests/test_mlx5_pp.py drives mlx5dv_pp_alloc (DEVX packet
// pacing entries), a verb no page of the contract covers; the rdma-core
// tests have no ibv_modify_qp_rate_limit and no ibv_modify_cq scenario.
#include "conformance/sched_test.h"
#include "contracts/ece_eval.h"
#include "contracts/ece_judge.h"
#include "fixtures/rigs/call_record.h"
#include "contracts/names.h"
#include "contracts/rule_ids/ece.h"
#include "contracts/rule_ids/sched.h"
#include "fixtures/ece.h"
#include "fixtures/rigs/run_context.h"
#include "fixtures/sched_attr.h"

#include <fmt/format.h>

namespace ibvcert {
namespace {

// The vendor expects the call to succeed: the judge must accept its
// request. A rejection is a finding, named with the rules it cites.
void expect_judge_accepts(const Verdict &verdict, const std::string &call)
{
	EXPECT_TRUE(verdict.accepts())
		<< "finding: rdma-core's mlx5 test expects " << call
		<< " to succeed, and the contract rejects it: " << verdict.describe();
}

class Mlx5VendorSched : public SchedTest<> {
protected:
	// Creates or modifies as the vendor's test does: the judge on the
	// request first, then the device. EOPNOTSUPP: the vendor SKIPs (true).
	bool vendor_step(SchedKind kind, Verb verb, const SchedAttr &attr, const std::string &name,
			 SchedElement *target, const SchedNode *current_parent, SchedElement **out = nullptr)
	{
		const DeviceCaps *caps = nullptr;
		if (int ret = run_caps(caps)) {
			ADD_FAILURE() << "reading the device's attributes: " << errno_name(ret);
			return false;
		}
		std::string call = fmt::format("{} {} {} ({})", sched_verb_name(verb), sched_kind_name(kind), name,
					       describe_sched_attr(attr, sched->name_of(attr.parent)));
		expect_judge_accepts(evaluate_sched_attr(*caps, kind, verb, attr, current_parent), call);
		int ret = 0;
		if (verb == Verb::SchedModify) {
			ret = sched->modify(*target, attr);
		} else if (kind == SchedKind::Leaf) {
			SchedLeaf *leaf = nullptr;
			ret = sched->leaf(attr, name, &leaf);
			if (out)
				*out = leaf;
		} else {
			SchedNode *node = nullptr;
			ret = sched->node(attr, name, &node);
			if (out)
				*out = node;
		}
		if (ret == EOPNOTSUPP) {
			skip_why = call + " returned EOPNOTSUPP (the vendor's test SKIPs: 'not supported')";
			return true;
		}
		EXPECT_EQ(ret, 0) << call << " returned " << errno_name(ret)
				  << "; the vendor's test and the contract expect 0\n" << sched->evidence();
		return false;
	}
	std::string skip_why;
};

// tests/test_mlx5_sched.py Mlx5SchedTest.test_create_sched_tree: under the
// root, a node by max_avg_bw, one by bw_share and one by both; the last
// modified (naming its own parent), a leaf under it with no attribute,
// the leaf modified (naming its own parent).
TEST_F(Mlx5VendorSched, SchedTreeByMaxAvgBwBwShareAndBoth_from_test_mlx5_sched)
{
	record_clause({rule_id::sched_valid_carried_out,
		       {rule_id::sched_parent_same, rule_id::sched_parent_required,
			rule_id::sched_bw_share_root_zero, rule_id::sched_max_avg_bw_root_zero}});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedNode *root = sched->root();
	const uint32_t both = kBwShareFlag | kMaxAvgBwFlag;
	SchedElement *max_bw = nullptr, *weighted = nullptr, *mixed = nullptr, *leaf = nullptr;
	if (vendor_step(SchedKind::Node, Verb::SchedCreate, {root, kMaxAvgBwFlag, 0, 10, 0}, "max_bw_node",
			nullptr, nullptr, &max_bw) ||
	    vendor_step(SchedKind::Node, Verb::SchedCreate, {root, kBwShareFlag, 10, 0, 0}, "weighed_node",
			nullptr, nullptr, &weighted) ||
	    vendor_step(SchedKind::Node, Verb::SchedCreate, {root, both, 2, 10, 0}, "mixed_bw_node", nullptr,
			nullptr, &mixed))
		GTEST_SKIP() << skip_why;
	ASSERT_FALSE(HasFailure());
	auto *mixed_node = static_cast<SchedNode *>(mixed);
	if (vendor_step(SchedKind::Node, Verb::SchedModify, {root, both, 1, 4, 0}, "mixed_bw_node", mixed, root) ||
	    vendor_step(SchedKind::Leaf, Verb::SchedCreate, {mixed_node, 0, 0, 0, 0}, "sched_leaf", nullptr,
			nullptr, &leaf))
		GTEST_SKIP() << skip_why;
	ASSERT_FALSE(HasFailure());
	if (vendor_step(SchedKind::Leaf, Verb::SchedModify, {mixed_node, both, 3, 3, 0}, "sched_leaf", leaf,
			mixed_node))
		GTEST_SKIP() << skip_why;
}

// tests/test_mlx5_sched.py Mlx5SchedTrafficTest.test_sched_per_qp_traffic:
// a leaf with bw_share and max_avg_bw under the root, an RC QP (in RTS,
// as RCResources.pre_run leaves it) attached to it as requestor and
// responder. The traffic after it is not repeated here (SchedShares
// measures what a leaf applies).
TEST_F(Mlx5VendorSched, RcQpOnOneLeafAsRequestorAndResponder_from_test_mlx5_sched)
{
	record_clause({rule_id::sched_qp_attach_attach_and_detach,
		       {rule_id::sched_qp_attach_responder_is_ib_only}});
	if (auto why = prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedElement *leaf = nullptr;
	if (vendor_step(SchedKind::Leaf, Verb::SchedCreate,
			{sched->root(), kBwShareFlag | kMaxAvgBwFlag, 2, 10, 0}, "leaf", nullptr, nullptr, &leaf))
		GTEST_SKIP() << skip_why;
	ASSERT_FALSE(HasFailure());
	qp_case.emplace(IBV_QPT_RC, IBV_QPS_RTS, IBV_QPS_RTS);
	if (auto why = qp_case->prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	auto *l = static_cast<SchedLeaf *>(leaf);
	int ret = sched->attach(qp_case->qp(), l, l);
	if (ret == EOPNOTSUPP)
		GTEST_SKIP() << "mlx5dv_modify_qp_sched_elem(RC QP in RTS, leaf, leaf) returned EOPNOTSUPP "
				"(the vendor's test SKIPs: no QP scheduling caps)";
	ASSERT_EQ(ret, 0) << "an RC QP has an IB responder: the vendor's test and the contract expect 0\n"
			  << sched->evidence();
	const SchedLeaf *req = nullptr, *resp = nullptr;
	if (sched->query_attached(qp_case->qp(), req, resp)) {
		EXPECT_EQ(req, l) << sched->evidence();
		EXPECT_EQ(resp, l) << sched->evidence();
	}
	EXPECT_EQ(sched->attach(qp_case->qp(), nullptr, nullptr), 0) << sched->evidence();
}

// tests/rdmacm_utils.py CMAsyncConnection with an external QP
// (test_rdmacm.py test_rdmacm_async_traffic_external_qp), without the CM:
// the active side's fresh QP is queried, the passive side sets that value
// on its QP in RESET, walks to RTS and is queried, and the active side
// sets the passive side's value in RESET and walks to RTS. Every call is
// expected to succeed; EOPNOTSUPP from either verb is the vendor's "no
// ECE" (it tolerates it: the case SKIPs).
class Mlx5VendorEce : public ::testing::Test {
protected:
	void TearDown() override
	{
		active.reset();
		passive.reset();
		leak_check.expect_none_left();
	}
	LeakCheck leak_check;
	std::optional<QpCase> active, passive;
};

TEST_F(Mlx5VendorEce, EceExchangedThroughExternalQps_from_test_rdmacm)
{
	record_clause({rule_id::ece_options_accepted_subset_in_every_state,
		       {rule_id::ece_vendor_id_own, rule_id::ece_comp_mask_zero}});
	active.emplace(IBV_QPT_RC, IBV_QPS_RESET, IBV_QPS_RESET);
	passive.emplace(IBV_QPT_RC, IBV_QPS_RESET, IBV_QPS_RESET);
	for (auto *q : {&active, &passive})
		if (auto why = (*q)->prepare())
			GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	DeviceCaps caps = active->caps();
	auto no_ece = [](const char *call, int ret) {
		return std::string(call) + " returned " + errno_name(ret) +
		       ": the device has no ECE (the vendor's flow tolerates it)";
	};

	ibv_ece active_ece{};
	int ret = active->qp().query_ece(active_ece);
	if (ret == EOPNOTSUPP || ret == ENOSYS)
		GTEST_SKIP() << no_ece("ibv_query_ece on the active side's new QP", ret);
	ASSERT_EQ(ret, 0) << active->call_evidence("ibv_query_ece", ret, {});
	caps.ece_vendor_id = active_ece.vendor_id;

	// The passive side: set the active side's value, connect, query.
	ibv_ece to_passive = active_ece;
	std::string call = "ibv_set_ece(" + describe_ece(to_passive) + ") on the passive side's QP in RESET";
	expect_judge_accepts(evaluate_set_ece(caps, to_passive), call);
	ret = passive->qp().set_ece(to_passive);
	if (ret == EOPNOTSUPP || ret == ENOSYS)
		GTEST_SKIP() << no_ece(call.c_str(), ret);
	ASSERT_EQ(ret, 0) << passive->call_evidence(call, ret, {});
	// Each QP's ECE calls, judged by contracts/ece_judge.h; the device's
	// vendor_id is what the active side's new QP read.
	EceCall device_vendor{Verb::QueryEce, {}, active_ece, 0, "on the active side's new QP"};
	EceView passive_view, active_view;
	passive_view.calls = {device_vendor, {Verb::SetEce, active_ece, to_passive, ret, "in RESET"}};
	active_view.calls = {device_vendor};
	std::string failed;
	ASSERT_EQ(passive->walk_to(IBV_QPS_RTS, failed), 0) << "the passive side to RTS: " << failed;
	ibv_ece passive_ece{};
	ret = passive->qp().query_ece(passive_ece);
	ASSERT_EQ(ret, 0) << passive->call_evidence("ibv_query_ece on the passive side in RTS", ret, {});
	passive_view.calls.push_back({Verb::QueryEce, {}, passive_ece, ret, "in RTS"});
	record_verdict(judge_ece(passive_view), ece_rules_judged(passive_view),
		       passive->call_evidence(call, 0, {}));

	// The active side: set the passive side's value, then connect.
	ibv_ece to_active = passive_ece;
	call = "ibv_set_ece(" + describe_ece(to_active) + ") on the active side's QP in RESET";
	expect_judge_accepts(evaluate_set_ece(caps, to_active), call);
	ibv_ece asked_active = to_active;
	ret = active->qp().set_ece(to_active);
	ASSERT_EQ(ret, 0) << active->call_evidence(call, ret, {});
	active_view.calls.push_back({Verb::SetEce, asked_active, to_active, ret, "in RESET"});
	ASSERT_EQ(active->walk_to(IBV_QPS_RTS, failed), 0) << "the active side to RTS: " << failed;
	ibv_ece now{};
	ret = active->qp().query_ece(now);
	ASSERT_EQ(ret, 0) << active->call_evidence("ibv_query_ece on the active side in RTS", ret, {});
	active_view.calls.push_back({Verb::QueryEce, {}, now, ret, "in RTS"});
	record_verdict(judge_ece(active_view), ece_rules_judged(active_view),
		       active->call_evidence(call, 0, {}));
}

} // namespace
} // namespace ibvcert
