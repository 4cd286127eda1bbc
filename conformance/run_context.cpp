#include "conformance/run_context.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

struct RunContext {
	std::unique_ptr<Device> device;
	std::string replay = "ibvcert run --device emu0";
	bool caps_read = false;
	int caps_ret = 0;
	DeviceCaps caps;
};

RunContext &context()
{
	static RunContext ctx;
	return ctx;
}

} // namespace

void set_run_device(std::unique_ptr<Device> device, std::string replay)
{
	auto &ctx = context();
	ctx = RunContext{};
	ctx.device = std::move(device);
	ctx.replay = std::move(replay);
}

Device &run_device()
{
	auto &ctx = context();
	if (!ctx.device)
		open_device(kEmuDeviceName, ctx.device);
	return *ctx.device;
}

int run_caps(const DeviceCaps *&caps)
{
	auto &ctx = context();
	if (!ctx.caps_read) {
		ctx.caps_ret = read_device_caps(run_device(), 1, ctx.caps);
		ctx.caps_read = true;
	}
	caps = &ctx.caps;
	return ctx.caps_ret;
}

std::string replay_command()
{
	const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
	std::string name = info ? std::string(info->test_suite_name()) + "." + info->name() : "";
	return context().replay + " --filter '" + name + "'";
}

} // namespace ibvcert
