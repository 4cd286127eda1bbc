// The SRQ verbs: ibv_create_srq (the modify_srq target's setup),
// ibv_modify_srq with any srq_attr_mask and values around the SRQ rule
// table's bounds, ibv_post_srq_recv (chains of WRs, scatter lists around
// max_sge), ibv_query_srq. The SRQ's model (fixtures/model/srq_model.h)
// holds its attributes and the WRs outstanding in it: it predicts every call
// (ibv_modify_srq from contracts/srq_eval.h over contracts/srq_rules.cpp)
// and follows what the device did. What ibv_query_srq reads is judged, not
// compared with the model: srq_limit as a step of the SRQ's history
// (judge_srq_history, with the events read), a new SRQ's sizes and
// srq_limit by the create's rows (judge_effect, evaluate_create_srq_report).
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/effect_judge.h"
#include "contracts/names.h"
#include "contracts/outcome_judge.h"
#include "contracts/srq_eval.h"
#include "contracts/srq_event_judge.h"
#include "fixtures/model/srq_model.h"
#include "contracts/rule_ids/srq.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace ibvcert::fuzz {
namespace {

// A value around the rule table's bounds, in the device's and the SRQ's
// terms: each lane turns the kind into its own number.
enum class SrqValue : uint8_t {
	Small,        // 1 + a small number from the input (the valid path)
	Zero,
	One,
	DeviceMax,    // max_srq_wr / max_srq_sge
	AboveDevice,  // one above it
	Current,      // what the SRQ has now (max_wr)
	Outstanding,  // the WRs outstanding now
	BelowOutstanding,
	Raw,
	kCount,
};

const char *srq_value_name(SrqValue v)
{
	static const char *names[] = {"small", "zero", "one", "device-max", "above-device",
				      "current", "outstanding", "below-outstanding", "raw"};
	return names[(int)v];
}

struct SrqChoice {
	SrqValue kind = SrqValue::Small;
	uint32_t n = 0; // Small: the number, Raw: the bits
};

SrqChoice decode_choice(FuzzedDataProvider &in)
{
	SrqChoice c;
	c.kind = (SrqValue)in.ConsumeIntegralInRange<int>(0, (int)SrqValue::kCount - 1);
	if (c.kind == SrqValue::Small)
		c.n = in.ConsumeIntegralInRange<uint32_t>(0, 31);
	else if (c.kind == SrqValue::Raw)
		c.n = in.ConsumeIntegral<uint32_t>();
	return c;
}

uint32_t materialize_srq(const SrqChoice &c, uint32_t device_max, uint32_t current,
			 uint32_t outstanding)
{
	switch (c.kind) {
	case SrqValue::Small: return 1 + c.n;
	case SrqValue::Zero: return 0;
	case SrqValue::One: return 1;
	case SrqValue::DeviceMax: return device_max;
	case SrqValue::AboveDevice: return device_max + 1;
	case SrqValue::Current: return current;
	case SrqValue::Outstanding: return outstanding;
	case SrqValue::BelowOutstanding: return outstanding ? outstanding - 1 : 0;
	case SrqValue::Raw:
	case SrqValue::kCount: break;
	}
	return c.n;
}

std::string choice_name(const SrqChoice &c)
{
	std::string s = srq_value_name(c.kind);
	if (c.kind == SrqValue::Small || c.kind == SrqValue::Raw)
		s += "(" + std::to_string(c.n) + ")";
	return s;
}

// The model's expectation of ibv_modify_srq: none where the outcome hangs
// on a size the device may have rounded up.
std::optional<Expect> srq_expect(const SrqVerdict &v)
{
	if (v.verdict == SrqVerdict::Class::AcceptedIfRounded)
		return std::nullopt;
	if (!v.broken)
		return Expect{};
	return expect_reject(*v.broken);
}

std::string srq_phrase(const SrqModel &m)
{
	return "srq (model): " + m.describe() + "\n";
}

// What ibv_query_srq read of srq_limit, as a step of the SRQ's history,
// then the history to its judge (the arming the events and the reads show).
void judge_query(const char *id, Lane &lane, const ibv_srq_attr &q, Oracle &oracle)
{
	SrqStep step;
	step.kind = SrqStep::Kind::Queried;
	step.srq_limit = q.srq_limit;
	step.at = std::string(id) + ": ibv_query_srq " + describe_srq_attr(q);
	lane.srq().history.steps.push_back(step);
	judge_srq(id, lane.srq().history, lane, oracle);
}

// After every SRQ op: the lane's snapshot's ibv_query_srq of the SRQ.
void check_srq_state(const char *id, Lane &lane, const LaneSnapshot &after, Oracle &oracle)
{
	if (lane.srq() && after.srq_live && !after.srq_ret)
		judge_query(id, lane, after.srq, oracle);
}

// ---------------------------------------------------------------- create

class CreateSrqOp : public Op {
public:
	CreateSrqOp(SrqChoice wr, SrqChoice sge, uint32_t limit) : wr_(wr), sge_(sge), limit_(limit)
	{
	}

