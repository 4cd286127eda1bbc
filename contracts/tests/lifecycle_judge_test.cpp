// The lifecycle rows (contracts/lifecycle_rules.cpp) through their judge:
// each row breaks on the observation it names, and only then.
#include "contracts/lifecycle_judge.h"
#include "contracts/rule_ids/create_ah.h"
#include "contracts/rule_ids/create_qp.h"
#include "contracts/rule_ids/dealloc_pd.h"
#include "contracts/rule_ids/destroy_cq.h"
#include "contracts/rule_ids/destroy_srq.h"
#include "contracts/rule_ids/query_device.h"
#include "contracts/rule_ids/query_gid.h"
#include "contracts/rule_ids/query_port.h"
#include "contracts/rule_ids/reg_mr.h"

#include <gtest/gtest.h>

#include <cerrno>

using namespace ibvcert;

namespace {

DeviceCaps caps()
{
	DeviceCaps c;
	c.device.orig_attr.max_qp_wr = 1024;
	c.device.orig_attr.max_sge = 8;
	c.device.orig_attr.phys_port_cnt = 1;
	c.device.orig_attr.atomic_cap = IBV_ATOMIC_HCA;
	c.port.gid_tbl_len = 16;
	return c;
}

CreateQpRequest rc(uint32_t send_wr = 4, bool srq = false)
{
	return {IBV_QPT_RC, {send_wr, 4, 1, 1, 0}, srq};
}

TEST(CreateQpJudge, RefusesCapsAboveTheDeviceUnlessIgnoredWithAnSrq)
{
	EXPECT_TRUE(evaluate_create_qp(caps(), rc(1024)).accepts());
	EXPECT_TRUE(evaluate_create_qp(caps(), rc(1025)).breaks(rule_id::create_qp_cap_max_send_wr_range));
	CreateQpRequest r = rc();
	r.cap.max_recv_wr = 5000;
	EXPECT_TRUE(evaluate_create_qp(caps(), r).breaks(rule_id::create_qp_cap_max_recv_wr_range));
	r.srq = true;
	EXPECT_TRUE(evaluate_create_qp(caps(), r).accepts());
}

TEST(CreateQpJudge, TypesListedAndSrqOnRcUdOnly)
{
	CreateQpRequest r = rc();
	r.qp_type = (ibv_qp_type)5;
	EXPECT_TRUE(evaluate_create_qp(caps(), r).breaks(rule_id::create_qp_qp_type_listed));
	r.qp_type = IBV_QPT_UC;
	EXPECT_TRUE(evaluate_create_qp(caps(), r).accepts());
	r.srq = true;
	EXPECT_TRUE(evaluate_create_qp(caps(), r).breaks(rule_id::create_qp_srq_rc_ud_only));
}

TEST(CreateQpJudge, ReportUniqueNumberAndValidRefusal)
{
	CreatedQp ok{0x12, IBV_QPT_RC, {4, 4, 1, 1, 0}};
	EXPECT_TRUE(judge_create_qp(caps(), rc(), 0, ok, {0x11}).accepts());
	EXPECT_TRUE(judge_create_qp(caps(), rc(), 0, ok, {0x12}).breaks(rule_id::create_qp_qp_num_unique));
	CreatedQp low = ok;
	low.cap.max_send_wr = 3;
	EXPECT_TRUE(judge_create_qp(caps(), rc(), 0, low, {}).breaks(
		rule_id::create_qp_cap_at_least_the_request));
	EXPECT_TRUE(judge_create_qp(caps(), rc(), EINVAL, {}, {}).breaks(rule_id::create_qp_valid_carried_out));
	EXPECT_TRUE(judge_create_qp(caps(), rc(), ENOMEM, {}, {}).accepts());
	EXPECT_TRUE(judge_create_qp(caps(), rc(), -EINVAL, {}, {}).breaks(
		rule_id::create_qp_return_zero_or_errno));
	EXPECT_TRUE(judge_create_qp(caps(), rc(2000), 0, ok, {}).breaks(
		rule_id::create_qp_cap_max_send_wr_range));
}

TEST(DestroyJudge, BusyWhileUsedThenFreed)
{
	EXPECT_TRUE(judge_destroy({Verb::DeallocPd, 2, EBUSY, true}).accepts());
	EXPECT_TRUE(judge_destroy({Verb::DeallocPd, 2, 0, true}).breaks(rule_id::dealloc_pd_busy_while_in_use));
	EXPECT_TRUE(judge_destroy({Verb::DeallocPd, 2, EINVAL, true}).breaks(rule_id::dealloc_pd_busy_while_in_use));
	EXPECT_TRUE(judge_destroy({Verb::DestroyCq, 1, EBUSY, false}).breaks(
		rule_id::destroy_cq_busy_while_qp_attached));
	EXPECT_TRUE(judge_destroy({Verb::DestroySrq, 0, EBUSY, true}).breaks(rule_id::destroy_srq_freed_when_unused));
	EXPECT_TRUE(judge_destroy({Verb::DestroyQp, 0, 0, true}).accepts());
}

TEST(RegMrJudge, AccessKnownAndRangeReported)
{
	RegMrRequest r{0x1000, 100, IBV_ACCESS_LOCAL_WRITE};
	EXPECT_TRUE(judge_reg_mr(caps(), r, 0, {0x1000, 100}).accepts());
	EXPECT_TRUE(judge_reg_mr(caps(), r, 0, {0x1000, 4096}).breaks(rule_id::reg_mr_addr_length_reported));
	EXPECT_TRUE(judge_reg_mr(caps(), r, EINVAL, {}).breaks(rule_id::reg_mr_valid_carried_out));
	r.access = 1 << 10;
	EXPECT_TRUE(evaluate_reg_mr(caps(), r).breaks(rule_id::reg_mr_access_known));
	r.access = 1 << 21; // optional range: a provider may ignore it
	EXPECT_TRUE(evaluate_reg_mr(caps(), r).accepts());
}

TEST(QueryJudge, PortAndGidBounds)
{
	EXPECT_TRUE(judge_query_port(caps(), 1, 0).accepts());
	EXPECT_TRUE(judge_query_port(caps(), 2, 0).breaks(rule_id::query_port_port_num_range));
	EXPECT_TRUE(judge_query_port(caps(), 1, EINVAL).breaks(rule_id::query_port_valid_carried_out));
	EXPECT_TRUE(judge_query_gid(caps(), 1, 16, 0).breaks(rule_id::query_gid_index_range));
	EXPECT_TRUE(judge_query_gid(caps(), 1, 15, 0).accepts());
	ibv_ah_attr a{};
	a.port_num = 0;
	EXPECT_TRUE(judge_create_ah(caps(), a, 0).breaks(rule_id::create_ah_port_num_range));
}

TEST(QueryJudge, AnAnsweredPortQueryHandsBackTheValuesItsTypesList)
{
	ibv_port_attr ok{};
	ok.state = IBV_PORT_ACTIVE;
	ok.max_mtu = IBV_MTU_4096;
	ok.active_mtu = IBV_MTU_1024;
	ok.link_layer = IBV_LINK_LAYER_ETHERNET;
	EXPECT_TRUE(judge_query_port(caps(), 1, 0, &ok).accepts());
	ibv_port_attr bad = ok;
	bad.max_mtu = (ibv_mtu)0;
	EXPECT_TRUE(judge_query_port(caps(), 1, 0, &bad).breaks(rule_id::query_port_max_mtu_an_mtu));
	bad = ok;
	bad.active_mtu = IBV_MTU_4096;
	bad.max_mtu = IBV_MTU_2048;
	EXPECT_TRUE(judge_query_port(caps(), 1, 0, &bad).breaks(rule_id::query_port_active_mtu_an_mtu_within_max));
	bad = ok;
	bad.state = (ibv_port_state)6;
	EXPECT_TRUE(judge_query_port(caps(), 1, 0, &bad).breaks(rule_id::query_port_state_a_port_state));
	bad = ok;
	bad.link_layer = 3;
	EXPECT_TRUE(judge_query_port(caps(), 1, 0, &bad).breaks(rule_id::query_port_link_layer_listed));
	ibv_device_attr_ex dev{};
	dev.orig_attr.atomic_cap = IBV_ATOMIC_HCA;
	EXPECT_TRUE(judge_query_device(0, &dev).accepts());
	dev.orig_attr.atomic_cap = (ibv_atomic_cap)3;
	EXPECT_TRUE(judge_query_device(0, &dev).breaks(rule_id::query_device_atomic_cap_listed));
	dev.orig_attr.atomic_cap = IBV_ATOMIC_HCA;
	dev.packet_pacing_caps.qp_rate_limit_min = 1000;
	dev.packet_pacing_caps.qp_rate_limit_max = 100000000;
	EXPECT_TRUE(judge_query_device(0, &dev).accepts());
	dev.packet_pacing_caps.qp_rate_limit_max = 0;
	EXPECT_TRUE(judge_query_device(0, &dev).breaks(rule_id::query_device_packet_pacing_caps_min_not_above_max));
	// A refused query's reply is not read.
	EXPECT_FALSE(judge_query_port(caps(), 1, EINVAL, &bad).breaks(rule_id::query_port_link_layer_listed));
}

} // namespace
