// The properties' QP model: what a RESET forgets and what a query must show.
#include "contracts/qp_table.h"
#include "fixtures/emu/emu_device.h"
#include "fixtures/qp_builder.h"
#include "properties/qp_model.h"

#include <gtest/gtest.h>

namespace ibvcert {

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

} // namespace ibvcert
