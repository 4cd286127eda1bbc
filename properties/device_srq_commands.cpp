// The SRQ commands of the whole-device state machine: CreateSrq (with two
// loopback RC pairs whose responders share it, fixtures/rigs/srq_rig.h),
// DestroySrq, ModifySrq (arming, resizes above and below the WRs
// outstanding), PostSrqRecv (lists up to and past max_wr), ConsumeSrq
// (messages that take its WRs one at a time, the limit events held to the
// model after each), and LimitCycle (the three in a row, from arming to
// past the event). Each call is held to its verb's judges.
#include "properties/device_step.h"

#include "contracts/names.h"
#include "contracts/outcome_judge.h"
#include "contracts/srq_eval.h"
#include "fixtures/generators/srq_values.h"

#include <fmt/format.h>

#include <gtest/gtest.h>

#include <ostream>

namespace ibvcert {
namespace {

constexpr uint32_t kSrqCap = 32;     // max_wr of a created SRQ at most
constexpr uint32_t kMaxPost = 8;     // WRs in one ibv_post_srq_recv list

class CreateSrq : public Step {
public:
	explicit CreateSrq(const DeviceModel &m) : slot_(*empty_slot(m.srqs))
	{
		spec_.max_wr = *gen::srq_create_max_wr(*m.caps, kSrqCap);
		spec_.create_limit = *gen::srq_create_limit(spec_.max_wr);
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(!m.srqs[slot_].live && m.caps->device.orig_attr.max_srq > 0);
	}
	// The SRQ as the device made it once run; while the sequence is drawn,
	// as asked (a reference device makes exactly that).
	void apply(DeviceModel &m) const override
	{
		ibv_srq_attr asked{spec_.max_wr, 1, 0};
		m.create_srq(slot_, made_ ? actual_ : asked);
	}
	void show(std::ostream &os) const override
	{
		os << "CreateSrq " << slot_label("srq", slot_)
		   << fmt::format(" max_wr={} srq_limit={} (irrelevant)", spec_.max_wr, spec_.create_limit);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		auto rig = std::make_unique<SrqRig>(SrqTraffic::RC);
		if (auto why = rig->prepare(spec_))
			fail_step(*this, m, b, "precondition: an SRQ with its loopback RC pairs: " + *why, {});
		if (::testing::Test::HasFatalFailure())
			fail_step(*this, m, b, "precondition: the SRQ's rig failed", {rig->evidence()});
		actual_ = rig->created();
		actual_.srq_limit = 0;
		ibv_srq_attr asked{spec_.max_wr, 1, 0};
		hold_verdict(*this, m, b, evaluate_create_srq_report(asked, actual_),
			     fmt::format("ibv_create_srq(max_wr={}, max_sge=1) reported max_wr={} max_sge={}",
					 spec_.max_wr, actual_.max_wr, actual_.max_sge));
		// The SRQ as the device reports it: ibv_query_srq where it has one
		// (as SrqStateMachineProperty takes it; rxe0 6.1 reports the
		// max_wr=4 asked from ibv_create_srq and 7 from the query).
		int queried = 0;
		ibv_srq_attr now = rig->query(queried);
		if (queried == 0) {
			actual_.max_wr = now.max_wr;
			actual_.max_sge = now.max_sge;
		}
		made_ = true;
		b.srqs[slot_] = std::move(rig);
		b.srq_limit_events[slot_] = 0;
	}

private:
	size_t slot_;
	SrqSpec spec_;
	mutable ibv_srq_attr actual_{}; // as the device made it, once run
	mutable bool made_ = false;
};

class DestroySrq : public Step {
public:
	explicit DestroySrq(const DeviceModel &m) : slot_(*live_slot(m.srqs)) {}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(m.srqs[slot_].live); }
	void apply(DeviceModel &m) const override { m.srqs[slot_] = SrqSlot{}; }
	void show(std::ostream &os) const override
	{
		os << "DestroySrq " << slot_label("srq", slot_) << " (its QPs first)";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		// Events of the SRQ still queued are counted before it goes.
		(void)read_events(b);
		int ret = b.srqs[slot_]->destroy();
		const std::string what = "ibv_destroy_srq returned " + errno_name(ret);
		hold_verdict(*this, m, b, judge_call({Verb::DestroySrq, ret}), what);
		if (ret)
			fail_step(*this, m, b, "precondition: the SRQ goes once no QP uses it", {what});
		b.srqs[slot_].reset();
		b.srq_limit_events[slot_] = 0;
	}

private:
	size_t slot_;
};

class ModifySrq : public Step {
public:
	// Drawn around the boundaries (srq_values.h), or aimed: arming at most
	// the WRs in the SRQ, a resize alone the SRQ can take, a resize below
	// the WRs outstanding.
	ModifySrq(size_t slot, const gen::SrqModifyRequest &request) : slot_(slot), request_(request) {}
	explicit ModifySrq(const DeviceModel &m) : slot_(*live_slot(m.srqs))
	{
		const SrqModel &s = m.srqs[slot_].srq;
		// Armed, a resize alone is what may disturb the arming.
		int kind = s.armed ? *rc::gen::weightedElement<int>({{1, 0}, {1, 1}, {6, 2}, {1, 3}})
				   : *rc::gen::weightedElement<int>({{2, 0}, {5, 1}, {2, 2}, {1, 3}});
		// Unarmed with two WRs or more outstanding: half the requests drawn
		// around the boundaries become a resize below the WRs (one request
		// in four, was one in eight), the refusal that must keep every WR
		// (ConsumeSrq drains them after it); arming and the resizes the
		// SRQ takes keep their share.
		if (kind == 0 && !s.armed && s.outstanding > 1 && *rc::gen::inRange(0, 2) == 0)
			kind = 3;
		if (kind == 1 && s.outstanding > 0) {
			request_.attr_mask = IBV_SRQ_LIMIT;
			// A limit of 2 or more leaves WRs after its event: the next
			// message shows the SRQ disarmed.
			request_.attr.srq_limit = *gen::in_range_aimed(1, s.outstanding,
								      {1, s.outstanding / 2 + 1, s.outstanding});
		} else if (kind == 2) {
			uint32_t lo = std::max({s.outstanding, s.armed, 1u});
			request_.attr_mask = IBV_SRQ_MAX_WR;
			request_.attr.max_wr = *gen::in_range_aimed(lo, lo + kSrqCap, {lo, lo + 1});
		} else if (kind == 3 && s.outstanding > 1) {
			request_.attr_mask = IBV_SRQ_MAX_WR;
			request_.attr.max_wr = *rc::gen::inRange<uint32_t>(1, s.outstanding);
		} else {
			request_ = *gen::srq_modify_request(*m.caps,
							    {s.max_wr, s.max_sge, s.armed, s.outstanding},
							    gen::SrqRequestMix::everything());
		}
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.srqs[slot_].live);
		SrqVerdict v = verdict(m);
		RC_PRE(v.verdict != SrqVerdict::Class::AcceptedIfRounded);
		// The model arms no limit above the WRs in the SRQ (README).
		if (v.accepts() && (request_.attr_mask & IBV_SRQ_LIMIT))
			RC_PRE(request_.attr.srq_limit <= m.srqs[slot_].srq.outstanding);
	}
	void apply(DeviceModel &m) const override
	{
		if (verdict(m).accepts()) {
			const bool armed = m.srqs[slot_].srq.armed;
			m.srqs[slot_].srq.accept(request_.attr, request_.attr_mask);
			if (armed && request_.attr_mask == IBV_SRQ_MAX_WR && m.srqs[slot_].srq.armed)
				m.srqs[slot_].resized_armed = true;
			if (request_.attr_mask & IBV_SRQ_LIMIT) // armed anew (or disarmed): nothing to show
				m.srqs[slot_].resized_armed = false;
		} else if ((request_.attr_mask & IBV_SRQ_MAX_WR) && request_.attr.max_wr < m.srqs[slot_].srq.outstanding)
			m.srqs[slot_].refused_shrink = true;
	}
	void show(std::ostream &os) const override
	{
		os << "ModifySrq " << slot_label("srq", slot_) << " " << describe(request_);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		SrqVerdict v = verdict(m);
		SrqRig &rig = *b.srqs[slot_];
		int qb = 0, qa = 0;
		ibv_srq_attr before = rig.query(qb);
		int ret = rig.modify(request_.attr, request_.attr_mask);
		ibv_srq_attr after = rig.query(qa);
		// The effect rows on the SRQ as ibv_query_srq read it before and
		// after; the request's verdict is the verb's evaluator on the SRQ
		// as the model holds it (exact: the preconditions leave out a
		// request whose verdict hangs on a rounded size).
		EffectObservation effect;
		effect.verb = Verb::ModifySrq;
		effect.result = ret;
		effect.request_known = true;
		effect.request = evaluate_modify_srq(*m.caps, request_.attr, request_.attr_mask,
						     m.srqs[slot_].srq.standing().now);
		effect.request_text = describe(request_);
		effect.viewed = qb == 0 && qa == 0;
		if (effect.viewed && before.max_wr != after.max_wr)
			effect.changes.push_back(fmt::format("max_wr: {} -> {}", before.max_wr, after.max_wr));
		if (effect.viewed && before.srq_limit != after.srq_limit)
			effect.changes.push_back(fmt::format("srq_limit: {} -> {}", before.srq_limit, after.srq_limit));
		hold_verdict(*this, m, b, judge_whole_call({Verb::ModifySrq, ret}, effect),
			     "ibv_modify_srq " + describe(request_) + " returned " + errno_name(ret) +
				     "; contract: " + v.describe());
	}
	std::string names() const override { return slot_label("srq", slot_); }
	Verb frame_verb() const override { return Verb::ModifySrq; }

private:
	SrqVerdict verdict(const DeviceModel &m) const
	{
		return m.srqs[slot_].srq.verdict(request_.attr, request_.attr_mask);
	}
	size_t slot_;
	gen::SrqModifyRequest request_;
};

