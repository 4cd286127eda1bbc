// The device list rows (contracts/device_list_rules.cpp) through their
// judge, and the new result rows through judge_call: each row breaks on the
// observation it names, and only then.
#include "contracts/call_judge.h"
#include "contracts/create_cq_judge.h"
#include "contracts/device_list_judge.h"
#include "contracts/rule_ids/close_device.h"
#include "contracts/rule_ids/create_cq.h"
#include "contracts/rule_ids/destroy_cq.h"
#include "contracts/rule_ids/get_device_list.h"
#include "contracts/rule_ids/open_device.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <climits>

using namespace ibvcert;

namespace {

DeviceListResult listed(std::vector<std::string> entries, int num_devices)
{
	DeviceListResult r;
	r.entries = std::move(entries);
	r.num_devices = num_devices;
	return r;
}

const ExposedDevices kTwo = {{"rxe0", "siw0"}, "rxe0"};

TEST(DeviceListJudge, AcceptsTheExposedDevicesCountedAndNothingElse)
{
	EXPECT_TRUE(judge_device_list(listed({"siw0", "rxe0"}, 2), kTwo).accepts());
	EXPECT_TRUE(judge_device_list(listed({}, 0), {{}, ""}).accepts());
}

TEST(DeviceListJudge, AnEntryNotExposedOrTwiceOrTheDeviceUnderTestMissingBreaksListsAvailable)
{
	auto id = rule_id::get_device_list_array_lists_available;
	EXPECT_TRUE(judge_device_list(listed({"rxe0", "siw0", "mlx5_0"}, 3), kTwo).breaks(id));
	EXPECT_TRUE(judge_device_list(listed({"rxe0", "rxe0", "siw0"}, 3), kTwo).breaks(id));
	Verdict missing = judge_device_list(listed({"siw0"}, 1), kTwo);
	EXPECT_TRUE(missing.breaks(id));
	EXPECT_TRUE(missing.breaks(rule_id::get_device_list_array_lists_every_exposed));
	EXPECT_FALSE(judge_device_list(listed({"rxe0"}, 1), kTwo).breaks(id));
	EXPECT_TRUE(judge_device_list(listed({"rxe0"}, 1), kTwo)
			    .breaks(rule_id::get_device_list_array_lists_every_exposed));
}

TEST(DeviceListJudge, NumDevicesIsTheEntriesBeforeTheNull)
{
	auto id = rule_id::get_device_list_num_devices_entries_in_the_array;
	EXPECT_TRUE(judge_device_list(listed({"rxe0", "siw0"}, 3), kTwo).breaks(id));
	EXPECT_TRUE(judge_device_list(listed({"rxe0", "siw0"}, -1), kTwo).breaks(id));
	DeviceListResult without = listed({"rxe0", "siw0"}, -1);
	without.num_devices_given = false;
	EXPECT_TRUE(judge_device_list(without, kTwo).accepts());
}

TEST(DeviceListJudge, ANullNeedsErrnoAndIsNoListWhereNoDeviceIsExposed)
{
	DeviceListResult null;
	null.null = true;
	null.num_devices = 0;
	null.err = 0;
	EXPECT_TRUE(judge_device_list(null, kTwo).breaks(rule_id::get_device_list_return_array_or_null_with_errno));
	null.err = ENOMEM;
	EXPECT_TRUE(judge_device_list(null, kTwo).accepts());
	Verdict none = judge_device_list(null, {{}, ""});
	EXPECT_TRUE(none.breaks(rule_id::get_device_list_no_devices_empty_array));
	EXPECT_FALSE(none.breaks(rule_id::get_device_list_return_array_or_null_with_errno));
	EXPECT_TRUE(judge_device_list(listed({}, 1), {{}, ""}).breaks(rule_id::get_device_list_no_devices_empty_array));
}

TEST(OpenDeviceJudge, TheContextIsOfTheDeviceAskedAndAnswersQueries)
{
	auto id = rule_id::open_device_return_context_of_the_device;
	EXPECT_TRUE(judge_open_device({"rxe0", false, 0, "rxe0", 0}).accepts());
	EXPECT_TRUE(judge_open_device({"rxe0", true, ENOMEM, "", 0}).accepts());
	EXPECT_TRUE(judge_open_device({"rxe0", false, 0, "siw0", 0}).breaks(id));
	EXPECT_TRUE(judge_open_device({"rxe0", false, 0, "rxe0", ENODEV}).breaks(id));
}

TEST(ResultRows, CloseDeviceIsZeroOrMinusOneAndDestroyCqZeroOrAnErrno)
{
	EXPECT_TRUE(judge_call({Verb::CloseDevice, 0}).accepts());
	EXPECT_TRUE(judge_call({Verb::CloseDevice, -1}).accepts());
	EXPECT_TRUE(judge_call({Verb::CloseDevice, 1}).breaks(rule_id::close_device_return_zero_or_minus_one));
	EXPECT_TRUE(judge_call({Verb::DestroyCq, EBUSY}).accepts());
	EXPECT_TRUE(judge_call({Verb::DestroyCq, -EBUSY}).breaks(rule_id::destroy_cq_return_zero_or_errno));
}

TEST(CreateCqJudge, CompVectorAtLeastZeroAndBelowNumCompVectors)
{
	DeviceCaps caps;
	caps.device.orig_attr.max_cqe = 1024;
	caps.num_comp_vectors = 2;
	auto id = rule_id::create_cq_comp_vector_range;
	EXPECT_TRUE(evaluate_create_cq(caps, 4, 0).accepts());
	EXPECT_TRUE(evaluate_create_cq(caps, 4, 1).accepts());
	EXPECT_TRUE(evaluate_create_cq(caps, 4, 2).breaks(id));
	EXPECT_TRUE(evaluate_create_cq(caps, 4, -1).breaks(id));
	EXPECT_TRUE(evaluate_create_cq(caps, 4, INT_MAX).breaks(id));
	EXPECT_EQ(evaluate_create_cq(caps, 4, 2).err(), EINVAL);
	EXPECT_TRUE(judge_create_cq(caps, 4, 0, 4, 2).breaks(id));
	EXPECT_TRUE(judge_create_cq(caps, 4, EINVAL, 0, 1).breaks(rule_id::create_cq_valid_returns_a_cq));
	EXPECT_TRUE(judge_create_cq(caps, 4, EINVAL, 0, 2).accepts());
}

} // namespace