	const OpVerb &verb() const override { return kCreateSrq; }
	int slot() const override { return kSrqSlot; }

	void bind(Lane &lane) override
	{
		const ibv_device_attr &d = lane.caps().device.orig_attr;
		Bound &b = bound_[lane.index()];
		b.asked = ibv_srq_attr{};
		b.asked.max_wr = materialize_srq(wr_, (uint32_t)d.max_srq_wr, 0, 0);
		b.asked.max_sge = materialize_srq(sge_, (uint32_t)d.max_srq_sge, 0, 0);
		b.asked.srq_limit = limit_;
		b.attr = b.asked;
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		ibv_srq_init_attr init{};
		init.attr = b.asked;
		int ret = lane.device().create_srq(lane.pd(), init, lane.srq().srq);
		b.attr = init.attr;
		return ret;
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return expect_of(evaluate_create_srq(lane.caps(), b.asked));
	}

	void settle(Lane &lane, int ret) override
	{
		SrqSlot &s = lane.srq();
		if (ret) {
			s = SrqSlot{};
			return;
		}
		s.model = SrqModel::created(lane.caps(), bound_[lane.index()].attr, lane.strict());
		SrqStep created;
		created.kind = SrqStep::Kind::Created;
		created.srq_limit = bound_[lane.index()].asked.srq_limit;
		created.at = "create_srq";
		s.history.steps = {created};
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &after,
		   Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		if (ret[i] == 0 && !lane.srq())
			oracle.fail(i, {"create_srq.no-srq",
					"the device layer's ibv_create_srq returned 0 without an SRQ", {}});
		if (ret[i] == 0) {
			Verdict report = evaluate_create_srq_report(b.asked, b.attr);
			if (!report.accepts())
				oracle.fail(i, {"create_srq.caps", "ibv_create_srq returned less than was asked",
						report});
		}
		if (ret[i] == 0 && lane.srq() && after.srq_live && !after.srq_ret)
			check_new_srq(lane, b.asked, after.srq, oracle);
		check_srq_state("create_srq", lane, after, oracle);
	}

	// The new SRQ as ibv_query_srq reads it: at least the request
	// (evaluate_create_srq_report: the create's AtLeastRequest rows), and
	// not armed where the lane's first SRQ was not
	// (srq.lifecycle.new_srq_not_armed, judge_effect's StartsFresh: the
	// first SRQ the lane created before any ibv_modify_srq set srq_limit is
	// the reference).
	void check_new_srq(Lane &lane, const ibv_srq_attr &asked, const ibv_srq_attr &q, Oracle &oracle)
	{
		int i = lane.index();
		Verdict report = evaluate_create_srq_report(asked, q);
		if (!report.accepts())
			oracle.fail(i, {std::string("create_srq.srq-state:") + report.first()->rule->id,
					"ibv_query_srq reads less than the create asked for", report});
		if (!lane.fresh_srq_limit) {
			if (!lane.srq_limit_set)
				lane.fresh_srq_limit = q.srq_limit;
			return;
		}
		EffectObservation obs;
		obs.verb = Verb::CreateSrq;
		obs.created = true;
		obs.created_view = {{"srq_limit", q.srq_limit}};
		obs.first_view = {{"srq_limit", *lane.fresh_srq_limit}};
		Verdict v = judge_effect(obs);
		if (!v.accepts())
			oracle.fail(i, {std::string("create_srq.srq-state:") + v.first()->rule->id,
					"a new SRQ reads another srq_limit than the lane's first one did", v});
	}

