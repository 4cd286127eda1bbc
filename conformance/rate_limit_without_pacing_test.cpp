// Clause: on a device without packet pacing (packet_pacing_caps
// qp_rate_limit_max 0) ibv_modify_qp_rate_limit returns EOPNOTSUPP (ENOSYS
// from old libibverbs) and modifies nothing.
#include "fixtures/rigs/clause.h"
#include "conformance/leak_check.h"
#include "fixtures/rigs/qp_case.h"
#include "contracts/names.h"
#include "fixtures/qp_snapshot.h"
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
	Qp &qp = qp_case->qp();
	QpSnapshot before = take_snapshot(qp);
	ASSERT_EQ(before.query_ret, 0) << "ibv_query_qp returned " << errno_name(before.query_ret);
	ibv_qp_rate_limit_attr attr{1000, 0, 0, 0};
	note_verb("ibv_modify_qp_rate_limit");
	int ret = qp.modify_rate_limit(attr);
	auto changed = snapshot_diff(before, take_snapshot(qp));
	std::string evidence = qp_case->call_evidence(
		"ibv_modify_qp_rate_limit(" + describe_rate_limit_attr(attr) +
			") on a device with packet_pacing_caps.qp_rate_limit_max 0",
		ret, changed);
	EXPECT_TRUE(ret == EOPNOTSUPP || ret == ENOSYS)
		<< "ibv_modify_qp_rate_limit returned " << errno_name(ret)
		<< ", not EOPNOTSUPP, on a device without packet pacing\n" << evidence;
	EXPECT_TRUE(changed.empty()) << "the QP changed\n" << evidence;
}

} // namespace
} // namespace ibvcert
