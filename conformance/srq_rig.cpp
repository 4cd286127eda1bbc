#include "conformance/srq_rig.h"

#include "conformance/run_context.h"
#include "fixtures/loopback.h"
#include "contracts/names.h"
#include "contracts/srq_attr.h"
#include "fixtures/verb_trace.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <thread>

namespace ibvcert {
namespace {

constexpr uint32_t kMessage = 64;    // bytes per SEND
constexpr uint32_t kUdHeader = 40;   // GRH room in a UD receive buffer
constexpr uint32_t kSlot = 128;      // bytes per receive WR
constexpr uint32_t kSlots = 4096;    // receive buffers, reused round robin
constexpr uint32_t kQkey = 0x11111111;
constexpr uint64_t kSendIdBase = 1ull << 32;

const char *wc_status(ibv_wc_status s)
{
	return ibv_wc_status_str(s);
}

} // namespace

std::string traffic_name(const ::testing::TestParamInfo<SrqTraffic> &info)
{
	switch (info.param) {
	case SrqTraffic::RC: return "RC";
	case SrqTraffic::UD: return "UD";
	default: return "SrqOnly";
	}
}

SrqRig::SrqRig(SrqTraffic traffic) : traffic_(traffic) {}

SrqRig::~SrqRig()
{
	responders_.clear();
	senders_.clear();
}

void SrqRig::note(const std::string &what)
{
	last_step_ = what;
	steps_.push_back(what);
}

std::string SrqRig::qp_name(const Qp *qp) const
{
	for (const auto *list : {&senders_, &responders_})
		for (const auto &q : *list)
			if (q.get() == qp)
				return fmt::format("{} QP {:#x} ({})", traffic_ == SrqTraffic::UD ? "UD" : "RC",
						   q->qp_num(), list == &senders_ ? "sender" : "on the SRQ");
	return "";
}

std::optional<std::string> SrqRig::prepare(const SrqSpec &spec)
{
	spec_ = spec;
	Device &device = run_device();
	events_ = std::make_unique<EventLog>(device, [this](const Qp *qp) { return qp_name(qp); });
	events_->discard_stale();
	if (int ret = run_caps(caps_)) {
		ADD_FAILURE() << "device " << device.name()
			      << ": querying device/port 1 attributes returned " << errno_name(ret);
		return std::nullopt;
	}
	const ibv_device_attr &d = caps_->device.orig_attr;
	if (d.max_srq <= 0)
		return fmt::format("device reports max_srq {}: no SRQ support", d.max_srq);
	if (traffic_ == SrqTraffic::UD && device.transport() == IBV_TRANSPORT_IWARP)
		return "iWARP devices have no UD QPs";
	if (spec.max_wr > (uint32_t)d.max_srq_wr)
		return fmt::format("the case needs max_srq_wr >= {}, device reports {}", spec.max_wr,
				   d.max_srq_wr);

	auto failed = [&](const std::string &what, int ret) {
		ADD_FAILURE() << "precondition: " << what << " returned " << errno_name(ret)
			      << "\n" << evidence();
		return std::nullopt;
	};
	if (int ret = device.alloc_pd(pd_))
		return failed("ibv_alloc_pd", ret);
	buf_.assign((size_t)kSlots * kSlot + kSlot, 0);
	if (int ret = device.reg_mr(*pd_, buf_.data(), buf_.size(), IBV_ACCESS_LOCAL_WRITE, mr_))
		return failed("ibv_reg_mr", ret);

	ibv_srq_init_attr init{};
	init.attr.max_wr = spec.max_wr;
	init.attr.max_sge = 1;
	init.attr.srq_limit = spec.create_limit;
	std::string asked = describe_srq_attr(init.attr);
	note_verb("ibv_create_srq");
	int ret = device.create_srq(*pd_, init, srq_);
	note(fmt::format("ibv_create_srq({}) -> {}{}", asked, errno_name(ret),
			 ret ? "" : ", created " + describe_srq_attr(init.attr)));
	if (ret == EOPNOTSUPP || ret == ENOSYS)
		return "ibv_create_srq returned " + errno_name(ret);
	if (ret)
		return failed("ibv_create_srq(" + asked + ")", ret);
	created_ = init.attr;
	events_->set_srq(srq_.get());
	if (created_.max_wr < spec.max_wr) {
		ADD_FAILURE() << "ibv_create_srq(3): max_wr must be >= the request\n" << evidence();
		return std::nullopt;
	}
	if (traffic_ == SrqTraffic::None)
		return std::nullopt;

	int cqe = std::min<int>(kSlots, d.max_cqe);
	if ((ret = device.create_cq(cqe, send_cq_)) || (ret = device.create_cq(cqe, recv_cq_)))
		return failed("ibv_create_cq", ret);
	ibv_qp_type type = traffic_ == SrqTraffic::RC ? IBV_QPT_RC : IBV_QPT_UD;
	auto make = [&](Srq *srq, std::unique_ptr<Qp> &qp) {
		ibv_qp_init_attr qi{};
		qi.qp_type = type;
		qi.sq_sig_all = 1;
		qi.cap.max_send_wr = 16;
		qi.cap.max_recv_wr = 1;
		qi.cap.max_send_sge = 1;
		qi.cap.max_recv_sge = 1;
		note_verb("ibv_create_qp");
		return device.create_qp(*pd_, *send_cq_, *recv_cq_, srq, qi, qp);
	};
	int pairs = 2;
	senders_.resize(type == IBV_QPT_RC ? pairs : 1);
	responders_.resize(pairs);
	for (auto &qp : responders_) {
		ret = make(srq_.get(), qp);
		if (ret == EOPNOTSUPP)
			return "ibv_create_qp of a " + qp_type_name(type) + " QP on an SRQ returned " +
			       errno_name(ret);
		if (ret)
			return failed("ibv_create_qp(" + qp_type_name(type) + ", srq)", ret);
	}
	for (auto &qp : senders_)
		if ((ret = make(nullptr, qp)))
			return failed("ibv_create_qp(" + qp_type_name(type) + ")", ret);

	std::string why;
	note_verb("connect the loopback QPs");
	for (size_t i = 0; i < responders_.size(); i++) {
		Qp &a = *senders_[std::min(i, senders_.size() - 1)];
		if (type == IBV_QPT_UD && i > 0) {
			ret = device.connect_loopback(*responders_[i], *responders_[i], why);
		} else {
			ret = device.connect_loopback(a, *responders_[i], why);
		}
		if (ret == EOPNOTSUPP || ret == ENODEV)
			return "cannot connect loopback QPs: " + why;
		if (ret)
			return failed("connecting the loopback QPs (" + why + ")", ret);
	}
	if (type == IBV_QPT_UD) {
		ibv_ah_attr ah = loopback_ah_attr(*caps_);
		if ((ret = device.create_ah(*pd_, ah, ah_)))
			return failed("ibv_create_ah", ret);
	}
	std::string qps;
	for (size_t i = 0; i < responders_.size(); i++)
		qps += fmt::format("{}{:#x} -> {:#x}", i ? ", " : "",
				   senders_[std::min(i, senders_.size() - 1)]->qp_num(),
				   responders_[i]->qp_num());
	note(fmt::format("{} QPs at RTS, sender -> responder on the SRQ: {}", qp_type_name(type), qps));
	return std::nullopt;
}

int SrqRig::post(uint32_t n)
{
	std::vector<ibv_sge> sge(n);
	std::vector<ibv_recv_wr> wr(n);
	for (uint32_t i = 0; i < n; i++) {
		uint64_t id = posted_ + i;
		sge[i].addr = (uint64_t)(uintptr_t)(buf_.data() + (id % kSlots) * kSlot);
		sge[i].length = kSlot;
		sge[i].lkey = mr_ ? mr_->lkey() : 0;
		wr[i].wr_id = id;
		wr[i].sg_list = &sge[i];
		wr[i].num_sge = 1;
		wr[i].next = i + 1 < n ? &wr[i + 1] : nullptr;
	}
	ibv_recv_wr *bad = nullptr;
	note_verb("ibv_post_srq_recv");
	int ret = n ? srq_->post_recv(wr.data(), &bad) : 0;
	uint32_t ok = ret && bad ? (uint32_t)(bad - wr.data()) : (ret ? 0 : n);
	for (uint32_t i = 0; i < ok; i++)
		pending_.insert(posted_ + i);
	posted_ += ok;
	note(fmt::format("ibv_post_srq_recv({} WRs) -> {}{} (posted {}, consumed {}, outstanding {})",
			 n, errno_name(ret), ret ? fmt::format(", {} posted before bad_wr", ok) : "",
			 posted_, consumed_, outstanding()));
	return ret;
}

std::string SrqRig::poll_one(Cq &cq, const char *which, ibv_wc &wc)
{
	auto end = std::chrono::steady_clock::now() + kEventTimeout;
	for (;;) {
		int n = cq.poll(1, &wc);
		if (n < 0)
			return fmt::format("ibv_poll_cq on the {} CQ returned {}", which, n);
		if (n == 1)
			return "";
		if (std::chrono::steady_clock::now() > end)
			return fmt::format("no {} completion within {} ms", which, kEventTimeout.count());
		std::this_thread::sleep_for(std::chrono::microseconds(50));
	}
}

// The receive completion of the message just sent. A send completion in
// error ends the wait at once (the message will never arrive).
std::string SrqRig::await_receive(ibv_wc &wc, ibv_wc &swc, bool &sent)
{
	auto end = std::chrono::steady_clock::now() + kEventTimeout;
	for (;;) {
		int n = recv_cq_->poll(1, &wc);
		if (n < 0)
			return fmt::format("ibv_poll_cq on the receive CQ returned {}", n);
		if (n == 1)
			return "";
		if (!sent) {
			n = send_cq_->poll(1, &swc);
			if (n < 0)
				return fmt::format("ibv_poll_cq on the send CQ returned {}", n);
			sent = n == 1;
			if (sent && swc.status != IBV_WC_SUCCESS)
				return fmt::format("send completion status {}: no receive WR took the "
						   "message", wc_status(swc.status));
		}
		if (std::chrono::steady_clock::now() > end)
			return fmt::format("no receive completion within {} ms{}", kEventTimeout.count(),
					   sent ? " (the send completed)" : "");
		std::this_thread::sleep_for(std::chrono::microseconds(50));
	}
}

std::string SrqRig::consume(uint32_t n)
{
	if (senders_.empty())
		return "this case has no traffic";
	std::string problem;
	for (uint32_t i = 0; i < n && problem.empty(); i++) {
		size_t k = consumed_ % responders_.size();
		Qp &from = *senders_[std::min(k, senders_.size() - 1)];
		uint8_t *data = buf_.data() + (size_t)kSlots * kSlot;
		memset(data, (int)(consumed_ & 0xff), kMessage);
		ibv_sge sge{(uint64_t)(uintptr_t)data, kMessage, mr_->lkey()};
		ibv_send_wr wr{};
		wr.wr_id = kSendIdBase + consumed_;
		wr.sg_list = &sge;
		wr.num_sge = 1;
		wr.opcode = IBV_WR_SEND;
		wr.send_flags = IBV_SEND_SIGNALED;
		if (traffic_ == SrqTraffic::UD) {
			wr.wr.ud.ah = ah_->ah();
			wr.wr.ud.remote_qpn = responders_[k]->qp_num();
			wr.wr.ud.remote_qkey = kQkey;
		}
		ibv_send_wr *bad = nullptr;
		note_verb("ibv_post_send");
		if (int ret = from.post_send(&wr, &bad)) {
			problem = "ibv_post_send returned " + errno_name(ret);
			break;
		}
		ibv_wc wc{}, swc{};
		bool sent = false;
		note_verb("ibv_poll_cq");
		if (!(problem = await_receive(wc, swc, sent)).empty())
			break;
		consumed_++; // a receive completion: one WR left the SRQ
		uint32_t want_len = kMessage + (traffic_ == SrqTraffic::UD ? kUdHeader : 0);
		if (wc.status != IBV_WC_SUCCESS)
			problem = fmt::format("receive completion wr_id {} status {}", wc.wr_id,
					      wc_status(wc.status));
		else if (!pending_.count(wc.wr_id))
			problem = fmt::format("receive completion for wr_id {}, which is not an "
					      "outstanding WR of the SRQ", wc.wr_id);
		else if (wc.qp_num != responders_[k]->qp_num())
			problem = fmt::format("receive completion on qp_num {:#x}, sent to {:#x}",
					      wc.qp_num, responders_[k]->qp_num());
		else if (wc.byte_len != want_len)
			problem = fmt::format("receive completion byte_len {}, expected {}",
					      wc.byte_len, want_len);
		if (wc.status == IBV_WC_SUCCESS && pending_.erase(wc.wr_id))
			delivered_.insert(wc.wr_id);
		if (!problem.empty())
			break;
		if (!sent && !(problem = poll_one(*send_cq_, "send", swc)).empty())
			break;
		if (swc.status != IBV_WC_SUCCESS)
			problem = fmt::format("send completion status {}", wc_status(swc.status));
	}
	note(fmt::format("{} message(s) through the SRQ{} (posted {}, consumed {}, outstanding {})",
			 n, problem.empty() ? "" : ": " + problem, posted_, consumed_, outstanding()));
	return problem;
}

std::string SrqRig::all_delivered() const
{
	if (pending_.empty())
		return "";
	std::string ids;
	for (uint64_t id : pending_)
		ids += (ids.empty() ? "" : " ") + std::to_string(id);
	return fmt::format("{} posted WR(s) not delivered: wr_id {}", pending_.size(), ids);
}

ibv_srq_attr SrqRig::query(int &ret)
{
	ibv_srq_attr attr{};
	note_verb("ibv_query_srq");
	ret = srq_->query(attr);
	note(fmt::format("ibv_query_srq -> {}{}", errno_name(ret),
			 ret ? "" : ", " + describe_srq_attr(attr)));
	return attr;
}

int SrqRig::modify(ibv_srq_attr attr, int attr_mask)
{
	ibv_srq_attr sent = attr;
	note_verb("ibv_modify_srq");
	int ret = srq_->modify(attr, attr_mask);
	std::string fields;
	if (attr_mask & IBV_SRQ_MAX_WR)
		fields += fmt::format(" max_wr={}", sent.max_wr);
	if (attr_mask & IBV_SRQ_LIMIT)
		fields += fmt::format(" srq_limit={}", sent.srq_limit);
	note(fmt::format("ibv_modify_srq({}{}) -> {}", srq_attr_mask_names(attr_mask), fields,
			 errno_name(ret)));
	return ret;
}

int SrqRig::destroy()
{
	responders_.clear();
	senders_.clear();
	note_verb("ibv_destroy_srq");
	int ret = srq_->destroy();
	note("QPs destroyed; ibv_destroy_srq -> " + errno_name(ret));
	return ret;
}

std::string SrqRig::evidence() const
{
	Device &device = run_device();
	std::string out = fmt::format("device: {} ({})\n", device.name(),
				      transport_name(device.transport()));
	if (caps_)
		out += fmt::format("device caps: max_srq {} max_srq_wr {} max_srq_sge {}, "
				   "IBV_DEVICE_SRQ_RESIZE {}\n",
				   caps_->device.orig_attr.max_srq, caps_->device.orig_attr.max_srq_wr,
				   caps_->device.orig_attr.max_srq_sge, has_resize() ? "set" : "not set");
	out += fmt::format("SRQ: asked max_wr={} max_sge=1 srq_limit={} at create; created {}\n",
			   spec_.max_wr, spec_.create_limit, describe_srq_attr(created_));
	out += fmt::format("WRs: posted {}, consumed {}, outstanding {}\n", posted_, consumed_,
			   outstanding());
	out += "steps:\n";
	for (size_t i = 0; i < steps_.size(); i++)
		out += fmt::format("  {}. {}\n", i + 1, steps_[i]);
	if (events_)
		out += events_->describe();
	out += "replay: " + replay_command();
	return out;
}

} // namespace ibvcert