	std::string describe(const Lane &lane) const override
	{
		return "srq_init_attr: " + describe_srq_attr(bound_[lane.index()].asked) +
		       " (max_wr " + choice_name(wr_) + ", max_sge " + choice_name(sge_) + ")\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		int i = lane.index();
		std::string out = "returned: " + errno_name(ret[i]) + "\n";
		if (ret[i] == 0)
			out += "attr: " + describe_srq_attr(bound_[i].attr) + "\n";
		return out + model_line(expect(lane));
	}

	std::string summary(int lane) const override
	{
		return "create_srq: " + describe_srq_attr(bound_[lane].asked) + " returned " +
		       errno_name(ret[lane]);
	}

private:
	struct Bound {
		ibv_srq_attr asked{};
		ibv_srq_attr attr{};
	};
	SrqChoice wr_, sge_;
	uint32_t limit_;
	Bound bound_[kMaxLanes];
};

// ---------------------------------------------------------------- modify

class ModifySrqOp : public Op {
public:
	ModifySrqOp(int mask, SrqChoice wr, SrqChoice limit) : mask_(mask), wr_(wr), limit_(limit) {}

	const OpVerb &verb() const override { return kModifySrq; }
	int slot() const override { return kSrqSlot; }

	void bind(Lane &lane) override
	{
		const ibv_device_attr &d = lane.caps().device.orig_attr;
		const SrqModel &m = lane.srq().model;
		Bound &b = bound_[lane.index()];
		b.before = m.describe();
		b.attr = ibv_srq_attr{};
		b.attr.max_wr = materialize_srq(wr_, (uint32_t)d.max_srq_wr, m.max_wr, m.outstanding);
		b.attr.srq_limit = materialize_srq(limit_, (uint32_t)d.max_srq_wr, m.max_wr,
						   m.outstanding);
		b.verdict = m.verdict(b.attr, mask_);
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		ibv_srq_attr attr = b.attr; // the call may write to it
		return lane.srq().srq->modify(attr, mask_);
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		return srq_expect(bound_[lane.index()].verdict);
	}

	void settle(Lane &lane, int ret) override
	{
		const Bound &b = bound_[lane.index()];
		if (ret == 0)
			lane.srq().model.accept(b.attr, mask_);
		if (ret == 0 && (mask_ & IBV_SRQ_LIMIT))
			lane.srq_limit_set = true;
		SrqStep step;
		step.kind = SrqStep::Kind::Modified;
		step.attr_mask = mask_;
		step.max_wr = b.attr.max_wr;
		step.srq_limit = b.attr.srq_limit;
		step.result = ret;
		step.at = "modify_srq";
		lane.srq().history.steps.push_back(step);
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &after,
		   Oracle &oracle) override
	{
		check_srq_state("modify_srq", lane, after, oracle);
	}

	std::string describe(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return "srq (model): " + b.before + "\nsrq_attr_mask: " + srq_attr_mask_names(mask_) +
		       "\nattr: max_wr=" + std::to_string(b.attr.max_wr) + " (" + choice_name(wr_) +
		       ") srq_limit=" + std::to_string(b.attr.srq_limit) + " (" +
		       choice_name(limit_) + ")\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		return "returned: " + errno_name(ret[lane.index()]) + "\n" +
		       model_line(expect(lane), "the size is known only as a floor");
	}

	std::string summary(int lane) const override
	{
		const Bound &b = bound_[lane];
		return "modify_srq: srq_attr_mask=" + srq_attr_mask_names(mask_) +
		       " max_wr=" + std::to_string(b.attr.max_wr) +
		       " srq_limit=" + std::to_string(b.attr.srq_limit) + " returned " +
		       errno_name(ret[lane]);
	}

private:
	struct Bound {
		std::string before; // the model before the call
		ibv_srq_attr attr{};
		SrqVerdict verdict;
	};
	int mask_;
	SrqChoice wr_, limit_;
	Bound bound_[kMaxLanes];
};

// ---------------------------------------------------------------- post

inline constexpr int kMaxChain = 8;
inline constexpr int kMaxSge = 64;

class PostSrqRecvOp : public Op {
public:
	PostSrqRecvOp(int wrs, SrqChoice sge) : wrs_(wrs), sge_(sge) {}

