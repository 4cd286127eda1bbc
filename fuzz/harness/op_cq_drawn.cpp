// The rows of the CQ verbs whose arguments the rows draw
// (IBVCERT_CQ_DRAWN_VERBS, fixtures/object_verbs.h: ibv_resize_cq(3)), one
// op for them all: the verb on a CQ of the op's own (created with a decoded
// cqe, destroyed after the call), each argument one of the classes the
// verb's rows split its field into (value_classes, contracts/value_check.h:
// a range row's bounds and the values past them, one inside, a negative
// one; the completions held and one below; the CQ's own size), or a raw
// int. Empty, or holding: a RawSender (raw_sender.h) sends on it and its
// completions are left unpolled, so the CQ holds what was posted. The row's
// judge decides the whole call from the CQ as observed before and after it;
// the op only drives the device and hands it the observation.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"
#include "fuzz/harness/own_objects.h"
#include "fuzz/harness/raw_sender.h"

#include "contracts/names.h"
#include "fixtures/cq_drawn_verbs.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <string>
#include <vector>

namespace ibvcert::fuzz {
namespace {

// The decoded pick: a class of the field's values (modulo their number on
// the lane's device), or kRawPick: the raw int.
constexpr int kRawPick = 15;

class CqDrawnOp : public Op {
public:
	CqDrawnOp(const CqDrawnVerb &row, int create_cqe, std::vector<int> picks, std::vector<int> raws, int hold)
		: row_(row), verb_{row.id(), verb_name(row.verb), row.verb}, create_cqe_(create_cqe),
		  picks_(std::move(picks)), raws_(std::move(raws)), hold_(hold)
	{
	}

	const OpVerb &verb() const override { return verb_; }
	int slot() const override { return -1; } // a CQ of its own: every other object stays
	void bind(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		b.args.clear();
		b.classes.clear();
		for (size_t f = 0; f < row_.fields.size(); f++) {
			int value = raws_[f];
			std::string name = "raw";
			if (picks_[f] != kRawPick) {
				std::vector<ValueClass> classes =
					cq_argument_classes(row_, row_.fields[f], lane.caps(), create_cqe_, hold_);
				if (classes.empty()) { // no row reads the field: nothing to draw from
					name = "raw (no class)";
				} else {
					const ValueClass &c = classes[(size_t)picks_[f] % classes.size()];
					value = (int)std::clamp<int64_t>(c.value, INT_MIN, INT_MAX);
					name = c.name;
				}
			}
			b.args.push_back(value);
			b.classes.push_back(name);
		}
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		std::unique_ptr<Cq> cq;
		b.create_ret = lane.device().create_cq(create_cqe_, cq);
		if (b.create_ret || !cq)
			return 0; // no CQ to call on this lane: nothing called
		RawSender sender; // declared after the CQ: destroyed before it
		if (hold_ && lane.device().clock().is_virtual())
			b.hold_note = hold(lane, *cq, sender, b.before.unpolled);
		b.called = true;
		b.before.cqe = cq->cqe();
		int ret = row_.call(*cq, b.args);
		b.after.cqe = cq->cqe();
		ibv_wc wc[4];
		for (int n; (n = cq->poll(4, wc)) > 0;)
			for (int k = 0; k < n; k++)
				b.after.unpolled.push_back(wc[k].wr_id);
		return ret;
	}

	CallResult call_result(const Lane &lane) const override
	{
		// A CQ that could not be created was not called on: nothing to judge.
		const Bound &b = bound_[lane.index()];
		return {b.called ? row_.verb : Verb::Count, ret[lane.index()]};
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
		oracle.judged(lane, row_.id(), std::string(verb_name(row_.verb)) + " broke its rows",
			      row_.judge(lane.caps(), b.before, b.args, ret[i], b.after));
	}

	std::string describe(const Lane &lane) const override
	{
		// Printed before the run too (IBVCERT_FUZZ_PRINT): the completions
		// asked for, not those held (outcome() says when the fill failed).
		const Bound &b = bound_[lane.index()];
		std::string classes;
		for (size_t f = 0; f < b.classes.size(); f++)
			classes += (f ? ", " : "") + std::string(row_.fields[f]) + ": " + b.classes[f];
		return "cq: created with cqe=" + std::to_string(create_cqe_) + ", holding " + std::to_string(hold_) +
		       " completions, then " + row_.describe(b.args) + " (" + classes + ")\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		if (!b.called)
			return "ibv_create_cq returned " + errno_name(b.create_ret) + ": not called\n";
		return (b.hold_note.empty() ? "" : "not filled: " + b.hold_note + "\n") + "returned: " +
		       errno_name(ret[lane.index()]) + ", cqe " + std::to_string(b.before.cqe) + " -> " +
		       std::to_string(b.after.cqe) + "\n";
	}

	std::string summary(int lane) const override
	{
		return row_.describe(bound_[lane].args) + " returned " + errno_name(ret[lane]);
	}

private:
	struct Bound {
		std::vector<int> args;
		std::vector<std::string> classes;
		int create_ret = 0;
		bool called = false;
		CqView before, after;
		std::string hold_note;
	};
	const CqDrawnVerb &row_;
	OpVerb verb_;
	int create_cqe_;
	std::vector<int> picks_, raws_;
	int hold_; // completions to leave in the CQ
	Bound bound_[kMaxLanes];
};

} // namespace

// A CQ of 1-64 entries; per argument a pick (and its raw int); the
// completions to hold (no more than the CQ holds). The order is the
// committed inputs' (row 22, ibv_resize_cq: cqe, pick, raw, hold).
void cq_drawn_step(Session &s, Verb verb)
{
	const CqDrawnVerb &row = cq_drawn_verb(verb);
	auto &in = s.in();
	int create_cqe = 1 + in.ConsumeIntegralInRange(0, 63);
	std::vector<int> picks, raws;
	for (size_t f = 0; f < row.fields.size(); f++) {
		picks.push_back(in.ConsumeIntegralInRange(0, kRawPick));
		raws.push_back(picks.back() == kRawPick ? in.ConsumeIntegral<int>() : 0);
	}
	int hold = std::min(in.ConsumeIntegralInRange(0, 4), create_cqe);
	s.execute(std::make_unique<CqDrawnOp>(row, create_cqe, std::move(picks), std::move(raws), hold));
}

} // namespace ibvcert::fuzz
