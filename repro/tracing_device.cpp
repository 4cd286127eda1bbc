#include "repro/tracing_device.h"

#include "fixtures/device_caps.h"
#include "fixtures/device_list.h"
#include "fixtures/loopback.h"
#include "fixtures/qp_builder.h"
#include "contracts/qp_table.h"
#include "repro/device_frame.h"
#include "repro/trace_log.h"
#include "repro/verbs_json.h"

#include <map>

namespace ibvcert {
namespace {

using nlohmann::json;

// What the trace knows of the live objects: wrappers by the inner object
// (async events name inner objects), and MRs and AHs by what WRs carry.
struct Registry {
	std::map<const void *, std::pair<std::string, void *>> by_inner; // inner -> (id, wrapper)
	struct MrInfo {
		std::string id;
		uintptr_t addr;
		size_t length;
		uint32_t lkey, rkey;
	};
	std::map<std::string, MrInfo> mrs;
	std::map<const ibv_ah *, std::string> ahs;
	// The first QP (per QP type), CQ and SRQ the case created, as viewed then.
	std::map<std::string, json> first_created;
	int first_created_case = 0;

	// {"mr": id, "offset": n} for an address inside a registered buffer.
	json address(uint64_t addr) const
	{
		for (const auto &[id, m] : mrs)
			if (addr >= m.addr && addr <= m.addr + m.length)
				return {{"mr", id}, {"offset", addr - m.addr}};
		return {{"value", addr}};
	}
	json key(uint32_t key, bool remote) const
	{
		for (const auto &[id, m] : mrs)
			if ((remote ? m.rkey : m.lkey) == key)
				return {{"mr", id}};
		return {{"value", key}};
	}
};
using RegistryRef = std::shared_ptr<Registry>;

// The live objects but `self`, as the frame a call on `self` is viewed in;
// with self_only, `self` alone, as the call's own object is viewed.
FrameObjects frame_objects(const Registry &reg, const void *self, bool self_only = false);

// The frame around one call on `self`: the other objects and `self` viewed
// at construction, again in judge(), which writes into the call's trace
// step what changed: on the others (frame_changes, for the frame judge) and
// on `self` (self_changes, for the effect judge; self_before/self_after: a
// QP's ibv_query_qp, for the request's evaluator and the read-back).
class Frame {
public:
	Frame(const Registry &reg, const void *self)
		: reg_(reg), self_(self), judging_(trace_log().judging())
	{
		if (!judging_)
			return;
		before_ = view_frame(frame_objects(reg_, self_));
		self_before_ = view_frame(frame_objects(reg_, self_, true));
	}
	void judge(json &step) const
	{
		if (!judging_)
			return;
		step["frame_judged"] = true;
		step["frame_changes"] = frame_changes(before_, view_frame(frame_objects(reg_, self_)));
		FrameView self_after = view_frame(frame_objects(reg_, self_, true));
		step["self_changes"] = frame_changes(self_before_, self_after);
		if (json b = self_view(self_before_); !b.is_null()) {
			step["self_before"] = b;
			step["self_after"] = self_view(self_after);
		}
	}

private:
	const Registry &reg_;
	const void *self_;
	bool judging_;
	FrameView before_, self_before_;
};

// A create's new object (`inner`, registered already) viewed alone, into its
// step as "created", with the first object of its `kind` the case created,
// as viewed then ("first_created"), when this is another: the effect judge's
// StartsFresh rows compare the two.
void view_created(Registry &reg, const void *inner, const std::string &kind, json &step)
{
	if (!trace_log().judging())
		return;
	// Per case: a case that fails on it fails alone, as its rerun runs it.
	if (reg.first_created_case != trace_log().case_number()) {
		reg.first_created.clear();
		reg.first_created_case = trace_log().case_number();
	}
	json now = self_view(view_frame(frame_objects(reg, inner, true)));
	auto [first, fresh] = reg.first_created.try_emplace(kind, now);
	step["created"] = now;
	if (!fresh)
		step["first_created"] = first->second;
}

json sges(const ibv_sge *sg, int n, const Registry &reg)
{
	json out = json::array();
	for (int i = 0; i < n; i++)
		out.push_back({{"addr", reg.address(sg[i].addr)},
			       {"length", sg[i].length},
			       {"lkey", reg.key(sg[i].lkey, false)}});
	return out;
}

json recv_wrs(const ibv_recv_wr *wr, const Registry &reg)
{
	json out = json::array();
	for (; wr; wr = wr->next)
		out.push_back({{"wr_id", wr->wr_id}, {"num_sge", wr->num_sge},
			       {"sg_list", sges(wr->sg_list, wr->num_sge, reg)}});
	return out;
}

template <class Wr> int wr_index(const Wr *first, const Wr *bad)
{
	int i = 0;
	for (const Wr *w = first; w; w = w->next, i++)
		if (w == bad)
			return i;
	return -1;
}

// A receive list posted to an SRQ or a QP (`owner`), traced with its WRs,
// the result and bad_wr's place in the list.
template <class Queue>
int traced_post_recv(Queue &queue, const char *verb, const char *owner, const std::string &id,
		     const Registry &reg, ibv_recv_wr *wr, ibv_recv_wr **bad_wr)
{
	bool full = trace_log().retaining();
	json wrs = full ? recv_wrs(wr, reg) : json::array();
	int count = 0;
	for (const ibv_recv_wr *w = wr; w; w = w->next)
		count++;
	ibv_recv_wr *bad = nullptr;
	int ret = queue.post_recv(wr, &bad);
	if (bad_wr)
		*bad_wr = bad;
	trace_log().add({{"verb", verb}, {owner, id}, {"wr", wrs}, {"wr_count", count}, {"ret", ret},
			 {"bad_wr", ret ? wr_index(wr, bad) : -1}});
	return ret;
}

class TPd final : public Pd {
public:
	TPd(std::unique_ptr<Pd> in, std::string id) : inner(std::move(in)), id(std::move(id)) {}
	~TPd() override
	{
		inner.reset();
		if (!destroyed_)
			trace_log().add({{"verb", "ibv_dealloc_pd"}, {"pd", id}});
	}
	int destroy() override
	{
		int ret = inner->destroy();
		trace_log().add({{"verb", "ibv_dealloc_pd"}, {"pd", id}, {"ret", ret}});
		destroyed_ = ret == 0;
		return ret;
	}
	std::unique_ptr<Pd> inner;
	std::string id;

private:
	bool destroyed_ = false;
};

class TCq final : public Cq {
public:
	TCq(std::unique_ptr<Cq> in, std::string id, RegistryRef reg)
		: inner(std::move(in)), id(std::move(id)), reg_(std::move(reg)), acks_to_(inner.get())
	{
	}
	~TCq() override
	{
		reg_->by_inner.erase(inner.get());
		inner.reset();
		if (!destroyed_)
			trace_log().add({{"verb", "ibv_destroy_cq"}, {"cq", id}});
	}
	int destroy() override
	{
		int ret = inner->destroy();
		trace_log().add({{"verb", "ibv_destroy_cq"}, {"cq", id}, {"ret", ret}});
		destroyed_ = ret == 0;
		if (destroyed_)
			reg_->by_inner.erase(inner.get());
		return ret;
	}
	int poll(int num_entries, ibv_wc *wc) override
	{
		int n = inner->poll(num_entries, wc);
		json wcs = json::array();
		for (int i = 0; trace_log().retaining() && i < n; i++)
			wcs.push_back({{"wr_id", wc[i].wr_id}, {"qp_num", wc[i].qp_num},
				       {"status", wc[i].status},
				       {"opcode", wc[i].opcode}});
		trace_log().add({{"verb", "ibv_poll_cq"}, {"cq", id}, {"num_entries", num_entries},
				 {"ret", n}, {"wc", wcs}});
		return n;
	}
	int modify(ibv_modify_cq_attr &attr) override
	{
		Frame frame(*reg_, inner.get());
		int ret = inner->modify(attr);
		json step = {{"verb", "ibv_modify_cq"}, {"cq", id}, {"attr_mask", attr.attr_mask},
			     {"cq_count", attr.moderate.cq_count},
			     {"cq_period", attr.moderate.cq_period}, {"ret", ret}};
		frame.judge(step);
		trace_log().add(step);
		return ret;
	}
	int query_moderation(ibv_moderate_cq &m) override { return inner->query_moderation(m); }
	int resize(int cqe) override
	{
		Frame frame(*reg_, inner.get());
		int ret = inner->resize(cqe);
		json step = {{"verb", "ibv_resize_cq"}, {"cq", id}, {"cqe", cqe}, {"ret", ret},
			     {"cqe_after", inner->cqe()}};
		frame.judge(step);
		trace_log().add(step);
		return ret;
	}
	int cqe() const override { return inner->cqe(); }
	int req_notify(int solicited_only) override
	{
		int ret = inner->req_notify(solicited_only);
		trace_log().add({{"verb", "ibv_req_notify_cq"}, {"cq", id},
				 {"solicited_only", solicited_only}, {"ret", ret}});
		return ret;
	}
	// Through the inner CQ's own pointer: ibv_ack_cq_events(3) is what a
	// destroy of the CQ waits for, so it comes while ~TCq (inner.reset())
	// runs in another thread, inner already null.
	void ack_events(unsigned nevents) override
	{
		acks_to_->ack_events(nevents);
		trace_log().add({{"verb", "ibv_ack_cq_events"}, {"cq", id}, {"nevents", nevents}});
	}
	const void *handle() const override { return inner->handle(); }
	void *context() const override { return inner->context(); }
	std::unique_ptr<Cq> inner;
	std::string id;

private:
	RegistryRef reg_;
	Cq *acks_to_;
	bool destroyed_ = false;
};

// A completion channel: the events it gives name the inner CQs' handles
// (Cq::handle() of a traced CQ is its inner CQ's).
class TChannel final : public CompChannel {
public:
	TChannel(std::unique_ptr<CompChannel> in, std::string id) : inner(std::move(in)), id(std::move(id)) {}
	~TChannel() override
	{
		inner.reset();
		if (!destroyed_)
			trace_log().add({{"verb", "ibv_destroy_comp_channel"}, {"channel", id}});
	}
	int destroy() override
	{
		int ret = inner->destroy();
		trace_log().add({{"verb", "ibv_destroy_comp_channel"}, {"channel", id}, {"ret", ret}});
		destroyed_ = ret == 0;
		return ret;
	}
	bool readable(std::chrono::milliseconds timeout) override { return inner->readable(timeout); }
	int get_cq_event(const void *&cq, void *&cq_context, int &err) override
	{
		int ret = inner->get_cq_event(cq, cq_context, err);
		trace_log().add({{"verb", "ibv_get_cq_event"}, {"channel", id}, {"ret", ret},
				 {"errno", ret ? err : 0}});
		return ret;
	}
	std::unique_ptr<CompChannel> inner;
	std::string id;

private:
	bool destroyed_ = false;
};

class TMr final : public Mr {
public:
	TMr(std::unique_ptr<Mr> in, std::string id, RegistryRef reg)
		: inner(std::move(in)), id(std::move(id)), reg_(std::move(reg))
	{
	}
	~TMr() override
	{
		inner.reset();
		reg_->mrs.erase(id);
		if (!destroyed_)
			trace_log().add({{"verb", "ibv_dereg_mr"}, {"mr", id}});
	}
	int destroy() override
	{
		int ret = inner->destroy();
		trace_log().add({{"verb", "ibv_dereg_mr"}, {"mr", id}, {"ret", ret}});
		destroyed_ = ret == 0;
		if (destroyed_)
			reg_->mrs.erase(id);
		return ret;
	}
	uint32_t lkey() const override { return inner->lkey(); }
	uint32_t rkey() const override { return inner->rkey(); }
	void *addr() const override { return inner->addr(); }
	size_t length() const override { return inner->length(); }
	std::unique_ptr<Mr> inner;
	std::string id;

private:
	RegistryRef reg_;
	bool destroyed_ = false;
};

class TAh final : public Ah {
public:
	TAh(std::unique_ptr<Ah> in, std::string id, RegistryRef reg)
		: inner(std::move(in)), id(std::move(id)), reg_(std::move(reg))
	{
	}
	~TAh() override
	{
		if (!destroyed_)
			reg_->ahs.erase(inner->ah());
		inner.reset();
		if (!destroyed_)
			trace_log().add({{"verb", "ibv_destroy_ah"}, {"ah", id}});
	}
	int destroy() override
	{
		ibv_ah *native = inner->ah();
		int ret = inner->destroy();
		trace_log().add({{"verb", "ibv_destroy_ah"}, {"ah", id}, {"ret", ret}});
		destroyed_ = ret == 0;
		if (destroyed_)
			reg_->ahs.erase(native);
		return ret;
	}
	ibv_ah *ah() const override { return inner->ah(); }
	std::unique_ptr<Ah> inner;
	std::string id;

private:
	RegistryRef reg_;
	bool destroyed_ = false;
};

class TSrq final : public Srq {
public:
	TSrq(std::unique_ptr<Srq> in, std::string id, RegistryRef reg)
		: inner(std::move(in)), id(std::move(id)), reg_(std::move(reg))
	{
	}
	~TSrq() override
	{
		reg_->by_inner.erase(inner.get());
		bool live = !destroyed_;
		inner.reset();
		if (live)
			trace_log().add({{"verb", "ibv_destroy_srq"}, {"srq", id}, {"ret", 0}});
	}
	int modify(ibv_srq_attr &attr, int attr_mask) override
	{
		json in = srq_attr_json(attr);
		Frame frame(*reg_, inner.get());
		int ret = inner->modify(attr, attr_mask);
		json step = {{"verb", "ibv_modify_srq"}, {"srq", id}, {"attr", in},
			     {"attr_mask", attr_mask}, {"ret", ret}};
		frame.judge(step);
		trace_log().add(step);
		return ret;
	}
	int query(ibv_srq_attr &attr) override
	{
		int ret = inner->query(attr);
		trace_log().add({{"verb", "ibv_query_srq"}, {"srq", id}, {"ret", ret},
				 {"attr", srq_attr_json(attr)}});
		return ret;
	}
	int post_recv(ibv_recv_wr *wr, ibv_recv_wr **bad_wr) override
	{
		return traced_post_recv(*inner, "ibv_post_srq_recv", "srq", id, *reg_, wr, bad_wr);
	}
	int destroy() override
	{
		int ret = inner->destroy();
		trace_log().add({{"verb", "ibv_destroy_srq"}, {"srq", id}, {"ret", ret}});
		destroyed_ = ret == 0;
		if (destroyed_)
			reg_->by_inner.erase(inner.get());
		return ret;
	}
	std::unique_ptr<Srq> inner;
	std::string id;

private:
	RegistryRef reg_;
	bool destroyed_ = false;
};

class TQp final : public Qp {
public:
	TQp(std::unique_ptr<Qp> in, std::string id, RegistryRef reg)
		: inner(std::move(in)), id(std::move(id)), reg_(std::move(reg))
	{
	}
	~TQp() override
	{
		reg_->by_inner.erase(inner.get());
		inner.reset();
		if (!destroyed_)
			trace_log().add({{"verb", "ibv_destroy_qp"}, {"qp", id}});
	}
	int destroy() override
	{
		int ret = inner->destroy();
		trace_log().add({{"verb", "ibv_destroy_qp"}, {"qp", id}, {"ret", ret}});
		destroyed_ = ret == 0;
		if (destroyed_)
			reg_->by_inner.erase(inner.get());
		return ret;
	}

private:
	bool destroyed_ = false;

public:
	uint32_t qp_num() const override { return inner->qp_num(); }
	ibv_qp_type qp_type() const override { return inner->qp_type(); }
	ibv_qp_state state_field() const override { return inner->state_field(); }

