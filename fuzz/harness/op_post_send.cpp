// ibv_post_send on the pair's requester, then ibv_poll_cq on the pair's CQ:
// a chain of 1-3 WRs (one when the responder receives from the SRQ) of a
// decoded opcode (in the QP type's column of ibv_post_send(3)'s table or
// not), signaled or not, with a gather list of num_sge entries in an MR
// slot's buffer (by its lkey or a wrong key, within the MR or past it), an
// RDMA / atomic target in an MR slot (by its rkey or a wrong key, aligned
// or not), UD with the pair's AH. The completions are drained after the
// post (on a real device: waited for, up to a second).
//
// The pair's model (fixtures/model/datapath_model.h) predicts each WR's
// status while the pair is sound; the checks name their rules
// (ibv_poll_cq's result: contracts/call_judge.h; the completions against the
// outstanding WRs and the valid ones' status: contracts/polled_judge.h),
// and on the SRQ: each message the SRQ's QP receives takes one of its WRs,
// and the drop below an armed srq_limit raises the limit event once and
// disarms it (srq.limit_event.once_below_the_limit: the SRQ's model;
// get_async_event counts the events, ibv_query_srq must show srq_limit 0).
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/call_judge.h"
#include "contracts/completion_judge.h"
#include "contracts/polled_judge.h"
#include "contracts/names.h"
#include "contracts/post_wr_eval.h"
#include "contracts/srq_attr.h"
#include "contracts/rule_ids/post_send.h"
#include "contracts/rule_ids/srq.h"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <thread>

namespace ibvcert::fuzz {
namespace {

const OpVerb kPostSend = {"post_send", "ibv_post_send", Verb::PostSend};

// BIND_MW is left out: its WR names a memory window the input has none of.
constexpr ibv_wr_opcode kOpcodes[] = {
	IBV_WR_SEND,          IBV_WR_SEND_WITH_IMM,      IBV_WR_RDMA_WRITE,
	IBV_WR_RDMA_WRITE_WITH_IMM, IBV_WR_RDMA_READ,    IBV_WR_ATOMIC_CMP_AND_SWP,
	IBV_WR_ATOMIC_FETCH_AND_ADD, IBV_WR_LOCAL_INV,   IBV_WR_SEND_WITH_INV,
	IBV_WR_TSO,
};
constexpr int kOpcodeCount = sizeof(kOpcodes) / sizeof(kOpcodes[0]);
constexpr int kMaxSendChain = 3;
constexpr int kSendSge = 4;
constexpr auto kRealDeviceWait = std::chrono::milliseconds(1000);

bool plain_opcode(ibv_wr_opcode op)
{
	return op == IBV_WR_SEND || op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE ||
	       op == IBV_WR_RDMA_WRITE_WITH_IMM || op == IBV_WR_RDMA_READ ||
	       op == IBV_WR_ATOMIC_CMP_AND_SWP || op == IBV_WR_ATOMIC_FETCH_AND_ADD;
}

enum class SgeCount : uint8_t { One, Zero, AboveMax };
enum class Span : uint8_t { Eight, Small, PastTheMr };

// One WR as decoded.
struct SendChoice {
	ibv_wr_opcode opcode = IBV_WR_SEND;
	bool signaled = true;
	bool inline_data = false;
	SgeCount count = SgeCount::One;
	BufferRef local, remote;
	Span span = Span::Eight;
	bool unaligned = false;
};

std::string buffer_text(const BufferRef &b)
{
	if (b.mr < 0)
		return "in no MR";
	return "mr#" + std::to_string(b.mr) + (b.key_valid ? "" : " (wrong key)") + " +" +
	       std::to_string(b.offset) + " length " + std::to_string(b.length);
}

class PostSendOp : public Op {
public:
	explicit PostSendOp(std::vector<SendChoice> wrs) : wrs_(std::move(wrs)) {}

	const OpVerb &verb() const override { return kPostSend; }
	int slot() const override { return kSrqSlot; } // the SRQ changes as its WRs are consumed

