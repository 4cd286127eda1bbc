#include "conformance/cq_notify_rig.h"

#include "contracts/names.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace ibvcert {
namespace {

constexpr uint32_t kMessage = 64;
constexpr size_t kBuffer = 64 * 1024;
// How long a channel must stay empty to count as drained, and how long the
// destroy of a CQ with unacked events is watched before the acks: emu0
// raises every event inside the verb, a kernel provider from its completion
// path right after the CQE.
std::chrono::milliseconds channel_wait()
{
	return run_device().emulated() ? std::chrono::milliseconds(0) : std::chrono::milliseconds(100);
}
constexpr auto kDestroyWatch = std::chrono::milliseconds(300);
constexpr auto kDestroyDeadline = std::chrono::seconds(5);

} // namespace

CqNotifyRig::CqNotifyRig()
{
	view_.channel_of = {0, 0, 1};
}

CqNotifyRig::~CqNotifyRig()
{
	ack_all();
}

std::optional<std::string> CqNotifyRig::fail(const std::string &what, int ret)
{
	ADD_FAILURE() << "precondition: " << what << " returned " << errno_name(ret) << "\n" << evidence();
	return "precondition failed: " + what;
}

std::optional<std::string> CqNotifyRig::prepare()
{
	Device &d = run_device();
	if (int ret = run_caps(caps_))
		return fail("reading the device's attributes", ret);
	for (auto &ch : channels_) {
		int ret = d.create_comp_channel(ch);
		note("ibv_create_comp_channel -> " + errno_name(ret));
		if (ret == EOPNOTSUPP)
			return "the device makes no completion channel (EOPNOTSUPP)";
		if (ret)
			return fail("ibv_create_comp_channel", ret);
	}
	if (int ret = d.alloc_pd(pd_))
		return fail("ibv_alloc_pd", ret);
	buf_.assign(kBuffer, 0);
	if (int ret = d.reg_mr(*pd_, buf_.data(), buf_.size(), IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE, mr_))
		return fail("ibv_reg_mr", ret);
	for (int i = 0; i < kCqs; i++) {
		// cq_context: an address of the rig's own, one per CQ.
		int ret = d.create_cq_on_channel(16, &cqs_[i], *channels_[view_.channel_of[i]], 0, cqs_[i]);
		note(fmt::format("ibv_create_cq(16, channel{}) = cq{} -> {}", view_.channel_of[i], i, errno_name(ret)));
		if (ret)
			return fail("ibv_create_cq with a channel", ret);
	}
	if (int ret = d.create_cq(16, b_send_cq_))
		return fail("ibv_create_cq", ret);
	ibv_qp_init_attr qi{};
	qi.qp_type = IBV_QPT_RC;
	qi.cap = {8, 8, 1, 1, 0};
	if (int ret = d.create_qp(*pd_, *cqs_[0], *cqs_[2], qi, a_))
		return fail("ibv_create_qp(RC) a", ret);
	qi.cap = {8, 8, 1, 1, 0};
	if (int ret = d.create_qp(*pd_, *b_send_cq_, *cqs_[1], qi, b_))
		return fail("ibv_create_qp(RC) b", ret);
	std::string why;
	int ret = d.connect_loopback(*a_, *b_, why);
	note("connect the RC pair -> " + errno_name(ret) + (why.empty() ? "" : " (" + why + ")"));
	if (ret == EOPNOTSUPP || ret == ENODEV)
		return "cannot connect loopback QPs: " + why;
	if (ret)
		return fail("connecting the RC pair (" + why + ")", ret);
	return std::nullopt;
}

void CqNotifyRig::arm(int cq, int solicited_only)
{
	NotifyStep s;
	s.kind = NotifyStep::Kind::Arm;
	s.cq = cq;
	s.solicited_only = solicited_only;
	s.result = cqs_[cq]->req_notify(solicited_only);
	view_.steps.push_back(s);
}

int CqNotifyRig::cq_index(const void *handle) const
{
	for (int i = 0; i < kCqs; i++)
		if (cqs_[i] && cqs_[i]->handle() == handle)
			return i;
	return -1;
}

