// The judge of ibv_get_device_list(3) and ibv_open_device(3)
// (contracts/device_list_rules.cpp): one list call judged against what the
// system exposes, and one context opened from the list judged against the
// device asked for. ibv_close_device's result is judged by judge_call.
#pragma once

#include "contracts/verdict.h"

#include <string>
#include <vector>

namespace ibvcert {

// One ibv_get_device_list call as its caller saw it.
struct DeviceListResult {
	bool num_devices_given = true; // called with &num_devices (or NULL)
	bool null = false;             // the array returned was NULL
	int err = 0;                   // errno after the call (read where the array is NULL)
	std::vector<std::string> entries; // ibv_get_device_name of each entry before the NULL
	int num_devices = -1;          // num_devices after the call (-1 before it)
};

// What the list is compared with: the devices the system exposes (sysfs's
// class/infiniband, or the emulated system's devices), and the device the
// run tests ("" where the system has none).
struct ExposedDevices {
	std::vector<std::string> names;
	std::string device_under_test;
};

Verdict judge_device_list(const DeviceListResult &list, const ExposedDevices &exposed);
// The call and what it returned, for a case's evidence.
std::string device_list_text(const DeviceListResult &list);

// One ibv_open_device call on a list entry.
struct OpenDeviceResult {
	std::string asked;          // the entry's name
	bool null = false;          // NULL returned
	int err = 0;                // errno after a NULL
	std::string context_device; // ibv_get_device_name(context->device)
	int query_result = 0;       // ibv_query_device on the context: 0 or an errno
};

Verdict judge_open_device(const OpenDeviceResult &open);
// The call and what it returned, for a case's evidence.
std::string open_device_text(const OpenDeviceResult &open);

// The rows of verb in contracts/device_list_rules.cpp, in the order they are judged.
std::vector<const ContractRule *> device_list_rules_of(Verb verb);

} // namespace ibvcert
