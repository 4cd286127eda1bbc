// The CQ commands of the whole-device state machine: CreateCq / DestroyCq
// (ibv_create_cq of a cqe around 1 and max_cqe), ModifyCq (moderation),
// CqDrawnStep (a verb of fixtures/object_verbs.h's IBVCERT_CQ_DRAWN_VERBS:
// ibv_resize_cq; the completions it held are polled after it), and the datapath
// on the model's CQs: SendOnCq (a loopback RC pair on the CQ, ibv_post_recv
// and signaled SENDs) and PollCq. Each call is held to its verb's judges.
#include "properties/device_step.h"

#include "contracts/create_cq_judge.h"
#include "contracts/lifecycle_judge.h"
#include "contracts/modify_cq_effect.h"
#include "contracts/modify_cq_eval.h"
#include "contracts/names.h"
#include "contracts/polled_judge.h"
#include "contracts/value_check.h"
#include "fixtures/cq_drawn_verbs.h"
#include "fixtures/object_verbs.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <climits>
#include <ostream>
#include <vector>

namespace ibvcert {
namespace {

rc::Gen<int> cqe_value(const DeviceCaps &caps)
{
	int max = std::min(caps.device.orig_attr.max_cqe, 4096);
	return rc::gen::weightedOneOf<int>({{3, rc::gen::element<int>(1, 2, 16, max)},
					    {2, rc::gen::inRange<int>(1, max + 1)}});
}

class CreateCq : public Step {
public:
	explicit CreateCq(const DeviceModel &m) : slot_(*empty_slot(m.cqs)), cqe_(*cqe_value(*m.caps)) {}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(!m.cqs[slot_].live); }
	void apply(DeviceModel &m) const override { m.create_cq(slot_, cqe_); }
	void show(std::ostream &os) const override
	{
		os << "CreateCq " << slot_label("cq", slot_) << " cqe=" << cqe_;
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		int ret = b.run.device().create_cq(cqe_, b.cqs[slot_]);
		int reported = ret == 0 ? b.cqs[slot_]->cqe() : 0;
		const std::string what =
			fmt::format("ibv_create_cq(cqe={}) returned {}, cqe={}", cqe_, errno_name(ret), reported);
		hold_verdict(*this, m, b, judge_create_cq(*m.caps, cqe_, ret, reported), what);
		if (ret)
			fail_step(*this, m, b, "precondition: a CQ within max_cqe", {what});
		b.cq_held[slot_].clear();
	}

private:
	size_t slot_;
	int cqe_;
};

class DestroyCq : public Step {
public:
	explicit DestroyCq(const DeviceModel &m) : slot_(*live_slot(m.cqs)) {}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(m.cqs[slot_].live); }
	void apply(DeviceModel &m) const override { m.cqs[slot_] = CqSlot{}; }
	void show(std::ostream &os) const override { os << "DestroyCq " << slot_label("cq", slot_); }

protected:
	// The pair on the CQ goes first: no QP depends on it at the call.
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		b.cq_pairs[slot_].clear();
		int ret = b.cqs[slot_]->destroy();
		const std::string what = "ibv_destroy_cq returned " + errno_name(ret);
		hold_verdict(*this, m, b, judge_destroy({Verb::DestroyCq, 0, ret, true}), what);
		if (ret)
			fail_step(*this, m, b, "precondition: the CQ goes once no QP uses it", {what});
		b.cqs[slot_].reset();
		b.cq_held[slot_].clear();
	}

private:
	size_t slot_;
};

