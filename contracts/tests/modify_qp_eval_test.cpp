// The contract's verdict follows the tables' data: each row's required set
// alone is accepted, and each kind of fault is rejected at its level.
#include "fixtures/emu/emu_device.h"
#include "fixtures/qp_builder.h"
#include "contracts/qp_table.h"
#include "contracts/modify_qp_eval.h"
#include "contracts/rule_ids/modify_qp.h"

#include <gtest/gtest.h>

using namespace ibvcert;
using Class = Verdict::Class;

namespace {

class ModifyQpEvaluator : public ::testing::Test {
protected:
	void SetUp() override
	{
		ASSERT_EQ(read_device_caps(*device, 1, caps), 0);
		ASSERT_EQ(builder.init(), 0);
	}

	// Valid values for from -> to of a QP of type, for the flags of mask.
	ibv_qp_attr valid(ibv_qp_type type, ibv_qp_state from, ibv_qp_state to, int mask)
	{
		std::unique_ptr<Qp> qp;
		EXPECT_EQ(builder.create(type, qp), 0);
		return builder.valid_attr(*qp, from, to, mask);
	}

	std::unique_ptr<Device> device = make_emu_device();
	DeviceCaps caps;
	QpBuilder builder{*device, caps};
};

} // namespace

TEST_F(ModifyQpEvaluator, EachRowsRequiredSetAloneIsAccepted)
{
	for (const auto &row : QpTransitionTable::kernel().rows()) {
		if (row.qp_type > IBV_QPT_UD && row.qp_type != IBV_QPT_RAW_PACKET)
			continue;
		int mask = IBV_QP_STATE | row.required;
		auto v = evaluate_modify_qp(caps, row.qp_type, row.from,
					   valid(row.qp_type, row.from, row.to, mask), mask);
		EXPECT_EQ(v.verdict(), Class::Accept) << v.describe();
		EXPECT_EQ(v.next, row.to);
	}
}

TEST_F(ModifyQpEvaluator, MissingRequiredForeignAndUnknownBitsAreMustRejections)
{
	const QpTransition *row = QpTransitionTable::kernel().find(IBV_QPT_RC, IBV_QPS_INIT, IBV_QPS_RTR);
	ASSERT_NE(row, nullptr);
	int mask = IBV_QP_STATE | row->required;
	ibv_qp_attr attr = valid(IBV_QPT_RC, IBV_QPS_INIT, IBV_QPS_RTR, mask | IBV_QP_QKEY);
	for (int drop : {IBV_QP_AV, IBV_QP_DEST_QPN})
		EXPECT_EQ(evaluate_modify_qp(caps, IBV_QPT_RC, IBV_QPS_INIT, attr, mask & ~drop).verdict(),
			  Class::MustReject);
	auto foreign = evaluate_modify_qp(caps, IBV_QPT_RC, IBV_QPS_INIT, attr, mask | IBV_QP_QKEY);
	EXPECT_EQ(foreign.verdict(), Class::MustReject);
	EXPECT_NE(foreign.describe().find("IBV_QP_QKEY outside"), std::string::npos) << foreign.describe();
	EXPECT_EQ(evaluate_modify_qp(caps, IBV_QPT_RC, IBV_QPS_INIT, attr, mask | (1 << 30)).verdict(),
		  Class::MustReject);
}

TEST_F(ModifyQpEvaluator, InvalidTransitionsAndStatesAreMustRejections)
{
	ibv_qp_attr attr{};
	attr.qp_state = IBV_QPS_RTS;
	EXPECT_EQ(evaluate_modify_qp(caps, IBV_QPT_UD, IBV_QPS_RESET, attr, IBV_QP_STATE).verdict(),
		  Class::MustReject);
	attr.qp_state = IBV_QPS_UNKNOWN;
	EXPECT_EQ(evaluate_modify_qp(caps, IBV_QPT_UD, IBV_QPS_INIT, attr, IBV_QP_STATE).verdict(),
		  Class::MustReject);
	// No RTR->RTR row: a mask without IBV_QP_STATE has nowhere to go.
	EXPECT_EQ(evaluate_modify_qp(caps, IBV_QPT_RC, IBV_QPS_RTR, attr, 0).verdict(),
		  Class::MustReject);
	EXPECT_EQ(evaluate_modify_qp(caps, IBV_QPT_RC, IBV_QPS_RTS, attr, 0).verdict(),
		  Class::Accept);
}

