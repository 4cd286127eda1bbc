#include "properties/srq_commands.h"

#include "fixtures/generators/srq_values.h"
#include "contracts/names.h"
#include "contracts/srq_event_judge.h"

#include <fmt/format.h>

#include <ostream>
#include <sstream>

namespace ibvcert {
namespace {

// Bounds that keep a case short: every WR a sequence posts is consumed by
// its end, one message each.
constexpr uint32_t kMaxOutstanding = 128;
constexpr uint32_t kMaxPost = 32;
constexpr uint32_t kMaxChunk = 16;

std::string shown(const SrqCommand &command)
{
	std::ostringstream os;
	command.show(os);
	return os.str();
}

[[noreturn]] void fail(SrqBench &b, const SrqCommand &step, const SrqModel &before,
		       const std::string &headline, std::vector<std::string> lines = {})
{
	lines.insert(lines.begin(), {"step: " + shown(step), "model before the step: " + before.describe()});
	b.c.fail(headline, lines);
}

// The SRQ's history so far (the rig's view: its calls and the events read)
// judged by contracts/srq_event_judge.h; a breach fails the step.
void judge_history(SrqBench &b, const SrqCommand &step, const SrqModel &before)
{
	if (Verdict v = judge_srq_history(b.c.rig().history()); !v.accepts())
		fail(b, step, before, v.describe());
}

gen::SrqAnchors anchors(const SrqModel &m)
{
	return {m.max_wr, m.max_sge, m.armed, m.outstanding};
}

class PostSrqRecv : public SrqCommand {
public:
	explicit PostSrqRecv(const SrqModel &m)
	{
		// Past max_wr only where the model knows the SRQ's size exactly.
		uint32_t room = m.room(), hi = std::min(std::max(room, 1u), kMaxPost);
		if (m.max_wr_exact && room < kMaxPost)
			hi = room + 2;
		n_ = *gen::in_range_aimed(1, hi, {1, room, room + 1});
	}

	void checkPreconditions(const SrqModel &m) const override
	{
		RC_PRE(n_ >= 1u);
		RC_PRE(m.post_verdict(n_, 1).known);
		RC_PRE(m.outstanding + std::min(n_, m.room()) <= kMaxOutstanding);
	}

	void apply(SrqModel &m) const override { m.post(n_); }

	void run(const SrqModel &m, SrqBench &b) const override
	{
		SrqRig &rig = b.c.rig();
		SrqPost want = m.post_verdict(n_, 1); // known: checkPreconditions
		uint32_t before = rig.posted();
		int ret = rig.post(n_);
		uint32_t took = rig.posted() - before;
		std::string what = fmt::format("{} WRs with {} of max_wr {} outstanding: returned {}, "
					       "{} WRs taken", n_, m.outstanding, m.max_wr,
					       errno_name(ret), took);
		if (want.accepts && ret != 0)
			fail(b, *this, m, "ibv_post_srq_recv rejected WRs that fit in the SRQ", {what});
		if (!want.accepts && ret == 0)
			fail(b, *this, m, "ibv_post_srq_recv took WRs past max_wr", {what});
		if (ret < 0)
			fail(b, *this, m, "ibv_post_srq_recv returned a negative value, not an errno", {what});
		if (took != want.taken)
			fail(b, *this, m,
			     fmt::format("ibv_post_srq_recv took {} WRs, the model {} (the list stops at "
					 "the first WR that fails)", took, want.taken), {what});
	}

	void show(std::ostream &os) const override { os << "PostSrqRecv " << n_; }

private:
	uint32_t n_ = 1;
};

class ConsumeSrq : public SrqCommand {
public:
	explicit ConsumeSrq(const SrqModel &m)
	{
		uint32_t hi = std::max(1u, std::min(m.outstanding, kMaxChunk));
		std::vector<uint32_t> edges = {1, hi};
		if (m.armed && m.armed <= m.outstanding)
			edges.insert(edges.end(), {m.outstanding - m.armed, m.outstanding - m.armed + 1});
		n_ = *gen::in_range_aimed(1, hi, edges);
	}
	// The WRs left at the end of a sequence.
	ConsumeSrq(uint32_t n, const char *why) : n_(n), why_(why) {}

	void checkPreconditions(const SrqModel &m) const override
	{
		RC_PRE(n_ >= 1u && n_ <= m.outstanding);
	}

	void apply(SrqModel &m) const override
	{
		for (uint32_t i = 0; i < n_; i++)
			m.consume_one();
	}

	// One message at a time, the events queued read after each; the judge
	// fails an event no arming explains (one due may still be on its way).
	void run(const SrqModel &m, SrqBench &b) const override
	{
		SrqModel at = m;
		for (uint32_t i = 0; i < n_; i++) {
			uint32_t from = at.outstanding;
			if (std::string problem = b.c.rig().consume(1); !problem.empty())
				fail(b, *this, m, fmt::format("message {} of {} found no WR in the SRQ, where "
							      "the model holds {}: {}",
							      i + 1, n_, from, problem));
			at.consume_one();
			b.c.limit_events(std::chrono::milliseconds(0));
			judge_history(b, *this, m);
		}
	}

	void show(std::ostream &os) const override
	{
		os << "ConsumeSrq " << n_ << (why_ ? std::string(" (") + why_ + ")" : "");
	}

private:
	uint32_t n_ = 1;
	const char *why_ = nullptr;
};

class ModifySrq : public SrqCommand {
public:
	explicit ModifySrq(const SrqModel &m)
		: request_(*gen::srq_modify_request(*m.caps, anchors(m),
						    gen::SrqRequestMix::everything()))
	{
	}

