// The QP and CQ async-event commands of the whole-device state machine
// (ibv_get_async_event(3), ibv_poll_cq(3)'s CQ overrun). Each brings about a
// situation the async-event rows judge, reads the events until none comes,
// queries every QP and hands the whole device, in order (every live QP and
// CQ of the bench, each QP's state as ibv_query_qp read it, what the command
// did, the completions and the events seen), to the verb's judge
// (contracts/async_event_judge.h), the one the suite uses:
//   QpEvent     a model QP to ERR (IBV_EVENT_QP_LAST_WQE_REACHED only where
//               an SRQ feeds it: none of the model's do), or RTS->SQD with
//               IBV_QP_EN_SQD_ASYNC_NOTIFY (IBV_EVENT_SQ_DRAINED); the model
//               follows the accepted modify
//   OverrunCq   a message more than a small model CQ holds (or, with none,
//               a CQ made for the step), from an RC QP p in RTS to an RC QP o
//               in RTR or RTS whose receives complete into it, none polled;
//               polls it, sometimes sends more and polls again: IBV_EVENT_CQ_ERR on
//               the CQ, IBV_EVENT_QP_FATAL on o (which reads ERR), COMM_EST
//               only where o was in RTR, nothing polled of the lost work. The
//               CQ "cannot be used": the step destroys it, the model's slot
//               empties
//   AccessError an RDMA WRITE from p to o (both RTS) into a model MR without
//               IBV_ACCESS_REMOTE_WRITE (or one made for the step):
//               IBV_EVENT_QP_ACCESS_ERR on o, the responder, not on p
// The pair p, o (and a CQ for p's completions) live for the step. emu0
// raises each event inside the verb; a real device gets the suite's bounded
// waits.
#include "properties/device_step.h"

#include "contracts/async_event_judge.h"
#include "contracts/names.h"
#include "contracts/qp_table.h"
#include "fixtures/loopback.h"
#include "fixtures/qp_builder.h"
#include "fixtures/rigs/async_event_reads.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <ostream>
#include <thread>

namespace ibvcert {
namespace {

using std::chrono::milliseconds;

// How long the event queue must stay empty to count as read out, and how
// long a completion is awaited: emu0 raises and completes inside the verb,
// a kernel provider from its own context (the suite's waits).
milliseconds event_wait(Device &d, bool awaited)
{
	return milliseconds(d.emulated() ? 0 : awaited ? 500 : 50);
}

milliseconds wc_wait(Device &d)
{
	return milliseconds(d.emulated() ? 50 : 3000);
}

// The whole device as the async-event judge views it, built as the step
// goes: every object indexed in the order added, each thing done and seen.
class EventScene {
public:
	EventScene(const DeviceCommand &step, const DeviceModel &m, DeviceBench &b) : step_(step), m_(m), b_(b)
	{
		// Events a previous step's objects raised late (a real device) are
		// read here with the bench's reader, which counts the SRQ limit
		// events; the view starts after them.
		if (!b.run.device().emulated())
			std::this_thread::sleep_for(milliseconds(50));
		std::vector<std::string> stray = read_events(b);
		if (!stray.empty())
			fail_step(step, m, b, "the device disagrees with the model before the step", stray);
		for (size_t i = 0; i < b.cqs.size(); i++)
			if (b.cqs[i])
				add_cq(*b.cqs[i], slot_label("cq", i));
		for (size_t i = 0; i < b.qps.size(); i++)
			if (b.qps[i])
				add_qp(*b.qps[i], slot_label("qp", i), false, -1, -1);
		for (size_t i = 0; i < b.cq_pairs.size(); i++)
			for (size_t k = 0; k < b.cq_pairs[i].size(); k++) {
				int cq = cq_of(b.cqs[i].get());
				add_qp(*b.cq_pairs[i][k], fmt::format("{} pair {}", slot_label("cq", i), k), false, cq, cq);
			}
		query_all();
	}

	Device &device() { return b_.run.device(); }

	int add_cq(Cq &cq, const std::string &name)
	{
		AsyncStep s = AsyncStep::cq_created((int)cqs_.size(), cq.cqe());
		cqs_.push_back({&cq, name});
		push(s);
		return s.cq;
	}

	int add_qp(Qp &qp, const std::string &name, bool srq, int send_cq, int recv_cq)
	{
		AsyncStep s = AsyncStep::qp_created((int)qps_.size(), qp.qp_type(), srq, send_cq, recv_cq);
		qps_.push_back({&qp, name});
		push(s);
		return s.qp;
	}

