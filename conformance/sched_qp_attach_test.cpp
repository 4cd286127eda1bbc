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
	bool attached(const SchedLeaf *&req, const SchedLeaf *&resp)
	{
		return sched->query_attached(qp_case->qp(), req, resp);
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
	int ret = r.attach(qp, leaf, responder);
	if (ret == EOPNOTSUPP)
		GTEST_SKIP() << "mlx5dv_modify_qp_sched_elem returned EOPNOTSUPP for a "
			     << qp_type_name(GetParam()) << " QP in RTS (no QP scheduling caps)";
	ASSERT_EQ(ret, 0) << r.evidence();
	const SchedLeaf *req = nullptr, *resp = nullptr;
	bool observed = attached(req, resp);
	if (observed) {
		EXPECT_EQ(req, leaf) << r.evidence();
		EXPECT_EQ(resp, responder) << r.evidence();
	}
	EXPECT_EQ(r.attach(qp, nullptr, nullptr), 0) << "detaching failed\n" << r.evidence();
	if (observed && attached(req, resp)) {
		EXPECT_EQ(req, nullptr) << r.evidence();
		EXPECT_EQ(resp, nullptr) << r.evidence();
	}
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
	const SchedLeaf *req = nullptr, *resp = nullptr;
	if (attached(req, resp)) {
		EXPECT_EQ(req, nullptr) << "a new QP reports a requestor leaf no call attached it to\n"
					<< sched->evidence();
		EXPECT_EQ(resp, nullptr) << "a new QP reports a responder leaf no call attached it to\n"
					 << sched->evidence();
	} else {
		unobservable = "the device does not report the leaves a QP is attached to";
	}
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
	const SchedLeaf *req = nullptr, *resp = nullptr;
	bool observed = attached(req, resp);
	int ret = r.attach(qp, leaf, leaf);
	EXPECT_NE(ret, 0) << "a responder leaf was accepted for a " << qp_type_name(GetParam())
			  << " QP\n" << r.evidence();
	const SchedLeaf *req2 = nullptr, *resp2 = nullptr;
	if (observed && attached(req2, resp2)) {
		EXPECT_EQ(req2, req) << "the rejected call attached the QP\n" << r.evidence();
		EXPECT_EQ(resp2, resp) << "the rejected call attached the QP\n" << r.evidence();
	}
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