class PostSrqRecv : public Step {
public:
	PostSrqRecv(size_t slot, uint32_t n) : slot_(slot), n_(n) {}
	explicit PostSrqRecv(const DeviceModel &m) : slot_(*live_slot(m.srqs))
	{
		uint32_t room = m.srqs[slot_].srq.room();
		n_ = *gen::in_range_aimed(1, kMaxPost, {1, room, room + 1});
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.srqs[slot_].live && n_ >= 1u);
		RC_PRE(m.srqs[slot_].srq.post_verdict(n_, 1).known);
	}
	void apply(DeviceModel &m) const override { m.srqs[slot_].srq.post(n_); }
	void show(std::ostream &os) const override
	{
		os << "PostSrqRecv " << slot_label("srq", slot_) << " " << n_ << " WRs";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		const SrqModel &s = m.srqs[slot_].srq;
		SrqPost want = s.post_verdict(n_, 1);
		int bad_index = -1;
		int ret = b.srqs[slot_]->post_list(std::vector<int>(n_, 1), bad_index);
		uint32_t took = ret == 0 ? n_ : bad_index < 0 ? 0 : (uint32_t)bad_index;
		std::string what = fmt::format("{} WRs with {} of max_wr {} outstanding: returned {}, "
					       "bad_wr {}", n_, s.outstanding, s.max_wr, errno_name(ret),
					       bad_index);
		// Each WR the device took (and the one it stopped at) against the
		// rows on the SRQ as it stood when the WR came.
		Verdict v = judge_call({Verb::PostSrqRecv, ret, (int)n_, bad_index});
		SrqNow now = s.standing().now;
		for (uint32_t k = 0; k < n_ && k <= took; k++, now.outstanding++) {
			bool taken = k < took;
			if (!taken && ret == 0)
				break;
			for (RuleBreach &breach :
			     judge_request_outcome(Verb::PostSrqRecv, evaluate_post_srq_recv(now, 1), taken ? 0 : ret)
				     .breaches)
				v.breaches.push_back({breach.rule, fmt::format("WR {} of {}: {}", k + 1, n_, breach.detail)});
		}
		hold_verdict(*this, m, b, v, what);
		if (took != want.taken)
			fail_step(*this, m, b,
			     fmt::format("ibv_post_srq_recv took {} WRs, the model {}", took, want.taken),
			     {what});
	}
	std::string names() const override { return slot_label("srq", slot_); }
	Verb frame_verb() const override { return Verb::PostSrqRecv; }

