// The objects a tracing device (tracing_device.h) hands out: each wraps the
// inner device's object, records the verbs called on it into trace_log()
// (one tracing_<object>.cpp each), then calls the object it wraps. `inner`
// and `id` (the trace id, "qp3") are what the device and the frame read.
#pragma once

#include "fixtures/device.h"
#include "repro/tracing_registry.h"

#include <memory>
#include <string>

namespace ibvcert::tracing {

class TPd final : public Pd {
public:
	TPd(std::unique_ptr<Pd> in, std::string id);
	~TPd() override;
	int destroy() override;
	std::unique_ptr<Pd> inner;
	std::string id;

private:
	bool destroyed_ = false;
};

class TCq final : public Cq {
public:
	TCq(std::unique_ptr<Cq> in, std::string id, RegistryRef reg);
	~TCq() override;
	int destroy() override;
	int poll(int num_entries, ibv_wc *wc) override;
	int modify(ibv_modify_cq_attr &attr) override;
	int query_moderation(ibv_moderate_cq &m) override { return inner->query_moderation(m); }
	int resize(int cqe) override;
	int cqe() const override { return inner->cqe(); }
	int req_notify(int solicited_only) override;
	// Through the inner CQ's own pointer: ibv_ack_cq_events(3) is what a
	// destroy of the CQ waits for, so it comes while ~TCq (inner.reset())
	// runs in another thread, inner already null.
	void ack_events(unsigned nevents) override;
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
	TChannel(std::unique_ptr<CompChannel> in, std::string id);
	~TChannel() override;
	int destroy() override;
	bool readable(std::chrono::milliseconds timeout) override { return inner->readable(timeout); }
	int get_cq_event(const void *&cq, void *&cq_context, int &err) override;
	std::unique_ptr<CompChannel> inner;
	std::string id;

private:
	bool destroyed_ = false;
};

class TMr final : public Mr {
public:
	TMr(std::unique_ptr<Mr> in, std::string id, RegistryRef reg);
	~TMr() override;
	int destroy() override;
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
	TAh(std::unique_ptr<Ah> in, std::string id, RegistryRef reg);
	~TAh() override;
	int destroy() override;
	ibv_ah *ah() const override { return inner->ah(); }
	std::unique_ptr<Ah> inner;
	std::string id;

private:
	RegistryRef reg_;
	bool destroyed_ = false;
};

class TSrq final : public Srq {
public:
	TSrq(std::unique_ptr<Srq> in, std::string id, RegistryRef reg);
	~TSrq() override;
	int modify(ibv_srq_attr &attr, int attr_mask) override;
	int query(ibv_srq_attr &attr) override;
	int post_recv(ibv_recv_wr *wr, ibv_recv_wr **bad_wr) override;
	int destroy() override;
	std::unique_ptr<Srq> inner;
	std::string id;

private:
	RegistryRef reg_;
	bool destroyed_ = false;
};

class TQp final : public Qp {
public:
	TQp(std::unique_ptr<Qp> in, std::string id, RegistryRef reg);
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
	std::unique_ptr<Qp> inner;
	std::string id;

private:
	RegistryRef reg_;
	bool destroyed_ = false;
	int loaded_ = 0;
};

} // namespace ibvcert::tracing
