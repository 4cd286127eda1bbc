// The lifecycle commands of the whole-device state machine, each one call
// made beside the live objects of the sequence and judged by its verb's
// judge (contracts/lifecycle_judge.h); what they make lives for the step
// only, so the model of the live objects is unchanged by them (every
// observable of those is still compared after the step):
//   CreateQpShaped   ibv_create_qp of a drawn request (any type the device
//                    creates, each cap field 0, 1, the device's maximum or
//                    one above, an inline size, an SRQ or not) on a new PD,
//                    while a QP of another new PD and the sequence's QPs
//                    live: judged against the request and the live qp_nums;
//                    sometimes ibv_dealloc_pd of its PD while it lives
//                    (refused: the PD still registers memory); destroyed
//   RegMrShaped      ibv_reg_mr of a whole page, an unaligned range or one
//                    byte, with listed access combinations or an unlisted
//                    bit: judged against the request; deregistered
//   CreateAh         ibv_create_ah on port 0, the first and last port, one
//                    beyond, 255, with no GRH, the port's own GID, the GID
//                    table's end or sgid_index 255
//   QueryGid         ibv_query_gid on the first port and one beyond, at
//                    index 0, the caps' index, the table's last, its end,
//                    far beyond
//   DestroyCqInUse   ibv_destroy_cq of a CQ a new QP completes into (refused,
//                    the CQ still polls), then of the CQ once the QP is gone
#include "properties/device_step.h"

#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <ostream>

