// The whole device, model-based (rapidcheck/state.h): random sequences of
// every verb the harness drives (device_commands.h) on several objects at
// once, QPs of every type the device creates, CQs, SRQs and MRs created,
// used, destroyed and created again, run against the device and against
// the model (fixtures/model/device_model.h). Every call is held to its
// verb's judge (result rows, frame rows, the model's verdict), and after
// every command every observable of every live object agrees with the
// model's prediction.
#include "properties/device_commands.h"
#include "properties/property_check.h"
#include "contracts/rule_ids/ece.h"
#include "contracts/rule_ids/modify_cq.h"
#include "contracts/rule_ids/modify_qp.h"
#include "contracts/rule_ids/modify_qp_rate_limit.h"
#include "contracts/rule_ids/modify_srq.h"
#include "contracts/rule_ids/poll_cq.h"
#include "contracts/rule_ids/resize_cq.h"
#include "contracts/rule_ids/sched.h"
#include "contracts/rule_ids/srq.h"
#include "fixtures/device_object.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

std::string length_bucket(size_t n)
{
	return n <= 10 ? "1-10" : n <= 40 ? "11-40" : "41+";
}

class DeviceStateMachineProperty : public ::testing::Test {
protected:
	void SetUp() override
	{
		if (auto why = run.open())
			GTEST_SKIP() << *why;
		ASSERT_TRUE(run.error().empty()) << run.error();
	}

	PropertyRun run;
};

// MUST: every call's outcome, result and frame agree with the contract and
// the model, and every object reads back what the model predicts.
TEST_F(DeviceStateMachineProperty, EveryCallAndObservableAgreesWithTheModel)
{
	// The clause names the rows the steps are held to most (every call is
	// held to its verb's result, effect and frame rows; the model's
	// predictions to the rows they come from); its level is the first row's.
	check_property({rule_id::modify_qp_other_objects_unchanged,
			{rule_id::modify_qp_table_only_listed, rule_id::modify_qp_required_set_accepted,
			 rule_id::modify_qp_rejected_changes_nothing, rule_id::modify_qp_query_reads_back_as_set,
			 rule_id::modify_srq_valid_carried_out, rule_id::modify_srq_invalid_rejected,
			 rule_id::srq_limit_event_once_below_the_limit, rule_id::modify_cq_moderation_in_effect_as_set,
			 rule_id::resize_cq_unpolled_kept, rule_id::modify_qp_rate_limit_valid_carried_out,
			 rule_id::ece_options_accepted_subset_in_every_state, rule_id::sched_valid_carried_out,
			 rule_id::poll_cq_wc_status_success_on_valid_work}},
		       [this] {
		// What a new object starts with, read at each case's start: a device
		// that carries state from one object to the next (across cases too)
		// is then caught within the case, and its shrunk sequence replays
		// alone.
		std::string error;
		const DeviceDefaults defaults = learn_defaults(run, error);
		if (!error.empty())
			RC_FAIL("precondition: " + error + "\ndevice: " + run.device().name());
		const DeviceModel initial = initial_device(run, defaults);
		// The harness's leak check: every object the sequence made is
		// destroyed with its bench (a destroy verb that failed leaves its
		// object counted).
		const long outstanding = outstanding_device_objects();
		const uint64_t mark = device_object_mark();
		const auto commands = *rc::state::gen::commands(initial, device_command);
		{
			DeviceBench bench(run);
			if (std::string why = bench.open(initial); !why.empty())
				RC_FAIL("precondition: " + why + "\ndevice: " + run.device().name());
			rc::state::runAll(commands, initial, bench);
		}
		if (outstanding_device_objects() != outstanding) {
			std::string left;
			for (const auto &what : device_objects_left_since(mark))
				left += "\n  " + what;
			RC_FAIL("leak check: the objects the sequence made were not all destroyed, or their destroy "
				"verb failed\ndevice: " + run.device().name() + left);
		}
		RC_TAG("commands " + length_bucket(commands.size()));
	});
}

} // namespace
} // namespace ibvcert
