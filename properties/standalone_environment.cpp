// The device of the standalone properties_gtest binary, from the
// environment (the ibvcert binary sets its own from the command line):
//   IBVCERT_DEVICE=NAME         a libibverbs device, or emu0 (the default)
//   IBVCERT_EMU_FAULT=K1,K2     emu0 with test-only fault knobs planted
// A failing property's replay command reruns this binary the same way.
#include "fixtures/rigs/run_context.h"
#include "fixtures/emu/emu_device.h"
#include "contracts/names.h"
#include "properties/property_check.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdlib>
#include <unistd.h>

namespace ibvcert {
namespace {

std::string self_path()
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
	return n > 0 ? std::string(buf, n) : "properties_gtest";
}

std::string env(const char *name)
{
	const char *v = std::getenv(name);
	return v ? v : "";
}

class StandaloneDevice : public ::testing::Environment {
public:
	void SetUp() override
	{
		std::string device_name = env("IBVCERT_DEVICE");
		std::string knobs = env("IBVCERT_EMU_FAULT");
		std::string command;
		std::unique_ptr<Device> device;
		if (!knobs.empty()) {
			ASSERT_TRUE(device_name.empty() || device_name == kEmuDeviceName)
				<< "IBVCERT_EMU_FAULT applies only to " << kEmuDeviceName;
			EmuFaults faults;
			size_t at = 0;
			while (at <= knobs.size()) {
				size_t end = std::min(knobs.find(',', at), knobs.size());
				std::string name = knobs.substr(at, end - at);
				auto fault = emu_fault_from_name(name);
				if (!fault) {
					std::string known;
					for (const auto &k : emu_fault_knobs())
						known += std::string(" ") + k.name;
					FAIL() << "IBVCERT_EMU_FAULT: unknown knob '" << name
					       << "'; knobs:" << known;
				}
				faults.set(*fault);
				at = end + 1;
			}
			device = make_emu_device(faults);
			command = "IBVCERT_EMU_FAULT=" + knobs + " ";
		} else if (!device_name.empty()) {
			int ret = open_device(device_name, device);
			ASSERT_EQ(ret, 0) << "IBVCERT_DEVICE=" << device_name << ": "
					  << errno_name(ret);
			command = "IBVCERT_DEVICE=" + device_name + " ";
		} else {
			open_device(kEmuDeviceName, device);
		}
		command += self_path();
		set_run_device(std::move(device), command);
		set_standalone_replay(command);
	}
};

[[maybe_unused]] auto *const kEnvironment =
	::testing::AddGlobalTestEnvironment(new StandaloneDevice);

} // namespace
} // namespace ibvcert
