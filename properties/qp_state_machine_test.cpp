// The QP state machine, model-based (rapidcheck/state.h): random sequences
// of commands (qp_commands.h) on one to three QPs, run against the device
// and against the model (qp_model.h); every step's outcome class and every
// query must agree.
#include "properties/property_check.h"
#include "properties/qp_commands.h"
#include "contracts/rule_ids/modify_qp.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

std::string length_bucket(size_t n)
{
	return n <= 10 ? "1-10" : n <= 40 ? "11-40" : "41+";
}

// The furthest state along RESET, INIT, RTR, RTS, SQD any QP reached.
template <typename Commands>
std::string deepest_state(QpFleetModel model, const Commands &commands)
{
	auto depth = [](ibv_qp_state s) {
		const ibv_qp_state path[] = {IBV_QPS_RESET, IBV_QPS_INIT, IBV_QPS_RTR, IBV_QPS_RTS,
					     IBV_QPS_SQD};
		for (int i = 4; i >= 0; i--)
			if (s == path[i])
				return i;
		return 0;
	};
	int deepest = 0;
	for (const auto &command : commands) {
		command->apply(model);
		for (const auto &qp : model.qps)
			deepest = std::max(deepest, depth(qp.state));
	}
	const char *names[] = {"RESET", "INIT", "RTR", "RTS", "SQD"};
	return names[deepest];
}

class QpStateMachineProperty : public ::testing::Test {
protected:
	void SetUp() override
	{
		if (auto why = run.open())
			GTEST_SKIP() << *why;
		ASSERT_TRUE(run.error().empty()) << run.error();
	}

	// One case: a fleet of QPs and a command sequence against it.
	void run_sequence(bool compare_attributes)
	{
		QpFleetModel model = *initial_fleet(run);
		QpFleet fleet{run, {}, compare_attributes};
		fleet.create(model);
		const auto commands = *rc::state::gen::commands(model, qp_command);
		rc::state::runAll(commands, model, fleet);
		RC_TAG("commands " + length_bucket(commands.size()),
		       "deepest state " + deepest_state(model, commands));
	}

	PropertyRun run;
};

// MUST: each modify is accepted exactly when the model (the tables) says so,
// a rejected one changes nothing, and the QP's state (ibv_query_qp and
// ibv_qp::state) is the one the accepted modifies led to.
TEST_F(QpStateMachineProperty, OutcomesAndStatesAgreeWithTheModel)
{
	check_property({rule_id::modify_qp_transition_listed, {rule_id::modify_qp_required_set_accepted, rule_id::modify_qp_table_only_listed, rule_id::modify_qp_rejected_changes_nothing}},
		       [this] { run_sequence(false); });
}

// SHOULD: beyond the state, every attribute set since the QP left RESET
// reads back as the model holds it.
TEST_F(QpStateMachineProperty, QueriesAgreeWithTheModel)
{
	check_property({rule_id::modify_qp_query_reads_back_as_set, {rule_id::modify_qp_unmasked_unchanged}},
		       [this] { run_sequence(true); });
}

} // namespace
} // namespace ibvcert
