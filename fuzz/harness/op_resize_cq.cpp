// ibv_resize_cq(3) on a CQ of the op's own (created with a decoded cqe,
// destroyed after the call): cqe from the value classes of the rows
// (contracts/resize_cq_rules.cpp: 1..max_cqe and not below the completions
// held, so 0, 1, the CQ's own size, max_cqe, max_cqe + 1, negative, raw).
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

#include <chrono>
#include <climits>

namespace ibvcert::fuzz {
namespace {

const OpVerb kResizeCq = {"resize_cq", "ibv_resize_cq", Verb::ResizeCq};

enum class CqeKind : uint8_t { Small, Same, Zero, Max, AboveMax, Negative, Raw };
constexpr int kCqeKinds = 7;

const char *cqe_kind_name(CqeKind k)
{
	switch (k) {
	case CqeKind::Small: return "small";
	case CqeKind::Same: return "its own size";
	case CqeKind::Zero: return "0";
	case CqeKind::Max: return "max_cqe";
	case CqeKind::AboveMax: return "max_cqe+1";
	case CqeKind::Negative: return "negative";
	case CqeKind::Raw: return "raw";
	}
	return "?";
}

class ResizeCqOp : public Op {
public:
	ResizeCqOp(int create_cqe, CqeKind kind, int raw, int hold)
		: create_cqe_(create_cqe), kind_(kind), raw_(raw), hold_(hold)
	{
	}

	const OpVerb &verb() const override { return kResizeCq; }
	int slot() const override { return -1; } // a CQ of its own: every other object stays
	void bind(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		int max = lane.caps().device.orig_attr.max_cqe;
		switch (kind_) {
		case CqeKind::Small: b.cqe = 1 + (raw_ & 15); break;
		case CqeKind::Same: b.cqe = create_cqe_; break;
		case CqeKind::Zero: b.cqe = 0; break;
		case CqeKind::Max: b.cqe = max; break;
		case CqeKind::AboveMax: b.cqe = max == INT_MAX ? max : max + 1; break;
		case CqeKind::Negative: b.cqe = -1 - (raw_ & 7); break;
		case CqeKind::Raw: b.cqe = raw_; break;
		}
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
		const Bound &b = bound_[lane.index()];
		return "cq: created with cqe=" + std::to_string(create_cqe_) + ", holding " +
		       std::to_string(b.before.unpolled.size()) + " completions, resized to cqe=" +
		       std::to_string(b.cqe) + " (" + cqe_kind_name(kind_) + ")\n";
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
		int create_ret = 0;
		bool called = false;
		CqView before, after;
		std::string hold_note;
	};
	int create_cqe_;
	CqeKind kind_;
	int raw_;
	int hold_; // completions to leave in the CQ
	Bound bound_[kMaxLanes];
};

} // namespace

// ibv_resize_cq on a CQ of the op's own, cqe from the rows' value classes;
// the call judged whole by judge_resize_cq (contracts/resize_cq_judge.h).
void resize_cq_step(Session &s)
{
	auto &in = s.in();
	int create_cqe = 1 + in.ConsumeIntegralInRange(0, 63);
	auto kind = (CqeKind)in.ConsumeIntegralInRange(0, kCqeKinds - 1);
	int raw = kind == CqeKind::Raw ? in.ConsumeIntegral<int>() : in.ConsumeIntegral<uint8_t>();
	int hold = std::min(in.ConsumeIntegralInRange(0, 4), create_cqe); // no more than it holds
	s.execute(std::make_unique<ResizeCqOp>(create_cqe, kind, raw, hold));
}
IBVCERT_FUZZ_ROW(resize_cq, 22);

} // namespace ibvcert::fuzz
