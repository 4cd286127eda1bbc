#include "conformance/async_event_rig.h"

#include "contracts/names.h"
#include "contracts/qp_table.h"
#include "fixtures/loopback.h"
#include "fixtures/qp_builder.h"
#include "fixtures/rigs/async_event_reads.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

namespace ibvcert {
namespace {

constexpr size_t kBuffer = 64 * 1024;
constexpr size_t kSlot = 512; // bytes of the buffer per WR
constexpr int kSmallCqe = 4;

// How long the event queue must stay empty to count as read out: emu0
// raises every event inside the verb, a kernel provider from its own
// context (a work item after the completion or the packet).
std::chrono::milliseconds event_wait(bool awaited)
{
	if (run_device().emulated())
		return std::chrono::milliseconds(0);
	return std::chrono::milliseconds(awaited ? 500 : 50);
}

std::chrono::milliseconds wc_wait()
{
	return std::chrono::milliseconds(run_device().emulated() ? 50 : 3000);
}

} // namespace

const char *qp_letter(AsyncEventRig::QpName q)
{
	static const char *names[] = {"a", "b", "c", "d", "u", "v", "e", "f", "g", "h", "p", "o"};
	return q < AsyncEventRig::kQps ? names[q] : "?";
}

AsyncEventRig::~AsyncEventRig()
{
	// Events not read are dropped by the destroys; every event read was
	// acked at once, so no destroy waits.
	for (int i = kQps - 1; i >= 0; i--)
		qps_[i].reset();
}

std::optional<std::string> AsyncEventRig::fail(const std::string &what, int ret)
{
	ADD_FAILURE() << "precondition: " << what << (ret ? " returned " + errno_name(ret) : std::string()) << "\n"
		      << evidence();
	return "precondition failed: " + what;
}

void AsyncEventRig::push(AsyncStep s)
{
	s.at = fmt::format("step {}", view_.steps.size() + 1);
	view_.steps.push_back(std::move(s));
}

std::optional<std::string> AsyncEventRig::make_qp(QpName q, ibv_qp_type type, int srq, int recv_cq, int recv_wr)
{
	ibv_qp_init_attr qi{};
	qi.qp_type = type;
	qi.cap = {32, srq >= 0 ? 0u : (uint32_t)recv_wr, 1, 1, 0};
	int ret = run_device().create_qp(*pd_, *cqs_[0], *cqs_[recv_cq], srq >= 0 ? srqs_[srq].get() : nullptr, qi,
					 qps_[q]);
	note(fmt::format("ibv_create_qp {} {}{} -> {}", qp_letter(q), qp_type_name(type),
			 srq >= 0 ? fmt::format(" on SRQ {}", srq) : "", errno_name(ret)));
	if (ret)
		return fmt::format("ibv_create_qp({}) returned {}", qp_type_name(type), errno_name(ret));
	push(AsyncStep::qp_created(q, type, srq >= 0, 0, recv_cq));
	return std::nullopt;
}

std::optional<std::string> AsyncEventRig::connect(QpName a, QpName b)
{
	std::string why;
	int ret = run_device().connect_loopback(*qps_[a], *qps_[b], why);
	note(fmt::format("connect {} <-> {} -> {}{}", qp_letter(a), qp_letter(b), errno_name(ret),
			 why.empty() ? "" : " (" + why + ")"));
	if (ret)
		return "connecting " + std::string(qp_letter(a)) + " and " + qp_letter(b) + ": " + why;
	push(AsyncStep::connected(a, b));
	push(AsyncStep::connected(b, a));
	return std::nullopt;
}

// rts through INIT and RTR to RTS, rtr to RTR only, each the other's
// destination (the walk of fixtures/loopback.h's connect_by_modify, stopped
// one step short for rtr).
std::optional<std::string> AsyncEventRig::rtr_pair(QpName rts, QpName rtr)
{
	QpBuilder builder(run_device(), *caps_);
	ibv_qp_state from = IBV_QPS_RESET;
	for (ibv_qp_state to : {IBV_QPS_INIT, IBV_QPS_RTR, IBV_QPS_RTS}) {
		for (QpName q : {rts, rtr}) {
			if (q == rtr && to == IBV_QPS_RTS)
				continue;
			Qp &qp = *qps_[q];
			Qp &peer = *qps_[q == rts ? rtr : rts];
			const QpTransition *t = QpTransitionTable::kernel().find(qp.qp_type(), from, to);
			int mask = IBV_QP_STATE | (t ? t->required : 0);
			ibv_qp_attr attr = builder.valid_attr(qp, from, to, mask & ~IBV_QP_DEST_QPN);
			attr.dest_qp_num = peer.qp_num();
			attr.ah_attr = loopback_ah_attr(*caps_);
			attr.qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE;
			attr.min_rnr_timer = 12;
			attr.rnr_retry = 6;
			ibv_qp_attr sent = attr;
			AsyncStep s = AsyncStep::modified(q, from, attr, mask, qp.modify(sent, mask));
			push(s);
			if (s.result)
				return fmt::format("ibv_modify_qp {} {}->{} returned {}", qp_letter(q), qp_state_name(from),
						   qp_state_name(to), errno_name((int)s.result));
		}
		from = to;
	}
	return std::nullopt;
}

std::optional<std::string> AsyncEventRig::prepare()
{
	Device &d = run_device();
	if (int ret = run_caps(caps_))
		return fail("reading the device's attributes", ret);
	if (int ret = d.alloc_pd(pd_))
		return fail("ibv_alloc_pd", ret);
	buf_.assign(kBuffer, 0);
	ro_buf_.assign(kSlot, 0);
	int access = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ;
	if (int ret = d.reg_mr(*pd_, buf_.data(), buf_.size(), access, mr_))
		return fail("ibv_reg_mr", ret);
	if (int ret = d.reg_mr(*pd_, ro_buf_.data(), ro_buf_.size(), IBV_ACCESS_LOCAL_WRITE, ro_mr_))
		return fail("ibv_reg_mr (local write only)", ret);
	for (int i = 0; i < 3; i++) {
		int ret = d.create_cq(i == 2 ? kSmallCqe : 256, cqs_[i]);
		if (ret)
			return fail("ibv_create_cq", ret);
		push(AsyncStep::cq_created(i, cqs_[i]->cqe()));
	}
	small_cqe_ = cqs_[2]->cqe();
	note(fmt::format("CQ 2 asked for {} CQEs, reports cqe {}", kSmallCqe, small_cqe_));
	for (int i = 0; i < 2; i++) {
		ibv_srq_init_attr si{};
		si.attr.max_wr = 16;
		si.attr.max_sge = 1;
		int ret = d.create_srq(*pd_, si, srqs_[i]);
		note(fmt::format("ibv_create_srq {} -> {}", i, errno_name(ret)));
		if (ret) {
			srqs_[0].reset();
			srqs_[1].reset();
			break;
		}
	}
	// Any event already queued belongs to an earlier case's objects:
	// discarded (acked) before the view starts.
	AsyncEvent stale;
	while (d.get_async_event(stale, std::chrono::milliseconds(0)) == 0)
		d.ack_async_event(stale);

	if (auto r = make_qp(A, IBV_QPT_RC, -1, 1, 32); r)
		return fail(*r, 0);
	if (auto r = make_qp(B, IBV_QPT_RC, -1, 1, 32); r)
		return fail(*r, 0);
	bool iwarp = d.transport() == IBV_TRANSPORT_IWARP;
	if (!iwarp) {
		if (make_qp(C, IBV_QPT_UC, -1, 1, 32) || make_qp(D, IBV_QPT_UC, -1, 1, 32))
			qps_[C].reset(), qps_[D].reset();
		if (make_qp(U, IBV_QPT_UD, -1, 1, 32) || make_qp(V, IBV_QPT_UD, -1, 1, 32))
			qps_[U].reset(), qps_[V].reset();
	}
	if (srqs_[0] && (make_qp(E, IBV_QPT_RC, 0, 1, 0) || make_qp(F, IBV_QPT_RC, 1, 1, 0)))
		qps_[E].reset(), qps_[F].reset();
	if (!iwarp && (make_qp(G, IBV_QPT_RC, -1, 1, 32) || make_qp(H, IBV_QPT_RC, -1, 1, 32)))
		qps_[G].reset(), qps_[H].reset();
	if (auto r = make_qp(P, IBV_QPT_RC, -1, 1, 32); r)
		return fail(*r, 0);
	if (auto r = make_qp(O, IBV_QPT_RC, -1, 2, std::max(32, small_cqe_ + 4)); r)
		return fail(*r, 0);

	for (auto [x, y] : {std::pair{A, B}, std::pair{C, D}, std::pair{U, V}, std::pair{E, F}, std::pair{P, O}}) {
		if (!qps_[x])
			continue;
		if (auto r = connect(x, y)) {
			if (x == A || x == P)
				return fail(*r, 0);
			note("left unconnected: " + *r);
		}
	}
	if (qps_[G])
		if (auto r = rtr_pair(G, H))
			return fail(*r, 0);
	query_all();
	read_events(false);
	return std::nullopt;
}

void AsyncEventRig::completed(int cq, const ibv_wc &wc)
{
	push(AsyncStep::completed(cq, qp_of(wc.qp_num), wc));
}

int AsyncEventRig::qp_of(uint32_t qp_num) const
{
	for (int i = 0; i < kQps; i++)
		if (qps_[i] && qps_[i]->qp_num() == qp_num)
			return i;
	return -1;
}

std::optional<ibv_wc> AsyncEventRig::await_wc(int cq, uint64_t wr_id)
{
	auto deadline = std::chrono::steady_clock::now() + wc_wait();
	while (std::chrono::steady_clock::now() < deadline) {
		ibv_wc wc{};
		int n = cqs_[cq]->poll(1, &wc);
		if (n < 0) {
			note(fmt::format("ibv_poll_cq(CQ {}) returned {}", cq, n));
			return std::nullopt;
		}
		if (n == 0) {
			run_device().clock().wait(std::chrono::milliseconds(1));
			continue;
		}
		completed(cq, wc);
		if (wc.wr_id == wr_id)
			return wc;
	}
	note(fmt::format("no completion of wr_id {} on CQ {} within {} ms", wr_id, cq, wc_wait().count()));
	return std::nullopt;
}

std::optional<std::string> AsyncEventRig::send(QpName from, QpName to, uint32_t bytes, uint32_t recv_bytes)
{
	uint64_t rid = next_wr_id_++, sid = next_wr_id_++;
	char *slot = buf_.data() + (rid % (kBuffer / kSlot / 2)) * 2 * kSlot;
	ibv_sge rs{(uintptr_t)slot, recv_bytes, mr_->lkey()};
	ibv_recv_wr rw{};
	rw.wr_id = rid;
	rw.sg_list = &rs;
	rw.num_sge = 1;
	ibv_recv_wr *bad_r = nullptr;
	int srq = to == E ? 0 : to == F ? 1 : -1;
	int ret = srq >= 0 ? srqs_[srq]->post_recv(&rw, &bad_r) : qps_[to]->post_recv(&rw, &bad_r);
	if (ret)
		return fail(fmt::format("ibv_post_recv on {}", qp_letter(to)), ret);
	ibv_sge ss{(uintptr_t)slot + kSlot, bytes, mr_->lkey()};
	ibv_send_wr sw{};
	sw.wr_id = sid;
	sw.sg_list = &ss;
	sw.num_sge = 1;
	sw.opcode = IBV_WR_SEND;
	sw.send_flags = IBV_SEND_SIGNALED;
	ibv_send_wr *bad_s = nullptr;
	if (int r = qps_[from]->post_send(&sw, &bad_s))
		return fail(fmt::format("ibv_post_send on {}", qp_letter(from)), r);
	note(fmt::format("SEND wr_id {} {} -> {} ({} bytes), receive wr_id {} ({} bytes)", sid, qp_letter(from),
			 qp_letter(to), bytes, rid, recv_bytes));
	auto swc = await_wc(0, sid);
	int recv_cq = to == O ? 2 : 1;
	if (recv_cq == 2) {
		// o in RTS with the receive posted: the message reaches it and its
		// receive completes (in success or error) into CQ 2, whose cqe is its
		// actual size (ibv_create_cq(3)), whether or not the ACK came back.
		AsyncStep f;
		f.kind = AsyncStep::Kind::Fed;
		f.qp = to;
		f.cq = 2;
		f.wr_id = rid;
		push(f);
	}
	// A SEND into the overrun CQ 2's QP may find it in ERR and retry past
	// the wait (rxe sends no ACK for the message whose completion did not
	// fit): the case goes on. Elsewhere the judge holds what was seen and
	// the case cannot go on.
	if (!swc && recv_cq == 2)
		return std::nullopt;
	if (!swc)
		return fmt::format("no completion of the SEND (wr_id {}) within {} ms", sid, wc_wait().count());
	bool rc = qps_[from]->qp_type() == IBV_QPT_RC;
	if (rc && swc->status == IBV_WC_SUCCESS) {
		AsyncStep a;
		a.kind = AsyncStep::Kind::Arrived;
		a.qp = to;
		push(a);
	}
	if (recv_cq == 2)
		return std::nullopt;
	auto rwc = await_wc(recv_cq, rid);
	if (rwc && !rc && rwc->status == IBV_WC_SUCCESS) {
		AsyncStep a;
		a.kind = AsyncStep::Kind::Arrived;
		a.qp = to;
		push(a);
	}
	return std::nullopt;
}

std::optional<std::string> AsyncEventRig::write_without_access(QpName from, QpName to)
{
	uint64_t sid = next_wr_id_++;
	ibv_sge ss{(uintptr_t)buf_.data(), 64, mr_->lkey()};
	ibv_send_wr sw{};
	sw.wr_id = sid;
	sw.sg_list = &ss;
	sw.num_sge = 1;
	sw.opcode = IBV_WR_RDMA_WRITE;
	sw.send_flags = IBV_SEND_SIGNALED;
	sw.wr.rdma.remote_addr = (uintptr_t)ro_buf_.data();
	sw.wr.rdma.rkey = ro_mr_->rkey();
	ibv_send_wr *bad = nullptr;
	if (int r = qps_[from]->post_send(&sw, &bad))
		return fail(fmt::format("ibv_post_send (RDMA WRITE) on {}", qp_letter(from)), r);
	AsyncStep v;
	v.kind = AsyncStep::Kind::Violated;
	v.qp = to;
	push(v);
	note(fmt::format("RDMA WRITE wr_id {} {} -> {}'s buffer, MR without IBV_ACCESS_REMOTE_WRITE", sid,
			 qp_letter(from), qp_letter(to)));
	if (!await_wc(0, sid))
		return fail(fmt::format("waiting for the RDMA WRITE's completion (wr_id {})", sid), ETIMEDOUT);
	return std::nullopt;
}

void AsyncEventRig::modify(QpName qp, ibv_qp_state to, bool notify)
{
	ibv_qp_attr attr{};
	attr.qp_state = to;
	attr.en_sqd_async_notify = 1;
	AsyncStep s;
	s.kind = AsyncStep::Kind::Modified;
	s.qp = qp;
	s.to = to;
	s.attr_mask = IBV_QP_STATE | (notify ? IBV_QP_EN_SQD_ASYNC_NOTIFY : 0);
	s.en_sqd_async_notify = 1;
	s.result = qps_[qp]->modify(attr, s.attr_mask);
	note(fmt::format("ibv_modify_qp {} -> {} -> {}", qp_letter(qp), qp_state_name(to), errno_name((int)s.result)));
	push(s);
}

void AsyncEventRig::query_all()
{
	for (int i = 0; i < kQps; i++) {
		if (!qps_[i])
			continue;
		ibv_qp_attr attr{};
		ibv_qp_init_attr init{};
		int ret = qps_[i]->query(attr, IBV_QP_STATE, init);
		if (ret) {
			note(fmt::format("ibv_query_qp {} -> {}", qp_letter((QpName)i), errno_name(ret)));
			continue;
		}
		push(AsyncStep::queried(i, attr.qp_state));
	}
}

void AsyncEventRig::poll(int cq)
{
	poll_into_view(*cqs_[cq], cq, [&](const AsyncStep &s) { push(s); },
		       [&](const ibv_wc &wc) { completed(cq, wc); });
}

void AsyncEventRig::read_events(bool awaited)
{
	auto qp_of = [&](const void *qp) {
		int at = -1;
		for (int i = 0; i < kQps; i++)
			if (qps_[i] && qp == qps_[i].get())
				at = i;
		return at;
	};
	auto cq_of = [&](const void *cq) {
		int at = -1;
		for (int i = 0; i < 3; i++)
			if (cqs_[i] && cq == cqs_[i].get())
				at = i;
		return at;
	};
	push(read_async_events(run_device(), awaited, event_wait(awaited), qp_of, cq_of));
}

std::string AsyncEventRig::evidence() const
{
	std::vector<std::string> seen;
	for (size_t i = 0; i < view_.steps.size(); i++)
		seen.push_back(fmt::format("{}. {}", i + 1, async_step_text(view_.steps[i])));
	std::vector<std::string> names;
	for (int i = 0; i < kQps; i++)
		if (qps_[i])
			names.push_back(fmt::format("QP {} = {} (qp_num {})", i, qp_letter((QpName)i), qps_[i]->qp_num()));
	return fmt::format("device {}: {}\n  {}\n steps judged:\n  {}\nreplay: {}", run_device().name(),
			   fmt::join(names, ", "), fmt::join(steps_, "\n  "), fmt::join(seen, "\n  "),
			   replay_command());
}

} // namespace ibvcert
