// What the contract says of one ibv_modify_qp request, decided from the
// tables' data alone: the transition table (fixtures/qp_table.h) for the
// state change and the mask, the attribute table (fixtures/qp_attr_table.h)
// for each value against the device's own caps. Every reason the request
// breaks the contract is listed with its level.
#pragma once

#include "fixtures/qp_attr_table.h"

#include <string>
#include <vector>

namespace ibvcert {

struct ContractReason {
	Level level;
	std::string text;
};

struct ContractVerdict {
	enum class Class {
		Accept,       // the contract accepts the request
		MustReject,   // a MUST-level reason rejects it
		ShouldReject, // only SHOULD-level reasons: a provider may mask them
	};

	ibv_qp_state next = IBV_QPS_RESET; // the state the request names
	std::vector<ContractReason> reasons;

	Class verdict() const;
	bool accepts() const { return verdict() == Class::Accept; }
	// "accepted" / "rejected (MUST): ...; ..." / "rejected (SHOULD): ..."
	std::string describe() const;
};

const char *verdict_name(ContractVerdict::Class verdict);

// The verdict for a QP of type in current.
ContractVerdict modify_qp_verdict(const DeviceCaps &caps, ibv_qp_type type,
				  ibv_qp_state current, const ibv_qp_attr &attr, int attr_mask);

} // namespace ibvcert
