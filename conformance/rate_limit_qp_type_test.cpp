// Clause: on a device with packet pacing, ibv_modify_qp_rate_limit on a QP
// whose type is not in packet_pacing_caps.supported_qpts fails and modifies
// nothing. The QP is in RTS, where a paced type would take it.
#include "fixtures/rigs/clause.h"
#include "conformance/leak_check.h"
#include "fixtures/rigs/qp_case.h"
#include "fixtures/rigs/run_context.h"
#include "contracts/names.h"
#include "fixtures/qp_snapshot.h"
#include "fixtures/rate_limit.h"
#include "fixtures/verb_trace.h"
#include "contracts/rule_ids/rate_limit.h"

#include <gtest/gtest.h>

#include <optional>

namespace ibvcert {
namespace {

class RateLimitQpType : public ::testing::TestWithParam<ibv_qp_type> {
protected:
	void TearDown() override
	{
		qp_case.reset();
		leak_check.expect_none_left();
	}
	LeakCheck leak_check;
	std::optional<QpCase> qp_case;
};

TEST_P(RateLimitQpType, OutsideSupportedQptsRejectedAndChangesNothing)
{
	record_clause({rule_id::rate_limit_qp_type_unpaced_rejected});
	ibv_qp_type type = GetParam();
	const DeviceCaps *caps = nullptr;
	ASSERT_EQ(run_caps(caps), 0);
	const auto &pp = caps->device.packet_pacing_caps;
	if (!pp.qp_rate_limit_max)
		GTEST_SKIP() << "the device has no packet pacing (qp_rate_limit_max 0): "
				"RateLimitWithoutPacing covers it";
	if (caps->has_packet_pacing(type))
		GTEST_SKIP() << qp_type_name(type) << " is in packet_pacing_caps.supported_qpts ("
			     << paced_qp_types(*caps) << ")";
	qp_case.emplace(type, IBV_QPS_RTS, IBV_QPS_RTS);
	if (auto why = qp_case->prepare())
		GTEST_SKIP() << *why;
	ASSERT_FALSE(HasFailure());
	Qp &qp = qp_case->qp();
	QpSnapshot before = take_snapshot(qp);
	ASSERT_EQ(before.query_ret, 0) << "ibv_query_qp returned " << errno_name(before.query_ret);
	ibv_qp_rate_limit_attr attr{pp.qp_rate_limit_min, 0, 0, 0};
	note_verb("ibv_modify_qp_rate_limit");
	int ret = qp.modify_rate_limit(attr);
	auto changed = snapshot_diff(before, take_snapshot(qp));
	std::string evidence = qp_case->call_evidence(
		"ibv_modify_qp_rate_limit(" + describe_rate_limit_attr(attr) +
			"); packet_pacing_caps.supported_qpts: " + paced_qp_types(*caps),
		ret, changed);
	EXPECT_NE(ret, 0) << "a " << qp_type_name(type)
			  << " QP took a rate limit its device does not pace\n" << evidence;
	EXPECT_TRUE(changed.empty()) << "the QP changed\n" << evidence;
}

std::string type_name(const ::testing::TestParamInfo<ibv_qp_type> &info)
{
	return qp_type_name(info.param);
}

INSTANTIATE_TEST_SUITE_P(Types, RateLimitQpType,
			 ::testing::Values(IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD), type_name);

} // namespace
} // namespace ibvcert
