#include "contracts/polled_judge.h"

#include "contracts/rule_ids/poll_cq.h"
#include "contracts/rule_ids/post_recv.h"
#include "contracts/rule_ids/post_send.h"
#include "contracts/rule_ids/post_srq_recv.h"

#include <fmt/format.h>

#include <algorithm>

namespace ibvcert {
namespace {

const char *row_of(QueueWork::Kind kind)
{
	switch (kind) {
	case QueueWork::Kind::Send: return rule_id::post_send_list_in_order;
	case QueueWork::Kind::Recv: return rule_id::post_recv_list_in_order;
	default: return rule_id::post_srq_recv_wc_names_the_wr;
	}
}

std::string wc_text(const ibv_wc &wc)
{
	return fmt::format("wr_id {:#x} qp_num {:#x} status {} opcode {} byte_len {}", wc.wr_id, wc.qp_num,
			   ibv_wc_status_str(wc.status), (int)wc.opcode, wc.byte_len);
}

} // namespace

Verdict judge_polled(const PolledView &v)
{
	Verdict out;
	auto breach = [&](const char *id, std::string detail) {
		out.breaches.push_back({find_rule(id), std::move(detail)});
	};
	std::vector<QueueWork> queues = v.queues;
	std::vector<uint64_t> valid = v.valid_signaled;
	for (const ibv_wc &wc : v.wcs) {
		// The queues this completion can name: its QP's own.
		QueueWork *home = nullptr, *only = nullptr;
		int candidates = 0;
		for (QueueWork &q : queues) {
			if (q.qpn != wc.qp_num)
				continue;
			candidates++;
			only = &q;
			if (!home && std::find(q.outstanding.begin(), q.outstanding.end(), wc.wr_id) != q.outstanding.end())
				home = &q;
		}
		if (!home) {
			// The row of the queue it claims to come from: the QP's one
			// queue, else by the opcode a successful completion carries
			// (a failed one's opcode is not valid: ibv_poll_cq(3)).
			QueueWork::Kind kind = candidates == 1 ? only->kind
					       : (wc.status == IBV_WC_SUCCESS && (wc.opcode & IBV_WC_RECV))
						       ? QueueWork::Kind::Recv
						       : QueueWork::Kind::Send;
			breach(row_of(kind), "a completion names no WR outstanding on its QP's queues (posted and "
					     "not completed yet): " + wc_text(wc));
			continue;
		}
		home->outstanding.erase(std::find(home->outstanding.begin(), home->outstanding.end(), wc.wr_id));
		if (home->kind != QueueWork::Kind::Send)
			continue;
		auto s = std::find(valid.begin(), valid.end(), wc.wr_id);
		if (s == valid.end())
			continue;
		valid.erase(s);
		if (wc.status != IBV_WC_SUCCESS)
			breach(rule_id::poll_cq_wc_status_success_on_valid_work,
			       "a send WR of a valid exchange completed in error: " + wc_text(wc));
	}
	if (v.waited)
		for (uint64_t id : valid)
			breach(rule_id::post_send_send_flags_signaled,
			       fmt::format("signaled send WR wr_id {:#x} of a valid exchange produced no completion", id));
	return out;
}

} // namespace ibvcert