private:
	size_t slot_;
	uint32_t n_ = 1;
};

// n messages from the SRQ's loopback senders, each taking one WR; after
// each, the limit events naming the SRQ are what the model says by then.
class ConsumeSrq : public Step {
public:
	// After a refused resize below the WRs outstanding, that SRQ's WRs, as
	// many as one command takes: each must still be there; after a resize
	// accepted while armed, the messages down to the first below the limit.
	ConsumeSrq(size_t slot, uint32_t n) : slot_(slot), n_(n) {}
	explicit ConsumeSrq(const DeviceModel &m)
		: slot_(*slot_where(m.srqs, [&m](const SrqSlot &s) {
			  bool any_watched = false;
			  for (const auto &o : m.srqs)
				  any_watched |= o.live && (o.refused_shrink || o.resized_armed);
			  return s.live && (!any_watched || s.refused_shrink || s.resized_armed);
		  }))
	{
		const SrqModel &s = m.srqs[slot_].srq;
		RC_PRE(s.outstanding > 0u);
		uint32_t hi = std::min(s.outstanding, 2 * kMaxPost);
		std::vector<uint32_t> edges = {1, hi};
		// The message that reaches the limit, the first below it, and the
		// one after that: the event fires once, then the SRQ is disarmed.
		if (s.armed && s.armed <= s.outstanding)
			edges.insert(edges.end(), {s.outstanding - s.armed, s.outstanding - s.armed + 1,
						   s.outstanding - s.armed + 2});
		if (m.srqs[slot_].refused_shrink && *rc::gen::inRange(0, 3) != 0)
			n_ = hi;
		else if (m.srqs[slot_].resized_armed && s.armed <= s.outstanding && *rc::gen::inRange(0, 3) != 0)
			n_ = std::min(hi, s.outstanding - s.armed + 1); // the first message below the limit
		else
			n_ = *gen::in_range_aimed(1, hi, edges);
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.srqs[slot_].live && n_ >= 1u && n_ <= m.srqs[slot_].srq.outstanding);
	}
	void apply(DeviceModel &m) const override
	{
		for (uint32_t i = 0; i < n_; i++)
			m.consume_srq(slot_);
	}
	void show(std::ostream &os) const override
	{
		os << "ConsumeSrq " << slot_label("srq", slot_) << " " << n_ << " messages";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		DeviceModel at = m;
		for (uint32_t i = 0; i < n_; i++) {
			uint32_t from = at.srqs[slot_].srq.outstanding;
			std::string arming = at.srqs[slot_].srq.arming();
			if (std::string problem = b.srqs[slot_]->consume(1); !problem.empty())
				fail_step(*this, m, b,
				     fmt::format("message {} of {} found no WR in the SRQ, where the model "
						 "holds {}", i + 1, n_, from),
				     {problem});
			at.consume_srq(slot_);
			auto stray = read_events(b);
			auto differ = at.srq_event_disagreements(slot_, b.srq_limit_events[slot_]);
			differ.insert(differ.end(), stray.begin(), stray.end());
			if (!differ.empty()) {
				differ.insert(differ.begin(),
					      fmt::format("message {} of {}: the count dropped from {} to {}, "
							  "the SRQ {}", i + 1, n_, from, from - 1, arming));
				fail_step(*this, m, b, "the limit events disagree with the model", differ);
			}
		}
	}