// n signaled SENDs over a loopback RC pair on the CQ, a receive posted for
// each: 2n completions (each send's and each receive's) on the CQ.
class SendOnCq : public Step {
public:
	explicit SendOnCq(const DeviceModel &m)
		: slot_(*live_slot(m.cqs)), n_(*rc::gen::inRange(1u, kMaxSends + 1))
	{
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.cqs[slot_].live);
		RC_PRE(m.cqs[slot_].unpolled + 2 * n_ <= (uint32_t)m.cqs[slot_].cqe_at_least);
	}
	void apply(DeviceModel &m) const override { m.cqs[slot_].unpolled += 2 * n_; }
	void show(std::ostream &os) const override
	{
		os << "SendOnCq " << slot_label("cq", slot_) << " " << n_ << " SENDs";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		auto &pair = b.cq_pairs[slot_];
		Cq &cq = *b.cqs[slot_];
		if (pair.empty()) {
			for (int k = 0; k < 2; k++) {
				ibv_qp_init_attr init{};
				init.qp_type = IBV_QPT_RC;
				init.sq_sig_all = 0;
				init.cap = {kMaxSends, kMaxSends, 1, 1, 0};
				std::unique_ptr<Qp> qp;
				if (int ret = b.run.device().create_qp(*b.pd, cq, cq, init, qp))
					fail_step(*this, m, b, "precondition: an RC QP on the CQ",
						  {"ibv_create_qp returned " + errno_name(ret)});
				pair.push_back(std::move(qp));
			}
			std::string failed;
			if (int ret = b.run.device().connect_loopback(*pair[0], *pair[1], failed))
				fail_step(*this, m, b, "precondition: a loopback RC pair on the CQ",
					  {failed + " (" + errno_name(ret) + ")"});
		}
		for (uint32_t i = 0; i < n_; i++) {
			ibv_sge rs{reinterpret_cast<uint64_t>(b.dp_buffer.data()) + kDpBytes * (kMaxSends + i),
				   (uint32_t)kDpBytes, b.dp_mr->lkey()};
			ibv_recv_wr r{};
			r.wr_id = kRecvWrId | b.next_wr_id;
			r.sg_list = &rs;
			r.num_sge = 1;
			ibv_recv_wr *bad_r = nullptr;
			int ret = pair[1]->post_recv(&r, &bad_r);
			const std::string recv_what = "ibv_post_recv returned " + errno_name(ret);
			hold_verdict(*this, m, b,
				     judge_call({Verb::PostRecv, ret, 1, ret ? (bad_r == &r ? 0 : -1) : -1}),
				     recv_what);
			if (ret)
				fail_step(*this, m, b, "precondition: a receive on a connected RC QP", {recv_what});
			ibv_sge ss{reinterpret_cast<uint64_t>(b.dp_buffer.data()) + kDpBytes * i,
				   (uint32_t)kDpBytes, b.dp_mr->lkey()};
			ibv_send_wr w{};
			w.wr_id = b.next_wr_id;
			w.sg_list = &ss;
			w.num_sge = 1;
			w.opcode = IBV_WR_SEND;
			w.send_flags = IBV_SEND_SIGNALED;
			ibv_send_wr *bad_s = nullptr;
			ret = pair[0]->post_send(&w, &bad_s);
			const std::string send_what = "ibv_post_send (SEND) returned " + errno_name(ret);
			hold_verdict(*this, m, b,
				     judge_call({Verb::PostSend, ret, 1, ret ? (bad_s == &w ? 0 : -1) : -1}),
				     send_what);
			if (ret)
				fail_step(*this, m, b, "precondition: a SEND on a connected RC QP", {send_what});
			b.cq_held[slot_].push_back(w.wr_id);
			b.cq_held[slot_].push_back(r.wr_id);
			b.next_wr_id++;
		}
	}

private:
	size_t slot_;
	uint32_t n_;
};

// Polls the CQ until it gives no more (at most `bound` completions): their
// wr_ids, sorted, each call held to ibv_poll_cq's result rows and the
// completions to the datapath's (contracts/polled_judge.h): each names a
// WR its pair's queues hold, once, and each SEND (valid: a connected RC
// pair, a live MR, a receive waiting) completes successfully.
std::vector<uint64_t> poll_held(const DeviceCommand &step, const DeviceModel &m, DeviceBench &b, size_t slot,
				size_t bound)
{
	Cq &cq = *b.cqs[slot];
	std::vector<uint64_t> ids;
	PolledView view;
	if (b.cq_pairs[slot].size() == 2) {
		QueueWork sends{b.cq_pairs[slot][0]->qp_num(), QueueWork::Kind::Send, {}};
		QueueWork recvs{b.cq_pairs[slot][1]->qp_num(), QueueWork::Kind::Recv, {}};
		for (uint64_t id : b.cq_held[slot])
			(id & kRecvWrId ? recvs : sends).outstanding.push_back(id);
		view.valid_signaled = sends.outstanding;
		view.queues = {sends, recvs};
	}
	ibv_wc wc[4];
	for (size_t tries = 0; tries <= bound; tries++) {
		int r = cq.poll(4, wc);
		hold_verdict(step, m, b, judge_call({Verb::PollCq, r, 0, -1, 4}),
			     fmt::format("ibv_poll_cq(num_entries=4) returned {}", r));
		if (r <= 0)
			break;
		for (int i = 0; i < r; i++) {
			ids.push_back(wc[i].wr_id);
			view.wcs.push_back(wc[i]);
		}
	}
	hold_verdict(step, m, b, judge_polled(view),
		     fmt::format("ibv_poll_cq on {}: {} completions", slot_label("cq", slot), view.wcs.size()));
	std::sort(ids.begin(), ids.end());
	return ids;
}

