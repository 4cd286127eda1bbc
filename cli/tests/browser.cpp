#include "cli/tests/browser.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace ibvcert::testing {

std::string rendered_dom(const std::string &html_path, const std::string &probe_script)
{
	std::string page = html_path;
	if (!probe_script.empty()) {
		page = html_path + ".probe.html";
		std::ifstream in(html_path);
		std::stringstream s;
		s << in.rdbuf();
		std::string text = s.str();
		auto at = text.rfind("</body>");
		EXPECT_NE(at, std::string::npos) << html_path << " has no </body>";
		if (at == std::string::npos)
			at = text.size();
		std::ofstream(page) << text.insert(at, probe_script);
	}
	std::string profile = ::testing::TempDir() + "ibvcert-chromium-" + std::to_string(getpid());
	std::string cmd = "chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
			  "--disable-background-networking --disable-component-update --disable-sync "
			  "--window-size=1400,900 --user-data-dir=" + profile + " --dump-dom file://" + page +
			  " 2>/dev/null";
	std::string dom;
	FILE *p = popen(cmd.c_str(), "r");
	if (!p)
		return dom;
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		dom.append(buf, n);
	pclose(p);
	std::filesystem::remove_all(profile);
	return dom;
}

nlohmann::json probe_result(const std::string &dom)
{
	const std::string open = "<pre id=\"probe\">";
	auto from = dom.find(open);
	if (from == std::string::npos)
		return nullptr;
	from += open.size();
	return nlohmann::json::parse(dom.substr(from, dom.find("</pre>", from) - from), nullptr, false);
}

} // namespace ibvcert::testing
