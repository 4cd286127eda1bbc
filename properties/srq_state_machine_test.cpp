// The SRQ state machine, model-based (rapidcheck/state.h): an SRQ created
// with a random max_wr and a random (irrelevant) srq_limit, shared by two
// loopback RC pairs; random sequences of PostSrqRecv / ConsumeSrq /
// ModifySrq / QuerySrq / AwaitEvent (srq_commands.h) run against the device
// and against the model (srq_model.h), then the WRs left are consumed and
// the events settled. Every step's outcome class, every event and every
// query must agree with the model, and every WR is delivered once.
#include "fixtures/generators/srq_values.h"
#include "contracts/names.h"
#include "properties/property_check.h"
#include "properties/srq_commands.h"
#include "properties/srq_property.h"
#include "contracts/rule_ids/modify_srq.h"
#include "contracts/rule_ids/post_srq_recv.h"
#include "contracts/rule_ids/srq.h"

namespace ibvcert {
namespace {

constexpr uint32_t kCreateCap = 32;

std::string length_bucket(size_t n)
{
	return n <= 10 ? "1-10" : n <= 40 ? "11-40" : "41+";
}

std::string events_bucket(uint32_t n)
{
	return n == 0 ? "0" : n == 1 ? "1" : "2+";
}

class SrqStateMachineProperty : public SrqPropertyTest {};

// MUST: outcomes, events and queries agree with the model at every step.
TEST_F(SrqStateMachineProperty, OutcomesEventsAndQueriesAgreeWithTheModel)
{
	check_property({rule_id::modify_srq_valid_carried_out, {rule_id::modify_srq_invalid_rejected, rule_id::srq_rejected_changes_nothing, rule_id::srq_limit_event_once_below_the_limit, rule_id::srq_create_srq_limit_arms_nothing, rule_id::srq_post_srq_recv_max_wr_outstanding, rule_id::post_srq_recv_return_zero_or_errno}}, [this] {
		gen::SrqCreateSpec spec = *gen::srq_create_spec(caps(), kCreateCap);
		SrqCase c(SrqTraffic::RC);
		c.prepare(spec.max_wr, spec.srq_limit);
		// The SRQ as the device reports it (SrqCreateProperty holds create's
		// own report to the same).
		ibv_srq_attr actual = c.rig().created();
		if (support.has_query())
			if (int ret = c.query(actual))
				c.fail("ibv_query_srq of the new SRQ returned " + errno_name(ret));
		const SrqModel initial = SrqModel::created(caps(), actual);
		SrqBench bench{c, support};

		const auto commands = *rc::state::gen::commands(initial, srq_command);
		SrqModel model = initial;
		for (const auto &command : commands) {
			command->checkPreconditions(model);
			command->run(model, bench);
			command->apply(model);
		}
		for (const auto &command : srq_settle(model)) {
			command->run(model, bench);
			command->apply(model);
		}
		if (std::string lost = c.rig().all_delivered(); !lost.empty())
			c.fail("WRs posted were not all delivered: " + lost,
			       {"model: " + model.describe()});
		RC_TAG("commands " + length_bucket(commands.size()),
		       "events " + events_bucket(model.events));
	});
	end_property("ibv_query_srq's agreement with the model");
}

} // namespace
} // namespace ibvcert
