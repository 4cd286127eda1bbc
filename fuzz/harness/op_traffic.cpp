// Traffic whose rate the rows speak of, measured on the device's clock and
// compared with what the device reports (the behaviour rows no query shows):
//   - paced_send: frames on a RAW_PACKET QP of the slots in RTS, after an
//     idle time, each completion timed (Device::clock()). A QP whose pacing
//     the device reports (Qp::query_rate_limit) sends within it: over any
//     window at most rate_limit x window + max_burst_sz, also right after
//     the idle time (rate_limit.pacing.max_send_rate); one the device
//     reports unpaced sends unpaced (modify_qp.reset.reported_pacing_in_effect).
//   - sched_send: two RAW_PACKET QPs of the op's own (fixtures/send_rig.h),
//     each attached to a live leaf of the lane's scheduling elements, kept
//     backlogged; each gets the weighted max-min fair share
//     (fixtures/fair_share.h) of the tree the model holds (bw_share,
//     max_avg_bw and parent as applied: sched.shares.weighted_max_min).
// Rates are judged on a virtual clock only (emu0's: exact to 1 ns); on a
// real device's steady clock the fuzzer's own load moves the completions'
// times by more than any bound, so the sends are made and not judged.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/call_judge.h"
#include "contracts/names.h"
#include "contracts/pacing_judge.h"
#include "contracts/sched_judge.h"
#include "fixtures/fair_share.h"
#include "fixtures/link_rate.h"
#include "fixtures/rate_limit.h"
#include "fixtures/rigs/send_case.h"
#include "fixtures/send_stats.h"

#include <algorithm>
#include <fmt/format.h>

#include <chrono>
#include <cmath>

namespace ibvcert::fuzz {
namespace {

const OpVerb kPacedSend = {"paced_send", "ibv_post_send (RAW_PACKET, timed) and ibv_poll_cq",
			   Verb::PostSend};
const OpVerb kSchedSend = {"sched_send",
			   "mlx5dv_modify_qp_sched_elem, ibv_post_send (RAW_PACKET, backlogged)",
			   Verb::Count};

constexpr uint32_t kFrameBytes = 1024;
constexpr int kPollBatch = 16;
// A virtual clock's exactness (fixtures/device_clock.h: 1 ns), as the
// send-rate clauses take it (rate_tolerance, fixtures/rigs/send_case.cpp,
// which needs the run's device): 0.1% of a rate, 2 ns per window, 1 byte.
constexpr RateTolerance kVirtualTolerance = {0.001, 2, 1};
constexpr std::chrono::microseconds kIdle[] = {std::chrono::microseconds(0),
					       std::chrono::microseconds(100),
					       std::chrono::microseconds(2000)};
constexpr int kFrames[] = {32, 96, 192};

// ---------------------------------------------------------------- paced_send

class PacedSendOp : public Op {
public:
	PacedSendOp(int slot, int idle, int frames) : slot_(slot), idle_(idle), frames_(frames) {}

