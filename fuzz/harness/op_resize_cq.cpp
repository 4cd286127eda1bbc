// ibv_resize_cq(3) on a CQ of the op's own (created with a decoded cqe,
// destroyed after the call): cqe is one of the classes the verb's rows
// split its values into (value_classes, contracts/value_check.h: the range
// row's bounds and the values past them, one inside, a negative one; the
// completions held and one below; the CQ's own size), or a raw int.
// Empty, or holding: a RawSender (raw_sender.h) sends on it and its
// completions are left unpolled, so the CQ holds what was posted. The judge
// decides the whole call from the CQ as observed before and after it
// (judge_resize_cq: the request rows against the result, the result rows,
// the effect rows); the op only drives the device and hands it the
// observation.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"
#include "fuzz/harness/own_objects.h"
#include "fuzz/harness/raw_sender.h"

#include "contracts/names.h"
#include "contracts/resize_cq_judge.h"
#include "contracts/value_check.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <string>
#include <vector>

namespace ibvcert::fuzz {
namespace {

const OpVerb kResizeCq = {"resize_cq", "ibv_resize_cq", Verb::ResizeCq};

// The decoded pick: a class of cqe's values (modulo their number on the
// lane's device), or kRawPick: the raw int.
constexpr int kRawPick = 15;

class ResizeCqOp : public Op {
public:
	ResizeCqOp(int create_cqe, int pick, int raw, int hold)
		: create_cqe_(create_cqe), pick_(pick), raw_(raw), hold_(hold)
	{
	}

	const OpVerb &verb() const override { return kResizeCq; }
	int slot() const override { return -1; } // a CQ of its own: every other object stays
	void bind(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		if (pick_ == kRawPick) {
			b.cqe = raw_;
			b.cqe_class = "raw";
			return;
		}
		std::vector<ValueClass> classes =
			value_classes(Verb::ResizeCq, "cqe", lane.caps(), {create_cqe_, hold_});
		if (classes.empty()) { // no row reads cqe: the rows say nothing to draw from
			b.cqe = raw_;
			b.cqe_class = "raw (no class)";
			return;
		}
		const ValueClass &c = classes[(size_t)pick_ % classes.size()];
		b.cqe = (int)std::clamp<int64_t>(c.value, INT_MIN, INT_MAX);
		b.cqe_class = c.name;
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		std::unique_ptr<Cq> cq;
		b.create_ret = lane.device().create_cq(create_cqe_, cq);
		if (b.create_ret || !cq)
			return 0; // no CQ to resize on this lane: nothing called
		RawSender sender; // declared after the CQ: destroyed before it
		if (hold_ && lane.device().clock().is_virtual())
			b.hold_note = hold(lane, *cq, sender, b.before.unpolled);
		b.called = true;
		b.before.cqe = cq->cqe();
		int ret = cq->resize(b.cqe);
		b.after.cqe = cq->cqe();
		ibv_wc wc[4];
		for (int n; (n = cq->poll(4, wc)) > 0;)
			for (int k = 0; k < n; k++)
				b.after.unpolled.push_back(wc[k].wr_id);
		return ret;
	}

	CallResult call_result(const Lane &lane) const override
	{
		// A CQ that could not be created was not resized: nothing to judge.
		const Bound &b = bound_[lane.index()];
		return {b.called ? Verb::ResizeCq : Verb::Count, ret[lane.index()]};
	}

	// Fills cq with hold_ completions: "" or what went wrong (then it holds none).
	std::string hold(Lane &lane, Cq &cq, RawSender &sender, std::vector<uint64_t> &held)
	{
		if (std::string failed = sender.make(lane, cq, 8); !failed.empty())
			return failed;
		for (int k = 0; k < hold_; k++)
			if (int r = sender.send(0x7c00 + k))
				return "ibv_post_send returned " + errno_name(r);
		run_clock(lane.device(), std::chrono::milliseconds(1));
		for (int k = 0; k < hold_; k++)
			held.push_back(0x7c00 + k);
		return "";
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		check_create_cq(lane, oracle, create_cqe_, b.create_ret, b.before.cqe);
		if (!b.called)
			return;
		oracle.judged(lane, "resize_cq", "ibv_resize_cq broke its rows",
			      judge_resize_cq(lane.caps(), b.before, b.cqe, ret[i], b.after));
	}

	std::string describe(const Lane &lane) const override
	{
		// Printed before the run too (IBVCERT_FUZZ_PRINT): the completions
		// asked for, not those held (outcome() says when the fill failed).
		const Bound &b = bound_[lane.index()];
		return "cq: created with cqe=" + std::to_string(create_cqe_) + ", holding " +
		       std::to_string(hold_) + " completions, resized to cqe=" + std::to_string(b.cqe) +
		       " (" + b.cqe_class + ")\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		if (!b.called)
			return "ibv_create_cq returned " + errno_name(b.create_ret) + ": not called\n";
		return (b.hold_note.empty() ? "" : "not filled: " + b.hold_note + "\n") + "returned: " + errno_name(ret[lane.index()]) + ", cqe " +
		       std::to_string(b.before.cqe) + " -> " + std::to_string(b.after.cqe) + "\n";
	}

	std::string summary(int lane) const override
	{
		return "resize_cq cqe=" + std::to_string(bound_[lane].cqe) + " returned " +
		       errno_name(ret[lane]);
	}

private:
	struct Bound {
		int cqe = 0;
		std::string cqe_class;
		int create_ret = 0;
		bool called = false;
		CqView before, after;
		std::string hold_note;
	};
	int create_cqe_;
	int pick_;
	int raw_;
	int hold_; // completions to leave in the CQ
	Bound bound_[kMaxLanes];
};

} // namespace

// ibv_resize_cq on a CQ of the op's own, cqe from the rows' value classes;
// the call judged whole by judge_resize_cq (contracts/resize_cq_rules.cpp).
void resize_cq_step(Session &s)
{
	auto &in = s.in();
	int create_cqe = 1 + in.ConsumeIntegralInRange(0, 63);
	int pick = in.ConsumeIntegralInRange(0, kRawPick);
	int raw = pick == kRawPick ? in.ConsumeIntegral<int>() : 0;
	int hold = std::min(in.ConsumeIntegralInRange(0, 4), create_cqe); // no more than it holds
	s.execute(std::make_unique<ResizeCqOp>(create_cqe, pick, raw, hold));
}
IBVCERT_FUZZ_ROW(resize_cq, 22);

} // namespace ibvcert::fuzz