private:
	size_t slot_;
	uint32_t n_ = 1;
};

// The limit event's whole cycle on one SRQ in one command (ibv_modify_srq(3):
// armed, the event fires once the WRs drop below srq_limit, then the limit is
// disarmed, a resize alone leaving it armed): WRs posted to three or more,
// the limit armed between 2 and one below them, in one cycle of two a resize
// with IBV_SRQ_MAX_WR alone, then the messages down to the first below the
// limit and up to two more. Each call is its own command's (PostSrqRecv,
// ModifySrq, ConsumeSrq), held to the same judges as when drawn alone.
class LimitCycle : public StepChain {
public:
	explicit LimitCycle(const DeviceModel &m)
	{
		const size_t slot = *slot_where(m.srqs, eligible);
		const SrqModel &s = m.srqs[slot].srq;
		uint32_t most = std::min(kMaxPost, s.room());
		uint32_t post = *gen::in_range_aimed(std::max(1u, 3 - std::min(3u, s.outstanding)), most,
						     {most});
		uint32_t total = s.outstanding + post;
		gen::SrqModifyRequest arm;
		arm.attr_mask = IBV_SRQ_LIMIT;
		arm.attr.srq_limit = *gen::in_range_aimed(2, total - 1, {2, total - 1});
		label_ = "LimitCycle " + slot_label("srq", slot);
		steps_.push_back(std::make_shared<PostSrqRecv>(slot, post));
		steps_.push_back(std::make_shared<ModifySrq>(slot, arm));
		if (*rc::gen::inRange(0, 2) == 0) {
			gen::SrqModifyRequest resize;
			resize.attr_mask = IBV_SRQ_MAX_WR;
			resize.attr.max_wr = *gen::in_range_aimed(total, total + kSrqCap, {total, total + 1});
			steps_.push_back(std::make_shared<ModifySrq>(slot, resize));
		}
		uint32_t below = total - arm.attr.srq_limit + 1; // the first message below the limit
		uint32_t more = *rc::gen::inRange<uint32_t>(0, std::min(2u, arm.attr.srq_limit - 1) + 1);
		steps_.push_back(std::make_shared<ConsumeSrq>(slot, below + more));
	}
	// Unarmed, nothing watched on it, room for three WRs or more.
	static bool eligible(const SrqSlot &s)
	{
		return s.live && !s.srq.armed && !s.refused_shrink && !s.resized_armed && s.srq.max_wr_exact &&
		       s.srq.room() >= 1 && s.srq.outstanding + std::min(kMaxPost, s.srq.room()) >= 3;
	}
};

} // namespace