	const OpVerb &verb() const override { return kPacedSend; }
	int slot() const override { return slot_; }
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		b = Bound{};
		QpSlot &q = lane.slot(slot_);
		if (!q)
			return 0;
		b.query_ret = q.qp->query_rate_limit(b.reported);
		std::unique_ptr<Mr> mr;
		std::vector<uint8_t> buf(kFrameBytes, 0);
		if (lane.device().reg_mr(lane.pd(), buf.data(), buf.size(), 0, mr) || !mr)
			return 0; // nothing sent on this lane
		ibv_qp_attr attr{};
		ibv_qp_init_attr init{};
		uint32_t depth = 1;
		if (q.qp->query(attr, IBV_QP_CAP, init) == 0 && attr.cap.max_send_wr > 0)
			depth = std::min<uint32_t>(attr.cap.max_send_wr, 64);
		DeviceClock &clock = lane.device().clock();
		b.virtual_clock = clock.is_virtual();
		if (kIdle[idle_].count())
			clock.wait(kIdle[idle_]);
		ibv_sge sge = {(uint64_t)(uintptr_t)buf.data(), kFrameBytes, mr->lkey()};
		int to_post = frames_, outstanding = 0, ret = 0;
		int64_t last = clock.now().count();
		while (to_post > 0 || outstanding > 0) {
			while (to_post > 0 && outstanding < (int)depth) {
				ibv_send_wr wr{};
				wr.wr_id = 0x7b00 + lane.pair().next_wr_id++;
				wr.sg_list = &sge;
				wr.num_sge = 1;
				wr.opcode = IBV_WR_SEND;
				wr.send_flags = IBV_SEND_SIGNALED;
				ibv_send_wr *bad = nullptr;
				b.wr_count++;
				if ((ret = q.qp->post_send(&wr, &bad))) {
					b.bad_wr = bad == &wr ? 0 : -1;
					to_post = 0;
					break;
				}
				to_post--, outstanding++;
			}
			ibv_wc wc[kPollBatch];
			int n = lane.cq().poll(kPollBatch, wc);
			b.polls.push_back(n);
			if (n < 0 || n > kPollBatch) {
				b.stopped = fmt::format("ibv_poll_cq returned {}", n);
				break;
			}
			lane.events().polled(lane.cq(), wc, n);
			int64_t now = clock.now().count();
			for (int k = 0; k < n; k++) {
				if (wc[k].status != IBV_WC_SUCCESS) {
					b.stopped = std::string("a send completed with ") +
						    ibv_wc_status_str(wc[k].status);
					to_post = 0;
				}
				b.records.push_back({now, kFrameBytes});
			}
			outstanding -= n;
			if (n > 0) {
				last = now;
			} else if (now - last > 1000000000) {
				b.stopped = "no send completed for 1 s of device time";
				break;
			} else {
				// A virtual clock stops at the next completion.
				clock.wait(b.virtual_clock ? std::chrono::nanoseconds(std::chrono::seconds(1))
							   : std::chrono::nanoseconds(std::chrono::milliseconds(1)));
			}
		}
		// What is still outstanding completes before the MR goes.
		for (int w = 0; outstanding > 0 && w < 256; w++) {
			ibv_wc wc[kPollBatch];
			int n = lane.cq().poll(kPollBatch, wc);
			b.polls.push_back(n);
			if (n > kPollBatch)
				break; // the array holds kPollBatch: judged in check()
			if (n <= 0) {
				clock.wait(std::chrono::milliseconds(1));
			} else {
				lane.events().polled(lane.cq(), wc, std::min(n, kPollBatch));
				outstanding -= n;
			}
		}
		b.port_bps = (double)port_rate_bps(lane.caps().port);
		return ret;
	}

	CallResult call_result(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return {verb().verb, ret[lane.index()], b.wr_count > 0 ? 1 : 0, b.bad_wr};
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		for (int n : b.polls)
			oracle.judged(lane, "paced_send.poll_cq", "ibv_poll_cq's result breaks its rows",
				      judge_call({Verb::PollCq, n, 0, -1, kPollBatch}));
		if (!b.virtual_clock || b.query_ret || !b.stopped.empty() || ret[i] ||
		    (int)b.records.size() < frames_)
			return; // the device cannot tell its pacing, or the sends did not all go
		// The pacing judge decides against what the device reports in
		// effect (a paced QP within rate x window + its burst, an unpaced
		// one faster than half the port, alone on the link).
		PacingView v;
		v.situation = PacingSituation::Reported;
		v.rate_kbps = b.reported.rate_limit;
		v.in_effect = b.reported;
		v.port_bps = b.port_bps;
		v.sends = b.records;
		v.tol = kVirtualTolerance;
		Verdict verdict = judge_pacing(v);
		if (!verdict.accepts())
			oracle.fail(i, {std::string("paced_send:") + verdict.first()->rule->id,
					"the QP does not send as the pacing the device reports", verdict});
	}

	std::string describe(const Lane &lane) const override
	{
		const QpSlot &q = lane.slot(slot_);
		return "qp#" + std::to_string(slot_) + (q ? " qp_num " + hex(q.qp->qp_num()) : "") +
		       ": idle " + std::to_string(kIdle[idle_].count()) + " us of device time, then " +
		       std::to_string(frames_) + " SENDs of " + std::to_string(kFrameBytes) + " bytes\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		std::string out = "returned: " + errno_name(ret[lane.index()]) + ", " +
				  std::to_string(b.records.size()) + " completions";
		if (!b.stopped.empty())
			out += " (" + b.stopped + ")";
		if (b.query_ret == 0)
			out += ", pacing reported " + describe_rate_limit_attr(b.reported);
		if (b.records.size() > 1)
			out += ", steady rate " + gbps(steady_rate(b.records));
		return out + "\n";
	}

