// Read-back rules: exact unless a man page lets the value differ.
#include "properties/read_back.h"

#include <gtest/gtest.h>

using namespace ibvcert;

TEST(ReadBack, ExactFieldsMustMatch)
{
	ibv_qp_attr set{}, read{};
	set.timeout = 14;
	read.timeout = 15;
	auto d = read_back_mismatches(set, IBV_QP_TIMEOUT, read, IBV_QP_TIMEOUT);
	ASSERT_EQ(d.size(), 1u);
	EXPECT_EQ(d[0], "timeout=14 set, timeout=15 read back");
	read.timeout = 14;
	EXPECT_TRUE(read_back_mismatches(set, IBV_QP_TIMEOUT, read, IBV_QP_TIMEOUT).empty());
}

TEST(ReadBack, CapMayReadBackLargerNeverSmaller)
{
	ibv_qp_attr set{}, read{};
	set.cap.max_send_wr = 4;
	read.cap.max_send_wr = 8;
	EXPECT_TRUE(read_back_mismatches(set, IBV_QP_CAP, read, IBV_QP_CAP).empty());
	read.cap.max_send_wr = 2;
	EXPECT_EQ(read_back_mismatches(set, IBV_QP_CAP, read, IBV_QP_CAP).size(), 1u);
}

TEST(ReadBack, UnqueriedAndUnreturnedFieldsAreNotCompared)
{
	ibv_qp_attr set{}, read{};
	set.path_mig_state = IBV_MIG_ARMED;
	set.rate_limit = 5000;
	int mask = IBV_QP_PATH_MIG_STATE | IBV_QP_RATE_LIMIT;
	EXPECT_TRUE(read_back_mismatches(set, mask, read, mask).empty());
}

TEST(ReadBack, AhAttrMayMoveOnlyWithAnAlternatePathLoaded)
{
	ibv_qp_attr set{}, read{};
	set.ah_attr.dlid = 3;
	read.ah_attr.dlid = 9;
	EXPECT_EQ(read_back_mismatches(set, IBV_QP_AV, read, IBV_QP_AV).size(), 1u);
	EXPECT_TRUE(read_back_mismatches(set, IBV_QP_AV, read, IBV_QP_AV | IBV_QP_ALT_PATH).empty());
}

TEST(ReadBack, GrhFieldsOnlyWhenGlobal)
{
	ibv_qp_attr set{}, read{};
	set.ah_attr.grh.hop_limit = 5;
	EXPECT_TRUE(read_back_mismatches(set, IBV_QP_AV, read, IBV_QP_AV).empty());
	set.ah_attr.is_global = 1;
	EXPECT_FALSE(read_back_mismatches(set, IBV_QP_AV, read, IBV_QP_AV).empty());
}