	void bind(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		b = Bound{};
		PairModel m = lane.pair().model; // a copy: each WR's prediction on the one before
		auto mrs = lane.mr_states();
		for (const SendChoice &c : wrs_) {
			Wr w;
			w.c = c;
			w.num_sge = c.count == SgeCount::One ? 1
				  : c.count == SgeCount::Zero ? 0
							      : (int)m.max_send_sge + 1;
			w.num_sge = std::min(w.num_sge, kSendSge);
			for (BufferRef *r : {&w.c.local, &w.c.remote})
				if (r->mr >= 0)
					r->generation = mrs[r->mr].generation;
			size_t mr_len = w.c.local.mr >= 0 ? mrs[w.c.local.mr].length : 0;
			w.c.local.length = c.span == Span::Eight ? 8
					 : c.span == Span::Small ? 32
								 : (uint32_t)mr_len + 1;
			w.c.remote.offset = c.unaligned ? 1 : 0;
			w.c.remote.length = w.c.local.length;
			if (w.num_sge == 1 && !c.inline_data) {
				w.p = m.predict_send(c.opcode, w.c.local, w.c.remote, mrs.data(), kMrSlots);
			} else {
				w.p.in_table = opcode_in_table(m.type, c.opcode);
				w.p.why = c.inline_data ? "inline data" : "num_sge other than 1";
			}
			if (w.p.success && w.p.consumes_recv && !m.srq)
				m.recvs.pop_front();
			if (!w.p.success)
				m.unsure();
			b.wrs.push_back(w);
		}
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		PairSlot &p = lane.pair();
		int n = (int)b.wrs.size();
		ibv_sge sge[kMaxSendChain][kSendSge];
		ibv_send_wr wr[kMaxSendChain];
		for (int k = 0; k < n; k++) {
			Wr &w = b.wrs[k];
			const MrSlot *lm = w.c.local.mr >= 0 ? &lane.mr(w.c.local.mr) : nullptr;
			const MrSlot *rm = w.c.remote.mr >= 0 ? &lane.mr(w.c.remote.mr) : nullptr;
			// Inline data is read from the gather list by the CPU at post time
			// ("The L_Key will not be checked"): it must be memory the input
			// owns, so an inline WR gathers from the scratch buffer.
			static std::array<uint8_t, kMrBytes * 2> scratch;
			for (auto &e : sge[k]) {
				e.addr = w.c.inline_data ? (uint64_t)(uintptr_t)scratch.data()
				       : lm && !lm->buf.empty() ? (uint64_t)(uintptr_t)lm->buf.data()
								: 0;
				e.length = w.c.local.length;
				e.lkey = lm && lm->mr ? lm->mr->lkey() ^ (w.c.local.key_valid ? 0 : 0x00ff0000)
						      : 0x5a5a5a00;
			}
			uint64_t raddr = rm && !rm->buf.empty() ? (uint64_t)(uintptr_t)rm->buf.data() : 0;
			uint32_t rkey = rm && rm->mr ? rm->mr->rkey() ^ (w.c.remote.key_valid ? 0 : 0x00ff0000)
						     : 0x5a5a5a00;
			wr[k] = ibv_send_wr{};
			w.wr_id = wr[k].wr_id = p.next_wr_id++;
			wr[k].sg_list = sge[k];
			wr[k].num_sge = w.num_sge;
			wr[k].opcode = w.c.opcode;
			wr[k].send_flags = (w.c.signaled ? IBV_SEND_SIGNALED : 0) |
					   (w.c.inline_data ? IBV_SEND_INLINE : 0);
			wr[k].imm_data = htonl(0x1234);
			// A UD WR names its AH whatever the opcode (the provider reads
			// it before it looks at the opcode: rxe does).
			if (p.model.type == IBV_QPT_UD) {
				wr[k].wr.ud.ah = p.ah ? p.ah->ah() : nullptr;
				wr[k].wr.ud.remote_qpn = p.responder->qp_num();
				wr[k].wr.ud.remote_qkey = p.qkey;
			} else if (w.c.opcode == IBV_WR_ATOMIC_CMP_AND_SWP ||
				   w.c.opcode == IBV_WR_ATOMIC_FETCH_AND_ADD) {
				wr[k].wr.atomic.remote_addr = raddr + w.c.remote.offset;
				wr[k].wr.atomic.rkey = rkey;
				wr[k].wr.atomic.compare_add = 1;
			} else {
				wr[k].wr.rdma.remote_addr = raddr + w.c.remote.offset;
				wr[k].wr.rdma.rkey = rkey;
			}
			wr[k].next = k + 1 < n ? &wr[k + 1] : nullptr;
		}
		ibv_send_wr *bad = nullptr;
		int ret = p.requester->post_send(wr, &bad);
		b.posted = ret == 0 ? n : (bad >= wr && bad < wr + n ? (int)(bad - wr) : 0);
		b.wr_count = n;
		b.bad_wr = ret && bad >= wr && bad < wr + n ? (int)(bad - wr) : -1;
		for (int k = 0; k < b.posted; k++)
			p.sends.push_back(b.wrs[k].wr_id);
		drain(lane, b);
		return ret;
	}

