#include "contracts/device_list_judge.h"

#include "contracts/names.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

namespace ibvcert {
namespace {

bool has(const std::vector<std::string> &names, const std::string &name)
{
	return std::find(names.begin(), names.end(), name) != names.end();
}

std::string joined(const std::vector<std::string> &names)
{
	return names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", "));
}

std::string call_text(const DeviceListResult &list)
{
	return fmt::format("ibv_get_device_list({})", list.num_devices_given ? "&num_devices" : "NULL");
}

} // namespace

std::vector<const ContractRule *> device_list_rules_of(Verb verb)
{
	std::vector<const ContractRule *> out;
	for (const ContractRule &r : device_list_rules())
		if (r.verbs & verb_bit(verb))
			out.push_back(&r);
	return out;
}

Verdict judge_device_list(const DeviceListResult &list, const ExposedDevices &exposed)
{
	Verdict v;
	const std::string call = call_text(list);
	for (const ContractRule *r : device_list_rules_of(Verb::GetDeviceList)) {
		auto breach = [&](std::string detail) { v.breaches.push_back({r, std::move(detail)}); };
		switch (r->check) {
		case Check::ListedExposed: {
			if (list.null)
				break;
			std::map<std::string, int> seen;
			for (const std::string &e : list.entries)
				seen[e]++;
			for (const auto &[name, times] : seen) {
				if (!has(exposed.names, name))
					breach(fmt::format("{} lists {}, a device the system does not expose "
							   "(it exposes: {})",
							   call, name, joined(exposed.names)));
				if (times > 1)
					breach(fmt::format("{} lists {} {} times", call, name, times));
			}
			if (!exposed.device_under_test.empty() && !seen.count(exposed.device_under_test))
				breach(fmt::format("{} does not list {}, the device under test (entries: {})", call,
						   exposed.device_under_test, joined(list.entries)));
			break;
		}
		case Check::ExposedListed:
			if (list.null)
				break;
			for (const std::string &name : exposed.names)
				if (!has(list.entries, name))
					breach(fmt::format("the system exposes {}, and {} does not list it "
							   "(entries: {})",
							   name, call, joined(list.entries)));
			break;
		case Check::NumDevicesCount:
			if (!list.null && list.num_devices_given && list.num_devices != (int)list.entries.size())
				breach(fmt::format("{} set num_devices to {}, and the array holds {} entr{} "
						   "before its NULL",
						   call, list.num_devices, list.entries.size(),
						   list.entries.size() == 1 ? "y" : "ies"));
			break;
		case Check::NullWithErrno:
			if (list.null && list.err == 0)
				breach(fmt::format("{} returned NULL and left errno 0", call));
			break;
		case Check::EmptyListNotNull:
			if (!exposed.names.empty())
				break;
			if (list.null)
				breach(fmt::format("the system exposes no device, and {} returned NULL ({})", call,
						   errno_name(list.err)));
			else if (list.num_devices_given && list.num_devices != 0)
				breach(fmt::format("the system exposes no device, and {} set num_devices to {}",
						   call, list.num_devices));
			break;
		default:
			break;
		}
	}
	return v;
}

Verdict judge_open_device(const OpenDeviceResult &open)
{
	Verdict v;
	for (const ContractRule *r : device_list_rules_of(Verb::OpenDevice)) {
		if (r->check != Check::ContextOfDevice || open.null)
			continue;
		if (open.context_device != open.asked)
			v.breaches.push_back({r, fmt::format("ibv_open_device({}) returned a context of device {}",
							     open.asked, open.context_device)});
		if (open.query_result != 0)
			v.breaches.push_back(
				{r, fmt::format("ibv_open_device({}) returned a context that answers "
						"ibv_query_device with {}",
						open.asked, errno_name(open.query_result))});
	}
	return v;
}

std::string device_list_text(const DeviceListResult &list)
{
	std::string call =
		fmt::format("ibv_get_device_list({})", list.num_devices_given ? "&num_devices" : "NULL");
	if (list.null)
		return fmt::format("{} -> NULL, errno {}", call, list.err ? errno_name(list.err) : "0");
	return fmt::format("{} -> [{}]{}", call, fmt::join(list.entries, ", "),
			   list.num_devices_given ? fmt::format(", num_devices {}", list.num_devices) : "");
}

std::string open_device_text(const OpenDeviceResult &open)
{
	return fmt::format("ibv_open_device({}) -> {}", open.asked,
			   open.null ? fmt::format("NULL, errno {}", open.err ? errno_name(open.err) : "0")
				     : fmt::format("a context of {}; ibv_query_device -> {}", open.context_device,
						   errno_name(open.query_result)));
}

} // namespace ibvcert
