#include "conformance/datapath_rig.h"

#include "contracts/names.h"
#include "fixtures/loopback.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <thread>

namespace ibvcert {
namespace {

// The buffer's areas: what the sends gather, where the receives scatter,
// what RDMA and atomics target on the responder, where READ and atomics
// return to on the sender. One slot per WR.
constexpr size_t kSendArea = 0, kRecvArea = 8192, kRemoteArea = 16384, kLocalArea = 24576;
constexpr size_t kBufBytes = 32768;
constexpr size_t kSlot = 256, kSmallSlot = 64;
constexpr size_t kRemoteOffset = 8; // into the remote slot: never the MR's first byte
constexpr uint32_t kQkey = 0x11111111; // the Q_Key connect_loopback gives UD QPs
constexpr uint32_t kOtherQkey = 0x11111112;
constexpr uint32_t kNoMrLkey = 0x00dead00; // an lkey no MR of the rig has
constexpr uint64_t kRecvIdBase = 1000, kBystanderId = 9999;
constexpr int kCqe = 64;

bool is_atomic(ibv_wr_opcode op)
{
	return op == IBV_WR_ATOMIC_CMP_AND_SWP || op == IBV_WR_ATOMIC_FETCH_AND_ADD;
}
bool needs_recv(ibv_wr_opcode op)
{
	return op == IBV_WR_SEND || op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE_WITH_IMM;
}

} // namespace

DatapathPair::DatapathPair() = default;

DatapathPair::~DatapathPair()
{
	// QPs before the SRQ, CQs, AH and MR they use.
	sender_.reset();
	responder_.reset();
	bystander_.reset();
	srq_.reset();
	ah_.reset();
	cqs_.clear();
	mr_.reset();
}

std::optional<std::string> DatapathPair::fail(const std::string &what, int ret)
{
	ADD_FAILURE() << "precondition: " << what << " returned " << errno_name(ret) << "\n" << evidence();
	return "precondition failed: " + what;
}

uint32_t DatapathPair::lkey() const
{
	return mr_->lkey();
}

bool DatapathPair::has_atomics() const
{
	return caps_->device.orig_attr.atomic_cap != IBV_ATOMIC_NONE;
}

std::string DatapathPair::evidence() const
{
	return fmt::format("device {}, {} pair{}{}\n  {}\nreplay: {}", run_device().name(),
			   qp_type_name(spec_.type), spec_.sq_sig_all ? ", sq_sig_all=1" : "",
			   spec_.srq ? ", the responder on an SRQ" : "", fmt::join(steps_, "\n  "),
			   replay_command());
}

std::optional<std::string> DatapathPair::prepare(const PairSpec &spec)
{
	spec_ = spec;
	Device &d = run_device();
	if (int ret = run_caps(caps_))
		return fail("reading the device's attributes", ret);
	if (spec.type == IBV_QPT_UD && d.transport() == IBV_TRANSPORT_IWARP)
		return "iWARP has no UD QPs";
	if (spec.type == IBV_QPT_UC && d.transport() == IBV_TRANSPORT_IWARP)
		return "iWARP has no UC QPs";
	if (int ret = d.alloc_pd(pd_))
		return fail("ibv_alloc_pd", ret);
	buf_.assign(kBufBytes, 0);
	int access = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ;
	if (has_atomics())
		access |= IBV_ACCESS_REMOTE_ATOMIC;
	if (int ret = d.reg_mr(*pd_, buf_.data(), buf_.size(), access, mr_))
		return fail(fmt::format("ibv_reg_mr(access {:#x})", access), ret);
	cqs_.resize(5);
	for (auto &cq : cqs_)
		if (int ret = d.create_cq(kCqe, cq))
			return fail("ibv_create_cq(64)", ret);
	if (spec.srq) {
		ibv_srq_init_attr si{};
		si.attr.max_wr = 16;
		si.attr.max_sge = 2;
		int ret = d.create_srq(*pd_, si, srq_);
		if (ret == EOPNOTSUPP || ret == ENOSYS)
			return "ibv_create_srq returned " + errno_name(ret);
		if (ret)
			return fail("ibv_create_srq", ret);
	}
	auto make = [&](Cq &scq, Cq &rcq, Srq *srq, std::unique_ptr<Qp> &qp, uint32_t inline_bytes) {
		ibv_qp_init_attr qi{};
		qi.qp_type = spec.type;
		qi.sq_sig_all = spec.sq_sig_all ? 1 : 0;
		qi.cap = {16, 16, 2, 2, inline_bytes};
		int ret = d.create_qp(*pd_, scq, rcq, srq, qi, qp);
		if (!ret && &qp == &sender_)
			max_inline_ = qi.cap.max_inline_data;
		return ret;
	};
	int ret = make(*cqs_[0], *cqs_[1], nullptr, sender_, 64);
	if (ret)
		ret = make(*cqs_[0], *cqs_[1], nullptr, sender_, 0); // a device without inline sends
	if (ret == EOPNOTSUPP)
		return "ibv_create_qp(" + qp_type_name(spec.type) + ") returned EOPNOTSUPP";
	if (ret)
		return fail("ibv_create_qp(" + qp_type_name(spec.type) + ")", ret);
	if (spec.type == IBV_QPT_UD && (ret = make(*cqs_[4], *cqs_[4], nullptr, bystander_, 0)))
		return fail("ibv_create_qp(UD) beside the pair", ret);
	ret = make(*cqs_[2], *cqs_[3], srq_.get(), responder_, 0);
	if (ret == EOPNOTSUPP && spec.srq)
		return "ibv_create_qp of a " + qp_type_name(spec.type) + " QP on an SRQ returned EOPNOTSUPP";
	if (ret)
		return fail("ibv_create_qp(" + qp_type_name(spec.type) + ", responder)", ret);
	std::string why;
	ret = d.connect_loopback(*sender_, *responder_, why);
	if (ret == EOPNOTSUPP || ret == ENODEV)
		return "cannot connect loopback QPs: " + why;
	if (ret)
		return fail("connecting the pair (" + why + ")", ret);
	if (bystander_ && (ret = d.connect_loopback(*bystander_, *bystander_, why)))
		return fail("bringing the third UD QP to RTS (" + why + ")", ret);
	if (spec.type == IBV_QPT_UD) {
		ah_attr_ = loopback_ah_attr(*caps_);
		ah_attr_.is_global = 1;
		ah_attr_.grh.dgid = caps_->gid;
		ah_attr_.grh.sgid_index = (uint8_t)caps_->gid_index;
		ah_attr_.grh.hop_limit = 1;
		if ((ret = d.create_ah(*pd_, ah_attr_, ah_)))
			return fail("ibv_create_ah(is_global, the port's own GID)", ret);
		view_.ud_global = true;
		memcpy(view_.dgid_tail.data(), caps_->gid.raw + 12, 4);
	}
	view_.qp_type = spec.type;
	view_.sender_qpn = sender_->qp_num();
	view_.responder_qpn = responder_->qp_num();
	view_.sq_sig_all = spec.sq_sig_all;
	view_.srq = spec.srq;
	note(fmt::format("{} QP {:#x} -> QP {:#x}{} at RTS, max_inline_data {}", qp_type_name(spec.type),
			 view_.sender_qpn, view_.responder_qpn,
			 bystander_ ? fmt::format(" (UD QP {:#x} beside, same Q_Key)", bystander_->qp_num()) : "",
			 max_inline_));
	return std::nullopt;
}

ibv_recv_wr DatapathPair::recv_wr(uint64_t wr_id, int slot, ibv_sge &sge)
{
	sge = {(uint64_t)(uintptr_t)(buf_.data() + kRecvArea + slot * kSlot), (uint32_t)kSlot, mr_->lkey()};
	ibv_recv_wr wr{};
	wr.wr_id = wr_id;
	wr.sg_list = &sge;
	wr.num_sge = 1;
	return wr;
}

std::optional<std::string> DatapathPair::post(const std::vector<SendSpec> &sends, int recv_count,
					      int recv_sges)
{
	specs_ = sends;
	recv_sges_ = recv_sges;
	memset(buf_.data() + kRecvArea, 0xee, kRemoteArea - kRecvArea);
	memset(buf_.data() + kLocalArea, 0xcc, kBufBytes - kLocalArea);
	// The receives: recv_sges SGEs each, the second SGE below the first in
	// memory, so a scatter out of order shows.
	std::vector<std::vector<ibv_sge>> rsge(recv_count);
	std::vector<ibv_recv_wr> rwr(recv_count);
	for (int j = 0; j < recv_count; j++) {
		uint8_t *slot = buf_.data() + kRecvArea + j * kSlot;
		if (recv_sges == 2)
			rsge[j] = {{(uint64_t)(uintptr_t)(slot + 160), 32, mr_->lkey()},
				   {(uint64_t)(uintptr_t)slot, 160, mr_->lkey()}};
		else
			rsge[j] = {{(uint64_t)(uintptr_t)slot, 192, mr_->lkey()}};
		rwr[j].wr_id = kRecvIdBase + j;
		rwr[j].sg_list = rsge[j].data();
		rwr[j].num_sge = (int)rsge[j].size();
		rwr[j].next = j + 1 < recv_count ? &rwr[j + 1] : nullptr;
		view_.recvs.push_back({rwr[j].wr_id, 192, {}});
	}
	if (recv_count) {
		ibv_recv_wr *bad = nullptr;
		int ret = srq_ ? srq_->post_recv(rwr.data(), &bad) : responder_->post_recv(rwr.data(), &bad);
		note(fmt::format("{}({} WRs of {} SGE(s), wr_id {}..) -> {}",
				 srq_ ? "ibv_post_srq_recv" : "ibv_post_recv", recv_count, recv_sges,
				 kRecvIdBase, errno_name(ret)));
		if (ret)
			return fail("posting the receive WRs", ret);
	}
	if (bystander_) {
		ibv_sge s;
		ibv_recv_wr w = recv_wr(kBystanderId, 31, s);
		ibv_recv_wr *bad = nullptr;
		if (int ret = bystander_->post_recv(&w, &bad))
			return fail("ibv_post_recv on the third UD QP", ret);
	}

	// The sends, one list.
	size_t n = sends.size();
	std::vector<std::vector<ibv_sge>> sge(n);
	std::vector<ibv_send_wr> wr(n);
	std::vector<std::string> shapes;
	for (size_t i = 0; i < n; i++) {
		const SendSpec &s = sends[i];
		SentWr sent;
		sent.wr_id = i + 1;
		sent.opcode = s.opcode;
		sent.send_flags = (s.signaled ? IBV_SEND_SIGNALED : 0) | (s.inline_data ? IBV_SEND_INLINE : 0);
		sent.imm_data = htobe32(0xa5000000u + (uint32_t)i * 0x10203u);
		sent.qkey_matches = s.qkey_matches;
		wr[i].wr_id = sent.wr_id;
		wr[i].opcode = s.opcode;
		wr[i].send_flags = sent.send_flags;
		wr[i].imm_data = sent.imm_data;
		wr[i].next = i + 1 < n ? &wr[i + 1] : nullptr;
		uint8_t *slot = buf_.data() + kSendArea + i * kSlot;
		uint8_t *remote = buf_.data() + kRemoteArea + i * kSmallSlot + kRemoteOffset;
		uint8_t *local = buf_.data() + kLocalArea + i * kSmallSlot;
		uint32_t key = s.inline_data ? kNoMrLkey : mr_->lkey();
		uint32_t len = is_atomic(s.opcode) ? 8 : s.length;
		bool reads = s.opcode == IBV_WR_RDMA_READ || is_atomic(s.opcode);
		uint8_t *base = reads ? local : slot;
		if (s.num_sge == 2 && len >= 2) // the second SGE below the first
			sge[i] = {{(uint64_t)(uintptr_t)(base + len / 2 + 16), len / 2, key},
				  {(uint64_t)(uintptr_t)base, len - len / 2, key}};
		else
			sge[i] = {{(uint64_t)(uintptr_t)base, len, key}};
		for (uint32_t k = 0; k < len + 16 && !reads; k++)
			slot[k] = (uint8_t)(sent.wr_id * 37 + k * 3 + 1);
		for (const ibv_sge &g : sge[i])
			if (!reads)
				sent.payload.insert(sent.payload.end(), (uint8_t *)(uintptr_t)g.addr,
						    (uint8_t *)(uintptr_t)g.addr + g.length);
		wr[i].sg_list = sge[i].data();
		wr[i].num_sge = (int)sge[i].size();
		if (is_atomic(s.opcode)) {
			uint64_t before = 100 + i;
			memcpy(remote, &before, 8);
			sent.compare_add = s.opcode == IBV_WR_ATOMIC_FETCH_AND_ADD ? 5 + i : (i % 2 ? 7 : before);
			sent.swap = 0xabcd00 + i;
			wr[i].wr.atomic.remote_addr = (uint64_t)(uintptr_t)remote;
			wr[i].wr.atomic.rkey = mr_->rkey();
			wr[i].wr.atomic.compare_add = sent.compare_add;
			wr[i].wr.atomic.swap = sent.swap;
		} else if (spec_.type == IBV_QPT_UD) {
			wr[i].wr.ud.ah = ah_->ah();
			wr[i].wr.ud.remote_qpn = responder_->qp_num();
			wr[i].wr.ud.remote_qkey = s.qkey_matches ? kQkey : kOtherQkey;
		} else {
			for (uint32_t k = 0; k < len; k++)
				remote[k] = s.opcode == IBV_WR_RDMA_READ ? (uint8_t)(0x40 + k) : 0x5a;
			wr[i].wr.rdma.remote_addr = (uint64_t)(uintptr_t)remote;
			wr[i].wr.rdma.rkey = mr_->rkey();
		}
		uint32_t rlen = s.opcode == IBV_WR_RDMA_READ || is_atomic(s.opcode) ? len
				: (s.opcode == IBV_WR_RDMA_WRITE || s.opcode == IBV_WR_RDMA_WRITE_WITH_IMM) ? len : 0;
		sent.remote_before.assign(remote, remote + rlen);
		view_.sends.push_back(std::move(sent));
		shapes.push_back(fmt::format("#{} {}{}{} {}x{}B{}", i + 1, (int)s.opcode, s.signaled ? " SIGNALED" : "",
					     s.inline_data ? " INLINE" : "", sge[i].size(), len,
					     s.qkey_matches ? "" : " other Q_Key"));
		if (s.signaled || spec_.sq_sig_all)
			signaled_++;
		if (needs_recv(s.opcode) && s.qkey_matches)
			consuming_++;
	}
	ibv_send_wr *bad = nullptr;
	int ret = n ? sender_->post_send(wr.data(), &bad) : 0;
	note(fmt::format("ibv_post_send(list of {}: {}) -> {}", n, fmt::join(shapes, ", "), errno_name(ret)));
	bool imm = false;
	for (const SendSpec &s : sends)
		imm |= s.opcode == IBV_WR_SEND_WITH_IMM || s.opcode == IBV_WR_RDMA_WRITE_WITH_IMM;
	if (ret == EOPNOTSUPP || (ret && imm && run_device().transport() == IBV_TRANSPORT_IWARP)) {
		skipped_ = true; // iWARP carries no immediate data
		return "ibv_post_send returned " + errno_name(ret) +
		       (imm ? " for a list with immediate data on " +
				      std::string(run_device().transport() == IBV_TRANSPORT_IWARP ? "iWARP" : "this device")
			    : "");
	}
	if (ret)
		return fail("ibv_post_send of a valid list", ret);
	for (size_t i = 0; i < n; i++)
		if (sends[i].inline_data)
			memset(buf_.data() + kSendArea + i * kSlot, 0xaa, kSlot);
	return std::nullopt;
}

std::vector<ibv_wc> DatapathPair::poll(Cq &cq, size_t want, int ms)
{
	std::vector<ibv_wc> out;
	auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
	for (;;) {
		ibv_wc wc[16];
		int got = cq.poll(16, wc);
		for (int i = 0; i < got; i++)
			out.push_back(wc[i]);
		if ((want && out.size() >= want) || std::chrono::steady_clock::now() >= end)
			break;
		if (got <= 0)
			std::this_thread::sleep_for(std::chrono::microseconds(200));
	}
	return out;
}

ExchangeView DatapathPair::settle()
{
	// emu0 completes inside the post; a real device gets 2 s for what is
	// due, then a moment for what is not (an unsignaled WR's completion, a
	// message that should have been dropped).
	bool real = !run_device().emulated();
	int wait = real ? 2000 : 0;
	view_.send_wcs = poll(*cqs_[0], signaled_, signaled_ ? wait : 0);
	view_.recv_wcs = poll(*cqs_[3], consuming_, consuming_ ? wait : 0);
	if (real)
		std::this_thread::sleep_for(std::chrono::milliseconds(20));
	for (const ibv_wc &wc : poll(*cqs_[0], 0, 0))
		view_.send_wcs.push_back(wc);
	for (const ibv_wc &wc : poll(*cqs_[3], 0, 0))
		view_.recv_wcs.push_back(wc);
	if (bystander_)
		view_.bystander_wcs = poll(*cqs_[4], 0, 0);
	for (size_t i = 0; i < view_.sends.size(); i++) {
		SentWr &s = view_.sends[i];
		uint8_t *remote = buf_.data() + kRemoteArea + i * kSmallSlot + kRemoteOffset;
		uint8_t *local = buf_.data() + kLocalArea + i * kSmallSlot;
		size_t rlen = s.remote_before.size();
		s.remote_after.assign(remote, remote + rlen);
		if (s.opcode == IBV_WR_RDMA_READ || is_atomic(s.opcode)) {
			// The local SGEs, in SGE order (the rig's layout: see post()).
			uint32_t len = (uint32_t)rlen;
			if (specs_[i].num_sge == 2 && len >= 2) {
				s.local_after.assign(local + len / 2 + 16, local + len / 2 + 16 + len / 2);
				s.local_after.insert(s.local_after.end(), local, local + (len - len / 2));
			} else {
				s.local_after.assign(local, local + len);
			}
		}
	}
	for (size_t j = 0; j < view_.recvs.size(); j++) {
		uint8_t *slot = buf_.data() + kRecvArea + j * kSlot;
		PostedRecv &r = view_.recvs[j];
		// The WR's SGEs in order: 32 bytes at +160, then 160 at +0 (2 SGEs),
		// or 192 at +0.
		if (recv_sges_ == 2) {
			r.found.assign(slot + 160, slot + 192);
			r.found.insert(r.found.end(), slot, slot + 160);
		} else {
			r.found.assign(slot, slot + 192);
		}
	}
	auto ids = [](const std::vector<ibv_wc> &wcs) {
		std::vector<std::string> out;
		for (const ibv_wc &wc : wcs)
			out.push_back(fmt::format("{}:{}", wc.wr_id, ibv_wc_status_str(wc.status)));
		return fmt::format("{}", fmt::join(out, ", "));
	};
	note(fmt::format("send CQ: [{}]; receive CQ: [{}]{}", ids(view_.send_wcs), ids(view_.recv_wcs),
			 bystander_ ? fmt::format("; the third UD QP's CQ: [{}]", ids(view_.bystander_wcs)) : ""));
	return view_;
}

} // namespace ibvcert
