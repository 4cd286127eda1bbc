#include "fuzz/harness/async_log.h"

#include "contracts/names.h"
#include "fixtures/rigs/async_event_reads.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace ibvcert::fuzz {

void AsyncLog::reset(bool partial)
{
	qps_.clear();
	cqs_.clear();
	view_ = AsyncView{};
	view_.partial = partial;
}

int AsyncLog::qp_index(const void *qp) const
{
	for (size_t i = 0; i < qps_.size(); i++)
		if (qps_[i].qp && qps_[i].qp == qp)
			return (int)i;
	return -1;
}

int AsyncLog::cq_index(const void *cq) const
{
	for (size_t i = 0; i < cqs_.size(); i++)
		if (cqs_[i].cq && cqs_[i].cq == cq)
			return (int)i;
	return -1;
}

int AsyncLog::qp_of_num(uint32_t qp_num) const
{
	for (size_t i = 0; i < qps_.size(); i++)
		if (qps_[i].qp && qps_[i].qp_num == qp_num)
			return (int)i;
	return -1;
}

void AsyncLog::cq_created(const Cq &cq, const std::string &name)
{
	destroyed(cq); // an address the view still held: that object is gone
	view_.steps.push_back(AsyncStep::cq_created((int)cqs_.size(), cq.cqe()));
	cqs_.push_back({&cq, name});
}

void AsyncLog::qp_created(Qp &qp, const std::string &name, bool with_srq, const Cq &send_cq, const Cq &recv_cq)
{
	destroyed(qp);
	view_.steps.push_back(AsyncStep::qp_created((int)qps_.size(), qp.qp_type(), with_srq, cq_index(&send_cq),
						    cq_index(&recv_cq)));
	qps_.push_back({&qp, qp.qp_num(), name, IBV_QPS_RESET});
}

void AsyncLog::connected(const Qp &a, const Qp &b)
{
	int ia = qp_index(&a), ib = qp_index(&b);
	if (ia < 0 || ib < 0)
		return;
	view_.steps.push_back(AsyncStep::connected(ia, ib));
	view_.steps.push_back(AsyncStep::connected(ib, ia));
}

void AsyncLog::modified(const Qp &qp, const ibv_qp_attr &attr, int attr_mask, int ret)
{
	int i = qp_index(&qp);
	if (i < 0)
		return;
	AsyncStep s = AsyncStep::modified(i, qps_[i].state, attr, attr_mask, ret);
	s.at = "modify_qp";
	if (ret == 0)
		qps_[i].state = s.to;
	view_.steps.push_back(s);
}

void AsyncLog::queried(const Qp &qp, ibv_qp_state state)
{
	int i = qp_index(&qp);
	if (i < 0)
		return;
	qps_[i].state = state;
	view_.steps.push_back(AsyncStep::queried(i, state));
}

void AsyncLog::polled(const Cq &cq, const ibv_wc *wcs, int n)
{
	int c = cq_index(&cq);
	if (c < 0)
		return;
	for (int k = 0; k < n; k++)
		view_.steps.push_back(AsyncStep::completed(c, qp_of_num(wcs[k].qp_num), wcs[k]));
}

void AsyncLog::fed(const Qp &qp, const Cq &cq, uint64_t wr_id)
{
	int q = qp_index(&qp), c = cq_index(&cq);
	if (q < 0 || c < 0)
		return;
	AsyncStep s;
	s.kind = AsyncStep::Kind::Fed;
	s.qp = q;
	s.cq = c;
	s.wr_id = wr_id;
	view_.steps.push_back(s);
}

void AsyncLog::poll(Cq &cq)
{
	int c = cq_index(&cq);
	if (c < 0)
		return;
	poll_into_view(
		cq, c, [&](const AsyncStep &s) { view_.steps.push_back(s); },
		[&](const ibv_wc &wc) { view_.steps.push_back(AsyncStep::completed(c, qp_of_num(wc.qp_num), wc)); });
}

void AsyncLog::destroyed(const Qp &qp)
{
	int i = qp_index(&qp);
	if (i < 0)
		return;
	AsyncStep s;
	s.kind = AsyncStep::Kind::Destroyed;
	s.qp = i;
	qps_[i].qp = nullptr;
	view_.steps.push_back(s);
}

void AsyncLog::destroyed(const Cq &cq)
{
	int i = cq_index(&cq);
	if (i < 0)
		return;
	AsyncStep s;
	s.kind = AsyncStep::Kind::Destroyed;
	s.cq = i;
	cqs_[i].cq = nullptr;
	view_.steps.push_back(s);
}

const AsyncStep &AsyncLog::read(Device &d, std::chrono::milliseconds wait, bool awaited,
				const std::function<void(const AsyncEvent &)> &seen)
{
	for (size_t i = 0; i < qps_.size(); i++) {
		Qp *qp = qps_[i].qp;
		ibv_qp_attr attr{};
		ibv_qp_init_attr init{};
		if (qp && qp->query(attr, IBV_QP_STATE, init) == 0)
			queried(*qp, attr.qp_state);
	}
	AsyncStep s = read_async_events(
		d, awaited, wait, [&](const void *qp) { return qp_index(qp); },
		[&](const void *cq) { return cq_index(cq); }, seen);
	s.at = "get_async_event";
	view_.steps.push_back(std::move(s));
	return view_.steps.back();
}

std::string AsyncLog::evidence() const
{
	std::vector<std::string> qps, cqs;
	for (const auto &q : qps_)
		qps.push_back(q.name);
	for (const auto &c : cqs_)
		cqs.push_back(c.name);
	return "async events: " + async_view_text(view_, qps, cqs) + "\n";
}

} // namespace ibvcert::fuzz
