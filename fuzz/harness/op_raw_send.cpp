// ibv_post_send of SEND WRs on a RAW_PACKET QP of the slots in RTS, then the
// device's clock let run (Device::clock(): emu0's virtual one, which moves
// its modelled link; a real device's steady one) and ibv_poll_cq on the
// lane's CQ until every WR has completed. The gather list is in a live MR
// by its lkey, so each packet goes onto the wire, paced by the QP's rate
// limit (qp_qos's rows). A RAW_PACKET QP has no peer: no status is
// predicted; each poll's result is judged by contracts/call_judge.h, the
// completions against the outstanding WRs by contracts/polled_judge.h, and
// the QP against its model by the oracle's QP checks.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/names.h"
#include "contracts/call_judge.h"
#include "contracts/polled_judge.h"

#include <algorithm>
#include <chrono>

namespace ibvcert::fuzz {
namespace {

const OpVerb kRawSend = {"raw_send", "ibv_post_send (RAW_PACKET) and ibv_poll_cq", Verb::PostSend};

constexpr int kMaxRawChain = 4;
constexpr int kPollBatch = 8;
constexpr int kMaxWaits = 256;

class RawSendOp : public Op {
public:
	RawSendOp(int slot, int wrs, int mr, uint32_t length)
		: slot_(slot), wrs_(wrs), mr_(mr), length_(length)
	{
	}

	const OpVerb &verb() const override { return kRawSend; }
	int slot() const override { return slot_; }
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		b = Bound{};
		QpSlot &q = lane.slot(slot_);
		MrSlot &m = lane.mr(mr_);
		if (!q || !m.mr || !m.model.live || m.model.length < length_)
			return 0; // not on this lane
		ibv_qp_attr attr{};
		ibv_qp_init_attr init{};
		if (q.qp->query(attr, IBV_QP_CAP, init) == 0)
			b.cap = attr.cap;
		ibv_sge sge = {(uint64_t)(uintptr_t)m.buf.data(), length_, m.mr->lkey()};
		ibv_send_wr wr[kMaxRawChain];
		for (int k = 0; k < wrs_; k++) {
			wr[k] = ibv_send_wr{};
			wr[k].wr_id = 0x7a00 + lane.pair().next_wr_id++;
			wr[k].sg_list = &sge;
			wr[k].num_sge = 1;
			wr[k].opcode = IBV_WR_SEND;
			wr[k].send_flags = IBV_SEND_SIGNALED;
			wr[k].next = k + 1 < wrs_ ? &wr[k + 1] : nullptr;
		}
		ibv_send_wr *bad = nullptr;
		int ret = q.qp->post_send(wr, &bad);
		b.posted = ret == 0 ? wrs_ : (bad >= wr && bad < wr + wrs_ ? (int)(bad - wr) : 0);
		b.wr_count = wrs_;
		b.bad_wr = ret && bad >= wr && bad < wr + wrs_ ? (int)(bad - wr) : -1;
		for (int k = 0; k < b.posted; k++)
			q.sends.push_back(wr[k].wr_id);
		DeviceClock &clock = lane.device().clock();
		for (int w = 0; w < kMaxWaits && (int)b.wcs.size() < b.posted; w++) {
			ibv_wc wc[kPollBatch];
			int n = lane.cq().poll(kPollBatch, wc);
			if (n < 0) {
				b.poll_ret = n;
				break;
			}
			b.polls.push_back(n);
			if (n > kPollBatch)
				break; // the array holds kPollBatch: judged in check()
			b.wcs.insert(b.wcs.end(), wc, wc + n);
			lane.events().polled(lane.cq(), wc, n);
			if (n == 0)
				clock.wait(clock.is_virtual() ? std::chrono::nanoseconds(std::chrono::seconds(1))
							      : std::chrono::nanoseconds(std::chrono::milliseconds(4)));
		}
		return ret;
	}

