// The srq_limit event as a property: for a random max_wr, K WRs posted, a
// limit L armed, a consumption pattern, re-arming (or disarming) points and
// refills (fixtures/generators/srq_limit_plan.h), one message at a time.
// The model (srq_model.h) only says where to wait for an event and where to
// listen; the SRQ's history (the rig's view) is judged by
// contracts/srq_event_judge.h: one IBV_EVENT_SRQ_LIMIT_REACHED naming this
// SRQ when the count first drops below an armed limit, once per arming, none
// at the limit itself and none after it until re-armed; ibv_query_srq reads
// srq_limit 0 after each.
#include "fixtures/generators/srq_limit_plan.h"
#include "fixtures/generators/srq_values.h"
#include "contracts/names.h"
#include "properties/property_check.h"
#include "fixtures/model/srq_model.h"
#include "properties/srq_property.h"
#include "contracts/rule_ids/srq.h"
#include "contracts/srq_event_judge.h"

#include <fmt/format.h>

namespace ibvcert {
namespace {

using Kind = gen::SrqTrafficStep::Kind;

constexpr uint32_t kCreateCap = 32; // every WR of the plan is consumed
constexpr int kPlanSteps = 10;

class SrqLimitProperty : public SrqPropertyTest {};

// One plan on a fresh SRQ, step by step against the model.
class LimitRun {
public:
	LimitRun(SrqCase &c, const SrqSupport &support, const gen::SrqLimitPlan &plan)
		: c_(c), support_(support), plan_(plan)
	{
		c_.prepare(plan.max_wr, 0);
		model_ = SrqModel::created(*support.caps, c_.rig().created());
	}

	void run()
	{
		for (step_ = 0; step_ < plan_.steps.size(); step_++) {
			const auto &s = plan_.steps[step_];
			switch (s.kind) {
			case Kind::Post: post(s.n); break;
			case Kind::Arm: arm(s.n); break;
			case Kind::Consume:
				for (uint32_t i = 0; i < s.n; i++)
					consume_one();
				break;
			}
		}
		// Then every WR left, and a window for anything late.
		while (model_.outstanding)
			consume_one();
		c_.limit_events(kPropertyQuietWindow);
		judge();
		if (std::string lost = c_.rig().all_delivered(); !lost.empty())
			fail("WRs posted were not all delivered: " + lost);
	}

	uint32_t events() const { return model_.events; }
	uint32_t armings() const { return armings_; }

private:
	[[noreturn]] void fail(const std::string &headline, std::vector<std::string> lines = {})
	{
		lines.insert(lines.begin(),
			     {"plan: " + gen::describe(plan_),
			      step_ < plan_.steps.size()
				      ? fmt::format("at plan step {} of {}", step_ + 1, plan_.steps.size())
				      : std::string("in the drain after the plan (every WR left consumed)"),
			      "model: " + model_.describe()});
		c_.fail(headline, lines);
	}

	void post(uint32_t n)
	{
		if (int ret = c_.rig().post(n))
			fail(fmt::format("ibv_post_srq_recv of {} WRs returned {} with {} of max_wr {} "
					 "outstanding", n, errno_name(ret), model_.outstanding, model_.max_wr));
		model_.post(n);
	}

	void arm(uint32_t limit)
	{
		ibv_srq_attr attr{};
		attr.srq_limit = limit;
		if (int ret = c_.rig().modify(attr, IBV_SRQ_LIMIT))
			fail(fmt::format("ibv_modify_srq(IBV_SRQ_LIMIT srq_limit={}) returned {} on an SRQ "
					 "of max_wr {} holding {} WRs", limit, errno_name(ret),
					 model_.max_wr, model_.outstanding));
		model_.accept(attr, IBV_SRQ_LIMIT);
		armings_ += limit != 0;
	}

	void consume_one()
	{
		uint32_t from = model_.outstanding, limit = model_.armed;
		std::string arming_before = model_.arming();
		if (std::string problem = c_.rig().consume(1); !problem.empty())
			fail("a message did not take its WR from the SRQ: " + problem);
		bool fires = model_.consume_one();
		uint32_t to = model_.outstanding;
		if (fires) {
			// Wait for the event (the judge holds the count to one), then
			// read srq_limit back.
			c_.await_limit_events(model_.events);
			query_after_event();
			after_event_ = true;
			judge(fmt::format("the count dropped from {} to {} with the SRQ {}", from, to, arming_before));
			return;
		}
		// Where a wrong event would come: the count at the limit (not yet
		// below it), and the first message after an event (re-firing).
		bool watch = (limit && to == limit) || after_event_;
		after_event_ = false;
		c_.limit_events(watch ? kPropertyQuietWindow : std::chrono::milliseconds(0));
		judge(fmt::format("the count dropped from {} to {} with the SRQ {}", from, to, arming_before));
	}

	void query_after_event()
	{
		if (!support_.has_query())
			return;
		ibv_srq_attr q{};
		if (int ret = c_.query(q))
			fail("ibv_query_srq after the limit event returned " + errno_name(ret));
	}

	// The SRQ's history so far, judged; a breach fails the property case
	// here, where it happened.
	void judge(const std::string &where = "")
	{
		Verdict v = judge_srq_history(c_.rig().history());
		if (!v.accepts())
			fail(v.describe(), where.empty() ? std::vector<std::string>{}
							 : std::vector<std::string>{where});
	}

	SrqCase &c_;
	const SrqSupport &support_;
	const gen::SrqLimitPlan &plan_;
	SrqModel model_;
	size_t step_ = 0;
	uint32_t armings_ = 0;
	bool after_event_ = false;
};

std::string count_bucket(uint32_t n)
{
	return n == 0 ? "0" : n == 1 ? "1" : n <= 3 ? "2-3" : "4+";
}

// MUST: one event per arming, exactly when the count first drops below the
// armed limit; srq_limit queries 0 after each.
TEST_F(SrqLimitProperty, EventsExactlyWhenTheCountFirstDropsBelowTheLimit)
{
	check_property({rule_id::srq_limit_event_once_below_the_limit}, [this] {
		gen::SrqLimitPlan plan = *gen::srq_limit_plan(caps(), kCreateCap, kPlanSteps);
		SrqCase c(SrqTraffic::RC);
		LimitRun run(c, support, plan);
		run.run();
		RC_TAG("armings " + count_bucket(run.armings()), "events " + count_bucket(run.events()));
	});
	end_property("srq_limit 0 after each event");
}

} // namespace
} // namespace ibvcert
