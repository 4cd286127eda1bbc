// The tracing device: records every device-level verb (the opens, creates,
// GIDs, async events, connections) into trace_log() and hands out the traced
// objects of tracing_objects.h in place of the inner device's.
#include "repro/tracing_device.h"

#include "fixtures/device_caps.h"
#include "fixtures/device_list.h"
#include "fixtures/loopback.h"
#include "fixtures/qp_builder.h"
#include "contracts/qp_table.h"
#include "repro/trace_log.h"
#include "repro/tracing_frame.h"
#include "repro/tracing_objects.h"
#include "repro/verbs_json.h"

namespace ibvcert {
namespace tracing {
namespace {

using nlohmann::json;

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
} // namespace tracing

std::unique_ptr<Device> make_tracing_device(std::unique_ptr<Device> inner)
{
	return std::make_unique<tracing::TracingDevice>(std::move(inner));
}

} // namespace ibvcert