	std::string summary(int lane) const override
	{
		return "paced_send qp#" + std::to_string(slot_) + ": " + std::to_string(frames_) +
		       " frames after " + std::to_string(kIdle[idle_].count()) + " us idle, returned " +
		       errno_name(ret[lane]);
	}

private:
	struct Bound {
		int query_ret = EOPNOTSUPP;
		ibv_qp_rate_limit_attr reported{};
		bool virtual_clock = false;
		int wr_count = 0, bad_wr = -1;
		std::vector<int> polls; // every ibv_poll_cq result
		std::vector<SendRecord> records;
		std::string stopped;
		double port_bps = 0;
	};
	int slot_, idle_, frames_;
	Bound bound_[kMaxLanes];
};

// ---------------------------------------------------------------- sched_send

constexpr int kFlows = 2;
// 50 us: about 600 frames at 100 Gb/s (an input with it costs ~10 ms under ASan).
constexpr auto kBacklogged = std::chrono::microseconds(50);

class SchedSendOp : public Op {
public:
	SchedSendOp(const int (&leaf)[kFlows]) : leaf_{leaf[0], leaf[1]} {}

	const OpVerb &verb() const override { return kSchedSend; }
	int slot() const override { return -1; } // QPs of its own: every element stays
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		b = Bound{};
		for (int f = 0; f < kFlows; f++)
			if (!lane.sched(leaf_[f]) || !lane.sched(leaf_[f]).leaf)
				return 0; // not a leaf on this lane
		SendRig rig(lane.device(), lane.caps());
		std::string failed;
		if (int ret = rig.prepare(kFlows, kFrameBytes, IBV_QPS_RTS, failed, 32)) {
			b.stopped = failed;
			return 0; // no RAW_PACKET QPs on this device: nothing to measure
		}
		// Each new QP's leaves before any attach, the attach, and (below) the
		// detach: calls judge_sched_call decides on.
		for (int f = 0; f < kFlows; f++)
			b.calls.push_back(sched_call(lane, rig.qp(f), SchedCall::ReadQp, 0, {}, "a new QP, no attach"));
		for (int f = 0; f < kFlows; f++) {
			SchedLeaf *leaf = lane.sched(leaf_[f]).leaf.get();
			int ret = lane.device().modify_qp_sched_elem(rig.qp(f), leaf, nullptr);
			b.calls.push_back(sched_call(lane, rig.qp(f), SchedCall::Attach, ret, {id(leaf), 0},
						     "attaching the QP to the leaf as requestor"));
			if (ret) {
				b.stopped = "mlx5dv_modify_qp_sched_elem returned " + errno_name(ret);
				for (int g = 0; g < f; g++)
					detach(lane, rig.qp(g), b);
				return 0;
			}
		}
		DeviceClock &clock = rig.clock();
		b.virtual_clock = clock.is_virtual();
		b.from = clock.now().count();
		std::string bad = rig.keep_backlogged({true, true}, kBacklogged);
		for (int f = 0; f < kFlows; f++) {
			detach(lane, rig.qp(f), b);
			b.records[f] = rig.records(f);
		}
		b.stopped = bad;
		b.measured = bad.empty();
		return 0;
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		for (const SchedCallView &v : b.calls)
			if (v.result != EOPNOTSUPP) // a device without QP scheduling
				oracle.judged(lane, "sched_send.attach", "a QP's attach breaks the scheduler's call rows",
					      judge_sched_call(v));
		if (!b.measured || !b.virtual_clock)
			return;
		// The tree the model holds, as applied: 0 the link, 1 + slot each
		// element, then one backlogged flow per attached leaf.
		const SchedModel &m = lane.sched_model();
		std::vector<ShareElement> tree = {{-1, 1, 0, false}};
		for (int s = 0; s < kSchedSlots; s++) {
			if (!m.live(s)) {
				tree.push_back({0, 1, 0, false}); // holds nothing, takes nothing
				continue;
			}
			SchedAttr a = m.applied(s);
			double weight = a.bw_share;
			// No bw_share: the device's default weight, which the pages give
			// no number for; it decides nothing beside a sibling of a
			// weight given, and siblings that all have it weigh the same.
			if (a.bw_share == 0) {
				for (int o = 0; o < kSchedSlots; o++)
					if (o != s && m.live(o) && m.at(o).parent == m.at(s).parent && m.applied(o).bw_share != 0)
						return;
				weight = 1;
			}
			tree.push_back({m.at(s).parent + 1, weight, a.max_avg_bw * 1e6, false});
		}
		int flow0 = (int)tree.size();
		for (int f = 0; f < kFlows; f++)
			tree.push_back({leaf_[f] + 1, 1, 0, true});
		double link = (double)port_rate_bps(lane.caps().port);
		if (link <= 0)
			return;
		// While both are backlogged: the posting stops at kBacklogged, the
		// drain after it (a capped flow's queue) is no share. The share
		// judge decides.
		ShareView view;
		view.situation = ShareSituation::Random;
		view.after = "the sched ops so far";
		view.tree = tree;
		view.link_bps = link;
		int64_t span = std::chrono::nanoseconds(kBacklogged).count();
		view.from_ns = b.from + span / 10;
		view.to_ns = b.from + span * 9 / 10;
		double window_s = (view.to_ns - view.from_ns) * 1e-9;
		view.tolerance_bps = 0.01 * link + (2.0 * kFrameBytes + 8192) * 8 / window_s;
		for (int f = 0; f < kFlows; f++)
			view.flows.push_back({fmt::format("flow {} on sched#{}", f, leaf_[f]), flow0 + f,
					      b.records[f]});
		Verdict verdict = judge_shares(view);
		if (!verdict.accepts())
			oracle.fail(i, {"sched_send.shares",
					"a backlogged leaf is off its weighted max-min fair share", verdict});
	}

