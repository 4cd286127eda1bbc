// The evidence a failing ibv_modify_qp property prints: device, QP type and
// state, the transition, attr_mask by flag names, the attribute fields, the
// return value by errno name, the contract's verdict with its reasons, and
// what changed. The reproduce string and the replay command follow it
// (property_check.h).
#pragma once

#include "fixtures/device.h"
#include "contracts/modify_qp_eval.h"
#include "contracts/qp_attr_table.h"

#include <string>
#include <vector>

namespace ibvcert {

struct ModifyEvidence {
	std::string device;
	ibv_qp_type type = IBV_QPT_RC;
	uint32_t qp_num = 0;
	std::string qp_label; // "qp1" in a state machine, "" otherwise
	ibv_qp_state from = IBV_QPS_RESET;
	int attr_mask = 0;
	ibv_qp_attr attr{};
	int ret = 0;
	ModifyQpVerdict contract;
	std::vector<std::string> changed; // "field: before -> after"
	std::vector<std::string> extra;   // further lines ("read back: ...")
};

// headline, then one "name: value" line each.
std::string describe(const std::string &headline, const ModifyEvidence &evidence);

} // namespace ibvcert