namespace ibvcert {
namespace {

constexpr ibv_qp_cap kBaseline = {4, 4, 1, 1, 0};

std::string cap_text(const ibv_qp_cap &c)
{
	return fmt::format("send_wr={} recv_wr={} send_sge={} recv_sge={} inline={}", c.max_send_wr,
			   c.max_recv_wr, c.max_send_sge, c.max_recv_sge, c.max_inline_data);
}

// A cap field's value class: the baseline most often, else 0, 1, the
// device's maximum or one above it.
rc::Gen<uint32_t> cap_value(uint32_t baseline, uint32_t max)
{
	return rc::gen::weightedOneOf<uint32_t>(
		{{3, rc::gen::just(baseline)}, {2, rc::gen::element<uint32_t>(0u, 1u, max, max + 1)}});
}

// The qp_num of every QP of the sequence alive now.
std::vector<uint32_t> live_qp_nums(const DeviceBench &b)
{
	std::vector<uint32_t> live;
	for (const auto &q : b.qps)
		if (q)
			live.push_back(q->qp_num());
	for (const auto &pair : b.cq_pairs)
		for (const auto &q : pair)
			if (q)
				live.push_back(q->qp_num());
	return live;
}

class CreateQpShaped : public Step {
public:
	explicit CreateQpShaped(const DeviceModel &m)
	{
		RC_PRE(!m.qp_types.empty());
		const ibv_device_attr &d = m.caps->device.orig_attr;
		request_.qp_type = *rc::gen::elementOf(m.qp_types);
		request_.srq = m.caps->device.orig_attr.max_srq > 0 && *rc::gen::inRange(0, 3) == 0;
		request_.cap = kBaseline;
		const uint32_t wr = (uint32_t)d.max_qp_wr, sge = (uint32_t)d.max_sge;
		// One field off the baseline most often, sometimes every field drawn.
		const int field = *rc::gen::inRange(0, 6);
		auto draw = [&](int f, uint32_t &v, uint32_t base, uint32_t max) {
			if (field == f || field == 5)
				v = *cap_value(base, max);
		};
		draw(0, request_.cap.max_send_wr, kBaseline.max_send_wr, wr);
		draw(1, request_.cap.max_recv_wr, kBaseline.max_recv_wr, wr);
		draw(2, request_.cap.max_send_sge, kBaseline.max_send_sge, sge);
		draw(3, request_.cap.max_recv_sge, kBaseline.max_recv_sge, sge);
		draw(4, request_.cap.max_inline_data, 0, 64);
		if (field == 4)
			request_.cap.max_inline_data = *rc::gen::element<uint32_t>(0u, 1u, 64u);
		// With an SRQ the receive caps are ignored (ibv_create_qp(3)): often
		// one of them above the device's maximum.
		if (request_.srq && *rc::gen::arbitrary<bool>()) {
			if (*rc::gen::arbitrary<bool>())
				request_.cap.max_recv_wr = wr + 1;
			else
				request_.cap.max_recv_sge = sge + 1;
		}
		dealloc_in_use_ = *rc::gen::inRange(0, 3) == 0;
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "CreateQpShaped " << qp_type_name(request_.qp_type) << " {" << cap_text(request_.cap) << "}"
		   << (request_.srq ? " with an SRQ" : "") << (dealloc_in_use_ ? ", ibv_dealloc_pd of its PD" : "");
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Device &dev = b.run.device();
		const DeviceCaps &caps = *m.caps;
		std::vector<std::string> done;
		auto need = [&](const std::string &what, int ret) {
			done.push_back(what + " -> " + errno_name(ret));
			if (ret)
				fail_step(*this, m, b, "precondition: " + what, done);
		};
		std::unique_ptr<Pd> pd_other, pd;
		std::unique_ptr<Cq> cq;
		need("ibv_alloc_pd", dev.alloc_pd(pd_other));
		need("ibv_alloc_pd", dev.alloc_pd(pd));
		need("ibv_create_cq(16)", dev.create_cq(16, cq));
		std::unique_ptr<Srq> srq;
		if (request_.srq) {
			ibv_srq_init_attr si{};
			si.attr = {16, 1, 0};
			need("ibv_create_srq(max_wr 16, max_sge 1)", dev.create_srq(*pd, si, srq));
		}
		// A QP of another PD alive across the call (its qp_num is not the new
		// one's: the number is the device's, not the PD's).
		std::vector<uint32_t> live = live_qp_nums(b);
		std::unique_ptr<Qp> other;
		const CreateQpRequest other_req{m.qp_types.front(), kBaseline, false};
		ibv_qp_init_attr oa{};
		oa.qp_type = other_req.qp_type;
		oa.cap = other_req.cap;
		int oret = dev.create_qp(*pd_other, *cq, *cq, nullptr, oa, other);
		CreatedQp ocreated;
		if (!oret)
			ocreated = {other->qp_num(), other->qp_type(), oa.cap};
		const std::string ocall = fmt::format("ibv_create_qp({}, {}) on another PD -> {}",
						      qp_type_name(other_req.qp_type), cap_text(other_req.cap),
						      errno_name(oret));
		done.push_back(ocall);
		hold_verdict(*this, m, b, judge_create_qp(caps, other_req, oret, ocreated, live), ocall);
		if (oret)
			fail_step(*this, m, b, "precondition: a baseline QP of a type the device creates", done);
		live.push_back(other->qp_num());

		ibv_qp_init_attr a{};
		a.qp_type = request_.qp_type;
		a.cap = request_.cap;
		std::unique_ptr<Qp> qp;
		int ret = dev.create_qp(*pd, *cq, *cq, srq.get(), a, qp);
		CreatedQp created;
		if (!ret)
			created = {qp->qp_num(), qp->qp_type(), a.cap};
		const std::string call = fmt::format(
			"ibv_create_qp({}, {}{}) -> {}{}", qp_type_name(request_.qp_type), cap_text(request_.cap),
			request_.srq ? ", srq" : "", errno_name(ret),
			ret ? "" : fmt::format(": qp_num {:#x}, qp_type {}, cap {}", created.qp_num,
					     qp_type_name(created.qp_type), cap_text(created.cap)));
		done.push_back(call);
		hold_own_verdict(*this, m, b, judge_create_qp(caps, request_, ret, created, live),
				 call + fmt::format("; live qp_nums: {:#x}", fmt::join(live, ", ")));

		if (qp && dealloc_in_use_) {
			// ibv_dealloc_pd(3) refuses a PD a QP still uses; the PD works on.
			int dret = pd->destroy();
			bool usable = true;
			if (dret) {
				std::vector<char> buf(64);
				std::unique_ptr<Mr> mr;
				usable = dev.reg_mr(*pd, buf.data(), buf.size(), IBV_ACCESS_LOCAL_WRITE, mr) == 0;
			}
			const std::string dcall = fmt::format("ibv_dealloc_pd with the new QP{} on it -> {}{}",
							      srq ? " and its SRQ" : "", errno_name(dret),
							      usable ? "" : "; ibv_reg_mr on it failed after");
			done.push_back(dcall);
			if (dret == 0)
				pd.reset(); // gone (wrongly) under the QP
			hold_verdict(*this, m, b, judge_destroy({Verb::DeallocPd, srq ? 2 : 1, dret, usable}), dcall);
		}
		for (auto *q : {&qp, &other})
			if (*q) {
				int r = (*q)->destroy();
				hold_verdict(*this, m, b, judge_destroy({Verb::DestroyQp, 0, r, true}),
					     "ibv_destroy_qp -> " + errno_name(r));
				q->reset();
			}
	}

private:
	CreateQpRequest request_;
	bool dealloc_in_use_ = false;
};

struct MrShape {
	const char *name;
	size_t offset, length;
};
constexpr MrShape kShapes[] = {{"page", 0, 4096}, {"unaligned", 100, 1000}, {"one byte", 4095, 1}};

class RegMrShaped : public Step {
public:
	explicit RegMrShaped(const DeviceModel &)
		: shape_(*rc::gen::inRange<size_t>(0, std::size(kShapes))),
		  access_(*rc::gen::weightedOneOf<int>(
			  {{3, rc::gen::element<int>(0, IBV_ACCESS_LOCAL_WRITE, IBV_ACCESS_REMOTE_READ,
						     IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE,
						     IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_ATOMIC)},
			   {2, rc::gen::element<int>(1 << 10, IBV_ACCESS_LOCAL_WRITE | 1 << 16, 1 << 19,
						     1 << 30)}}))
	{
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "RegMrShaped " << kShapes[shape_].name << fmt::format(" access={:#x}", access_);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Device &dev = b.run.device();
		std::vector<char> buf(3 * 4096);
		// Page aligned, as an application's buffers commonly are.
		char *base = (char *)(((uintptr_t)buf.data() + 4095) & ~uintptr_t(4095));
		const MrShape &s = kShapes[shape_];
		RegMrRequest req{(uintptr_t)base + s.offset, s.length, access_};
		std::unique_ptr<Mr> mr;
		int ret = dev.reg_mr(*b.pd, (void *)req.addr, req.length, req.access, mr);
		RegisteredMr reg;
		if (!ret)
			reg = {(uintptr_t)mr->addr(), mr->length()};
		const std::string call = fmt::format(
			"ibv_reg_mr(addr={:#x}, length={}, access={:#x}) -> {}{}", req.addr, req.length, req.access,
			errno_name(ret), ret ? "" : fmt::format(": addr={:#x} length={}", reg.addr, reg.length));
		hold_verdict(*this, m, b, judge_reg_mr(*m.caps, req, ret, reg), call);
		if (mr) {
			int dret = mr->destroy();
			hold_verdict(*this, m, b, judge_destroy({Verb::DeregMr, 0, dret, true}),
				     "ibv_dereg_mr -> " + errno_name(dret));
			mr.reset();
		}
	}

private:
	size_t shape_;
	int access_;
};

enum class AhPort { Zero, First, Last, AboveLast, Max };
enum class AhSgid { None, Own, TableEnd, Max };

class CreateAh : public Step {
public:
	explicit CreateAh(const DeviceModel &)
		: port_(*rc::gen::element(AhPort::Zero, AhPort::First, AhPort::First, AhPort::Last,
					  AhPort::AboveLast, AhPort::Max)),
		  sgid_(*rc::gen::element(AhSgid::None, AhSgid::Own, AhSgid::Own, AhSgid::TableEnd, AhSgid::Max))
	{
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		const char *ports[] = {"port 0", "the first port", "the last port", "one beyond the last port",
				       "port 255"};
		const char *sgids[] = {"no GRH", "the port's own GID", "sgid_index at the table's end",
				       "sgid_index 255"};
		os << "CreateAh " << ports[(int)port_] << ", " << sgids[(int)sgid_];
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		const DeviceCaps &caps = *m.caps;
		ibv_ah_attr a{};
		switch (port_) {
		case AhPort::Zero: a.port_num = 0; break;
		case AhPort::First: a.port_num = caps.port_num; break;
		case AhPort::Last: a.port_num = (uint8_t)caps.phys_port_cnt(); break;
		case AhPort::AboveLast: a.port_num = (uint8_t)(caps.phys_port_cnt() + 1); break;
		case AhPort::Max: a.port_num = 255; break;
		}
		a.dlid = caps.port.lid;
		if (sgid_ != AhSgid::None) {
			a.is_global = 1;
			a.grh.dgid = caps.gid;
			a.grh.hop_limit = 1;
			switch (sgid_) {
			case AhSgid::Own: a.grh.sgid_index = (uint8_t)caps.gid_index; break;
			case AhSgid::TableEnd: a.grh.sgid_index = (uint8_t)std::min(caps.port.gid_tbl_len, 255); break;
			case AhSgid::Max: a.grh.sgid_index = 255; break;
			case AhSgid::None: break;
			}
		}
		const ibv_ah_attr asked = a;
		std::unique_ptr<Ah> ah;
		int ret = b.run.device().create_ah(*b.pd, a, ah);
		hold_verdict(*this, m, b, judge_create_ah(caps, asked, ret),
			     fmt::format("ibv_create_ah(port_num={}, is_global={}, sgid_index={}) -> {}", asked.port_num,
					 asked.is_global, asked.grh.sgid_index, errno_name(ret)));
		if (ah) {
			int dret = ah->destroy();
			hold_verdict(*this, m, b, judge_call({Verb::DestroyAh, dret}),
				     "ibv_destroy_ah -> " + errno_name(dret));
			ah.reset();
		}
	}

private:
	AhPort port_;
	AhSgid sgid_;
};

class QueryGid : public Step {
public:
	explicit QueryGid(const DeviceModel &)
		: beyond_port_(*rc::gen::inRange(0, 4) == 0), index_(*rc::gen::inRange(0, 5))
	{
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		const char *index[] = {"index 0", "the caps' index", "the table's last index", "the table's end",
				       "far beyond the table"};
		os << "QueryGid " << (beyond_port_ ? "one beyond the last port" : "the first port") << ", "
		   << index[index_];
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		const DeviceCaps &caps = *m.caps;
		const int len = caps.port.gid_tbl_len;
		const int indexes[] = {0, caps.gid_index, len - 1, len, len + 1000};
		const int port = beyond_port_ ? caps.phys_port_cnt() + 1 : caps.port_num;
		const int index = indexes[index_];
		if (index < 0)
			return; // no GID table: no last index
		ibv_gid gid{};
		int ret = b.run.device().query_gid((uint8_t)port, index, gid);
		hold_verdict(*this, m, b, judge_query_gid(caps, port, index, ret),
			     fmt::format("ibv_query_gid(port_num={}, index={}) -> {}", port, index, errno_name(ret)));
	}

private:
	bool beyond_port_;
	int index_;
};

// ibv_destroy_cq(3) on a CQ that a QP (made for the step, of a type the
// device creates) still completes into, as its send CQ, its receive CQ or
// both: refused, and the CQ still polls; then the QP goes, and the CQ.
class DestroyCqInUse : public Step {
public:
	explicit DestroyCqInUse(const DeviceModel &m)
	{
		RC_PRE(!m.qp_types.empty());
		type_ = *rc::gen::elementOf(m.qp_types);
		role_ = *rc::gen::inRange(0, 3);
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		const char *roles[] = {"send CQ", "receive CQ", "send and receive CQ"};
		os << "DestroyCqInUse: the " << roles[role_] << " of a new " << qp_type_name(type_) << " QP";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Device &dev = b.run.device();
		std::vector<std::string> done;
		auto need = [&](const std::string &what, int ret) {
			done.push_back(what + " -> " + errno_name(ret));
			if (ret)
				fail_step(*this, m, b, "precondition: " + what, done);
		};
		std::unique_ptr<Cq> cq, other;
		need("ibv_create_cq(16)", dev.create_cq(16, cq));
		need("ibv_create_cq(16)", dev.create_cq(16, other));
		ibv_qp_init_attr a{};
		a.qp_type = type_;
		a.cap = kBaseline;
		std::unique_ptr<Qp> qp;
		need("ibv_create_qp(" + qp_type_name(type_) + ")",
		     dev.create_qp(*b.pd, role_ == 1 ? *other : *cq, role_ == 0 ? *other : *cq, nullptr, a, qp));
		int ret = cq->destroy();
		bool usable = true;
		if (ret) {
			ibv_wc wc{};
			usable = cq->poll(1, &wc) >= 0;
		} else {
			cq.reset(); // gone (wrongly) under the QP
		}
		hold_verdict(*this, m, b, judge_destroy({Verb::DestroyCq, 1, ret, usable}),
			     fmt::format("ibv_destroy_cq of the QP's {} -> {}{}",
					 role_ == 0 ? "send CQ" : role_ == 1 ? "receive CQ" : "send and receive CQ",
					 errno_name(ret), usable ? "" : "; ibv_poll_cq on it failed after"));
		int qret = qp->destroy();
		hold_verdict(*this, m, b, judge_destroy({Verb::DestroyQp, 0, qret, true}),
			     "ibv_destroy_qp -> " + errno_name(qret));
		qp.reset();
		if (!cq)
			return;
		int cret = cq->destroy();
		hold_verdict(*this, m, b, judge_destroy({Verb::DestroyCq, 0, cret, true}),
			     "ibv_destroy_cq once the QP is gone -> " + errno_name(cret));
		if (cret == 0)
			cq.reset();
	}

private:
	ibv_qp_type type_ = IBV_QPT_RC;
	int role_ = 0;
};

} // namespace

void add_lifecycle_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	(void)m;
	mix.push_back({1, execOneOfWithArgs<CreateQpShaped>()(m)});
	mix.push_back({1, execOneOfWithArgs<RegMrShaped>()(m)});
	mix.push_back({1, execOneOfWithArgs<CreateAh>()(m)});
	mix.push_back({1, execOneOfWithArgs<QueryGid>()(m)});
	mix.push_back({1, execOneOfWithArgs<DestroyCqInUse>()(m)});
}

} // namespace ibvcert