	const OpVerb &verb() const override { return kPostSrqRecv; }
	int slot() const override { return kSrqSlot; }

	void bind(Lane &lane) override
	{
		const SrqModel &m = lane.srq().model;
		Bound &b = bound_[lane.index()];
		b.max_wr = m.max_wr;
		b.max_sge = m.max_sge;
		b.outstanding = m.outstanding;
		uint32_t n = sge_.kind == SrqValue::Small ? 1 + sge_.n % (m.max_sge ? m.max_sge : 1)
							  : materialize_srq(sge_, m.max_sge, m.max_sge, 0);
		// Raw counts are cut to the scatter list the op has (or -1).
		b.num_sge = sge_.kind == SrqValue::Raw && n > (uint32_t)kMaxSge ? -1 : (int)n;
		b.posted = 0;
		b.want = m.post_verdict((uint32_t)wrs_, b.num_sge);
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		static std::array<char, 64> buf;
		std::array<ibv_sge, kMaxSge> sge;
		for (auto &e : sge)
			e = {(uint64_t)(uintptr_t)buf.data(), (uint32_t)buf.size(), 0};
		// The lane's first MR a receive may write (IBV_ACCESS_LOCAL_WRITE),
		// when there is one: a message the SRQ's QP receives then lands
		// (the pair stays connected and goes on consuming the SRQ's WRs,
		// one by one across an armed srq_limit); without one, a buffer no
		// MR covers (the message completes in error).
		for (int i = 0; i < kMrSlots; i++) {
			MrSlot &m = lane.mr(i);
			if (!m || !(m.model.access & IBV_ACCESS_LOCAL_WRITE) || m.buf.empty())
				continue;
			for (auto &e : sge)
				e = {(uint64_t)(uintptr_t)m.buf.data(), (uint32_t)std::min<size_t>(m.buf.size(), 64),
				     m.mr->lkey()};
			break;
		}
		ibv_recv_wr wr[kMaxChain];
		for (int k = 0; k < wrs_; k++) {
			wr[k] = ibv_recv_wr{};
			wr[k].wr_id = 0x5100 + k;
			wr[k].sg_list = sge.data();
			wr[k].num_sge = b.num_sge;
			wr[k].next = k + 1 < wrs_ ? &wr[k + 1] : nullptr;
		}
		ibv_recv_wr *bad = nullptr;
		int ret = lane.srq().srq->post_recv(wr, &bad);
		if (ret == 0)
			b.posted = wrs_;
		else if (bad >= wr && bad < wr + wrs_)
			b.posted = (int)(bad - wr);
		b.bad_wr = ret ? (bad >= wr && bad < wr + wrs_ ? (int)(bad - wr) : -1) : -1;
		return ret;
	}

	CallResult call_result(const Lane &lane) const override
	{
		return {verb().verb, ret[lane.index()], wrs_, bound_[lane.index()].bad_wr};
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		const SrqPost &want = bound_[lane.index()].want;
		if (!want.known)
			return std::nullopt;
		if (want.accepts)
			return Expect{};
		return expect_reject(*find_rule(want.reason));
	}

	void settle(Lane &lane, int) override
	{
		SrqSlot &srq = lane.srq();
		srq.model.took((uint32_t)bound_[lane.index()].posted);
		SrqStep step;
		step.kind = SrqStep::Kind::Posted;
		step.wrs = srq.model.outstanding;
		step.at = "post_srq_recv";
		srq.history.steps.push_back(step);
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &after,
		   Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		// A failed list: each WR before bad_wr was taken and the one at it
		// refused, each judged against the post's rows as the SRQ stood
		// when it came (evaluate_post_srq_recv; judge_request_outcome: a WR
		// taken that a row rejects breaks that row). On the reference
		// device, whose sizes are exact.
		if (ret[i] && lane.strict() && b.bad_wr >= 0) {
			SrqNow now;
			now.attr.max_wr = b.max_wr;
			now.attr.max_sge = b.max_sge;
			now.outstanding = b.outstanding;
			for (int k = 0; k <= b.bad_wr && k < wrs_; k++, now.outstanding++) {
				Verdict v = judge_request_outcome(Verb::PostSrqRecv, evaluate_post_srq_recv(now, b.num_sge),
								  k < b.bad_wr ? 0 : ret[i]);
				if (!v.accepts())
					oracle.fail(i, {std::string("post_srq_recv.bad-wr:") + v.first()->rule->id,
							"ibv_post_srq_recv's bad_wr is WR #" + std::to_string(b.bad_wr) +
								": WR #" + std::to_string(k) +
								(k < b.bad_wr ? " was taken" : " was refused"),
							v});
			}
		}
		check_srq_state("post_srq_recv", lane, after, oracle);
	}

