// The objects a tracing device (tracing_device.h) hands out: each wraps the
// inner device's object, records the verbs called on it into trace_log()
// (one tracing_<object>.cpp each), then calls the object it wraps. `inner`
// and `id` (the trace id, "qp3") are what the device and the frame read.
#pragma once

#include "contracts/rule.h"
#include "fixtures/device.h"
#include "repro/trace_log.h"
#include "repro/tracing_frame.h"
#include "repro/tracing_registry.h"

#include <memory>
#include <string>

namespace ibvcert::tracing {

// What every traced object holds: the inner device's object it wraps, its
// trace id, the registry (of the objects the registry names) and whether
// its destroy verb went.
template <class Object> class Traced : public Object {
public:
	Traced(std::unique_ptr<Object> in, std::string id, RegistryRef reg = nullptr)
		: inner(std::move(in)), id(std::move(id)), reg_(std::move(reg))
	{
	}
	std::unique_ptr<Object> inner;
	std::string id;

protected:
	// A verb that names this object alone and returns 0 or an errno: call()
	// through inner inside the frame (every other object of the registry
	// viewed before and after it, Frame), traced as step (the verb, the
	// object's id and its arguments) with its return value and what
	// after(step) adds once it returned (what the object reads then; by
	// default nothing).
	template <class Call, class After = void (*)(nlohmann::json &)>
	int traced_call(nlohmann::json step, Call call, After after = [](nlohmann::json &) {})
	{
		Frame frame(*reg_, inner.get());
		int ret = call();
		step["ret"] = ret;
		after(step);
		frame.judge(step);
		trace_log().add(step);
		return ret;
	}
	// The destroy verb through inner, traced as `verb` on {kind: id} with
	// its return value.
	int traced_destroy(const char *verb, const char *kind)
	{
		int ret = inner->destroy();
		trace_log().add({{"verb", verb}, {kind, id}, {"ret", ret}});
		destroyed_ = ret == 0;
		return ret;
	}
	// The destructor's part: inner released (destroyed, when destroy() has
	// not), and then, when destroy() had not, the destroy verb traced.
	void release(const char *verb, const char *kind)
	{
		inner.reset();
		if (!destroyed_)
			trace_log().add({{"verb", verb}, {kind, id}});
	}
	RegistryRef reg_;
	bool destroyed_ = false;
};

class TPd final : public Traced<Pd> {
public:
	using Traced::Traced;
	~TPd() override;
	int destroy() override;
};

class TCq final : public Traced<Cq> {
public:
	TCq(std::unique_ptr<Cq> in, std::string id, RegistryRef reg);
	~TCq() override;
	int destroy() override;
	int poll(int num_entries, ibv_wc *wc) override;
	// The rows of fixtures/object_verbs.h, each traced with the CQ's cqe
	// member after it.
#define IBVCERT_TRACE_VERB(method, verb, params, args, call, fields)                                           \
	int method params override                                                                             \
	{                                                                                                      \
		return traced_call({{"verb", verb_name(Verb::verb)}, {"cq", id}, IBVCERT_UNPAREN fields},        \
				   [&] { return inner->method args; },                                          \
				   [&](nlohmann::json &step) { step["cqe_after"] = inner->cqe(); });            \
	}
	IBVCERT_CQ_VERBS(IBVCERT_TRACE_VERB)
#undef IBVCERT_TRACE_VERB
	int query_moderation(ibv_moderate_cq &m) override { return inner->query_moderation(m); }
	int cqe() const override { return inner->cqe(); }
	int req_notify(int solicited_only) override;
	// Through the inner CQ's own pointer: ibv_ack_cq_events(3) is what a
	// destroy of the CQ waits for, so it comes while ~TCq (inner.reset())
	// runs in another thread, inner already null.
	void ack_events(unsigned nevents) override;
	const void *handle() const override { return inner->handle(); }
	void *context() const override { return inner->context(); }

private:
	Cq *acks_to_;
};

// A completion channel: the events it gives name the inner CQs' handles
// (Cq::handle() of a traced CQ is its inner CQ's).
class TChannel final : public Traced<CompChannel> {
public:
	using Traced::Traced;
	~TChannel() override;
	int destroy() override;
	bool readable(std::chrono::milliseconds timeout) override { return inner->readable(timeout); }
	int get_cq_event(const void *&cq, void *&cq_context, int &err) override;
};

class TMr final : public Traced<Mr> {
public:
	using Traced::Traced;
	~TMr() override;
	int destroy() override;
	uint32_t lkey() const override { return inner->lkey(); }
	uint32_t rkey() const override { return inner->rkey(); }
	void *addr() const override { return inner->addr(); }
	size_t length() const override { return inner->length(); }
};

class TAh final : public Traced<Ah> {
public:
	using Traced::Traced;
	~TAh() override;
	int destroy() override;
	ibv_ah *ah() const override { return inner->ah(); }
};

class TSrq final : public Traced<Srq> {
public:
	using Traced::Traced;
	~TSrq() override;
	int modify(ibv_srq_attr &attr, int attr_mask) override;
	int query(ibv_srq_attr &attr) override;
	int post_recv(ibv_recv_wr *wr, ibv_recv_wr **bad_wr) override;
	int destroy() override;
};

class TQp final : public Traced<Qp> {
public:
	using Traced::Traced;
	~TQp() override;
	int destroy() override;
	uint32_t qp_num() const override { return inner->qp_num(); }
	ibv_qp_type qp_type() const override { return inner->qp_type(); }
	ibv_qp_state state_field() const override { return inner->state_field(); }
	int modify(ibv_qp_attr &attr, int attr_mask) override;
	int query(ibv_qp_attr &attr, int attr_mask, ibv_qp_init_attr &init_attr) override;
	int post_send(ibv_send_wr *wr, ibv_send_wr **bad_wr) override;
	int post_recv(ibv_recv_wr *wr, ibv_recv_wr **bad_wr) override;
	int modify_rate_limit(ibv_qp_rate_limit_attr &attr) override;
	int query_rate_limit(ibv_qp_rate_limit_attr &e) override { return inner->query_rate_limit(e); }
	int set_ece(ibv_ece &ece) override;
	int query_ece(ibv_ece &ece) override;

private:
	int loaded_ = 0;
};

} // namespace ibvcert::tracing