	int cq_of(const Cq *cq) const
	{
		for (size_t i = 0; i < cqs_.size(); i++)
			if (cqs_[i].first == cq)
				return (int)i;
		return -1;
	}

	int qp_of(uint32_t qp_num) const
	{
		for (size_t i = 0; i < qps_.size(); i++)
			if (qps_[i].first && qps_[i].first->qp_num() == qp_num)
				return (int)i;
		return -1;
	}

	void connected(int a, int b)
	{
		push(AsyncStep::connected(a, b));
		push(AsyncStep::connected(b, a));
	}

	// ibv_modify_qp on QP qp (of the view) from -> attr.qp_state; the result
	// row holds the return value.
	int modify(int qp, ibv_qp_state from, ibv_qp_attr attr, int attr_mask)
	{
		ibv_qp_attr sent = attr;
		int ret = qps_[qp].first->modify(sent, attr_mask);
		AsyncStep s = AsyncStep::modified(qp, from, attr, attr_mask, ret);
		push(s);
		hold_verdict(step_, m_, b_, judge_call({Verb::ModifyQp, ret}), async_step_text(s));
		return ret;
	}

	void happened(AsyncStep::Kind kind, int qp, int cq = -1, uint64_t wr_id = 0)
	{
		AsyncStep s;
		s.kind = kind;
		s.qp = qp;
		s.cq = cq;
		s.wr_id = wr_id;
		push(s);
	}

	void completed(int cq, const ibv_wc &wc)
	{
		push(AsyncStep::completed(cq, qp_of(wc.qp_num), wc));
	}

	// Polls CQ cq (of the view) until wr_id's completion, each completion
	// seen recorded.
	std::optional<ibv_wc> await_wc(int cq, uint64_t wr_id, std::optional<milliseconds> wait = std::nullopt)
	{
		Cq &c = *cqs_[cq].first;
		const milliseconds waited = wait ? std::min(*wait, wc_wait(device())) : wc_wait(device());
		auto deadline = std::chrono::steady_clock::now() + waited;
		while (std::chrono::steady_clock::now() < deadline) {
			ibv_wc wc{};
			int n = c.poll(1, &wc);
			hold_verdict(step_, m_, b_, judge_call({Verb::PollCq, n, 0, -1, 1}),
				     fmt::format("ibv_poll_cq({}, 1) returned {}", cqs_[cq].second, n));
			if (n < 0)
				break;
			if (n == 0) {
				device().clock().wait(milliseconds(1));
				continue;
			}
			completed(cq, wc);
			if (wc.wr_id == wr_id)
				return wc;
		}
		notes_.push_back(fmt::format("no completion of wr_id {} on {} within {} ms", wr_id, cqs_[cq].second,
					     waited.count()));
		return std::nullopt;
	}

	// Polls CQ cq until it gives nothing (or fails).
	void poll(int cq)
	{
		poll_into_view(*cqs_[cq].first, cq, [&](const AsyncStep &s) { push(s); },
			       [&](const ibv_wc &wc) { completed(cq, wc); });
	}

	// Reads events until the queue stays empty for the wait (awaited: every
	// event due must have come), acking each at once; the SRQ limit events
	// are counted for the model as the bench's reader counts them.
	void read(bool awaited)
	{
		auto qp_of = [&](const void *qp) {
			int at = -1;
			for (size_t i = 0; i < qps_.size(); i++)
				if (qps_[i].first == qp)
					at = (int)i;
			return at;
		};
		auto cq_of = [&](const void *cq) {
			int at = -1;
			for (size_t i = 0; i < cqs_.size(); i++)
				if (cqs_[i].first == cq)
					at = (int)i;
			return at;
		};
		auto count_limit_events = [&](const AsyncEvent &ev) {
			if (ev.event_type == IBV_EVENT_SRQ_LIMIT_REACHED)
				for (size_t i = 0; i < b_.srqs.size(); i++)
					if (b_.srqs[i] && &b_.srqs[i]->srq() == ev.srq)
						b_.srq_limit_events[i]++;
		};
		push(read_async_events(device(), awaited, event_wait(device(), awaited), qp_of, cq_of,
				       count_limit_events));
	}