// Polls the CQ (index cq; -1: b's send CQ, no channel) until the CQE of
// wr_id is there, and writes it into the view as seen.
std::optional<std::string> CqNotifyRig::settle(int cq, uint64_t wr_id, NotifyStep cqe)
{
	Cq &q = cq < 0 ? *b_send_cq_ : *cqs_[cq];
	auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
	while (std::chrono::steady_clock::now() < deadline) {
		ibv_wc wc{};
		int n = q.poll(1, &wc);
		if (n < 0)
			return fail(fmt::format("ibv_poll_cq of cq{}", cq), -n);
		if (n == 0) {
			run_device().clock().wait(std::chrono::milliseconds(1));
			continue;
		}
		if (wc.wr_id != wr_id) {
			note(fmt::format("cq{} also held wr_id {} ({})", cq, wc.wr_id, ibv_wc_status_str(wc.status)));
			continue;
		}
		if (cq >= 0) {
			cqe.kind = NotifyStep::Kind::Cqe;
			cqe.cq = cq;
			cqe.wr_id = wr_id;
			cqe.success = wc.status == IBV_WC_SUCCESS;
			view_.steps.push_back(cqe);
		}
		return std::nullopt;
	}
	return fail(fmt::format("waiting 5 s for wr_id {} on cq{}", wr_id, cq), ETIMEDOUT);
}

std::optional<std::string> CqNotifyRig::send(bool from_a, bool solicited, ibv_wr_opcode opcode)
{
	Qp &from = from_a ? *a_ : *b_;
	Qp &to = from_a ? *b_ : *a_;
	uint64_t rid = next_wr_id_++, sid = next_wr_id_++;
	size_t at = (rid % 256) * kMessage * 2;
	ibv_sge rs{(uintptr_t)buf_.data() + at, kMessage, mr_->lkey()};
	ibv_recv_wr rw{};
	rw.wr_id = rid;
	rw.sg_list = &rs;
	rw.num_sge = 1;
	ibv_recv_wr *bad_r = nullptr;
	if (int ret = to.post_recv(&rw, &bad_r))
		return fail("ibv_post_recv", ret);
	ibv_sge ss{(uintptr_t)buf_.data() + at + kMessage, kMessage, mr_->lkey()};
	ibv_send_wr sw{};
	sw.wr_id = sid;
	sw.sg_list = &ss;
	sw.num_sge = 1;
	sw.opcode = opcode;
	sw.send_flags = IBV_SEND_SIGNALED | (solicited ? IBV_SEND_SOLICITED : 0);
	sw.imm_data = htobe32(0x50110000u + (uint32_t)sid);
	if (opcode == IBV_WR_RDMA_WRITE_WITH_IMM) {
		sw.wr.rdma.remote_addr = rs.addr;
		sw.wr.rdma.rkey = mr_->rkey();
	}
	ibv_send_wr *bad_s = nullptr;
	if (int ret = from.post_send(&sw, &bad_s))
		return fail("ibv_post_send", ret);
	note(fmt::format("{} wr_id {} {} {}, receive wr_id {}",
			 opcode == IBV_WR_SEND ? "SEND" : opcode == IBV_WR_SEND_WITH_IMM ? "SEND_WITH_IMM" : "RDMA_WRITE_WITH_IMM",
			 sid, from_a ? "a -> b" : "b -> a",
			 solicited ? "IBV_SEND_SOLICITED" : "unsolicited", rid));
	NotifyStep send_cqe;
	if (auto f = settle(from_a ? 0 : -1, sid, send_cqe))
		return f;
	NotifyStep recv_cqe;
	recv_cqe.recv = true;
	recv_cqe.solicited = solicited;
	return settle(from_a ? 1 : 2, rid, recv_cqe);
}

std::optional<std::string> CqNotifyRig::flush_b()
{
	uint64_t rid = next_wr_id_++;
	ibv_sge rs{(uintptr_t)buf_.data(), kMessage, mr_->lkey()};
	ibv_recv_wr rw{};
	rw.wr_id = rid;
	rw.sg_list = &rs;
	rw.num_sge = 1;
	ibv_recv_wr *bad_r = nullptr;
	if (int ret = b_->post_recv(&rw, &bad_r))
		return fail("ibv_post_recv", ret);
	ibv_qp_attr attr{};
	attr.qp_state = IBV_QPS_ERR;
	if (int ret = b_->modify(attr, IBV_QP_STATE))
		return fail("ibv_modify_qp(b, ERR)", ret);
	note(fmt::format("receive wr_id {} posted on b, b moved to ERR: it flushes", rid));
	NotifyStep cqe;
	cqe.recv = true;
	return settle(1, rid, cqe);
}

