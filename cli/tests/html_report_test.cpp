// The HTML certification report, as a real browser renders it: headless
// Chromium loads the file and dumps the DOM it built; the matrix and the
// counts must be there.
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

using ibvcert::testing::run_ibvcert;

namespace {

std::string rendered_dom(const std::string &html)
{
	std::string profile = ::testing::TempDir() + "ibvcert-chromium-" + std::to_string(getpid());
	std::string cmd = "chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
			  "--disable-background-networking --disable-component-update --disable-sync "
			  "--user-data-dir=" + profile + " --dump-dom file://" + html + " 2>/dev/null";
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

size_t count(const std::string &text, const std::string &what)
{
	size_t n = 0;
	for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
		n++;
	return n;
}

} // namespace

TEST(HtmlReport, BrowserRendersTheClauseMatrixAndCountsOfEveryRun)
{
	ASSERT_EQ(system("command -v chromium >/dev/null"), 0)
		<< "chromium is not installed (scripts/setup.sh installs it)";
	std::string dir = ::testing::TempDir() + "ibvcert-html-" + std::to_string(getpid());
	ASSERT_EQ(run_ibvcert("run --filter '*ModifyQpRequired*' --report " + dir + "/clean").status, 0);
	ASSERT_EQ(run_ibvcert("run --filter '*ModifyQpRequired*' --emu-fault accept-missing-required --report " +
			      dir + "/knob").status, 1);
	auto r = run_ibvcert("report --html " + dir + "/both.html " + dir + "/clean/report.json " + dir +
			     "/knob/report.json");
	ASSERT_EQ(r.status, 0) << r.output;

	std::string dom = rendered_dom(dir + "/both.html");
	ASSERT_NE(dom.find("<table id=\"matrix\""), std::string::npos) << dom.substr(0, 2000);
	EXPECT_EQ(count(dom, "class=\"clause\""), 2u); // RequiredSet.AloneSucceeds, RequiredAttribute.Omitted...
	EXPECT_NE(dom.find("data-outcome=\"FAIL\""), std::string::npos);
	EXPECT_NE(dom.find("data-outcome=\"PASS\""), std::string::npos);
	EXPECT_NE(dom.find("accept-missing-required"), std::string::npos);
	EXPECT_NE(dom.find("replay: "), std::string::npos);
	EXPECT_NE(dom.find("ibv_modify_qp(3)"), std::string::npos); // the man-page sentence
	// the totals row of the knob run counts its 27 failing cases
	EXPECT_NE(dom.find("<td data-outcome=\"FAIL\">27</td>"), std::string::npos);
	std::filesystem::remove_all(dir);
}