	void query_all()
	{
		for (size_t i = 0; i < qps_.size(); i++) {
			if (!qps_[i].first)
				continue;
			ibv_qp_attr attr{};
			ibv_qp_init_attr init{};
			int ret = qps_[i].first->query(attr, IBV_QP_STATE, init);
			if (ret) {
				notes_.push_back(fmt::format("ibv_query_qp {} returned {}", qps_[i].second, errno_name(ret)));
				continue;
			}
			push(AsyncStep::queried((int)i, attr.qp_state));
		}
	}

	// The object the view's QP qp stops being (destroyed by the step).
	void destroyed_qp(int qp)
	{
		happened(AsyncStep::Kind::Destroyed, qp);
		qps_[qp].first = nullptr;
	}

	// Everything read and queried, to the judge: each MUST breach fails the step.
	void judge()
	{
		read(true);
		query_all();
		hold_verdict(step_, m_, b_, judge_async_events(view_), evidence());
	}

	[[noreturn]] void precondition(const std::string &what)
	{
		fail_step(step_, m_, b_, "precondition: " + what, {evidence()});
	}

	std::string evidence() const
	{
		std::vector<std::string> qps, cqs;
		for (const auto &q : qps_)
			qps.push_back(q.second);
		for (const auto &c : cqs_)
			cqs.push_back(c.second);
		return fmt::format("async events on {}: {}{}", b_.run.device().name(), async_view_text(view_, qps, cqs),
				   notes_.empty() ? "" : "\n  " + fmt::format("{}", fmt::join(notes_, "\n  ")));
	}

	void note(const std::string &s) { notes_.push_back(s); }

private:
	void push(AsyncStep s)
	{
		s.at = fmt::format("step {}", view_.steps.size() + 1);
		view_.steps.push_back(std::move(s));
	}