std::vector<uint64_t> sorted(std::vector<uint64_t> ids)
{
	std::sort(ids.begin(), ids.end());
	return ids;
}

class PollCq : public Step {
public:
	explicit PollCq(const DeviceModel &m) : slot_(*live_slot(m.cqs)) {}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(m.cqs[slot_].live); }
	void apply(DeviceModel &m) const override { m.cqs[slot_].unpolled = 0; }
	void show(std::ostream &os) const override { os << "PollCq " << slot_label("cq", slot_) << " (all)"; }

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		std::vector<uint64_t> want = sorted(b.cq_held[slot_]);
		std::vector<uint64_t> got = poll_held(*this, m, b, slot_, want.size() + 4);
		b.cq_held[slot_].clear();
		if (got.size() != m.cqs[slot_].unpolled || got != want)
			fail_step(*this, m, b, "the CQ does not hold the completions the model counts",
				  {fmt::format("polled wr_ids {}, the model {} completions: {}", fmt::join(got, ","),
					       m.cqs[slot_].unpolled, fmt::join(want, ","))});
	}

private:
	size_t slot_;
};

rc::Gen<uint16_t> around(uint16_t cap)
{
	uint16_t below = cap ? cap - 1 : 0, above = cap < UINT16_MAX ? cap + 1 : cap;
	return rc::gen::weightedOneOf<uint16_t>(
		{{3, rc::gen::element<uint16_t>(0, 1, below, cap, above, UINT16_MAX)},
		 {1, rc::gen::arbitrary<uint16_t>()}});
}

class ModifyCq : public Step {
public:
	explicit ModifyCq(const DeviceModel &m) : slot_(*live_slot(m.cqs))
	{
		const auto &mc = m.caps->device.cq_mod_caps;
		int kind = *rc::gen::weightedElement<int>({{7, 0}, {1, 1}, {1, 2}});
		uint32_t unknown = 1u << *rc::gen::inRange(1, 32);
		const uint32_t moderate = IBV_CQ_ATTR_MODERATE;
		attr_.attr_mask = kind == 0 ? moderate : kind == 1 ? 0u : unknown | moderate;
		attr_.moderate.cq_count = *around(mc.max_cq_count);
		attr_.moderate.cq_period = *around(mc.max_cq_period);
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.cqs[slot_].live);
		// A SHOULD breach (a value above cq_mod_caps): the reference device
		// rejects it, another may mask it and the model cannot follow.
		RC_PRE(m.reference || evaluate_modify_cq(*m.caps, attr_).verdict() !=
					      Verdict::Class::ShouldReject);
	}
	void apply(DeviceModel &m) const override
	{
		if (evaluate_modify_cq(*m.caps, attr_).accepts())
			m.modify_cq(slot_, attr_);
	}
	void show(std::ostream &os) const override
	{
		os << "ModifyCq " << slot_label("cq", slot_) << " {" << describe_modify_cq_attr(attr_) << "}";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Cq &cq = *b.cqs[slot_];
		ibv_moderate_cq before{}, after{};
		int qb = m.defaults.moderation ? cq.query_moderation(before) : -1;
		ibv_modify_cq_attr sent = attr_;
		int ret = cq.modify(sent);
		int qa = m.defaults.moderation ? cq.query_moderation(after) : -1;
		// The effect rows on the moderation as read before and after.
		EffectObservation effect = observe_modify_cq(*m.caps, attr_, ret, qb == 0 ? &before : nullptr,
							     qa == 0 ? &after : nullptr);
		hold_verdict(*this, m, b, judge_whole_call({Verb::ModifyCq, ret}, effect),
			     "ibv_modify_cq {" + describe_modify_cq_attr(attr_) + "} returned " + errno_name(ret) +
				     "; contract: " + effect.request.describe());
	}
	std::string names() const override { return slot_label("cq", slot_); }
	Verb frame_verb() const override { return Verb::ModifyCq; }