	std::string describe(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return "srq: max_wr=" + std::to_string(b.max_wr) + " max_sge=" +
		       std::to_string(b.max_sge) + ", " + std::to_string(b.outstanding) +
		       " WRs outstanding (model)\nwrs: " + std::to_string(wrs_) + " chained, num_sge=" +
		       std::to_string(b.num_sge) + " (" + choice_name(sge_) + ")\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		std::string out = "returned: " + errno_name(ret[lane.index()]);
		if (ret[lane.index()])
			out += ", bad_wr: WR #" + std::to_string(b.bad_wr);
		return out + "\n" + model_line(expect(lane), "the list passes a size known only as a floor");
	}

	std::string summary(int lane) const override
	{
		return "post_srq_recv: " + std::to_string(wrs_) + " WRs num_sge=" +
		       std::to_string(bound_[lane].num_sge) + " returned " + errno_name(ret[lane]) +
		       " (" + std::to_string(bound_[lane].posted) + " posted)";
	}

private:
	struct Bound {
		uint32_t max_wr = 0, max_sge = 0, outstanding = 0;
		int num_sge = 1;
		int posted = 0;
		int bad_wr = -1;
		SrqPost want; // the model's, before the call
	};
	int wrs_;
	SrqChoice sge_;
	Bound bound_[kMaxLanes];
};

// ---------------------------------------------------------------- query

class QuerySrqOp : public Op {
public:
	const OpVerb &verb() const override { return kQuerySrq; }
	int slot() const override { return kSrqSlot; }
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		ibv_srq_attr &a = attr_[lane.index()];
		memset(&a, 0xa5, sizeof(a)); // a query fills every field
		return lane.srq().srq->query(a);
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		if (ret[lane.index()] == 0)
			judge_query("query_srq", lane, attr_[lane.index()], oracle);
	}

	std::string describe(const Lane &lane) const override { return srq_phrase(lane.srq().model); }

	std::string outcome(const Lane &lane) const override
	{
		int i = lane.index();
		std::string out = "returned: " + errno_name(ret[i]) + "\n";
		if (ret[i] == 0)
			out += "attr: " + describe_srq_attr(attr_[i]) + "\n";
		return out;
	}

	std::string summary(int lane) const override
	{
		return "query_srq returned " + errno_name(ret[lane]);
	}

private:
	ibv_srq_attr attr_[kMaxLanes]{};
};

// ibv_destroy_srq: the lane's SRQ goes, so that a create after it makes a
// new one (srq.lifecycle.new_srq_not_armed: it starts unarmed, whatever the
// SRQ before it was armed at; create_srq's srq-state check). The pair, if it
// receives from the SRQ, is destroyed first (ibv_destroy_srq(3): the QPs
// associated with it go first).
class DestroySrqOp : public Op {
public:
	const OpVerb &verb() const override { return kDestroySrq; }
	int slot() const override { return kSrqSlot; }
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		if (lane.pair().model.srq)
			lane.close_pair();
		return lane.srq().srq->destroy();
	}

	void settle(Lane &lane, int ret) override
	{
		// The destroy closes the SRQ's history (every event read was
		// acknowledged at once, the pair on it destroyed first).
		SrqHistory &h = history_[lane.index()];
		h = lane.srq().history;
		SrqStep step;
		step.kind = SrqStep::Kind::Destroyed;
		step.result = ret;
		step.at = "destroy_srq";
		h.steps.push_back(step);
		if (ret == 0)
			lane.srq() = SrqSlot{};
		else
			lane.srq().history = h;
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		judge_srq("destroy_srq", history_[lane.index()], lane, oracle);
	}

	std::string describe(const Lane &lane) const override { return srq_phrase(lane.srq().model); }

	std::string summary(int lane) const override
	{
		return "destroy_srq returned " + errno_name(ret[lane]);
	}