	void checkPreconditions(const SrqModel &m) const override
	{
		SrqVerdict v = verdict(m);
		// The model follows no request whose outcome hangs on a size it
		// knows only as a floor, and arms no limit above the WRs in the
		// SRQ (the count would not "drop" below it: either reading of
		// the contract may hold).
		RC_PRE(v.verdict != SrqVerdict::Class::AcceptedIfRounded);
		RC_PRE(!(v.accepts() && (request_.attr_mask & IBV_SRQ_LIMIT) &&
			 request_.attr.srq_limit > m.outstanding));
	}

	void apply(SrqModel &m) const override
	{
		if (verdict(m).accepts())
			m.accept(request_.attr, request_.attr_mask);
	}

	void run(const SrqModel &m, SrqBench &b) const override
	{
		SrqVerdict v = verdict(m);
		bool query = b.support.has_query();
		ibv_srq_attr before{}, after{};
		if (int q = query ? b.c.query(before) : 0)
			fail(b, *this, m, "ibv_query_srq before the modify returned " + errno_name(q));
		int ret = b.c.rig().modify(request_.attr, request_.attr_mask);
		if (int q = query ? b.c.query(after) : 0)
			fail(b, *this, m, "ibv_query_srq after the modify returned " + errno_name(q));
		std::vector<std::string> lines = {"returned: " + errno_name(ret),
						  "contract: " + v.describe()};
		if (query) {
			lines.push_back("ibv_query_srq before: " + describe_srq_attr(before));
			lines.push_back("ibv_query_srq after:  " + describe_srq_attr(after));
		}
		if (v.accepts() && ret != 0)
			fail(b, *this, m, "ibv_modify_srq rejected a request the model accepts", lines);
		if (!v.accepts() && ret == 0)
			fail(b, *this, m, "ibv_modify_srq accepted a request the model rejects", lines);
		if (ret < 0)
			fail(b, *this, m, "ibv_modify_srq returned a negative value, not an errno", lines);
		if (!query)
			return;
		if (ret != 0 && describe_srq_attr(after) != describe_srq_attr(before))
			fail(b, *this, m, "ibv_modify_srq failed but changed the SRQ", lines);
		if (ret == 0) {
			SrqModel next = m;
			next.accept(request_.attr, request_.attr_mask);
			auto differ = next.disagreements(after);
			for (const auto &d : differ)
				lines.push_back("after: " + d);
			if (!differ.empty())
				fail(b, *this, m, "the accepted ibv_modify_srq does not read back as the model "
						  "holds it", lines);
		}
	}

	void show(std::ostream &os) const override { os << "ModifySrq " << gen::describe(request_); }

private:
	SrqVerdict verdict(const SrqModel &m) const
	{
		return m.verdict(request_.attr, request_.attr_mask);
	}

	gen::SrqModifyRequest request_;
};

class QuerySrq : public SrqCommand {
public:
	explicit QuerySrq(const SrqModel &) {}

	void run(const SrqModel &m, SrqBench &b) const override
	{
		if (!b.support.has_query())
			return;
		ibv_srq_attr q{};
		if (int ret = b.c.query(q))
			fail(b, *this, m, "ibv_query_srq returned " + errno_name(ret));
		auto differ = m.disagreements(q);
		if (differ.empty())
			return;
		std::vector<std::string> lines = {"ibv_query_srq: " + describe_srq_attr(q)};
		for (const auto &d : differ)
			lines.push_back("disagrees: " + d);
		fail(b, *this, m, "ibv_query_srq disagrees with the model", lines);
	}

	void show(std::ostream &os) const override { os << "QuerySrq"; }
};

class AwaitEvent : public SrqCommand {
public:
	explicit AwaitEvent(const SrqModel &) {}
	explicit AwaitEvent(const char *why) : why_(why) {}

	// Waits for the events the model says are due (the model chooses how
	// long to wait), then a window; the judge decides what came.
	void run(const SrqModel &m, SrqBench &b) const override
	{
		b.c.await_limit_events(m.events);
		b.c.limit_events(kPropertyQuietWindow);
		judge_history(b, *this, m);
	}

	void show(std::ostream &os) const override
	{
		os << "AwaitEvent" << (why_ ? std::string(" (") + why_ + ")" : "");
	}

private:
	const char *why_ = nullptr;
};

} // namespace

void showValue(const SrqModel &model, std::ostream &os)
{
	os << model.describe();
}

rc::Gen<std::shared_ptr<const SrqCommand>> srq_command(const SrqModel &model)
{
	using rc::state::gen::execOneOfWithArgs;
	return rc::gen::weightedOneOf<std::shared_ptr<const SrqCommand>>(
		{{4, execOneOfWithArgs<PostSrqRecv>()(model)},
		 {5, execOneOfWithArgs<ConsumeSrq>()(model)},
		 {4, execOneOfWithArgs<ModifySrq>()(model)},
		 {2, execOneOfWithArgs<QuerySrq>()(model)},
		 {1, execOneOfWithArgs<AwaitEvent>()(model)}});
}

std::vector<std::shared_ptr<const SrqCommand>> srq_settle(const SrqModel &model)
{
	std::vector<std::shared_ptr<const SrqCommand>> out;
	const char *why = "after the sequence: the WRs left";
	if (model.outstanding)
		out.push_back(std::make_shared<ConsumeSrq>(model.outstanding, why));
	out.push_back(std::make_shared<AwaitEvent>("after the sequence"));
	return out;
}

} // namespace ibvcert
