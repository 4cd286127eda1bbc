#include "cli/device_provider.h"

#include "fixtures/device.h"

#include <infiniband/verbs.h>

#include <dlfcn.h>

#include <algorithm>
#include <cctype>

namespace ibvcert {
namespace {

std::string lower(std::string s)
{
	for (auto &ch : s)
		ch = (char)std::tolower((unsigned char)ch);
	return s;
}

// "/usr/lib/x86_64-linux-gnu/libibverbs/librxe-rdmav34.so" -> "rxe",
// "libmlx5.so.1" -> "mlx5".
std::string library_provider(const std::string &path)
{
	std::string base = path.substr(path.rfind('/') + 1);
	if (base.rfind("lib", 0) != 0)
		return "";
	base = base.substr(3);
	base = base.substr(0, base.find_first_of("-."));
	return base == "ibverbs" ? "" : base;
}

// "rxe0" -> "rxe", "mlx5_0" -> "mlx5", "bnxt_re1" -> "bnxt_re".
std::string name_without_index(std::string name)
{
	while (!name.empty() && std::isdigit((unsigned char)name.back()))
		name.pop_back();
	if (!name.empty() && name.back() == '_')
		name.pop_back();
	return name;
}

} // namespace

std::string userspace_provider(const std::string &device)
{
	int n = 0;
	ibv_device **list = ibv_get_device_list(&n);
	if (!list)
		return "";
	std::string out;
	for (int i = 0; i < n; i++) {
		if (device != ibv_get_device_name(list[i]))
			continue;
		ibv_context *ctx = ibv_open_device(list[i]);
		if (!ctx)
			break;
		// The data path ops are the provider's own functions.
		Dl_info info{};
		if (ctx->ops.poll_cq && dladdr(reinterpret_cast<void *>(ctx->ops.poll_cq), &info) && info.dli_fname)
			out = library_provider(info.dli_fname);
		ibv_close_device(ctx);
		break;
	}
	ibv_free_device_list(list);
	return out;
}

std::vector<std::string> device_provider_names(const std::string &device, const std::string &driver)
{
	std::vector<std::string> names;
	auto add = [&](const std::string &n) {
		if (!n.empty() && n != "unknown" && std::find(names.begin(), names.end(), n) == names.end())
			names.push_back(n);
	};
	if (device == kEmuDeviceName) {
		add("emu");
	} else {
		add(userspace_provider(device));
		add(driver);
	}
	add(name_without_index(device));
	return names;
}

bool provider_matches(const std::string &provider, const std::vector<std::string> &names)
{
	std::string p = lower(provider);
	for (const auto &n : names) {
		std::string l = lower(n);
		if (l == p || (l.rfind(p, 0) == 0 && l.size() > p.size() && !std::isalnum((unsigned char)l[p.size()])))
			return true;
	}
	return false;
}

} // namespace ibvcert
