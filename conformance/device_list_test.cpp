// ibv_get_device_list(3), ibv_open_device(3) and ibv_close_device(3) on the
// system the run's device is listed in (Device::directory()): the list
// against what the system exposes, num_devices against the list, the list
// of a system with no device, and the contexts opened from the list. Each
// call is judged by contracts/device_list_judge.h; ibv_close_device's
// result by contracts/call_judge.h.
#include "contracts/device_list_judge.h"
#include "contracts/names.h"
#include "contracts/rule_ids/close_device.h"
#include "contracts/rule_ids/get_device_list.h"
#include "contracts/rule_ids/open_device.h"
#include "fixtures/device_list.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

namespace ibvcert {
namespace {

// Calls ibv_get_device_list on dir and judges the call against what dir
// exposes; device_under_test "" where the system holds none.
void judge_list_call(DeviceDirectory &dir, bool give_num_devices, const std::string &device_under_test,
		     const std::string &before)
{
	ExposedDevices exposed;
	exposed.device_under_test = device_under_test;
	if (int ret = dir.exposed(exposed.names))
		FAIL() << "reading the devices " << dir.source() << " exposes: " << errno_name(ret);
	DeviceListResult list = dir.get_device_list(give_num_devices);
	std::string evidence = fmt::format("device {}, {} exposes [{}]{}\n  {}\nreplay: {}", run_device().name(),
					   dir.source(), fmt::join(exposed.names, ", "), before,
					   device_list_text(list), replay_command());
	record_verdict(judge_device_list(list, exposed), device_list_rules_of(Verb::GetDeviceList),
		       evidence);
}

std::unique_ptr<DeviceDirectory> run_directory()
{
	std::unique_ptr<DeviceDirectory> dir = run_device().directory();
	if (!dir)
		ADD_FAILURE() << "the device " << run_device().name() << " names no system it is listed in";
	return dir;
}

TEST(DeviceList, ReturnsTheDevicesCurrentlyAvailable)
{
	record_clause({rule_id::get_device_list_array_lists_available,
		       {rule_id::get_device_list_array_lists_every_exposed}});
	auto dir = run_directory();
	if (!dir)
		return;
	// The run's context is open: the list still names its device.
	judge_list_call(*dir, true, run_device().name(), ", a context of the device under test open");
}

TEST(DeviceList, SetsNumDevicesToTheDevicesReturned)
{
	record_clause({rule_id::get_device_list_num_devices_entries_in_the_array});
	auto dir = run_directory();
	if (!dir)
		return;
	judge_list_call(*dir, true, run_device().name(), "");
	// Again, with a second context of the device open: the same devices.
	std::unique_ptr<OpenedContext> second;
	OpenDeviceResult open = dir->open_device(run_device().name(), second);
	judge_list_call(*dir, true, run_device().name(),
			open.null ? fmt::format(", a second ibv_open_device returned NULL ({})",
						errno_name(open.err))
				  : std::string(", a second context of the device under test open"));
}

TEST(DeviceList, ReturnsTheArrayOrNullWithErrno)
{
	record_clause({rule_id::get_device_list_return_array_or_null_with_errno,
		       {rule_id::get_device_list_array_lists_available}});
	auto dir = run_directory();
	if (!dir)
		return;
	// num_devices is optional: without it, and with it.
	judge_list_call(*dir, false, run_device().name(), "");
	judge_list_call(*dir, true, run_device().name(), "");
}

TEST(DeviceList, NoDevicesFoundSetsZeroAndReturnsNonNull)
{
	record_clause({rule_id::get_device_list_no_devices_empty_array,
		       {rule_id::get_device_list_num_devices_entries_in_the_array}});
	auto dir = run_directory();
	if (!dir)
		return;
	std::string why_not;
	std::unique_ptr<DeviceDirectory> none = dir->without_devices(why_not);
	if (!none)
		GTEST_SKIP() << "no system without devices: " << why_not;
	judge_list_call(*none, true, "", ", made to expose no device");
	judge_list_call(*none, false, "", ", made to expose no device");
}

// Closes every context, each ibv_close_device judged on its result.
void close_all(std::vector<std::unique_ptr<OpenedContext>> &contexts)
{
	for (auto &ctx : contexts) {
		if (!ctx)
			continue;
		std::string device = ctx->device_name();
		int ret = ctx->close();
		record_call({Verb::CloseDevice, ret}, fmt::format("ibv_close_device(context of {}) -> {}", device, ret));
	}
	contexts.clear();
}

TEST(OpenDevice, ReturnsAContextOfTheDevice)
{
	record_clause({rule_id::open_device_return_context_of_the_device,
		       {rule_id::close_device_return_zero_or_minus_one}});
	auto dir = run_directory();
	if (!dir)
		return;
	DeviceListResult list = dir->get_device_list(true);
	if (list.null)
		FAIL() << "precondition: " << device_list_text(list);
	// Every entry, and the device under test a second time: two contexts
	// of it alive at once, besides the run's own.
	std::vector<std::string> asked = list.entries;
	asked.push_back(run_device().name());
	std::vector<std::unique_ptr<OpenedContext>> contexts;
	for (const std::string &name : asked) {
		std::unique_ptr<OpenedContext> ctx;
		OpenDeviceResult open = dir->open_device(name, ctx);
		ibv_device_attr attr{};
		if (ctx)
			open.query_result = ctx->query_device(attr);
		std::string evidence = fmt::format(
			"device {}, {} open context(s) from the list before\n  {}\n  ibv_open_device({}) -> {}\n"
			"replay: {}",
			run_device().name(), contexts.size(), device_list_text(list), name,
			open.null ? fmt::format("NULL, errno {}", open.err ? errno_name(open.err) : "0")
				  : fmt::format("a context of {}; ibv_query_device -> {}", open.context_device,
						errno_name(open.query_result)),
			replay_command());
		record_verdict(judge_open_device(open), device_list_rules_of(Verb::OpenDevice), evidence);
		contexts.push_back(std::move(ctx));
	}
	close_all(contexts);
}

TEST(CloseDevice, ReturnsZeroOrMinusOne)
{
	record_clause({rule_id::close_device_return_zero_or_minus_one});
	auto dir = run_directory();
	if (!dir)
		return;
	// Two contexts of the device: the first closed while the second is
	// open, then the second.
	std::vector<std::unique_ptr<OpenedContext>> contexts(2);
	for (auto &ctx : contexts) {
		OpenDeviceResult open = dir->open_device(run_device().name(), ctx);
		if (open.null)
			FAIL() << "precondition: ibv_open_device(" << run_device().name() << ") returned NULL, errno "
			       << errno_name(open.err);
	}
	close_all(contexts);
}

} // namespace
} // namespace ibvcert