private:
	SrqHistory history_[kMaxLanes];
};

bool have_srq(Session &s)
{
	return (bool)s.lane(0).srq();
}

} // namespace

void judge_srq(const char *id, const SrqHistory &history, Lane &lane, Oracle &oracle)
{
	Verdict v = judge_srq_history(history);
	if (!v.accepts())
		oracle.fail(lane.index(), {std::string(id) + ".srq-history:" + v.first()->rule->id,
					   "the SRQ's history (its calls, the WRs its QP's messages took, the "
					   "events read, the srq_limit read) breaks its rows",
					   v});
}

// The SRQ: ibv_create_srq (decoded attributes; a valid SRQ after a rejected
// one), ibv_modify_srq, ibv_post_srq_recv, ibv_query_srq on the lane's SRQ.
void create_srq_step(Session &s)
{
	if (have_srq(s))
		return;
	auto &in = s.in();
	// Zero bytes: max_wr 1 + 15 = 16... the Small kind with n from the input.
	SrqChoice wr = decode_choice(in), sge = decode_choice(in);
	if (wr.kind == SrqValue::Small && wr.n == 0)
		wr.n = 15; // zero bytes: room for a few chains
	uint32_t limit = in.ConsumeIntegralInRange<uint32_t>(0, 16);
	Op &op = s.execute(std::make_unique<CreateSrqOp>(wr, sge, limit));
	if (op.ret[0] == 0 || have_srq(s))
		return;
	// Rejected: a valid SRQ, so that the steps after it have one.
	SrqChoice valid{SrqValue::Small, 15}, one{SrqValue::One, 0};
	auto fallback = std::make_unique<CreateSrqOp>(valid, one, 0);
	fallback->origin = "a valid SRQ after a rejected create";
	s.execute(std::move(fallback));
}
IBVCERT_FUZZ_ROW(create_srq, 4);

void modify_srq_step(Session &s)
{
	if (!have_srq(s))
		return;
	auto &in = s.in();
	static const int kMasks[] = {IBV_SRQ_MAX_WR | IBV_SRQ_LIMIT, IBV_SRQ_MAX_WR, IBV_SRQ_LIMIT,
				     0};
	int pick = in.ConsumeIntegralInRange(0, 5);
	int mask;
	if (pick < 4)
		mask = kMasks[pick];
	else if (pick == 4)
		mask = kMasks[in.ConsumeIntegralInRange(0, 3)] | (4 << in.ConsumeIntegralInRange(0, 29));
	else
		mask = (int)in.ConsumeIntegral<uint32_t>();
	SrqChoice wr = decode_choice(in), limit = decode_choice(in);
	s.execute(std::make_unique<ModifySrqOp>(mask, wr, limit));
}
IBVCERT_FUZZ_ROW(modify_srq, 5);

void post_srq_recv_step(Session &s)
{
	if (!have_srq(s))
		return;
	auto &in = s.in();
	int wrs = 1 + in.ConsumeIntegralInRange(0, kMaxChain - 1);
	SrqChoice sge = decode_choice(in);
	s.execute(std::make_unique<PostSrqRecvOp>(wrs, sge));
}
IBVCERT_FUZZ_ROW(post_srq_recv, 6);

// ibv_destroy_srq of the lane's SRQ, the pair on it first; a create_srq after it
// makes a new one.
void destroy_srq_step(Session &s)
{
	if (!have_srq(s))
		return;
	s.execute(std::make_unique<DestroySrqOp>());
}
IBVCERT_FUZZ_ROW(destroy_srq, 21);

void query_srq_step(Session &s)
{
	if (!have_srq(s))
		return;
	s.execute(std::make_unique<QuerySrqOp>());
}
IBVCERT_FUZZ_ROW(query_srq, 7);

} // namespace ibvcert::fuzz