	CallResult call_result(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return {verb().verb, ret[lane.index()], b.wr_count, b.bad_wr};
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		const PairModel &m = lane.pair().model;
		// A WR that breaks a row fails the post, whatever the WRs before it
		// did: the opcode table, then the capacity rows the model knows the
		// bound of (max_send_sge as ibv_create_qp reported it; an inline
		// WR's max_inline_data it does not keep).
		PostQueueNow q;
		q.cap.max_send_sge = m.max_send_sge;
		for (const Wr &w : b.wrs) {
			if (!opcode_in_table(m.type, w.c.opcode)) {
				static const ContractRule *r = find_rule(rule_id::post_send_opcode_in_the_qp_type_table);
				return expect_reject(*r);
			}
			PostedWr pw;
			pw.num_sge = w.num_sge;
			if (Verdict v = evaluate_post_wr(Verb::PostSend, q, pw); !v.accepts())
				return expect_of(v);
		}
		for (const Wr &w : b.wrs)
			if (!plain_opcode(w.c.opcode) || w.c.inline_data || w.num_sge < 1)
				return std::nullopt; // outside what the model predicts
		return Expect{};
	}

	void settle(Lane &lane, int) override
	{
		Bound &b = bound_[lane.index()];
		PairSlot &p = lane.pair();
		PairModel &m = p.model;
		for (int k = 0; k < b.posted; k++) {
			const Wr &w = b.wrs[k];
			if (w.p.success && w.p.consumes_recv && !m.srq && !m.recvs.empty())
				m.recvs.pop_front();
			if (!w.p.success)
				m.unsure();
		}
		for (const ibv_wc &wc : b.wcs)
			if (wc.status != IBV_WC_SUCCESS)
				m.unsure();
		if (b.poll_ret < 0 || b.waited_out)
			m.unsure();
		if (!m.sound)
			m.recvs.clear();
		// Each message the SRQ's QP received took one of the SRQ's WRs.
		SrqSlot &srq = lane.srq();
		for (const ibv_wc &wc : b.wcs)
			if (m.srq && srq && p.responder && wc.qp_num == p.responder->qp_num() &&
			    srq.model.outstanding > 0) {
				srq.model.consume_one();
				b.srq_consumed++;
				SrqStep step;
				step.kind = SrqStep::Kind::Consumed;
				step.wrs = srq.model.outstanding;
				step.at = "post_send: a message took one of the SRQ's WRs";
				srq.history.steps.push_back(step);
			}
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &after, Oracle &oracle) override
	{
		int i = lane.index();
		Bound &b = bound_[i];
		PairSlot &p = lane.pair();
		for (int r : b.polls) {
			Verdict v = judge_call({Verb::PollCq, r, 0, -1, kPollBatch});
			if (!v.accepts())
				oracle.fail(i, {std::string("poll_cq.return:") + v.first()->rule->id, "ibv_poll_cq's result breaks its rows", v});
		}
		// The completions against the WRs outstanding on the pair's queues
		// (the SRQ's WRs are the SRQ op's: any wr_id there), and the WRs the
		// pair's model holds valid against their status.
		PolledView view;
		view.queues.push_back({p.requester->qp_num(), QueueWork::Kind::Send, p.sends});
		if (p.model.srq)
			view.queues.push_back({p.responder->qp_num(), QueueWork::Kind::Srq, ids_of(b.wcs, p.responder->qp_num())});
		else
			view.queues.push_back({p.responder->qp_num(), QueueWork::Kind::Recv, p.recvs});
		for (int k = 0; k < b.posted; k++)
			if (b.wrs[k].p.success && b.wrs[k].c.signaled)
				view.valid_signaled.push_back(b.wrs[k].wr_id);
		view.waited = lane.strict();
		view.wcs = b.wcs;
		Verdict v = judge_polled(view);
		if (!v.accepts())
			oracle.fail(i, {std::string("poll_cq.wc:") + v.first()->rule->id, "the completions polled break the datapath's rows", v});
		for (const ibv_wc &wc : b.wcs) {
			auto &list = wc.qp_num == p.requester->qp_num() ? p.sends : p.recvs;
			auto it = std::find(list.begin(), list.end(), wc.wr_id);
			if (it != list.end())
				list.erase(it);
		}
		// The SRQ's srq_limit once its WRs were consumed, a step of its
		// history, then the history to its judge.
		if (b.srq_consumed && after.srq_live && lane.srq()) {
			ibv_srq_attr q{};
			if (lane.srq().srq->query(q) == 0) {
				SrqStep step;
				step.kind = SrqStep::Kind::Queried;
				step.srq_limit = q.srq_limit;
				step.at = "post_send: ibv_query_srq " + describe_srq_attr(q);
				lane.srq().history.steps.push_back(step);
				judge_srq("post_send", lane.srq().history, lane, oracle);
			}
		}
	}