int CqNotifyRig::read(int channel)
{
	int events = 0;
	for (int guard = 0; guard < 64; guard++) {
		channels_[channel]->readable(channel_wait());
		const void *handle = nullptr;
		void *context = nullptr;
		int err = 0;
		NotifyStep s;
		s.kind = NotifyStep::Kind::Event;
		s.channel = channel;
		s.result = channels_[channel]->get_cq_event(handle, context, err);
		if (s.result == 0) {
			s.cq = cq_index(handle);
			s.context_matches = s.cq >= 0 && context == cqs_[s.cq]->context();
			if (s.cq >= 0)
				unacked_[s.cq]++;
			events++;
		} else {
			note(fmt::format("ibv_get_cq_event(channel{}) -> {} ({})", channel, s.result, errno_name(err)));
		}
		view_.steps.push_back(s);
		if (s.result != 0)
			break;
	}
	NotifyStep drained;
	drained.kind = NotifyStep::Kind::Drained;
	drained.channel = channel;
	view_.steps.push_back(drained);
	return events;
}

void CqNotifyRig::ack_all()
{
	for (int i = 0; i < kCqs; i++) {
		if (!cqs_[i] || !unacked_[i])
			continue;
		cqs_[i]->ack_events((unsigned)unacked_[i]);
		NotifyStep s;
		s.kind = NotifyStep::Kind::Ack;
		s.cq = i;
		s.nevents = (unsigned)unacked_[i];
		view_.steps.push_back(s);
		unacked_[i] = 0;
	}
}

// The destroy runs in a thread of its own, holding the CQ until it returns;
// a destroy that never returns keeps it (the case's process ends anyway).
void CqNotifyRig::destroy_cq1_before_acks()
{
	b_.reset();
	note("QP b destroyed; ibv_destroy_cq(cq1) in a second thread");
	struct Destroy {
		std::unique_ptr<Cq> cq;
		std::atomic<bool> done{false};
	};
	auto d = std::make_shared<Destroy>();
	d->cq = std::move(cqs_[1]);
	Cq *cq = d->cq.get();
	std::thread t([d] {
		d->cq.reset();
		d->done = true;
	});
	std::this_thread::sleep_for(kDestroyWatch);
	NotifyStep s;
	s.kind = NotifyStep::Kind::Destroy;
	s.cq = 1;
	s.returned_before_acks = d->done;
	view_.steps.push_back(s);
	size_t at = view_.steps.size() - 1;
	if (!d->done && unacked_[1]) {
		cq->ack_events((unsigned)unacked_[1]);
		NotifyStep a;
		a.kind = NotifyStep::Kind::Ack;
		a.cq = 1;
		a.nevents = (unsigned)unacked_[1];
		view_.steps.push_back(a);
	}
	unacked_[1] = 0;
	auto deadline = std::chrono::steady_clock::now() + kDestroyDeadline;
	while (!d->done && std::chrono::steady_clock::now() < deadline)
		std::this_thread::sleep_for(std::chrono::milliseconds(5));
	view_.steps[at].returned = d->done;
	if (d->done)
		t.join();
	else
		t.detach();
}

std::string CqNotifyRig::evidence() const
{
	std::vector<std::string> seen;
	for (size_t i = 0; i < view_.steps.size(); i++)
		seen.push_back(fmt::format("{}. {}", i + 1, notify_step_text(view_.steps[i])));
	return fmt::format("device {}: RC pair a <-> b; cq0 a's send CQ and cq1 b's receive CQ on "
			   "channel0, cq2 a's receive CQ on channel1\n  {}\n steps judged:\n  {}\nreplay: {}",
			   run_device().name(), fmt::join(steps_, "\n  "), fmt::join(seen, "\n  "),
			   replay_command());
}

} // namespace ibvcert
