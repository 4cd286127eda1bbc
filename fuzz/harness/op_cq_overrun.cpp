// A CQ overrun (ibv_poll_cq(3) NOTES; ibv_get_async_event(3): CQ_ERR,
// QP_FATAL) on a CQ of the op's own: created with a decoded cqe (1-8), a
// RawSender (raw_sender.h) sends on it one completion more than the CQ
// reports it holds, with a decoded number of SENDs (0-3) after the overrun,
// the CQ polled after each burst or only at the end; its ibv_create_cq
// judged (judge_create_cq), and on a decoded bit an ibv_destroy_cq of it
// first, while the QP still completes into it, and ibv_dealloc_pd of the
// lane's PD, which the QP and the MR are made from (judge_destroy: both
// refused, the CQ still polls). Each SEND posted is
// recorded as fed into the CQ in the lane's view (async_log.h); the events
// are read before the QP and the CQ are destroyed (their unread events go
// with them) and the lane's whole view is judged (judge_async_events), as
// get_async_event does: the CQ_ERR and QP_FATAL due, the QP in ERR when
// queried after the read, no
// completion of work done from the overrun on returned by the CQ. Driven on
// a device with a virtual clock (emu0), where the SENDs complete when the
// clock runs; elsewhere nothing is called.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"
#include "fuzz/harness/own_objects.h"
#include "fuzz/harness/raw_sender.h"

#include "contracts/names.h"

#include <fmt/format.h>

namespace ibvcert::fuzz {
namespace {

const OpVerb kCqOverrun = {"cq_overrun", "ibv_poll_cq, ibv_get_async_event (a CQ overrun)", Verb::Count};

class CqOverrunOp : public Op {
public:
	CqOverrunOp(int cqe, int after, bool poll_between, bool destroy_first)
		: cqe_(cqe), after_(after), poll_between_(poll_between), destroy_first_(destroy_first)
	{
	}

	const OpVerb &verb() const override { return kCqOverrun; }
	int slot() const override { return -1; } // objects of its own: every other object stays
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		b = Bound{};
		Device &d = lane.device();
		if (!d.clock().is_virtual()) {
			b.note = "the device's clock is not virtual: no SEND is known to have completed";
			return 0;
		}
		std::unique_ptr<Cq> cq;
		b.create_ret = d.create_cq(cqe_, cq);
		b.created = true;
		if (b.create_ret || !cq) {
			b.note = "ibv_create_cq returned " + errno_name(b.create_ret);
			return 0;
		}
		AsyncLog &log = lane.events();
		log.cq_created(*cq, "the overrun op's CQ");
		b.reported_cqe = cq->cqe();
		RawSender sender; // declared after the CQ: destroyed before it
		b.note = sender.make(lane, *cq, 16);
		if (!sender.qp) {
			log.destroyed(*cq);
			return 0;
		}
		log.qp_created(*sender.qp, "the overrun op's RAW_PACKET QP", false, *cq, *cq);
		auto query = [&] {
			ibv_qp_attr attr{};
			ibv_qp_init_attr init{};
			if (sender.qp->query(attr, IBV_QP_STATE, init) == 0)
				log.queried(*sender.qp, attr.qp_state);
		};
		query(); // in RTS, as the builder brought it
		if (b.note.empty() && destroy_first_) {
			// ibv_destroy_cq while the QP still completes into it: refused,
			// and the CQ still works (a poll answers).
			b.destroy_ret = cq->destroy();
			b.destroyed_first = true;
			ibv_wc wc;
			b.usable_after = b.destroy_ret == 0 || cq->poll(1, &wc) >= 0;
			if (b.destroy_ret == 0)
				b.note = "ibv_destroy_cq took the CQ its QP completes into";
		}
		if (b.note.empty() && destroy_first_) {
			// ibv_dealloc_pd of the lane's PD while the op's QP and MR (and
			// the lane's own objects) are made from it: refused.
			b.dealloc_ret = lane.pd().destroy();
			b.dealloced = true;
			if (b.dealloc_ret == 0)
				b.note = "ibv_dealloc_pd took the PD its QP and MR are made from";
		}
		if (b.note.empty()) {
			b.called = true;
			uint64_t wr_id = 0x0f00;
			auto burst = [&](int count) {
				for (int k = 0; k < count; k++, wr_id++) {
					if (sender.send(wr_id) != 0)
						return;
					log.fed(*sender.qp, *cq, wr_id);
					b.sent++;
				}
			};
			// One more than the CQ holds (it may hold more than it reports:
			// the judge predicts the overrun from the reported cqe).
			burst(b.reported_cqe + 1);
			run_clock(d, std::chrono::milliseconds(1));
			if (poll_between_)
				log.poll(*cq);
			burst(after_);
			run_clock(d, std::chrono::milliseconds(1));
			log.poll(*cq);
			// Every event of the device is read here: the SRQ limit events
			// naming the lane's SRQ go to its history (settle), as
			// get_async_event's do.
			Srq *srq = lane.srq() ? lane.srq().srq.get() : nullptr;
			log.read(d, std::chrono::milliseconds(0), lane.strict(), [&](const AsyncEvent &ev) {
				if (ev.event_type == IBV_EVENT_SRQ_LIMIT_REACHED && srq && ev.srq == srq)
					b.limit_events++;
			});
			b.read = true;
			query(); // after its QP_FATAL, in ERR
		}
		log.destroyed(*sender.qp);
		sender.qp.reset();
		log.destroyed(*cq);
		return 0;
	}

