// ibv_get_device_list(3) and ibv_open_device(3) as rows: the list against
// what the system exposes, num_devices against the list, the NULL result
// and the empty list, the context an open returns, and ibv_close_device's
// result. contracts/device_list_judge.cpp judges the list and the open;
// contracts/call_judge.cpp judges ibv_close_device's result.
#include "contracts/rule.h"

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};
constexpr uint64_t kList = verb_bit(Verb::GetDeviceList);
constexpr const char kListPage[] = "ibv_get_device_list(3)";
constexpr const char kListReturn[] = "ibv_get_device_list(3) RETURN VALUE";
constexpr const char kOpenReturn[] = "ibv_open_device(3) RETURN VALUE";

ContractRule list_row(const char *id, Check check, Level level, const char *man, const char *sentence,
		      const char *note)
{
	return ContractRule{id, kList, check, "", 0, kNone, kNone, Feature::None, nullptr, 0,
			    level, 0, man, sentence, note};
}

const std::vector<ContractRule> kRules = {
	list_row("get_device_list.array.lists_available", Check::ListedExposed, Level::MUST, kListPage,
		 "ibv_get_device_list() returns a NULL-terminated array of RDMA devices currently "
		 "available.",
		 "Compared with what the system exposes: sysfs's class/infiniband for a real device "
		 "(what the kernel registered), the emulated system's devices for emu0. An entry the "
		 "system does not expose, or an entry named twice, is no device currently available; "
		 "the device the run opened by name must be an entry."),
	list_row("get_device_list.array.lists_every_exposed", Check::ExposedListed, Level::SHOULD,
		 kListPage,
		 "ibv_get_device_list() returns a NULL-terminated array of RDMA devices currently "
		 "available.",
		 "SHOULD: a kernel device that no userspace provider serves is left out of the list, "
		 "and the page says so itself (IBV_SHOW_WARNINGS warns of such a device): every other "
		 "exposed device is listed."),
	list_row("get_device_list.num_devices.entries_in_the_array", Check::NumDevicesCount, Level::MUST,
		 kListPage,
		 "The argument num_devices is optional; if not NULL, it is set to the number of "
		 "devices returned in the array.",
		 "Counted up to the NULL terminator, which is not a device; the harness sets "
		 "num_devices to -1 before the call, so a call that leaves it unset breaks the rule."),
	list_row("get_device_list.return.array_or_null_with_errno", Check::NullWithErrno, Level::MUST,
		 kListReturn,
		 "ibv_get_device_list() returns the array of available RDMA devices, or sets errno "
		 "and returns NULL if the request fails.",
		 "The harness sets errno to 0 before the call: a NULL that leaves it 0 names no "
		 "failure. Called both with and without num_devices."),
	list_row("get_device_list.no_devices.empty_array", Check::EmptyListNotNull, Level::MUST,
		 kListReturn, "If no devices are found then num_devices is set to 0, and non-NULL is returned.",
		 "Judged where the harness can make a system that exposes no device: emu0's emulated "
		 "system with none. libibverbs lists what the kernel registered, and the harness cannot "
		 "take the device under test away from it (rdma link delete) without taking it from "
		 "every case after: on a real device the case skips, saying so."),
	{"open_device.return.context_of_the_device", verb_bit(Verb::OpenDevice), Check::ContextOfDevice,
	 "", 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kOpenReturn,
	 "ibv_open_device() returns a pointer to the allocated device context, or NULL if the "
	 "request fails.",
	 "The context is the device's: its device member names the list entry opened, and it answers "
	 "ibv_query_device(3). Each entry of the list is opened, the device under test twice (two "
	 "contexts alive at once)."},
	{"close_device.return.zero_or_minus_one", verb_bit(Verb::CloseDevice), Check::ReturnsZeroOrMinusOne,
	 "result", 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kOpenReturn,
	 "ibv_close_device() returns 0 on success, -1 on failure.", nullptr},
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(GetDeviceList, 34, "ibv_get_device_list");
IBVCERT_VERB(OpenDevice, 35, "ibv_open_device");
IBVCERT_VERB(CloseDevice, 36, "ibv_close_device");

IBVCERT_RULE_FAMILY(device_list, 150, nullptr)

} // namespace ibvcert
