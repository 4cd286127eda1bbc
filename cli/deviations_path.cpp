#include "cli/deviations_path.h"

#include <cstdlib>
#include <filesystem>
#include <set>

namespace fs = std::filesystem;

namespace ibvcert {

std::vector<std::string> deviations_dirs()
{
	if (const char *dir = std::getenv("IBVCERT_DEVIATIONS_DIR"); dir && *dir)
		return {dir};
	std::vector<std::string> dirs;
	std::error_code ec;
	fs::path self = fs::canonical("/proc/self/exe", ec);
	if (!ec)
		dirs.push_back((self.parent_path().parent_path() / "share/ibvcert/deviations").string());
	dirs.push_back(IBVCERT_SOURCE_DEVIATIONS_DIR);
	return dirs;
}

std::string resolve_deviations_file(std::string &arg)
{
	std::error_code ec;
	bool is_name = arg.find('/') == std::string::npos && fs::path(arg).extension() != ".json";
	if (!is_name || fs::is_regular_file(arg, ec)) {
		if (!fs::is_regular_file(arg, ec))
			return "no known-deviations file " + arg + " (give a file, or a provider name such as rxe)";
		return "";
	}
	std::string looked, providers;
	for (const auto &dir : deviations_dirs()) {
		fs::path file = fs::path(dir) / (arg + ".json");
		if (fs::is_regular_file(file, ec)) {
			arg = file.string();
			return "";
		}
		looked += (looked.empty() ? "" : ", ") + dir;
		std::set<std::string> names;
		for (const auto &e : fs::directory_iterator(dir, ec))
			if (e.path().extension() == ".json")
				names.insert(e.path().stem().string());
		for (const auto &n : names)
			providers += (providers.empty() ? "" : ", ") + n + " (" + dir + ")";
	}
	return "no known-deviations file for provider '" + arg + "' in " + looked +
	       (providers.empty() ? std::string(": none there") : "; there are: " + providers) +
	       " (or give the file's path)";
}

} // namespace ibvcert
