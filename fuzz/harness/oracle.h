// The contract as an oracle, checked after every op on every lane:
//   - the return value is one the man page documents (verbs.h);
//   - a failed call changed nothing, a read-only one never does, and no call
//     changes a QP other than its own (snapshots before and after);
//   - where the verb has a table, the outcome agrees with the reference
//     model: both ways on the emulated device, and on any device no accept
//     of what a MUST rule rejects;
//   - every live QP is where its model holds it (ibv_query_qp and
//     ibv_qp::state), of the type it was created with;
//   - then the op's own checks, and in differential mode the agreement of
//     the two devices.
// A violation prints the clause and the evidence and aborts, so libFuzzer
// keeps the input; one the known-deviations file covers ends the input
// instead (harness/known.h).
#pragma once

#include "fuzz/harness/op.h"

#include <string>
#include <vector>

namespace ibvcert::fuzz {

class Session;

struct Violation {
	std::string id;      // "modify_qp.unchanged": stable, the key crashes are deduplicated by
	Level level;
	std::string summary; // stable one-line description
	std::string clause;  // where the contract says so
	std::vector<std::string> changed; // "qp#0 path_mtu: IBV_MTU_1024 -> IBV_MTU_2048"
	std::string extra;   // anything else the evidence needs
};

class Oracle {
public:
	Oracle(const Session &session, Op &op) : session_(session), op_(&op) {}
	// For the end of the input, after its last op.
	explicit Oracle(const Session &session) : session_(session) {}

	// Prints the violation with the evidence of the op on `lane` (-1: every
	// lane) and the steps before it, then aborts.
	[[noreturn]] void fail(int lane, const Violation &v) const;

	// The call itself: return value, what changed, agreement with the model.
	void check_call(Lane &lane, const LaneSnapshot &before, const LaneSnapshot &after);
	// After the lane's model has followed the call: every QP where the model
	// holds it, then the op's own checks.
	void check_after(Lane &lane, const LaneSnapshot &before, const LaneSnapshot &after);
	void compare_outcomes(const Lane &a, const Lane &b);
	void compare_states(const Lane &a, const Lane &b, const LaneSnapshot &after_a,
			    const LaneSnapshot &after_b);

	// At the end of the input, after every object it made was destroyed:
	// the device layer's ledger is back where it started (a destroy that
	// failed leaves its object counted).
	void check_ledger(long before, long after) const;

private:
	std::vector<std::string> broken_rules(const Violation &v) const;

	const Session &session_;
	Op *op_ = nullptr;
};

// "field: before -> after" for every QP in the snapshots but skip_slot,
// prefixed with "qp#N ", and for the SRQ ("srq ...") unless skip_slot is
// kSrqSlot.
std::vector<std::string> diff_slots(const LaneSnapshot &before, const LaneSnapshot &after,
				    int skip_slot = -1);

// Where libibverbs keeps ibv_qp::state in step with the QP.
extern const char kStateClause[];

} // namespace ibvcert::fuzz