	std::string describe(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		std::string out = "pair: " + lane.pair().model.describe() + "\n";
		for (size_t k = 0; k < b.wrs.size(); k++) {
			const Wr &w = b.wrs[k];
			out += "wr " + std::to_string(k) + ": " + wr_opcode_name(w.c.opcode) +
			       (w.c.signaled ? " signaled" : "") + (w.c.inline_data ? " inline" : "") +
			       " num_sge=" + std::to_string(w.num_sge) + ", local " +
			       buffer_text(w.c.local) + ", remote " + buffer_text(w.c.remote) +
			       "; model: " + (w.p.success ? "IBV_WC_SUCCESS" : "no status (" + w.p.why + ")") +
			       "\n";
		}
		return out;
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		std::string out = "returned: " + errno_name(ret[lane.index()]) + " (" +
				  std::to_string(b.posted) + " posted)\n";
		for (const ibv_wc &wc : b.wcs)
			out += "completion: " + wc_text(wc) + "\n";
		if (b.poll_ret < 0)
			out += "ibv_poll_cq returned " + std::to_string(b.poll_ret) + "\n";
		if (b.waited_out)
			out += "completions still missing after the wait\n";
		return out + model_line(expect(lane), "no verdict for this list");
	}

	std::string summary(int lane) const override
	{
		const Bound &b = bound_[lane];
		std::string ops;
		for (const Wr &w : b.wrs)
			ops += std::string(ops.empty() ? "" : ",") + wr_opcode_name(w.c.opcode);
		return "post_send: " + ops + " returned " + errno_name(ret[lane]) + ", " +
		       std::to_string(b.wcs.size()) + " completions";
	}

private:
	static constexpr int kPollBatch = 8;

	struct Wr {
		SendChoice c;
		int num_sge = 1;
		SendPrediction p;
		uint64_t wr_id = 0;
	};
	struct Bound {
		std::vector<Wr> wrs;
		int posted = 0;
		int wr_count = 0, bad_wr = -1; // the list given, and bad_wr's place in it
		std::vector<ibv_wc> wcs;
		int poll_ret = 0;
		std::vector<int> polls; // every ibv_poll_cq result
		bool waited_out = false;
		int srq_consumed = 0;
	};

	static std::string wc_text(const ibv_wc &wc)
	{
		return "wr_id " + hex(wc.wr_id) + " qp_num " + hex(wc.qp_num) + " status " +
		       ibv_wc_status_str(wc.status) + " opcode " + std::to_string(wc.opcode) +
		       " byte_len " + std::to_string(wc.byte_len);
	}