	std::string describe(const Lane &) const override
	{
		return "two RAW_PACKET QPs attached to sched#" + std::to_string(leaf_[0]) + " and sched#" +
		       std::to_string(leaf_[1]) + ", backlogged for " +
		       std::to_string(kBacklogged.count()) + " us of device time\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		if (!b.measured)
			return "not measured" + (b.stopped.empty() ? std::string() : ": " + b.stopped) + "\n";
		return "sent " + std::to_string(b.records[0].size()) + " and " +
		       std::to_string(b.records[1].size()) + " frames\n";
	}

	std::string summary(int) const override
	{
		return "sched_send on sched#" + std::to_string(leaf_[0]) + " and sched#" +
		       std::to_string(leaf_[1]);
	}

private:
	static uint64_t id(const SchedLeaf *leaf) { return (uint64_t)(uintptr_t)leaf; }

	// One call on a QP of the op's own, with the leaves the device reports
	// it attached to after it (none where it cannot tell).
	static SchedCallView sched_call(Lane &lane, Qp &qp, SchedCall call, int result, QpLeaves asked,
					const char *what)
	{
		SchedCallView v;
		v.call = call;
		v.result = result;
		v.qp_type = IBV_QPT_RAW_PACKET;
		v.asked = asked;
		v.what = what;
		const SchedLeaf *req = nullptr, *resp = nullptr;
		if (lane.device().query_qp_sched_elem(qp, req, resp) == 0)
			v.leaves_after = QpLeaves{id(req), id(resp)};
		return v;
	}

	struct Bound;
	static void detach(Lane &lane, Qp &qp, Bound &b)
	{
		int ret = lane.device().modify_qp_sched_elem(qp, nullptr, nullptr);
		b.calls.push_back(sched_call(lane, qp, SchedCall::Attach, ret, {}, "detaching the QP (null leaves)"));
	}

	struct Bound {
		std::vector<SchedCallView> calls;
		bool measured = false, virtual_clock = false;
		int64_t from = 0; // when the flows began
		std::vector<SendRecord> records[kFlows];
		std::string stopped;
	};
	int leaf_[kFlows];
	Bound bound_[kMaxLanes];
};

} // namespace

// Traffic judged by its rate (op_traffic.cpp): timed SENDs on a RAW_PACKET
// QP of the slots in RTS against the pacing the device reports; two QPs of
// the op's own attached to the lane's leaves, backlogged, against the
// weighted max-min fair share of the tree the model holds.
void paced_send_step(Session &s)
{
	auto &in = s.in();
	int idle = in.ConsumeIntegralInRange(0, 2);
	int frames = kFrames[in.ConsumeIntegralInRange(0, 2)];
	int slots[kSlots], n = 0;
	for (int i = 0; i < kSlots; i++) {
		const QpSlot &q = s.lane(0).slot(i);
		if (q && q.model.type == IBV_QPT_RAW_PACKET && q.model.state == IBV_QPS_RTS)
			slots[n++] = i;
	}
	if (n == 0)
		return;
	int slot = slots[n == 1 ? 0 : in.ConsumeIntegralInRange(0, n - 1)];
	s.execute(std::make_unique<PacedSendOp>(slot, idle, frames));
}
IBVCERT_FUZZ_ROW(paced_send, 23);

void sched_send_step(Session &s)
{
	auto &in = s.in();
	int leaves[kSchedSlots], n = 0;
	for (int i = 0; i < kSchedSlots; i++)
		if (s.lane(0).sched(i).leaf)
			leaves[n++] = i;
	if (n == 0)
		return;
	int leaf[kFlows];
	for (int &l : leaf)
		l = leaves[n == 1 ? 0 : in.ConsumeIntegralInRange(0, n - 1)];
	s.execute(std::make_unique<SchedSendOp>(leaf));
}
IBVCERT_FUZZ_ROW(sched_send, 24);

} // namespace ibvcert::fuzz
