// Clauses: mlx5dv_modify_qp_sched_elem attaches a QP in RTS to a requestor
// leaf (and, for RC, a responder leaf) and detaches it with null leaves;
// a responder leaf for a QP without an IB responder (UD, RAW_PACKET) is
// rejected and changes nothing.
#include "conformance/sched_test.h"
#include "contracts/names.h"
#include "contracts/rule_ids/sched.h"

namespace ibvcert {
namespace {

class SchedQpAttachBase : public SchedTest<::testing::TestWithParam<ibv_qp_type>> {
protected:
	// The rig, one leaf under the root, and a QP of the case's type in RTS.
	std::optional<std::string> prepare_qp()
	{
		if (auto why = prepare())
			return why;
		if (HasFailure())
			return std::nullopt;
		EXPECT_EQ(sched->leaf({sched->root(), kBwShareFlag, 1, 0, 0}, "leaf", &leaf), 0)
			<< sched->evidence();
		qp_case.emplace(GetParam(), IBV_QPS_RTS, IBV_QPS_RTS);
		return qp_case->prepare();
	}
	SchedLeaf *leaf = nullptr;
};

class SchedQpAttach : public SchedQpAttachBase {};
class SchedQpResponder : public SchedQpAttachBase {};

TEST_P(SchedQpAttach, AttachAndDetach)
{
	record_clause({rule_id::sched_qp_attach_attach_and_detach});
	if (auto why = prepare_qp())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedRig &r = *sched;
	Qp &qp = qp_case->qp();
	SchedLeaf *responder = GetParam() == IBV_QPT_RC ? leaf : nullptr;
	SchedCallView v;
	v.call = SchedCall::Attach;
	v.qp_type = GetParam();
	v.asked = {SchedRig::leaf_id(leaf), SchedRig::leaf_id(responder)};
	v.what = "attaching the QP to the leaf";
	v.result = r.attach(qp, leaf, responder);
	if (v.result == EOPNOTSUPP)
		GTEST_SKIP() << "mlx5dv_modify_qp_sched_elem returned EOPNOTSUPP for a "
			     << qp_type_name(GetParam()) << " QP in RTS (no QP scheduling caps)";
	v.leaves_after = r.leaves_of(qp);
	if (!r.record(v) && v.result)
		return;
	bool observed = v.leaves_after.has_value();
	SchedCallView d = v;
	d.asked = {};
	d.what = "detaching the QP (null leaves)";
	d.result = r.attach(qp, nullptr, nullptr);
	d.leaves_after = r.leaves_of(qp);
	r.record(d);
	EXPECT_EQ(r.destroy(*leaf), 0) << "the detached leaf cannot be destroyed\n" << r.evidence();
	if (!observed)
		unobservable = "the device does not report the leaves a QP is attached to";
	end_case("the attachment");
}

// mlx5dv_modify_qp_sched_elem(3): "By default, all QPs are not associated
// to SE": a QP created while a leaf lives reports no leaf before any attach.
TEST_P(SchedQpAttach, NewQpIsInNoElement)
{
	record_clause({rule_id::sched_qp_attach_default_unassociated});
	if (auto why = prepare_qp())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedCallView v;
	v.call = SchedCall::ReadQp;
	v.qp_type = GetParam();
	v.what = "a new QP, a leaf alive, no attach";
	v.leaves_after = sched->leaves_of(qp_case->qp());
	if (v.leaves_after)
		sched->record(v);
	else
		unobservable = "the device does not report the leaves a QP is attached to";
	end_case("the QP's default association");
}

TEST_P(SchedQpResponder, RejectedWithoutAnIbResponder)
{
	record_clause({rule_id::sched_qp_attach_responder_is_ib_only});
	if (auto why = prepare_qp())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	SchedRig &r = *sched;
	Qp &qp = qp_case->qp();
	SchedCallView v;
	v.call = SchedCall::Attach;
	v.qp_type = GetParam();
	v.asked = {SchedRig::leaf_id(leaf), SchedRig::leaf_id(leaf)};
	v.what = std::string("a responder leaf for a ") + qp_type_name(GetParam()) + " QP";
	v.leaves_before = r.leaves_of(qp);
	bool observed = v.leaves_before.has_value();
	v.result = r.attach(qp, leaf, leaf);
	v.leaves_after = r.leaves_of(qp);
	r.record(v);
	int ret = v.result;
	if (ret == 0)
		r.attach(qp, nullptr, nullptr);
	if (!observed)
		unobservable = "the device does not report the leaves a QP is attached to";
	end_case("\"changes nothing\"");
}

std::string type_name(const ::testing::TestParamInfo<ibv_qp_type> &info)
{
	return qp_type_name(info.param);
}

INSTANTIATE_TEST_SUITE_P(Sched, SchedQpAttach,
			 ::testing::Values(IBV_QPT_RC, IBV_QPT_UD, IBV_QPT_RAW_PACKET), type_name);
INSTANTIATE_TEST_SUITE_P(Sched, SchedQpResponder,
			 ::testing::Values(IBV_QPT_UD, IBV_QPT_RAW_PACKET), type_name);

} // namespace
} // namespace ibvcert