private:
	size_t slot_;
	ibv_modify_cq_attr attr_{};
};

// A verb of fixtures/object_verbs.h's IBVCERT_CQ_DRAWN_VERBS rows
// (ibv_resize_cq) on a live CQ: each argument one of the classes the verb's
// rows split its field into for this CQ (the CQ's size, the completions it
// holds), now and then any int. The row calls and judges: the CQ as observed
// before (what it holds: the WRs completed on it) and after (what polling it
// gives), both as sorted wr_ids. The model then holds the CQ as observed
// (its size after an accepted call; nothing unpolled: polled after it).
template <Verb V> class CqDrawnStep : public Step {
public:
	explicit CqDrawnStep(const DeviceModel &m) : slot_(*live_slot(m.cqs))
	{
		for (const char *field : row().fields) {
			std::vector<int> values;
			for (const ValueClass &c : cq_argument_classes(row(), field, *m.caps, m.cqs[slot_].cqe_at_least,
								       (int64_t)m.cqs[slot_].unpolled))
				values.push_back((int)std::clamp<int64_t>(c.value, INT_MIN, INT_MAX));
			args_.push_back(values.empty() ? *rc::gen::arbitrary<int>()
						       : *rc::gen::weightedOneOf<int>({{4, rc::gen::elementOf(values)},
										       {1, rc::gen::arbitrary<int>()}}));
		}
	}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(m.cqs[slot_].live); }
	void apply(DeviceModel &m) const override
	{
		if (accepted_)
			m.cqs[slot_].cqe_at_least = cqe_after_;
		m.cqs[slot_].unpolled = 0; // polled after the call
	}
	void show(std::ostream &os) const override { os << row().describe(args_) << " on " << slot_label("cq", slot_); }

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Cq &cq = *b.cqs[slot_];
		CqView before{cq.cqe(), sorted(b.cq_held[slot_])};
		int ret = row().call(cq, args_);
		CqView after{cq.cqe(), poll_held(*this, m, b, slot_, before.unpolled.size() + 4)};
		b.cq_held[slot_].clear();
		// The whole call, its result rows too.
		hold_verdict(*this, m, b, row().judge(*m.caps, before, args_, ret, after),
			     fmt::format("{} returned {}: cqe {} -> {}, held {}, polled {}", row().describe(args_),
					 errno_name(ret), before.cqe, after.cqe, fmt::join(before.unpolled, ","),
					 fmt::join(after.unpolled, ",")));
		accepted_ = ret == 0;
		cqe_after_ = after.cqe;
		if (after.unpolled.size() != m.cqs[slot_].unpolled)
			fail_step(*this, m, b, "the CQ does not hold the completions the model counts",
				  {fmt::format("polled {} after {}, the model {}", after.unpolled.size(),
					       verb_name(V), m.cqs[slot_].unpolled)});
	}
	std::string names() const override { return slot_label("cq", slot_); }
	Verb frame_verb() const override { return V; }

private:
	static const CqDrawnVerb &row() { return cq_drawn_verb(V); }
	size_t slot_;
	std::vector<int> args_;
	mutable bool accepted_ = false;
	mutable int cqe_after_ = 0;
};

} // namespace

void add_cq_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	size_t cqs = 0;
	for (const auto &c : m.cqs)
		cqs += c.live;
	// Creates while no CQ lives; the datapath and resizes on those that do.
	mix.push_back({cqs ? 1u : 3u, execOneOfWithArgs<CreateCq>()(m)});
	mix.push_back({1, execOneOfWithArgs<DestroyCq>()(m)});
	mix.push_back({2, execOneOfWithArgs<ModifyCq>()(m)});
#define IBVCERT_CQ_DRAWN_COMMAND(method, verb, judge, code, fields)                                              \
	mix.push_back({cqs ? 2u : 0u, execOneOfWithArgs<CqDrawnStep<Verb::verb>>()(m)});
	IBVCERT_CQ_DRAWN_VERBS(IBVCERT_CQ_DRAWN_COMMAND)
#undef IBVCERT_CQ_DRAWN_COMMAND
	mix.push_back({cqs ? 2u : 0u, execOneOfWithArgs<SendOnCq>()(m)});
	mix.push_back({cqs ? 1u : 0u, execOneOfWithArgs<PollCq>()(m)});
}

} // namespace ibvcert