TEST_F(ModifyQpEvaluator, ValuesAreRejectedAtTheirFieldsLevel)
{
	int mask = IBV_QP_STATE | IBV_QP_ACCESS_FLAGS | IBV_QP_PKEY_INDEX | IBV_QP_PORT;
	ibv_qp_attr attr = valid(IBV_QPT_RC, IBV_QPS_RESET, IBV_QPS_INIT, mask);
	ASSERT_TRUE(evaluate_modify_qp(caps, IBV_QPT_RC, IBV_QPS_RESET, attr, mask).accepts());
	ibv_qp_attr bad = attr;
	bad.pkey_index = caps.port.pkey_tbl_len; // MUST
	EXPECT_EQ(evaluate_modify_qp(caps, IBV_QPT_RC, IBV_QPS_RESET, bad, mask).verdict(),
		  Class::MustReject);
	bad = attr;
	bad.qp_access_flags = 1u << 20; // SHOULD
	EXPECT_EQ(evaluate_modify_qp(caps, IBV_QPT_RC, IBV_QPS_RESET, bad, mask).verdict(),
		  Class::ShouldReject);
	bad.port_num = 0; // MUST and SHOULD: MUST wins
	EXPECT_EQ(evaluate_modify_qp(caps, IBV_QPT_RC, IBV_QPS_RESET, bad, mask).verdict(),
		  Class::MustReject);
}

TEST_F(ModifyQpEvaluator, CurrentStateMismatchIsShouldLevel)
{
	int mask = IBV_QP_STATE | IBV_QP_CUR_STATE;
	ibv_qp_attr attr{};
	attr.qp_state = IBV_QPS_RTS;
	attr.cur_qp_state = IBV_QPS_SQD;
	EXPECT_EQ(evaluate_modify_qp(caps, IBV_QPT_UD, IBV_QPS_RTS, attr, mask).verdict(),
		  Class::ShouldReject);
	attr.cur_qp_state = IBV_QPS_RTS;
	EXPECT_EQ(evaluate_modify_qp(caps, IBV_QPT_UD, IBV_QPS_RTS, attr, mask).verdict(),
		  Class::Accept);
}

TEST_F(ModifyQpEvaluator, RoceAddressVectorWithoutGrhIsAMustRejection)
{
	DeviceCaps roce = caps;
	roce.grh_required = true;
	roce.port.link_layer = IBV_LINK_LAYER_ETHERNET;
	for (ibv_qp_type type : {IBV_QPT_RC, IBV_QPT_UC}) {
		const QpTransition *row = QpTransitionTable::kernel().find(type, IBV_QPS_INIT, IBV_QPS_RTR);
		ASSERT_NE(row, nullptr);
		ibv_qp_attr attr{};
		attr.qp_state = IBV_QPS_RTR;
		attr.path_mtu = IBV_MTU_1024;
		attr.ah_attr.port_num = 1;
		attr.ah_attr.is_global = 0;
		int mask = IBV_QP_STATE | row->required;
		auto v = evaluate_modify_qp(roce, type, IBV_QPS_INIT, attr, mask);
		EXPECT_EQ(v.verdict(), Verdict::Class::MustReject) << v.describe();
		EXPECT_TRUE(v.breaks(rule_id::modify_qp_ah_attr_grh_required)) << v.describe();
		attr.ah_attr.is_global = 1;
		EXPECT_FALSE(evaluate_modify_qp(roce, type, IBV_QPS_INIT, attr, mask)
				     .breaks(rule_id::modify_qp_ah_attr_grh_required));
		// On InfiniBand a local address vector needs no GRH.
		attr.ah_attr.is_global = 0;
		EXPECT_FALSE(evaluate_modify_qp(caps, type, IBV_QPS_INIT, attr, mask)
				     .breaks(rule_id::modify_qp_ah_attr_grh_required));
	}
}

TEST_F(ModifyQpEvaluator, AnEmptyRangeDoesNotApply)
{
	DeviceCaps iwarp = caps;
	iwarp.port.pkey_tbl_len = 0; // siw: no P_Key table
	ibv_qp_attr attr{};
	attr.qp_state = IBV_QPS_INIT;
	attr.port_num = 1;
	attr.pkey_index = 0;
	int mask = IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS;
	EXPECT_TRUE(evaluate_modify_qp(iwarp, IBV_QPT_RC, IBV_QPS_RESET, attr, mask).accepts());
}
