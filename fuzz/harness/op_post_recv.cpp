// ibv_post_recv on the pair's responder: a chain of 1-4 WRs, each with a
// scatter list of num_sge entries (1, 0, or one above the responder's
// max_recv_sge) in an MR slot's buffer, by its lkey or a wrong key. The
// pair's model keeps each WR's buffer for the sends that follow. A
// responder receiving from the SRQ is given no ibv_post_recv
// (ibv_post_recv(3) NOTES: "you must use the function ibv_post_srq_recv()").
#include "fuzz/harness/ops.h"
#include "contracts/post_wr_eval.h"
#include "fuzz/harness/oracle.h"

#include "contracts/names.h"

namespace ibvcert::fuzz {
namespace {

const OpVerb kPostRecv = {"post_recv", "ibv_post_recv", Verb::PostRecv};

constexpr int kMaxRecvChain = 4;
constexpr int kRecvSge = 4;

enum class SgeCount : uint8_t { One, Zero, AboveMax };

class PostRecvOp : public Op {
public:
	PostRecvOp(int wrs, SgeCount count, BufferRef buf) : wrs_(wrs), count_(count), buf_(buf) {}

	const OpVerb &verb() const override { return kPostRecv; }
	int slot() const override { return -1; }

	void bind(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		b = {};
		const PairModel &m = lane.pair().model;
		b.num_sge = count_ == SgeCount::One ? 1 : count_ == SgeCount::Zero ? 0 : (int)m.max_recv_sge + 1;
		if (b.num_sge > kRecvSge)
			b.num_sge = kRecvSge;
		b.buf = buf_;
		if (buf_.mr >= 0)
			b.buf.generation = lane.mr(buf_.mr).model.generation;
		if (b.buf.mr >= 0 && b.buf.length == 0)
			b.buf.length = (uint32_t)lane.mr(buf_.mr).model.length;
		if (b.buf.length == 0)
			b.buf.length = 16;
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		PairSlot &p = lane.pair();
		ibv_sge sge[kRecvSge];
		MrSlot *m = b.buf.mr >= 0 ? &lane.mr(b.buf.mr) : nullptr;
		for (auto &e : sge) {
			e.addr = m && !m->buf.empty() ? (uint64_t)(uintptr_t)m->buf.data() : 0;
			e.length = b.buf.length;
			e.lkey = m && m->mr ? m->mr->lkey() ^ (b.buf.key_valid ? 0 : 0x00ff0000) : 0x5a5a5a00;
		}
		ibv_recv_wr wr[kMaxRecvChain];
		for (int k = 0; k < wrs_; k++) {
			wr[k] = ibv_recv_wr{};
			wr[k].wr_id = p.next_wr_id++;
			wr[k].sg_list = sge;
			wr[k].num_sge = b.num_sge;
			wr[k].next = k + 1 < wrs_ ? &wr[k + 1] : nullptr;
		}
		ibv_recv_wr *bad = nullptr;
		int ret = p.responder->post_recv(wr, &bad);
		b.posted = ret == 0 ? wrs_ : (bad >= wr && bad < wr + wrs_ ? (int)(bad - wr) : 0);
		b.wr_count = wrs_;
		b.bad_wr = ret && bad >= wr && bad < wr + wrs_ ? (int)(bad - wr) : -1;
		for (int k = 0; k < b.posted; k++)
			p.recvs.push_back(wr[k].wr_id);
		return ret;
	}

	CallResult call_result(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return {verb().verb, ret[lane.index()], b.wr_count, b.bad_wr};
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		const PairModel &m = lane.pair().model;
		const Bound &b = bound_[lane.index()];
		if (!m.sound || m.srq)
			return std::nullopt;
		// The post's capacity rows, WR by WR on the RQ as the model holds it
		// (max_recv_sge, max_recv_wr as ibv_create_qp reported them): the
		// first WR that breaks one fails the post.
		PostQueueNow q;
		q.cap.max_recv_wr = m.max_recv_wr;
		q.cap.max_recv_sge = m.max_recv_sge;
		q.outstanding = (uint32_t)m.recvs.size();
		PostedWr w;
		w.num_sge = b.num_sge;
		for (int k = 0; k < wrs_; k++, q.outstanding++)
			if (Verdict v = evaluate_post_wr(Verb::PostRecv, q, w); !v.accepts())
				return expect_of(v);
		if (b.num_sge < 1)
			return std::nullopt; // no SGE: the model does not count the room a message finds
		return Expect{};
	}

	void settle(Lane &lane, int) override
	{
		const Bound &b = bound_[lane.index()];
		PairModel &m = lane.pair().model;
		BufferRef r = b.buf;
		r.length = b.num_sge == 1 ? b.buf.length : 0; // the room a message finds
		if (b.num_sge > 1)
			m.unsure(); // more than one entry: the model does not count the room
		for (int k = 0; k < b.posted; k++)
			m.recvs.push_back(r);
		if (!m.sound)
			m.recvs.clear();
	}

	std::string describe(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return "pair: " + lane.pair().model.describe() + "\nwrs: " + std::to_string(wrs_) +
		       " chained, num_sge=" + std::to_string(b.num_sge) + ", buffer " +
		       (b.buf.mr < 0 ? std::string("in no MR") : "mr#" + std::to_string(b.buf.mr)) +
		       (b.buf.key_valid ? "" : " (wrong lkey)") + ", length " +
		       std::to_string(b.buf.length) + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return "returned: " + errno_name(ret[lane.index()]) + " (" + std::to_string(b.posted) +
		       " posted)\n" + model_line(expect(lane), "no verdict for this list");
	}

	std::string summary(int lane) const override
	{
		return "post_recv: " + std::to_string(wrs_) + " WRs num_sge=" +
		       std::to_string(bound_[lane].num_sge) + " returned " + errno_name(ret[lane]);
	}

private:
	struct Bound {
		int num_sge = 1;
		BufferRef buf;
		int posted = 0;
		int wr_count = 0, bad_wr = -1; // the list given, and bad_wr's place in it
	};
	int wrs_;
	SgeCount count_;
	BufferRef buf_;
	Bound bound_[kMaxLanes];
};

} // namespace

// ibv_post_recv on the lane's pair's responder.
void post_recv_step(Session &s)
{
	if (!s.lane(0).pair())
		return;
	auto &in = s.in();
	int wrs = 1 + in.ConsumeIntegralInRange(0, kMaxRecvChain - 1);
	auto count = (SgeCount)in.ConsumeIntegralInRange(0, 2);
	BufferRef buf;
	int pick = in.ConsumeIntegralInRange(0, kMrSlots + 1);
	buf.mr = pick < kMrSlots ? pick : -1; // zero bytes: mr#0
	buf.key_valid = pick != kMrSlots;
	if (pick == kMrSlots)
		buf.mr = 0;
	buf.length = in.ConsumeBool() ? 16 : 0; // 0: the whole MR
	// ibv_post_recv(3) NOTES: "If the QP qp is associated with a shared
	// receive queue, you must use the function ibv_post_srq_recv(), and not
	// ibv_post_recv()": a call the page forbids the application is not made
	// (libsiw dereferences the QP's absent receive queue).
	for (int i = 0; i < s.lanes(); i++)
		if (!s.lane(i).pair() || s.lane(i).pair().model.srq)
			return;
	s.execute(std::make_unique<PostRecvOp>(wrs, count, buf));
}
IBVCERT_FUZZ_ROW(post_recv, 17);

} // namespace ibvcert::fuzz