	int modify(ibv_qp_attr &attr, int attr_mask) override
	{
		json in = qp_attr_json(attr);
		int state_before = inner->state_field();
		Frame frame(*reg_, inner.get());
		int ret = inner->modify(attr, attr_mask);
		json step = {{"verb", "ibv_modify_qp"}, {"qp", id}, {"attr", in},
			     {"attr_mask", attr_mask}, {"ret", ret},
			     {"state_field_before", state_before},
			     {"state_field_after", (int)inner->state_field()}};
		// What the read-back may no longer hold as set: every flag set
		// since the QP last entered RESET (ALT_PATH: APM may move the path).
		if (ret == 0)
			loaded_ = (attr_mask & IBV_QP_STATE) && attr.qp_state == IBV_QPS_RESET ? 0
												: loaded_ | attr_mask;
		step["qp_type"] = (int)inner->qp_type();
		step["loaded"] = loaded_;
		frame.judge(step);
		trace_log().add(step);
		return ret;
	}
	int query(ibv_qp_attr &attr, int attr_mask, ibv_qp_init_attr &init_attr) override
	{
		int state_before = inner->state_field();
		int ret = inner->query(attr, attr_mask, init_attr);
		trace_log().add({{"verb", "ibv_query_qp"}, {"qp", id}, {"attr_mask", attr_mask},
				 {"ret", ret}, {"attr", qp_attr_json(attr)},
				 {"state_field_before", state_before},
				 {"state_field_after", (int)inner->state_field()}});
		return ret;
	}
	int post_send(ibv_send_wr *wr, ibv_send_wr **bad_wr) override
	{
		json wrs = json::array();
		bool full = trace_log().retaining();
		int count = 0;
		for (const ibv_send_wr *w = wr; w; w = w->next, count++) {
			if (!full)
				continue; // the judge reads the count alone
			json j = {{"wr_id", w->wr_id},
				  {"opcode", w->opcode},
				  {"send_flags", w->send_flags},
				  {"imm_data", w->imm_data},
				  {"sg_list", sges(w->sg_list, w->num_sge, *reg_)}};
			if (qp_type() == IBV_QPT_UD) {
				auto ah = reg_->ahs.find(w->wr.ud.ah);
				j["ud"] = {{"ah", ah == reg_->ahs.end() ? "" : ah->second},
					   {"remote_qpn", w->wr.ud.remote_qpn},
					   {"remote_qkey", w->wr.ud.remote_qkey}};
			} else if (w->opcode == IBV_WR_RDMA_WRITE || w->opcode == IBV_WR_RDMA_WRITE_WITH_IMM ||
				   w->opcode == IBV_WR_RDMA_READ) {
				j["rdma"] = {{"remote_addr", reg_->address(w->wr.rdma.remote_addr)},
					     {"rkey", reg_->key(w->wr.rdma.rkey, true)}};
			} else if (w->opcode == IBV_WR_ATOMIC_CMP_AND_SWP ||
				   w->opcode == IBV_WR_ATOMIC_FETCH_AND_ADD) {
				j["atomic"] = {{"remote_addr", reg_->address(w->wr.atomic.remote_addr)},
					       {"rkey", reg_->key(w->wr.atomic.rkey, true)},
					       {"compare_add", w->wr.atomic.compare_add},
					       {"swap", w->wr.atomic.swap}};
			}
			wrs.push_back(j);
		}
		ibv_send_wr *bad = nullptr;
		int ret = inner->post_send(wr, &bad);
		if (bad_wr)
			*bad_wr = bad;
		trace_log().add({{"verb", "ibv_post_send"}, {"qp", id}, {"wr", wrs}, {"wr_count", count},
				 {"ret", ret}, {"bad_wr", ret ? wr_index(wr, bad) : -1}});
		return ret;
	}
	int post_recv(ibv_recv_wr *wr, ibv_recv_wr **bad_wr) override
	{
		return traced_post_recv(*inner, "ibv_post_recv", "qp", id, *reg_, wr, bad_wr);
	}
	int modify_rate_limit(ibv_qp_rate_limit_attr &attr) override
	{
		json in = {{"rate_limit", attr.rate_limit},
			   {"max_burst_sz", attr.max_burst_sz},
			   {"typical_pkt_sz", attr.typical_pkt_sz},
			   {"comp_mask", attr.comp_mask}};
		int state_before = inner->state_field();
		Frame frame(*reg_, inner.get());
		int ret = inner->modify_rate_limit(attr);
		json step = {{"verb", "ibv_modify_qp_rate_limit"}, {"qp", id}, {"attr", in},
			     {"ret", ret}, {"state_field_before", state_before},
			     {"state_field_after", (int)inner->state_field()},
			     {"qp_type", (int)inner->qp_type()}};
		frame.judge(step);
		trace_log().add(step);
		return ret;
	}
	int query_rate_limit(ibv_qp_rate_limit_attr &e) override { return inner->query_rate_limit(e); }
	int set_ece(ibv_ece &ece) override
	{
		json in = {{"vendor_id", ece.vendor_id}, {"options", ece.options}, {"comp_mask", ece.comp_mask}};
		Frame frame(*reg_, inner.get());
		int ret = inner->set_ece(ece);
		json step = {{"verb", "ibv_set_ece"}, {"qp", id}, {"ece", in}, {"ret", ret},
			     {"options_out", ece.options}};
		frame.judge(step);
		trace_log().add(step);
		return ret;
	}
	int query_ece(ibv_ece &ece) override
	{
		int ret = inner->query_ece(ece);
		trace_log().add({{"verb", "ibv_query_ece"}, {"qp", id}, {"ret", ret},
				 {"vendor_id", ece.vendor_id}, {"options", ece.options}});
		return ret;
	}
	std::unique_ptr<Qp> inner;
	std::string id;

private:
	RegistryRef reg_;
	int loaded_ = 0;
};

FrameObjects frame_objects(const Registry &reg, const void *self, bool self_only)
{
	FrameObjects o;
	for (const auto &[inner, named] : reg.by_inner) {
		if ((inner == self) != self_only)
			continue;
		const std::string &id = named.first;
		if (id.rfind("qp", 0) == 0)
			o.qps.push_back({id, static_cast<TQp *>(named.second)->inner.get()});
		else if (id.rfind("srq", 0) == 0)
			o.srqs.push_back({id, static_cast<TSrq *>(named.second)->inner.get()});
		else if (id.rfind("cq", 0) == 0)
			o.cqs.push_back({id, static_cast<TCq *>(named.second)->inner.get()});
	}
	return o;
}

template <class T, class Base> T *traced(Base *obj)
{
	return dynamic_cast<T *>(obj);
}

class TracingDevice final : public Device {
public:
	explicit TracingDevice(std::unique_ptr<Device> in)
		: inner_(std::move(in)), reg_(std::make_shared<Registry>())
	{
		trace_log().add({{"verb", "ibv_open_device"}, {"device", inner_->name()},
				 {"transport", inner_->transport()}});
	}
	~TracingDevice() override { trace_log().add({{"verb", "ibv_close_device"}}); }

