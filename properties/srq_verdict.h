// What the contract says of one ibv_modify_srq request, decided from the
// SRQ rules alone (contracts/srq_eval.h, evaluate_modify_srq): the first
// rule the request breaks on the SRQ as it stands, or none.
//
// A resize may round max_wr up (ibv_create_srq(3): "greater than or equal
// to the values requested"; the issue: never below the request), and after
// a resize the SRQ's size is known only as that floor. The table's rules
// that compare with the SRQ's size after the call (rounding_may_meet())
// can then hold on the device where they fail on the request as asked: such
// a request is AcceptedIfRounded, and the device may take it only if the
// max_wr it reads back afterwards meets every rule.
#pragma once

#include "contracts/srq_eval.h"

#include <string>

namespace ibvcert {

// The SRQ the request meets, as the model knows it.
struct SrqStanding {
	SrqNow now;                  // max_wr, max_sge, srq_limit, WRs outstanding
	bool max_wr_exact = true;    // false: now.attr.max_wr is a floor (a resize rounded up)
};

struct SrqVerdict {
	enum class Class {
		Accept,            // every rule holds
		Reject,            // a rule breaks whatever the SRQ's size
		AcceptedIfRounded, // a rule breaks on the size asked; a larger size meets it
	};
	Class verdict = Class::Accept;
	const ContractRule *broken = nullptr; // the first rule broken as asked

	bool accepts() const { return verdict == Class::Accept; }
	// "accepted", "rejected (MUST): srq.srq_limit.not_above_max_wr: srq_limit <= max_wr, ...",
	// "accepted only if rounded up: ..."
	std::string describe() const;
};

const char *srq_verdict_name(SrqVerdict::Class verdict);

// Any verb may fail for want of resources: an SRQ asked to hold more than
// 64K WRs (near the device's maxima: a 1M-WR SRQ with 27 SGEs is half a
// GB) that fails with ENOMEM is not held against the device.
inline constexpr uint32_t kLargeSrqWrs = 1u << 16;
bool out_of_memory_allowed(uint32_t max_wr, int ret);

// Rules judged on max_wr as the SRQ has it after the call.
bool rounding_may_meet(const ContractRule &rule);

SrqVerdict srq_modify_verdict(const DeviceCaps &caps, const ibv_srq_attr &request,
			      int attr_mask, const SrqStanding &srq);

// For an accepted request: the first rule the request breaks once max_wr is
// what the device read back after the call (ibv_query_srq), for the rules
// on the size the call leaves (a size rounded past max_srq_wr is not judged
// here). nullptr when the request, as the device applied it, meets them.
const ContractRule *broken_as_applied(const DeviceCaps &caps, const ibv_srq_attr &request,
				     int attr_mask, const SrqStanding &srq,
				     uint32_t max_wr_after);

} // namespace ibvcert