	// Completions the lane must see before the op ends: every signaled WR
	// posted, the receives the model predicts, and on the SRQ's QP the
	// receive of each message whose send completed successfully (so that
	// the SRQ's model has counted the WR it took before the next op).
	static size_t awaited(const Bound &b, const PairSlot &p)
	{
		size_t n = 0;
		for (int k = 0; k < b.posted; k++) {
			const Wr &w = b.wrs[k];
			n += w.c.signaled;
			n += w.p.success && w.p.consumes_recv && !p.model.srq;
		}
		if (p.model.srq)
			for (const ibv_wc &wc : b.wcs)
				if (wc.qp_num == p.requester->qp_num() && wc.status == IBV_WC_SUCCESS &&
				    consumes(b, wc.wr_id))
					n++;
		return n;
	}

	// The wr_ids of the completions of one QP (an SRQ's WRs: whichever
	// the SRQ's QP names; the SRQ op keeps their count).
	static std::vector<uint64_t> ids_of(const std::vector<ibv_wc> &wcs, uint32_t qpn)
	{
		std::vector<uint64_t> ids;
		for (const ibv_wc &wc : wcs)
			if (wc.qp_num == qpn)
				ids.push_back(wc.wr_id);
		return ids;
	}

	static bool consumes(const Bound &b, uint64_t wr_id)
	{
		for (const Wr &w : b.wrs)
			if (w.wr_id == wr_id)
				return w.p.consumes_recv;
		return false;
	}

	void drain(Lane &lane, Bound &b)
	{
		PairSlot &p = lane.pair();
		auto deadline = std::chrono::steady_clock::now() + kRealDeviceWait;
		for (;;) {
			ibv_wc wc[kPollBatch];
			int n = p.cq->poll(kPollBatch, wc);
			if (n < 0) {
				b.poll_ret = n;
				return;
			}
			b.polls.push_back(n);
			if (n > kPollBatch)
				return; // the array holds kPollBatch: judged in check()
			b.wcs.insert(b.wcs.end(), wc, wc + n);
			lane.events().polled(*p.cq, wc, n);
			if (n > 0)
				continue;
			if (lane.strict() || b.wcs.size() >= awaited(b, p))
				return;
			if (std::chrono::steady_clock::now() > deadline) {
				b.waited_out = true;
				return;
			}
			std::this_thread::sleep_for(std::chrono::microseconds(200));
		}
	}

	std::vector<SendChoice> wrs_;
	Bound bound_[kMaxLanes];
};

BufferRef decode_buffer(FuzzedDataProvider &in)
{
	BufferRef r;
	int pick = in.ConsumeIntegralInRange(0, kMrSlots + 1);
	r.mr = pick < kMrSlots ? pick : pick == kMrSlots ? 0 : -1; // zero bytes: mr#0
	r.key_valid = pick != kMrSlots;
	return r;
}

} // namespace

// ibv_post_send on the lane's pair's requester, with ibv_poll_cq of the completions.
void post_send_step(Session &s)
{
	for (int i = 0; i < s.lanes(); i++)
		if (!s.lane(i).pair())
			return;
	auto &in = s.in();
	int n = 1 + in.ConsumeIntegralInRange(0, kMaxSendChain - 1);
	bool srq = s.lane(0).pair().model.srq;
	if (srq)
		n = 1; // a failed post then consumed nothing: it changed no SRQ
	std::vector<SendChoice> wrs(n);
	for (SendChoice &c : wrs) {
		c.opcode = kOpcodes[in.ConsumeIntegralInRange(0, kOpcodeCount - 1)];
		c.signaled = !in.ConsumeBool() || srq; // on the SRQ: waited for, see awaited()
		uint8_t flags = in.ConsumeIntegral<uint8_t>();
		c.inline_data = (flags & 0x7) == 0x7;
		int count = flags >> 3 & 0x3;
		c.count = count == 1 ? SgeCount::Zero : count == 2 ? SgeCount::AboveMax : SgeCount::One;
		c.local = decode_buffer(in);
		c.remote = decode_buffer(in);
		c.span = (Span)in.ConsumeIntegralInRange(0, 2);
		c.unaligned = in.ConsumeIntegralInRange(0, 7) == 7;
	}
	s.execute(std::make_unique<PostSendOp>(std::move(wrs)));
}
IBVCERT_FUZZ_ROW(post_send, 18);

} // namespace ibvcert::fuzz