	void settle(Lane &lane, int) override
	{
		const Bound &b = bound_[lane.index()];
		if (b.read)
			srq_events_read(lane, b.limit_events, "cq_overrun");
	}

	CallResult call_result(const Lane &) const override { return {Verb::Count, 0}; }

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		const Bound &b = bound_[lane.index()];
		if (b.created)
			check_create_cq(lane, oracle, cqe_, b.create_ret, b.reported_cqe);
		if (b.destroyed_first)
			check_destroy(lane, oracle, Verb::DestroyCq, 1, b.destroy_ret, b.usable_after);
		if (b.dealloced) // the op's QP and MR at least
			check_destroy(lane, oracle, Verb::DeallocPd, 2, b.dealloc_ret, true);
		if (b.called)
			check_async_events(lane, oracle);
		if (b.read && lane.srq())
			judge_srq("cq_overrun", lane.srq().history, lane, oracle);
	}

	std::string describe(const Lane &) const override
	{
		return fmt::format("a CQ of cqe {} asked{}, one completion more than it reports, then {} SENDs; "
				   "polled {}\n",
				   cqe_, destroy_first_ ? ", ibv_destroy_cq of it with its QP alive, ibv_dealloc_pd of their PD" : "", after_,
				   poll_between_ ? "after each burst" : "at the end");
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		std::string destroy = b.destroyed_first ? "ibv_destroy_cq with its QP alive returned " +
								  errno_name(b.destroy_ret) + "\n"
							: "";
		if (b.dealloced)
			destroy += "ibv_dealloc_pd of the lane's PD returned " + errno_name(b.dealloc_ret) + "\n";
		if (!b.called)
			return destroy + "not driven: " + b.note + "\n";
		return destroy + fmt::format("cqe {} reported, {} SENDs posted\n", b.reported_cqe, b.sent);
	}

	std::string summary(int lane) const override
	{
		return fmt::format("cq_overrun cqe {} + 1 + {}", bound_[lane].reported_cqe, after_);
	}

private:
	struct Bound {
		bool created = false; // ibv_create_cq called
		int create_ret = 0;
		bool destroyed_first = false; // ibv_destroy_cq called with the QP alive
		int destroy_ret = 0;
		bool usable_after = true;
		bool dealloced = false; // ibv_dealloc_pd of the lane's PD called with the op's QP and MR alive
		int dealloc_ret = 0;
		bool called = false; // the overrun driven
		std::string note;
		int reported_cqe = 0;
		int sent = 0;
		bool read = false;          // the device's events read
		uint32_t limit_events = 0;  // of them, IBV_EVENT_SRQ_LIMIT_REACHED naming the lane's SRQ
	};
	int cqe_;
	int after_;
	bool poll_between_;
	bool destroy_first_;
	Bound bound_[kMaxLanes];
};

} // namespace

// A CQ of the op's own overrun by a RAW_PACKET QP's SENDs (emu0's virtual
// clock), polled, the events read, both destroyed (op_cq_overrun.cpp).
void cq_overrun_step(Session &s)
{
	auto &in = s.in();
	int cqe = 1 + in.ConsumeIntegralInRange(0, 7);
	int after = in.ConsumeIntegralInRange(0, 3);
	bool poll_between = in.ConsumeBool();
	bool destroy_first = in.ConsumeBool();
	s.execute(std::make_unique<CqOverrunOp>(cqe, after, poll_between, destroy_first));
}
IBVCERT_FUZZ_ROW(cq_overrun, 30);

} // namespace ibvcert::fuzz
