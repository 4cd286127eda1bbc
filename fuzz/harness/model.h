// The reference model of ibv_modify_qp, from the contract tables alone: the
// transition table says which (type, from, to) are valid and which attr_mask
// bits each requires and allows, the attribute table which values each field
// may take on this device. Independent of the emulated device's code.
#pragma once

#include "fixtures/device_caps.h"
#include "fixtures/qp_attr_table.h"
#include "fixtures/qp_table.h"

#include <string>

namespace ibvcert::fuzz {

enum class Reason {
	None,
	UnknownBit,        // an attr_mask bit the verbs API does not define
	InvalidTransition, // (type, from, to) is not in the transition table
	MissingRequired,   // a bit the transition requires is missing
	ForeignBit,        // a bit outside required | optional | STATE
	NoFeature,         // the flag needs a feature the device lacks
	InvalidValue,      // a field outside the values the attribute table allows
};
const char *reason_name(Reason reason); // "missing-required"

struct Prediction {
	bool accept = true;
	Reason reason = Reason::None;
	Level level = Level::MUST; // of the rule that rejects
	int bits = 0;              // the attr_mask bits at fault
	int field = -1;            // index into qp_attr_fields(), for InvalidValue
	ibv_qp_state next = IBV_QPS_RESET; // the state the QP is in after an accept
};

// QpTransitionTable::kernel().find, through an index built once: the
// harness asks it several times per call.
const QpTransition *find_transition(ibv_qp_type type, ibv_qp_state from, ibv_qp_state to);

// The model's answer for attr/attr_mask on a QP of type in current. When
// several rules reject, a MUST one is reported before a SHOULD one.
Prediction predict_modify_qp(ibv_qp_type type, ibv_qp_state current,
			     const ibv_qp_attr &attr, int attr_mask, const DeviceCaps &caps);

// "reject [MUST] missing-required: IBV_QP_AV|IBV_QP_PATH_MTU" or "accept".
std::string explain(const Prediction &p, const ibv_qp_attr &attr);

} // namespace ibvcert::fuzz
