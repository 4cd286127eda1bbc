// One verb call decoded from the input, run on every device under test. An
// op binds its values to each lane (against that device's caps) before it
// runs, keeps what it sent and what came back for the evidence, and adds the
// checks particular to its verb; the checks every verb shares are in
// oracle.cpp.
#pragma once

#include "fuzz/harness/lane.h"
#include "fuzz/harness/verbs.h"

#include "contracts/call_judge.h"
#include "contracts/qp_attr_table.h"

#include <optional>
#include <string>

namespace ibvcert::fuzz {

class Oracle;

inline constexpr int kMaxLanes = 2;

// What the reference model says of one op on one lane, where the verb has a
// table to predict from: the family evaluator's verdict on the request.
struct Expect {
	bool accept = true;
	Verdict verdict; // the rows the request breaks (none on accept)
	// The first broken row (the MUST one first), nullptr on accept.
	const ContractRule *rule() const
	{
		const RuleBreach *b = verdict.first();
		return b ? b->rule : nullptr;
	}
};

// The model's expectation from a verdict.
Expect expect_of(const Verdict &v);
// A reject by one row (a model that names the row a request breaks).
Expect expect_reject(const ContractRule &rule, std::string detail = "");
// "model: accept\n", "model: reject [MUST] srq.post_srq_recv.max_wr_outstanding\n", or without an
// expectation "model: none (<none>)\n".
std::string model_line(const std::optional<Expect> &e, const char *none = "the provider's rule");

class Op {
public:
	virtual ~Op() = default;

	virtual const OpVerb &verb() const = 0;
	// The QP slot the op acts on; every other slot must stay as it was.
	virtual int slot() const = 0;
	// Turns the decoded values into this lane's concrete arguments.
	virtual void bind(Lane &lane) = 0;
	virtual int run(Lane &lane) = 0;
	// The reference model's answer on this lane; none when the verb has no table.
	virtual std::optional<Expect> expect(const Lane &) const { return std::nullopt; }
	// After the op: the lane's model follows what the device did.
	virtual void settle(Lane &, int /*ret*/) {}
	// Checks of this verb alone, after the shared ones passed.
	virtual void check(Lane &, const LaneSnapshot & /*before*/, const LaneSnapshot & /*after*/,
			   Oracle &) {}
	// The call as its verb's result rows judge it (contracts/call_judge.h):
	// the verb and the return value; a post adds its list and bad_wr.
	virtual CallResult call_result(const Lane &lane) const
	{
		return {verb().verb, ret[lane.index()]};
	}
	// Differential mode: what two devices must agree on beyond success/failure.
	virtual void compare(const LaneSnapshot & /*after_a*/, const LaneSnapshot & /*after_b*/,
			     Oracle &) {}

	// The evidence of the op on a lane: the call (QP, transition, attr_mask
	// by flag names, attr fields), known once bound; then its outcome (the
	// return value by errno name, the model's verdict), once run.
	virtual std::string describe(const Lane &lane) const = 0;
	virtual std::string outcome(const Lane &lane) const;
	// One line for the list of steps before a violation.
	virtual std::string summary(int lane) const = 0;

	int ret[kMaxLanes] = {0, 0};
	const char *origin = nullptr; // "walk to RTS": the op was made by a setup step
};

// Shared by the ops' evidence: "RC qp_num=0x11 in INIT".
std::string qp_phrase(ibv_qp_type type, uint32_t qp_num, ibv_qp_state state);
std::string hex(uint64_t v);

} // namespace ibvcert::fuzz