	const std::string &name() const override { return inner_->name(); }
	bool emulated() const override { return inner_->emulated(); }
	ibv_transport_type transport() const override { return inner_->transport(); }
	int query_device(ibv_device_attr_ex &attr) override { return inner_->query_device(attr); }
	int num_comp_vectors() const override { return inner_->num_comp_vectors(); }
	// The list and the contexts opened from it are judged by the case that
	// drives them (conformance/device_list_test.cpp), not traced.
	std::unique_ptr<DeviceDirectory> directory() override { return inner_->directory(); }
	int query_port(uint8_t port_num, ibv_port_attr &attr) override
	{
		return inner_->query_port(port_num, attr);
	}
	int query_gid(uint8_t port_num, int index, ibv_gid &gid) override
	{
		int ret = inner_->query_gid(port_num, index, gid);
		trace_log().add({{"verb", "ibv_query_gid"}, {"port_num", port_num}, {"index", index},
				 {"ret", ret}, {"gid", ret ? "" : gid_hex(gid)}});
		return ret;
	}
	int alloc_pd(std::unique_ptr<Pd> &pd) override
	{
		std::unique_ptr<Pd> in;
		int ret = inner_->alloc_pd(in);
		std::string id = ret ? "" : trace_log().new_id("pd");
		trace_log().add({{"verb", "ibv_alloc_pd"}, {"id", id}, {"ret", ret}});
		if (!ret)
			pd = std::make_unique<TPd>(std::move(in), id);
		return ret;
	}
	int create_cq(int cqe, std::unique_ptr<Cq> &cq) override
	{
		std::unique_ptr<Cq> in;
		int ret = inner_->create_cq(cqe, in);
		std::string id = ret ? "" : trace_log().new_id("cq");
		json step = {{"verb", "ibv_create_cq"}, {"id", id}, {"cqe", cqe}, {"ret", ret}};
		if (!ret) {
			auto t = std::make_unique<TCq>(std::move(in), id, reg_);
			reg_->by_inner[t->inner.get()] = {id, t.get()};
			view_created(*reg_, t->inner.get(), "cq", step);
			cq = std::move(t);
		}
		trace_log().add(step);
		return ret;
	}
	int create_comp_channel(std::unique_ptr<CompChannel> &channel) override
	{
		std::unique_ptr<CompChannel> in;
		int ret = inner_->create_comp_channel(in);
		std::string id = ret ? "" : trace_log().new_id("channel");
		trace_log().add({{"verb", "ibv_create_comp_channel"}, {"id", id}, {"ret", ret}});
		if (!ret)
			channel = std::make_unique<TChannel>(std::move(in), id);
		return ret;
	}
	int create_cq_on_channel(int cqe, void *cq_context, CompChannel &channel, int comp_vector,
				 std::unique_ptr<Cq> &cq) override
	{
		auto *tch = traced<TChannel>(&channel);
		if (!tch)
			return EINVAL;
		std::unique_ptr<Cq> in;
		int ret = inner_->create_cq_on_channel(cqe, cq_context, *tch->inner, comp_vector, in);
		std::string id = ret ? "" : trace_log().new_id("cq");
		json step = {{"verb", "ibv_create_cq"}, {"id", id},	  {"cqe", cqe},
			     {"channel", tch->id},	{"comp_vector", comp_vector}, {"ret", ret}};
		if (!ret) {
			auto t = std::make_unique<TCq>(std::move(in), id, reg_);
			reg_->by_inner[t->inner.get()] = {id, t.get()};
			view_created(*reg_, t->inner.get(), "cq", step);
			cq = std::move(t);
		}
		trace_log().add(step);
		return ret;
	}
	using Device::create_qp;
	int create_qp(Pd &pd, Cq &send_cq, Cq &recv_cq, Srq *srq, ibv_qp_init_attr &init_attr,
		      std::unique_ptr<Qp> &qp) override
	{
		auto *tpd = traced<TPd>(&pd);
		auto *tscq = traced<TCq>(&send_cq);
		auto *trcq = traced<TCq>(&recv_cq);
		auto *tsrq = traced<TSrq>(srq);
		if (!tpd || !tscq || !trcq || (srq && !tsrq))
			return EINVAL;
		json step = {{"verb", "ibv_create_qp"},
			     {"pd", tpd->id},
			     {"send_cq", tscq->id},
			     {"recv_cq", trcq->id},
			     {"srq", tsrq ? tsrq->id : ""},
			     {"qp_type", init_attr.qp_type},
			     {"sq_sig_all", init_attr.sq_sig_all},
			     {"cap", qp_cap_json(init_attr.cap)}};
		std::unique_ptr<Qp> in;
		int ret = inner_->create_qp(*tpd->inner, *tscq->inner, *trcq->inner,
					    tsrq ? tsrq->inner.get() : nullptr, init_attr, in);
		step["ret"] = ret;
		if (!ret) {
			std::string id = trace_log().new_id("qp");
			step["id"] = id;
			step["cap_out"] = qp_cap_json(init_attr.cap);
			step["qp_num"] = in->qp_num();
			auto t = std::make_unique<TQp>(std::move(in), id, reg_);
			reg_->by_inner[t->inner.get()] = {id, t.get()};
			view_created(*reg_, t->inner.get(), "qp type " + std::to_string(init_attr.qp_type), step);
			qp = std::move(t);
		}
		trace_log().add(step);
		return ret;
	}
	int reg_mr(Pd &pd, void *addr, size_t length, int access, std::unique_ptr<Mr> &mr) override
	{
		auto *tpd = traced<TPd>(&pd);
		if (!tpd)
			return EINVAL;
		std::unique_ptr<Mr> in;
		int ret = inner_->reg_mr(*tpd->inner, addr, length, access, in);
		std::string id = ret ? "" : trace_log().new_id("mr");
		trace_log().add({{"verb", "ibv_reg_mr"}, {"id", id}, {"pd", tpd->id}, {"length", length},
				 {"access", access}, {"ret", ret}});
		if (!ret) {
			reg_->mrs[id] = {id, (uintptr_t)addr, length, in->lkey(), in->rkey()};
			mr = std::make_unique<TMr>(std::move(in), id, reg_);
		}
		return ret;
	}
	int create_ah(Pd &pd, ibv_ah_attr &attr, std::unique_ptr<Ah> &ah) override
	{
		auto *tpd = traced<TPd>(&pd);
		if (!tpd)
			return EINVAL;
		json in_attr = ah_attr_json(attr);
		std::unique_ptr<Ah> in;
		int ret = inner_->create_ah(*tpd->inner, attr, in);
		std::string id = ret ? "" : trace_log().new_id("ah");
		trace_log().add({{"verb", "ibv_create_ah"}, {"id", id}, {"pd", tpd->id},
				 {"attr", in_attr}, {"ret", ret}});
		if (!ret) {
			reg_->ahs[in->ah()] = id;
			ah = std::make_unique<TAh>(std::move(in), id, reg_);
		}
		return ret;
	}
	int create_srq(Pd &pd, ibv_srq_init_attr &init_attr, std::unique_ptr<Srq> &srq) override
	{
		auto *tpd = traced<TPd>(&pd);
		if (!tpd)
			return EINVAL;
		json step = {{"verb", "ibv_create_srq"}, {"pd", tpd->id},
			     {"attr", srq_attr_json(init_attr.attr)}};
		std::unique_ptr<Srq> in;
		int ret = inner_->create_srq(*tpd->inner, init_attr, in);
		step["ret"] = ret;
		if (!ret) {
			std::string id = trace_log().new_id("srq");
			step["id"] = id;
			step["attr_out"] = srq_attr_json(init_attr.attr);
			auto t = std::make_unique<TSrq>(std::move(in), id, reg_);
			reg_->by_inner[t->inner.get()] = {id, t.get()};
			view_created(*reg_, t->inner.get(), "srq", step);
			srq = std::move(t);
		}
		trace_log().add(step);
		return ret;
	}
	int get_async_event(AsyncEvent &event, std::chrono::milliseconds timeout) override
	{
		int ret = inner_->get_async_event(event, timeout);
		json step = {{"verb", "ibv_get_async_event"}, {"timeout_ms", timeout.count()},
			     {"ret", ret}};
		// What ibv_get_async_event itself returned, where it was called
		// (an event, or a failed read): "ret" is the wait's errno.
		if (ret == 0 || event.returned != 0)
			step["returned"] = event.returned;
		if (!ret) {
			step["event_type"] = event.event_type;
			auto name = [&](const void *in, const char *key) {
				auto it = reg_->by_inner.find(in);
				if (in && it != reg_->by_inner.end())
					step[key] = it->second.first;
				return in && it != reg_->by_inner.end() ? it->second.second : nullptr;
			};
			event.qp = static_cast<Qp *>(name(event.qp, "qp"));
			event.cq = static_cast<Cq *>(name(event.cq, "cq"));
			event.srq = static_cast<Srq *>(name(event.srq, "srq"));
			step["port_num"] = event.port_num;
		}
		trace_log().add(step);
		return ret;
	}
	void ack_async_event(AsyncEvent &event) override
	{
		if (!event.acked)
			trace_log().add({{"verb", "ibv_ack_async_event"}});
		// The device acks the event it handed out: its own objects, not the
		// wrappers get_async_event put in their place.
		AsyncEvent in = event;
		if (auto *t = dynamic_cast<TQp *>(event.qp))
			in.qp = t->inner.get();
		if (auto *t = dynamic_cast<TCq *>(event.cq))
			in.cq = t->inner.get();
		if (auto *t = dynamic_cast<TSrq *>(event.srq))
			in.srq = t->inner.get();
		inner_->ack_async_event(in);
		event.acked = in.acked;
		event.native = in.native;
	}
	int connect_loopback(Qp &a, Qp &b, std::string &failed_step) override
	{
		auto *ta = traced<TQp>(&a);
		auto *tb = traced<TQp>(&b);
		if (!ta || !tb)
			return EINVAL;
		if (inner_->transport() != IBV_TRANSPORT_IWARP) {
			DeviceCaps caps;
			if (int ret = read_device_caps(*this, 1, caps)) {
				failed_step = "reading the device and port 1 attributes";
				return ret;
			}
			return connect_by_modify(*this, caps, a, b, failed_step);
		}
		// The iWARP connection: RESET->INIT by ibv_modify_qp with the
		// attributes the verbs device uses (verbs_device.cpp), then rdma_cm.
		json init = json::array();
		DeviceCaps caps;
		if (read_device_caps(*inner_, 1, caps) == 0) {
			QpBuilder builder(*inner_, caps);
			const QpTransition *t =
				QpTransitionTable::kernel().find(IBV_QPT_RC, IBV_QPS_RESET, IBV_QPS_INIT);
			int mask = IBV_QP_STATE | (t ? t->required : 0);
			for (TQp *q : {ta, tb}) {
				ibv_qp_attr attr = builder.valid_attr(*q->inner, IBV_QPS_RESET, IBV_QPS_INIT, mask);
				attr.qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE |
						       IBV_ACCESS_REMOTE_READ;
				init.push_back({{"attr", qp_attr_json(attr)}, {"attr_mask", mask}});
			}
		}
		int ret = inner_->connect_loopback(*ta->inner, *tb->inner, failed_step);
		trace_log().add({{"verb", "rdma_cm_connect_loopback"}, {"a", ta->id}, {"b", tb->id},
				 {"init", init}, {"ret", ret}, {"failed_step", failed_step}});
		return ret;
	}
	DeviceClock &clock() override { return inner_->clock(); }
	bool has_sched_elements(std::string &why_not) const override
	{
		return inner_->has_sched_elements(why_not);
	}
	int create_sched_node(const SchedAttr &attr, std::unique_ptr<SchedNode> &node) override
	{
		int ret = inner_->create_sched_node(attr, node);
		trace_log().add({{"verb", "mlx5dv_sched_node_create"}, {"untraced", true}, {"ret", ret}});
		return ret;
	}
	int create_sched_leaf(const SchedAttr &attr, std::unique_ptr<SchedLeaf> &leaf) override
	{
		int ret = inner_->create_sched_leaf(attr, leaf);
		trace_log().add({{"verb", "mlx5dv_sched_leaf_create"}, {"untraced", true}, {"ret", ret}});
		return ret;
	}
	int modify_qp_sched_elem(Qp &qp, const SchedLeaf *requestor, const SchedLeaf *responder) override
	{
		auto *t = traced<TQp>(&qp);
		return t ? inner_->modify_qp_sched_elem(*t->inner, requestor, responder) : EINVAL;
	}
	int query_qp_sched_elem(Qp &qp, const SchedLeaf *&requestor, const SchedLeaf *&responder) override
	{
		auto *t = traced<TQp>(&qp);
		return t ? inner_->query_qp_sched_elem(*t->inner, requestor, responder) : EINVAL;
	}

private:
	std::unique_ptr<Device> inner_;
	RegistryRef reg_;
};

} // namespace

std::unique_ptr<Device> make_tracing_device(std::unique_ptr<Device> inner)
{
	return std::make_unique<TracingDevice>(std::move(inner));
}

} // namespace ibvcert