	CallResult call_result(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return {verb().verb, ret[lane.index()], b.wr_count, b.bad_wr};
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		const MrSlot &m = lane.mr(mr_);
		const ibv_qp_cap &cap = bound_[lane.index()].cap;
		if (!m.mr || !m.model.live || cap.max_send_sge < 1 || cap.max_send_wr < (uint32_t)wrs_)
			return std::nullopt;
		return Expect{}; // SEND, one entry, an MR's lkey, within the QP's caps
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		for (int r : b.polls) {
			Verdict v = judge_call({Verb::PollCq, r, 0, -1, kPollBatch});
			if (!v.accepts())
				oracle.fail(i, {std::string("raw_send.poll-return:") + v.first()->rule->id, "ibv_poll_cq's result breaks its rows", v});
		}
		// No status is predicted (a RAW_PACKET QP has no peer): the
		// completions against the WRs outstanding on every slot's QP.
		PolledView view;
		for (int s = 0; s < kSlots; s++)
			if (lane.slot(s))
				view.queues.push_back({lane.slot(s).qp->qp_num(), QueueWork::Kind::Send, lane.slot(s).sends});
		view.wcs = b.wcs;
		Verdict v = judge_polled(view);
		if (!v.accepts())
			oracle.fail(i, {std::string("raw_send.wc:") + v.first()->rule->id, "the completions polled break the datapath's rows", v});
		for (const ibv_wc &wc : b.wcs)
			for (int s = 0; s < kSlots; s++)
				if (lane.slot(s) && lane.slot(s).qp->qp_num() == wc.qp_num) {
					auto &list = lane.slot(s).sends;
					auto it = std::find(list.begin(), list.end(), wc.wr_id);
					if (it != list.end())
						list.erase(it);
				}
	}

	std::string describe(const Lane &) const override
	{
		return "qp#" + std::to_string(slot_) + " (RAW_PACKET): " + std::to_string(wrs_) +
		       " SEND WRs of " + std::to_string(length_) + " bytes from mr#" +
		       std::to_string(mr_) + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		std::string out = "returned: " + errno_name(ret[lane.index()]) + " (" +
				  std::to_string(b.posted) + " posted), " + std::to_string(b.wcs.size()) +
				  " completions";
		for (const ibv_wc &wc : b.wcs)
			out += std::string(", ") + ibv_wc_status_str(wc.status);
		return out + "\n" + model_line(expect(lane), "no live MR");
	}

	std::string summary(int lane) const override
	{
		return "raw_send qp#" + std::to_string(slot_) + ": " + std::to_string(wrs_) +
		       " WRs returned " + errno_name(ret[lane]) + ", " +
		       std::to_string(bound_[lane].wcs.size()) + " completions";
	}

private:
	struct Bound {
		int posted = 0;
		int wr_count = 0, bad_wr = -1; // the list given, and bad_wr's place in it
		std::vector<ibv_wc> wcs;
		int poll_ret = 0;
		std::vector<int> polls; // every ibv_poll_cq result
		ibv_qp_cap cap{}; // as ibv_query_qp reports it
	};
	int slot_, wrs_, mr_;
	uint32_t length_;
	Bound bound_[kMaxLanes];
};

} // namespace

// ibv_post_send of SENDs on a RAW_PACKET QP of the slots in RTS, the device's
// clock let run until they complete on its link.
void raw_send_step(Session &s)
{
	auto &in = s.in();
	int slots[kSlots], n = 0;
	for (int i = 0; i < kSlots; i++) {
		const QpSlot &q = s.lane(0).slot(i);
		if (q && q.model.type == IBV_QPT_RAW_PACKET && q.model.state == IBV_QPS_RTS)
			slots[n++] = i;
	}
	int mr = in.ConsumeIntegralInRange(0, kMrSlots - 1);
	int wrs = 1 + in.ConsumeIntegralInRange(0, kMaxRawChain - 1);
	uint32_t length = in.ConsumeBool() ? 60 : 1024;
	if (n == 0 || !s.lane(0).mr(mr))
		return;
	int slot = slots[n == 1 ? 0 : in.ConsumeIntegralInRange(0, n - 1)];
	s.execute(std::make_unique<RawSendOp>(slot, wrs, mr, length));
}
IBVCERT_FUZZ_ROW(raw_send, 20);

} // namespace ibvcert::fuzz
