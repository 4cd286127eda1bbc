// Clause: on a device without packet pacing (packet_pacing_caps
// qp_rate_limit_max 0) ibv_modify_qp_rate_limit returns EOPNOTSUPP and
// modifies nothing: the run's call judge decides (contracts/effect_judge.h).
#include "fixtures/rigs/clause.h"
#include "conformance/leak_check.h"
#include "fixtures/rigs/qp_case.h"
#include "contracts/names.h"
#include "fixtures/rate_limit.h"
#include "fixtures/verb_trace.h"
#include "contracts/rule_ids/rate_limit.h"

#include <gtest/gtest.h>

#include <optional>

namespace ibvcert {
namespace {

class RateLimitWithoutPacing : public ::testing::Test {
protected:
	void TearDown() override
	{
		qp_case.reset();
		leak_check.expect_none_left();
	}
	LeakCheck leak_check;
	std::optional<QpCase> qp_case;
};

TEST_F(RateLimitWithoutPacing, ReturnsEopnotsuppAndChangesNothing)
{
	record_clause({rule_id::rate_limit_no_pacing_eopnotsupp});
	// Any QP will do: the verb is missing, whatever the QP. A new one, in
	// RESET on every transport, keeps state quirks out of "nothing modified"
	// (siw reads INIT back as RESET: its own deviation).
	qp_case.emplace(IBV_QPT_RC, IBV_QPS_RESET, IBV_QPS_RESET);
	if (auto why = qp_case->prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	const auto &pp = qp_case->caps().device.packet_pacing_caps;
	if (pp.qp_rate_limit_max)
		GTEST_SKIP() << "the device has packet pacing (qp_rate_limit_max " << pp.qp_rate_limit_max
			     << " kbps, supported_qpts " << paced_qp_types(qp_case->caps())
			     << "): the RateLimit* cases cover it";
	// The call is judged whole where the run judges every call (its rows:
	// rate_limit.no_pacing.eopnotsupp, ErrnoOfRule scoped to
	// rate_limit.pacing.supported; rate_limit.qp_type.unpaced_rejected,
	// UnchangedOnReject): the clause drives it on a QP in RESET.
	ibv_qp_rate_limit_attr attr{1000, 0, 0, 0};
	note_verb("ibv_modify_qp_rate_limit");
	qp_case->qp().modify_rate_limit(attr);
}

} // namespace
} // namespace ibvcert