	const DeviceCommand &step_;
	const DeviceModel &m_;
	DeviceBench &b_;
	AsyncView view_;
	std::vector<std::pair<Qp *, std::string>> qps_;
	std::vector<std::pair<Cq *, std::string>> cqs_;
	std::vector<std::string> notes_;
};

// ---- a model QP to ERR, or RTS->SQD asking for the drained event ---------

class QpEvent : public Step {
public:
	explicit QpEvent(const DeviceModel &m) : slot_(*live_slot(m.qps))
	{
		attr_.qp_state = m.qps[slot_].qp.state == IBV_QPS_RTS && *rc::gen::arbitrary<bool>() ? IBV_QPS_SQD
												      : IBV_QPS_ERR;
		mask_ = IBV_QP_STATE;
		if (attr_.qp_state == IBV_QPS_SQD) {
			mask_ |= IBV_QP_EN_SQD_ASYNC_NOTIFY;
			attr_.en_sqd_async_notify = 1;
		}
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.qps[slot_].live);
		RC_PRE(attr_.qp_state != IBV_QPS_SQD || m.qps[slot_].qp.state == IBV_QPS_RTS);
		RC_PRE(verdict(m).accepts());
	}
	void apply(DeviceModel &m) const override { m.modify_qp(slot_, attr_, mask_); }
	void show(std::ostream &os) const override
	{
		os << "QpEvent " << slot_label("qp", slot_) << " to " << qp_state_name(attr_.qp_state)
		   << (attr_.qp_state == IBV_QPS_SQD ? " with IBV_QP_EN_SQD_ASYNC_NOTIFY" : "") << ", events read";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		EventScene scene(*this, m, b);
		const int qp = scene.qp_of(b.qps[slot_]->qp_num());
		scene.modify(qp, m.qps[slot_].qp.state, attr_, mask_);
		scene.judge();
	}
	std::string names() const override { return slot_label("qp", slot_); }
	Verb frame_verb() const override { return Verb::ModifyQp; }

private:
	ModifyQpVerdict verdict(const DeviceModel &m) const
	{
		return m.qps[slot_].qp.verdict(*m.caps, attr_, mask_);
	}
	size_t slot_;
	ibv_qp_attr attr_{};
	int mask_ = 0;
};

// ---- a pair of RC QPs for the step ---------------------------------------

// p (RTS) sends to o (RTR, or RTS when o_rts); p completes into the step's
// own CQ (scene CQ send_cq), o's receives into recv_cq.
struct Pair {
	std::unique_ptr<Cq> send_cq_obj;
	std::unique_ptr<Qp> p, o;
	int send_cq = -1, ip = -1, io = -1;
	std::vector<char> buffer;
	std::unique_ptr<Mr> mr;
	uint64_t next_wr_id = 1;
};

constexpr size_t kSlotBytes = 64;
constexpr uint32_t kPairWrs = 64;

void make_pair(EventScene &scene, DeviceBench &b, Cq *recv_cq, int recv_cq_index, bool o_rts, Pair &pair)
{
	Device &d = b.run.device();
	if (int ret = d.create_cq(256, pair.send_cq_obj))
		scene.precondition("ibv_create_cq(256) for p's completions returned " + errno_name(ret));
	pair.send_cq = scene.add_cq(*pair.send_cq_obj, "p's CQ");
	Cq &rcq = recv_cq ? *recv_cq : *pair.send_cq_obj;
	int rcq_index = recv_cq ? recv_cq_index : pair.send_cq;
	for (auto *q : {&pair.p, &pair.o}) {
		ibv_qp_init_attr init{};
		init.qp_type = IBV_QPT_RC;
		init.cap = {kPairWrs, kPairWrs, 1, 1, 0};
		if (int ret = d.create_qp(*b.pd, *pair.send_cq_obj, rcq, init, *q))
			scene.precondition("ibv_create_qp(RC) for the step's pair returned " + errno_name(ret));
	}
	pair.ip = scene.add_qp(*pair.p, "p", false, pair.send_cq, rcq_index);
	pair.io = scene.add_qp(*pair.o, "o", false, pair.send_cq, rcq_index);
	pair.buffer.assign(2 * kPairWrs * kSlotBytes, 0);
	if (int ret = d.reg_mr(*b.pd, pair.buffer.data(), pair.buffer.size(), IBV_ACCESS_LOCAL_WRITE, pair.mr))
		scene.precondition("ibv_reg_mr of the pair's buffer returned " + errno_name(ret));
	// p through INIT and RTR to RTS, o to RTR (and RTS), each the other's
	// destination, as fixtures/loopback.h's connect_by_modify walks.
	QpBuilder builder(d, b.run.caps());
	ibv_qp_state from = IBV_QPS_RESET;
	for (ibv_qp_state to : {IBV_QPS_INIT, IBV_QPS_RTR, IBV_QPS_RTS}) {
		for (int q : {pair.ip, pair.io}) {
			if (q == pair.io && to == IBV_QPS_RTS && !o_rts)
				continue;
			Qp &qp = q == pair.ip ? *pair.p : *pair.o;
			Qp &peer = q == pair.ip ? *pair.o : *pair.p;
			const QpTransition *t = QpTransitionTable::kernel().find(IBV_QPT_RC, from, to);
			int mask = IBV_QP_STATE | (t ? t->required : 0);
			ibv_qp_attr attr = builder.valid_attr(qp, from, to, mask & ~IBV_QP_DEST_QPN);
			attr.dest_qp_num = peer.qp_num();
			attr.ah_attr = loopback_ah_attr(b.run.caps());
			attr.qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE;
			attr.min_rnr_timer = 12;
			attr.rnr_retry = 6;
			if (int ret = scene.modify(q, from, attr, mask))
				scene.precondition(fmt::format("ibv_modify_qp {} {}->{} returned {}", q == pair.ip ? "p" : "o",
							       qp_state_name(from), qp_state_name(to), errno_name(ret)));
		}
		from = to;
	}
	scene.connected(pair.ip, pair.io);
}

// ---- a CQ overrun --------------------------------------------------------

// Small enough that a few messages overrun it.
constexpr int kSmallCqe = 16;

// A slot where live(slot) holds, `weight` to 1 against -1 (none: the step
// makes its own object); -1 where none does.
template <typename Slots, typename Live> int drawn_slot(const Slots &slots, int weight, Live live)
{
	std::vector<int> found;
	for (size_t i = 0; i < slots.size(); i++)
		if (live(slots[i]))
			found.push_back((int)i);
	if (found.empty() || *rc::gen::inRange(0, weight + 1) == 0)
		return -1;
	return *rc::gen::elementOf(found);
}

int small_cq(const DeviceModel &m)
{
	return drawn_slot(m.cqs, 3, [](const CqSlot &c) { return c.live && c.cqe_at_least <= kSmallCqe; });
}

class OverrunCq : public Step {
public:
	explicit OverrunCq(const DeviceModel &m)
		: slot_(small_cq(m)), o_rts_(*rc::gen::arbitrary<bool>()), after_(*rc::gen::inRange(0, 3))
	{
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(slot_ < 0 || (m.cqs[slot_].live && m.cqs[slot_].cqe_at_least <= kSmallCqe));
	}
	void apply(DeviceModel &m) const override
	{
		if (slot_ >= 0)
			m.cqs[slot_] = CqSlot{};
	}
	void show(std::ostream &os) const override
	{
		os << "OverrunCq " << (slot_ >= 0 ? slot_label("cq", slot_) : std::string("(a CQ of cqe 4 for the step)"))
		   << " from p to o in " << (o_rts_ ? "RTS" : "RTR") << ", " << after_
		   << " messages after the overrun, then destroyed";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		EventScene scene(*this, m, b);
		Device &d = b.run.device();
		std::unique_ptr<Cq> own;
		Cq *cq = slot_ >= 0 ? b.cqs[slot_].get() : nullptr;
		if (!cq) {
			if (int ret = d.create_cq(4, own))
				scene.precondition("ibv_create_cq(4) returned " + errno_name(ret));
			cq = own.get();
		}
		int icq = slot_ >= 0 ? scene.cq_of(cq) : scene.add_cq(*cq, "the step's CQ (cqe 4 asked)");
		// What the CQ holds already: the completions of its SendOnCq pair.
		if (slot_ >= 0 && b.cq_pairs[slot_].size() == 2)
			for (uint64_t id : b.cq_held[slot_]) {
				Qp &q = *b.cq_pairs[slot_][(id & kRecvWrId) ? 1 : 0];
				scene.happened(AsyncStep::Kind::Fed, scene.qp_of(q.qp_num()), icq, id);
			}
		const int held = slot_ >= 0 ? (int)b.cq_held[slot_].size() : 0;
		const int room = cq->cqe() - held;
		if (room < 0 || room + 1 + after_ > (int)kPairWrs)
			scene.precondition(fmt::format("a CQ a few messages overrun: cqe {} reported, {} held", cq->cqe(), held));
		Pair pair;
		make_pair(scene, b, cq, icq, o_rts_, pair);
		// Every receive first: o takes each message with one waiting, and
		// nothing is posted to o once the CQ overran.
		const int messages = room + 1 + after_;
		std::vector<uint64_t> rids;
		for (int i = 0; i < messages; i++) {
			uint64_t rid = kRecvWrId | pair.next_wr_id++;
			ibv_sge rs{(uintptr_t)pair.buffer.data() + kSlotBytes * i, (uint32_t)kSlotBytes, pair.mr->lkey()};
			ibv_recv_wr rw{};
			rw.wr_id = rid;
			rw.sg_list = &rs;
			rw.num_sge = 1;
			ibv_recv_wr *bad = nullptr;
			int ret = pair.o->post_recv(&rw, &bad);
			hold_verdict(*this, m, b, judge_call({Verb::PostRecv, ret, 1, ret ? (bad == &rw ? 0 : -1) : -1}),
				     "ibv_post_recv on o returned " + errno_name(ret));
			if (ret)
				scene.precondition("ibv_post_recv on o returned " + errno_name(ret));
			rids.push_back(rid);
		}
		for (int i = 0; i < messages; i++) {
			uint64_t sid = pair.next_wr_id++;
			ibv_sge ss{(uintptr_t)pair.buffer.data() + kSlotBytes * (kPairWrs + i), (uint32_t)kSlotBytes,
				   pair.mr->lkey()};
			ibv_send_wr sw{};
			sw.wr_id = sid;
			sw.sg_list = &ss;
			sw.num_sge = 1;
			sw.opcode = IBV_WR_SEND;
			sw.send_flags = IBV_SEND_SIGNALED;
			ibv_send_wr *bad = nullptr;
			int ret = pair.p->post_send(&sw, &bad);
			hold_verdict(*this, m, b, judge_call({Verb::PostSend, ret, 1, ret ? (bad == &sw ? 0 : -1) : -1}),
				     "ibv_post_send (SEND) on p returned " + errno_name(ret));
			if (ret) {
				// p in ERR after the overrun (its SEND before failed): the rest
				// is the device's.
				scene.note(fmt::format("ibv_post_send on p returned {}: no more messages", errno_name(ret)));
				break;
			}
			scene.note(fmt::format("SEND wr_id {} p -> o, receive wr_id {:#x}", sid, rids[i]));
			const bool fits_or_overruns = i <= room;
			// Up to the overrun, each message reaches o with a receive
			// posted; its completion is due in the CQ (the last does not fit).
			if (fits_or_overruns)
				scene.happened(AsyncStep::Kind::Fed, pair.io, icq, rids[i]);
			// The SEND whose completion does not fit: rxe sends no ACK for it,
			// and the judge needs none (the message reached o): a short wait.
			auto wc = scene.await_wc(pair.send_cq, sid,
						 i == room ? std::optional<milliseconds>(300) : std::nullopt);
			bool reached = wc && wc->status == IBV_WC_SUCCESS;
			// After the overrun only a SEND that succeeded reached o.
			if (reached && !fits_or_overruns)
				scene.happened(AsyncStep::Kind::Fed, pair.io, icq, rids[i]);
			if (reached)
				scene.happened(AsyncStep::Kind::Arrived, pair.io);
			// A SEND that did not complete (rxe sends no ACK for the message
			// whose completion did not fit) holds up the ones behind it: no more.
			if (!wc && i >= room)
				break;
			// The CQ polled once it overran: a CQ that went on being used
			// would take the next completions.
			if (i == room)
				scene.poll(icq);
		}
		scene.poll(icq);
		scene.judge();
		// The overrun CQ cannot be used: the pairs on it, then it, go.
		scene.destroyed_qp(pair.io);
		pair.o.reset();
		scene.destroyed_qp(pair.ip);
		pair.p.reset();
		if (slot_ >= 0) {
			b.cq_pairs[slot_].clear();
			b.cqs[slot_].reset();
			b.cq_held[slot_].clear();
		}
	}

private:
	int slot_;
	bool o_rts_;
	int after_;
};

// ---- an RDMA WRITE refused for access at the responder -------------------

class AccessError : public Step {
public:
	explicit AccessError(const DeviceModel &m)
		: mr_(drawn_slot(m.mrs, 2, [](const MrState &r) { return r.live && !(r.access & IBV_ACCESS_REMOTE_WRITE); }))
	{
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(mr_ < 0 || (m.mrs[mr_].live && !(m.mrs[mr_].access & IBV_ACCESS_REMOTE_WRITE)));
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "AccessError RDMA WRITE p -> o into "
		   << (mr_ >= 0 ? slot_label("mr", mr_) : std::string("an MR with IBV_ACCESS_LOCAL_WRITE only"));
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		EventScene scene(*this, m, b);
		Pair pair;
		make_pair(scene, b, nullptr, -1, true, pair);
		Mr *target = mr_ >= 0 ? b.mrs[mr_].get() : pair.mr.get();
		if (!target)
			scene.precondition("the model's MR " + slot_label("mr", mr_) + " on the device");
		uint64_t sid = pair.next_wr_id++;
		ibv_sge ss{(uintptr_t)pair.buffer.data(), (uint32_t)kSlotBytes, pair.mr->lkey()};
		ibv_send_wr sw{};
		sw.wr_id = sid;
		sw.sg_list = &ss;
		sw.num_sge = 1;
		sw.opcode = IBV_WR_RDMA_WRITE;
		sw.send_flags = IBV_SEND_SIGNALED;
		sw.wr.rdma.remote_addr = (uintptr_t)target->addr() + (mr_ >= 0 ? 0 : kSlotBytes);
		sw.wr.rdma.rkey = target->rkey();
		ibv_send_wr *bad = nullptr;
		int ret = pair.p->post_send(&sw, &bad);
		hold_verdict(*this, m, b, judge_call({Verb::PostSend, ret, 1, ret ? (bad == &sw ? 0 : -1) : -1}),
			     "ibv_post_send (RDMA WRITE) on p returned " + errno_name(ret));
		if (ret)
			scene.precondition("ibv_post_send (RDMA WRITE) on p returned " + errno_name(ret));
		scene.happened(AsyncStep::Kind::Violated, pair.io);
		scene.note(fmt::format("RDMA WRITE wr_id {} p -> o into memory without IBV_ACCESS_REMOTE_WRITE", sid));
		if (!scene.await_wc(pair.send_cq, sid))
			scene.precondition(fmt::format("the RDMA WRITE's completion (wr_id {})", sid));
		scene.judge();
		scene.destroyed_qp(pair.io);
		pair.o.reset();
		scene.destroyed_qp(pair.ip);
		pair.p.reset();
	}

private:
	int mr_;
};

} // namespace

void add_event_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	// One entry of weight 1 for the three: each catches its knobs within a
	// few cases, and the other families keep their share of the draws.
	mix.push_back({model_watched(m) ? 0u : 1u, execOneOfWithArgs<QpEvent, OverrunCq, AccessError>()(m)});
}

} // namespace ibvcert