void add_srq_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	if (m.caps->device.orig_attr.max_srq == 0)
		return;
	size_t srqs = 0, outstanding = 0, armed = 0, refused = 0;
	for (const auto &s : m.srqs) {
		srqs += s.live;
		outstanding += s.live ? s.srq.outstanding : 0;
		// Armed, or fired and holding WRs below the limit it had: the
		// next messages show whether it fires (again).
		armed += s.live && (s.srq.armed || (s.srq.events && s.srq.outstanding));
		refused += s.live && (s.refused_shrink || s.resized_armed);
	}
	// Messages come more often while an SRQ is armed.
	mix.push_back({srqs ? 1u : 4u, execOneOfWithArgs<CreateSrq>()(m)});
	mix.push_back({1, execOneOfWithArgs<DestroySrq>()(m)});
	// After a resize accepted while armed, the messages come before
	// another modify (which may arm it anew) does.
	size_t resized = 0;
	for (const auto &s : m.srqs)
		resized += s.live && s.resized_armed;
	mix.push_back({srqs ? (resized ? 2u : armed ? 8u : 4u) : 0u, execOneOfWithArgs<ModifySrq>()(m)});
	mix.push_back({srqs ? 3u : 0u, execOneOfWithArgs<PostSrqRecv>()(m)});
	mix.push_back({refused ? 12u : outstanding ? (armed ? 8u : 3u) : 0u, execOneOfWithArgs<ConsumeSrq>()(m)});
	size_t cycles = 0;
	for (const auto &s : m.srqs)
		cycles += LimitCycle::eligible(s);
	mix.push_back({cycles && !armed && !refused ? 2u : 0u, execOneOfWithArgs<LimitCycle>()(m)});
}

} // namespace ibvcert
