// An op that drives one of the suites' rigs (fixtures/rigs/) on objects of
// its own and asks a judge: the rig makes its objects, posts and polls, and
// what it saw on each lane goes to the suites' judge in check(). The lane's
// objects stay as they were (the frame), and the op makes no call the
// lane's result rows judge; what is left to an op is its own: the decoded
// values, run (the rig and what it saw), check, describe and its summary.
#pragma once

#include "fuzz/harness/op.h"

#include <string>

namespace ibvcert::fuzz {

// Seen: what the rig saw for the judge (a view, or a struct of the view and
// the rig's ibv_poll_cq results).
template <class Seen> class RigOp : public Op {
public:
	int slot() const override { return -1; } // objects of its own: every other object stays
	void bind(Lane &) override {}
	// The calls are the rig's, judged in check(): none of the verb's rows
	// for the op as a whole.
	CallResult call_result(const Lane &) const override { return {Verb::Count, 0}; }

	// "driven" or "not driven: <why>", then the rig's evidence.
	std::string outcome(const Lane &lane) const override
	{
		const Driven &d = driven(lane);
		return (d.judged ? std::string("driven") : "not driven: " + d.stopped) + "\n" +
		       (d.evidence.empty() ? "" : d.evidence + "\n");
	}

protected:
	// What a run on one lane did: what the rig saw, or why nothing was judged.
	struct Driven {
		bool judged = false;
		std::string stopped; // why not judged
		std::string evidence;
		Seen seen;
	};

	// The lane's record, started fresh: run() begins with it, so that
	// nothing of an earlier run on the lane is judged again.
	Driven &start(const Lane &lane) { return driven_[lane.index()] = Driven{}; }
	const Driven &driven(const Lane &lane) const { return driven_[lane.index()]; }
	const Driven &driven(int lane) const { return driven_[lane]; } // summary() has the lane's index
	// The word a summary ends with.
	const char *driven_word(int lane) const { return driven_[lane].judged ? "driven" : "not driven"; }

private:
	Driven driven_[kMaxLanes];
};

} // namespace ibvcert::fuzz
