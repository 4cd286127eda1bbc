// The contract's verdict follows the tables' data: each row's required set
// alone is accepted, and each kind of fault is rejected at its level.
#include "fixtures/emu/emu_device.h"
#include "fixtures/qp_builder.h"
#include "fixtures/qp_table.h"
#include "properties/contract_verdict.h"
#include "properties/qp_model.h"

#include <gtest/gtest.h>

using namespace ibvcert;
using Class = ContractVerdict::Class;

namespace {

class ContractVerdictTest : public ::testing::Test {
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

TEST_F(ContractVerdictTest, EachRowsRequiredSetAloneIsAccepted)
{
	for (const auto &row : QpTransitionTable::kernel().rows()) {
		if (row.qp_type > IBV_QPT_UD && row.qp_type != IBV_QPT_RAW_PACKET)
			continue;
		int mask = IBV_QP_STATE | row.required;
		auto v = modify_qp_verdict(caps, row.qp_type, row.from,
					   valid(row.qp_type, row.from, row.to, mask), mask);
		EXPECT_EQ(v.verdict(), Class::Accept) << v.describe();
		EXPECT_EQ(v.next, row.to);
	}
}

TEST_F(ContractVerdictTest, MissingRequiredForeignAndUnknownBitsAreMustRejections)
{
	const QpTransition *row = QpTransitionTable::kernel().find(IBV_QPT_RC, IBV_QPS_INIT, IBV_QPS_RTR);
	ASSERT_NE(row, nullptr);
	int mask = IBV_QP_STATE | row->required;
	ibv_qp_attr attr = valid(IBV_QPT_RC, IBV_QPS_INIT, IBV_QPS_RTR, mask | IBV_QP_QKEY);
	for (int drop : {IBV_QP_AV, IBV_QP_DEST_QPN})
		EXPECT_EQ(modify_qp_verdict(caps, IBV_QPT_RC, IBV_QPS_INIT, attr, mask & ~drop).verdict(),
			  Class::MustReject);
	auto foreign = modify_qp_verdict(caps, IBV_QPT_RC, IBV_QPS_INIT, attr, mask | IBV_QP_QKEY);
	EXPECT_EQ(foreign.verdict(), Class::MustReject);
	EXPECT_NE(foreign.describe().find("IBV_QP_QKEY outside"), std::string::npos) << foreign.describe();
	EXPECT_EQ(modify_qp_verdict(caps, IBV_QPT_RC, IBV_QPS_INIT, attr, mask | (1 << 30)).verdict(),
		  Class::MustReject);
}

TEST_F(ContractVerdictTest, InvalidTransitionsAndStatesAreMustRejections)
{
	ibv_qp_attr attr{};
	attr.qp_state = IBV_QPS_RTS;
	EXPECT_EQ(modify_qp_verdict(caps, IBV_QPT_UD, IBV_QPS_RESET, attr, IBV_QP_STATE).verdict(),
		  Class::MustReject);
	attr.qp_state = IBV_QPS_UNKNOWN;
	EXPECT_EQ(modify_qp_verdict(caps, IBV_QPT_UD, IBV_QPS_INIT, attr, IBV_QP_STATE).verdict(),
		  Class::MustReject);
	// No RTR->RTR row: a mask without IBV_QP_STATE has nowhere to go.
	EXPECT_EQ(modify_qp_verdict(caps, IBV_QPT_RC, IBV_QPS_RTR, attr, 0).verdict(),
		  Class::MustReject);
	EXPECT_EQ(modify_qp_verdict(caps, IBV_QPT_RC, IBV_QPS_RTS, attr, 0).verdict(),
		  Class::Accept);
}

TEST_F(ContractVerdictTest, ValuesAreRejectedAtTheirFieldsLevel)
{
	int mask = IBV_QP_STATE | IBV_QP_ACCESS_FLAGS | IBV_QP_PKEY_INDEX | IBV_QP_PORT;
	ibv_qp_attr attr = valid(IBV_QPT_RC, IBV_QPS_RESET, IBV_QPS_INIT, mask);
	ASSERT_TRUE(modify_qp_verdict(caps, IBV_QPT_RC, IBV_QPS_RESET, attr, mask).accepts());
	ibv_qp_attr bad = attr;
	bad.pkey_index = caps.port.pkey_tbl_len; // MUST
	EXPECT_EQ(modify_qp_verdict(caps, IBV_QPT_RC, IBV_QPS_RESET, bad, mask).verdict(),
		  Class::MustReject);
	bad = attr;
	bad.qp_access_flags = 1u << 20; // SHOULD
	EXPECT_EQ(modify_qp_verdict(caps, IBV_QPT_RC, IBV_QPS_RESET, bad, mask).verdict(),
		  Class::ShouldReject);
	bad.port_num = 0; // MUST and SHOULD: MUST wins
	EXPECT_EQ(modify_qp_verdict(caps, IBV_QPT_RC, IBV_QPS_RESET, bad, mask).verdict(),
		  Class::MustReject);
}

TEST_F(ContractVerdictTest, CurrentStateMismatchIsShouldLevel)
{
	int mask = IBV_QP_STATE | IBV_QP_CUR_STATE;
	ibv_qp_attr attr{};
	attr.qp_state = IBV_QPS_RTS;
	attr.cur_qp_state = IBV_QPS_SQD;
	EXPECT_EQ(modify_qp_verdict(caps, IBV_QPT_UD, IBV_QPS_RTS, attr, mask).verdict(),
		  Class::ShouldReject);
	attr.cur_qp_state = IBV_QPS_RTS;
	EXPECT_EQ(modify_qp_verdict(caps, IBV_QPT_UD, IBV_QPS_RTS, attr, mask).verdict(),
		  Class::Accept);
}

TEST(QpModel, ResetForgetsWhatWasSetAndTheQueryMustShowTheState)
{
	QpModel m{IBV_QPT_UD};
	ibv_qp_attr attr{};
	attr.qkey = 7;
	attr.port_num = 1;
	m.accept(attr, IBV_QP_STATE | IBV_QP_QKEY | IBV_QP_PORT | IBV_QP_PKEY_INDEX, IBV_QPS_INIT);
	EXPECT_EQ(m.state, IBV_QPS_INIT);
	QpSnapshot s;
	s.state_field = IBV_QPS_INIT;
	s.attr.qp_state = IBV_QPS_INIT;
	s.attr.qkey = 7;
	s.attr.port_num = 1;
	s.init.qp_type = IBV_QPT_UD;
	EXPECT_TRUE(m.disagreements(s, true).empty());
	s.attr.qkey = 8;
	EXPECT_EQ(m.disagreements(s, true).size(), 1u);
	EXPECT_TRUE(m.disagreements(s, false).empty());
	s.state_field = IBV_QPS_RESET;
	EXPECT_EQ(m.disagreements(s, false).size(), 1u);
	m.accept(attr, IBV_QP_STATE, IBV_QPS_RESET);
	EXPECT_EQ(m.loaded, 0);
}
