// The parameters of the ibv_modify_qp clauses, generated from the transition
// table and the attribute table: every transition of every QP type.
#pragma once

#include "contracts/qp_attr_table.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ibvcert {

struct ModifyQpParam {
	ibv_qp_type type;
	ibv_qp_state from;
	ibv_qp_state to;
	int flag = 0;      // the attr_mask bit the case is about, if any
	int field = -1;    // index into qp_attr_fields(), for value cases
	Breach breach = Breach::Above;

	int required() const;
	int optional() const;
	const QpAttrField &attr_field() const { return qp_attr_fields()[field]; }
};

// The QP types the suite covers.
const std::vector<ibv_qp_type> &covered_qp_types();

// Valid transitions whose start state the builders reach.
std::vector<ModifyQpParam> valid_transitions();
// Valid transitions with one required bit named in flag.
std::vector<ModifyQpParam> required_bits();
// Valid transitions with one optional bit named in flag.
std::vector<ModifyQpParam> optional_bits();
// Valid transitions with one bit outside required | optional | STATE: each
// defined flag, and two bits the verbs API does not define.
std::vector<ModifyQpParam> foreign_bits();
// Every reachable state with one bit, not IBV_QP_STATE, outside its
// current->current row's optional set (every bit where the state has no
// such row): a mask without IBV_QP_STATE.
std::vector<ModifyQpParam> foreign_bits_without_state();
// (type, from, to) not in the table, from reachable, to any state.
std::vector<ModifyQpParam> invalid_transitions();
// Transitions into RESET and ERR from every reachable state.
std::vector<ModifyQpParam> reset_and_err_transitions();
// Each field of each required/optional flag, with each invalid value kind.
std::vector<ModifyQpParam> invalid_values();
// The invalid values of the current->current rows, for a mask without
// IBV_QP_STATE.
std::vector<ModifyQpParam> invalid_values_without_state();
// Every reachable state, as from == to (a mask without IBV_QP_STATE).
std::vector<ModifyQpParam> current_states();

// "RC_INIT_RTR", "RC_INIT_RTR_AV", "RC_INIT_RTR_path_mtu_above".
std::string param_name(const ::testing::TestParamInfo<ModifyQpParam> &info);

} // namespace ibvcert
