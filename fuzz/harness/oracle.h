// The contract as an oracle: every op's call, on every lane, handed to the
// judge (contracts/), and what the judge names reported:
//   - the result, by the verb's result rows (judge_call);
//   - the frame: what the call changed on objects other than its own, by
//     the verb's frame rows (judge_frame);
//   - a rejected call that changed its own object, and the outcome against
//     the family evaluator's verdict on the request (the model), by the
//     verb's rows (contracts/outcome_judge.h): on the reference device both
//     ways, on any device an accept of what a MUST row rejects (SHOULD rows
//     are a provider's to mask);
//   - every live QP where its model holds it (the model's own disagreement,
//     judged by modify_qp's rows), then the op's own observations, each
//     named by the row whose sentence it observes;
//   - in differential mode, the agreement of the two devices (the
//     harness's own check: no row).
// A violation prints the rows it breaks (their ids, levels, sentences) and
// the evidence and aborts, so libFuzzer keeps the input; one the
// known-deviations file covers ends the input instead (harness/known.h).
#pragma once

#include "fuzz/harness/op.h"

#include "contracts/verdict.h"

#include <string>
#include <vector>

namespace ibvcert::fuzz {

class Session;

struct Violation {
	std::string id;      // "modify_qp.unchanged": the finding's key (crashes are deduplicated by it)
	std::string summary; // stable one-line description
	Verdict verdict;     // the rows broken, as the judge named them; none: the harness's own check
	std::vector<std::string> changed = {}; // "qp#0 path_mtu: IBV_MTU_1024 -> IBV_MTU_2048"
	std::string extra = {};                // anything else the evidence needs
};

class Oracle {
public:
	Oracle(const Session &session, Op &op) : session_(session), op_(&op) {}
	// For the end of the input, after its last op.
	explicit Oracle(const Session &session) : session_(session) {}

	// Prints the violation with the evidence of the op on `lane` (-1: every
	// lane) and the steps before it, then aborts.
	[[noreturn]] void fail(int lane, const Violation &v) const;
	// A judge's verdict on a call of the op's (what the judge names,
	// key "<prefix>:<first rule id>"): on the reference device every broken
	// row fails; on another, a SHOULD row is the provider's to mask (a MUST
	// row still fails).
	void judged(const Lane &lane, const std::string &prefix, const std::string &summary, const Verdict &v,
		    const std::string &extra = {}) const;

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
	const Session &session_;
	Op *op_ = nullptr;
};

// "field: before -> after" for every QP in the snapshots but skip_slot,
// prefixed with "qp#N ", for the SRQ ("srq ...") unless skip_slot is
// kSrqSlot, for each scheduling element unless skip_slot is its own.
std::vector<std::string> diff_slots(const LaneSnapshot &before, const LaneSnapshot &after,
				    int skip_slot = -1);
// A QP that is not in the state the accepted modifies led it to, judged by
// ibv_modify_qp's read-back rows (judge_effect).
Verdict judge_state(const std::string &where);

// The same for the one slot (a QP's, kSrqSlot, kSchedSlot0 + i) alone.
std::vector<std::string> diff_slot(const LaneSnapshot &before, const LaneSnapshot &after, int slot);

} // namespace ibvcert::fuzz
