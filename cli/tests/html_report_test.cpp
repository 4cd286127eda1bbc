// The HTML certification report, as a real browser renders it: headless
// Chromium at 1400 x 900 loads the file and dumps the DOM it built. A probe
// script the test appends measures the layout and drives the filters, and
// writes what it saw as JSON into the DOM.
#include "cli/tests/browser.h"
#include "cli/tests/run_command.h"
#include "contracts/rule_ids/rate_limit.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using ibvcert::testing::probe_result;
using ibvcert::testing::rendered_dom;
using ibvcert::testing::run_ibvcert;
using nlohmann::json;

namespace {

// What the probe reports: the viewport, how wide the page is with every
// evidence block open, where each verdict ends, and the clauses each filter
// setting shows.
const char kProbe[] = R"js(<script>
(function () {
  var out = {};
  function shown() {
    return Array.from(document.querySelectorAll('#matrix tbody.clause'))
      .filter(function (t) { return !t.hidden; }).map(function (t) { return t.id.slice(7); });
  }
  function choose(id, value) {
    var s = document.getElementById(id);
    s.value = value;
    s.dispatchEvent(new Event('change'));
  }
  out.innerWidth = window.innerWidth;
  out.innerHeight = window.innerHeight;
  out.verdictBottoms = Array.from(document.querySelectorAll('.verdict'))
    .map(function (v) { return v.getBoundingClientRect().bottom; });
  out.verdicts = Array.from(document.querySelectorAll('.verdict'))
    .map(function (v) { return v.querySelector('.headline').textContent; });
  out.matrixTop = document.getElementById('matrix').getBoundingClientRect().top;
  out.all = shown();
  choose('filter-outcome', 'FAIL'); out.fail = shown();
  choose('filter-outcome', 'notable'); out.notable = shown();
  choose('filter-outcome', ''); choose('filter-level', 'SHOULD'); out.should = shown();
  choose('filter-level', 'MUST'); out.must = shown();
  out.families = Array.from(document.getElementById('filter-family').options)
    .map(function (o) { return o.value; });
  choose('filter-level', ''); choose('filter-family', 'srq'); out.srq = shown();
  choose('filter-family', 'modify_qp'); out.modifyQp = shown();
  out.count = document.getElementById('filter-count').textContent;
  choose('filter-family', '');
  document.querySelectorAll('details').forEach(function (d) { d.open = true; });
  out.scrollWidth = document.documentElement.scrollWidth;
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>)js";

size_t count(const std::string &text, const std::string &what)
{
	size_t n = 0;
	for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
		n++;
	return n;
}

// A report.json as ibvcert writes it, for the report's own cases.
json case_json(const std::string &clause, const std::string &outcome, const std::string &level,
	       const std::string &message, std::vector<std::string> rules = {})
{
	auto dot = clause.find('.');
	return {{"suite", clause.substr(0, dot)}, {"case", clause.substr(dot + 1) + "/RC"}, {"clause", clause},
		{"outcome", outcome}, {"level", level}, {"source", "ibv_modify_qp(3): the sentence"},
		{"rules", rules}, {"seconds", 0.1}, {"message", message}, {"known_deviation", ""}};
}

json report_json(const std::string &device, json cases, json policy, json verdict)
{
	json doc = {{"harness", {{"name", "ibvcert"}, {"version", "0.1.0"}}},
		    {"started", "2026-11-23T20:00:00Z"},
		    {"seconds", 1},
		    {"device", {{"name", device}, {"driver", "x"}, {"kernel", "6.1.0-test"}}},
		    {"cases", cases}};
	if (!policy.is_null())
		doc["policy"] = policy;
	if (!verdict.is_null())
		doc["verdict"] = verdict;
	return doc;
}

json policy(const std::string &filter = "*", const std::string &known = "")
{
	return {{"suite", "all"}, {"filter", filter}, {"known_file", known}, {"strict", false}};
}

json verdict(std::vector<std::string> failed_because = {}, int status = 0)
{
	return {{"passed", failed_because.empty()}, {"failed_because", failed_because}, {"exit_status", status}};
}

class HtmlReport : public ::testing::Test {
protected:
	void SetUp() override
	{
		ASSERT_EQ(system("command -v chromium >/dev/null"), 0)
			<< "chromium is not installed (scripts/setup.sh installs it)";
		dir = ::testing::TempDir() + "ibvcert-html-" + std::to_string(getpid());
		std::filesystem::create_directories(dir);
	}
	void TearDown() override { std::filesystem::remove_all(dir); }

	std::string write(const std::string &name, const json &doc)
	{
		std::string path = dir + "/" + name + ".json";
		std::ofstream(path) << doc.dump(1);
		return path;
	}
	// ibvcert report --html over the reports; returns the HTML's path.
	std::string report(const std::vector<std::string> &jsons)
	{
		std::string args = "report --html " + dir + "/report.html";
		for (const auto &j : jsons)
			args += " " + j;
		auto r = run_ibvcert(args);
		EXPECT_EQ(r.status, 0) << r.output;
		return dir + "/report.html";
	}

	std::string dir;
};

} // namespace

// Two real runs, a clean one and one with a fault knob, then the five-run
// report: the verdicts on the first screen, the totals by level, failures
// first, filters, rule links, and nothing off screen at 1400 px.
TEST_F(HtmlReport, BrowserShowsEachRunsVerdictFirstAndFiveRunsFitAt1400Px)
{
	ASSERT_EQ(run_ibvcert("run --filter '*ModifyQpRequired*' --report " + dir + "/clean").status, 0);
	ASSERT_EQ(run_ibvcert("run --filter '*ModifyQpRequired*' --emu-fault accept-missing-required --report " +
			      dir + "/knob").status, 1);
	std::string clean = dir + "/clean/report.json", knob = dir + "/knob/report.json";

	// The run's own report.html states its verdict.
	std::string own = rendered_dom(dir + "/knob/report.html");
	EXPECT_NE(own.find("data-verdict=\"not conformant\""), std::string::npos) << own.substr(0, 3000);
	EXPECT_NE(own.find("not conformant: 27 MUST failures"), std::string::npos);
	EXPECT_NE(own.find("partial: --filter '*ModifyQpRequired*' ran "), std::string::npos);

	std::string dom = rendered_dom(report({clean, knob, clean, knob, knob}), kProbe);
	ASSERT_NE(dom.find("<table id=\"matrix\""), std::string::npos) << dom.substr(0, 2000);
	EXPECT_EQ(count(dom, "<tr class=\"clause\""), 2u); // RequiredSet.AloneSucceeds, RequiredAttribute.Omitted...
	EXPECT_NE(dom.find("data-outcome=\"FAIL\""), std::string::npos);
	EXPECT_NE(dom.find("data-outcome=\"PASS\""), std::string::npos);
	EXPECT_NE(dom.find("accept-missing-required"), std::string::npos);
	EXPECT_NE(dom.find("replay: "), std::string::npos);
	EXPECT_NE(dom.find("ibv_modify_qp(3)"), std::string::npos); // the man-page sentence
	// the totals of the knob run: 27 MUST cases failed, none at SHOULD
	EXPECT_NE(dom.find("<tr data-run=\"1\" data-level=\"MUST\"><td>"), std::string::npos);
	auto knob_must = dom.substr(dom.find("<tr data-run=\"1\" data-level=\"MUST\">"));
	knob_must = knob_must.substr(0, knob_must.find("</tr>"));
	EXPECT_NE(knob_must.find("<td data-outcome=\"FAIL\">27</td>"), std::string::npos) << knob_must;
	// each clause links its rules, and the rules table cites them
	EXPECT_NE(dom.find("<a href=\"#rule-modify_qp.transition.required\">"), std::string::npos);
	EXPECT_NE(dom.find("<td class=\"name\" id=\"rule-modify_qp.transition.required\">"), std::string::npos);

	json probe = probe_result(dom);
	ASSERT_TRUE(probe.is_object()) << dom.substr(dom.size() > 3000 ? dom.size() - 3000 : 0);
	EXPECT_EQ(probe["innerWidth"], 1400);
	EXPECT_EQ(probe["verdicts"], json({"conformant", "not conformant: 27 MUST failures", "conformant",
					  "not conformant: 27 MUST failures", "not conformant: 27 MUST failures"}));
	for (const auto &bottom : probe["verdictBottoms"])
		EXPECT_LE(bottom.get<double>(), probe["innerHeight"].get<double>()) << "a verdict is below the first screen";
	// five runs, every evidence block open: nothing wider than the window
	EXPECT_LE(probe["scrollWidth"].get<int>(), 1400);
	// failures first: the failing clause is the first row
	ASSERT_EQ(probe["all"].size(), 2u);
	EXPECT_EQ(probe["all"][0], "ModifyQpRequiredAttribute.OmittedFailsAndChangesNothing");
	EXPECT_EQ(probe["fail"], json({"ModifyQpRequiredAttribute.OmittedFailsAndChangesNothing"}));
	EXPECT_EQ(probe["notable"], probe["fail"]);
	EXPECT_EQ(probe["should"].size(), 0u);
	EXPECT_EQ(probe["must"].size(), 2u);
	// the family filter offers the families of the clauses shown
	EXPECT_EQ(probe["families"], json({"", "modify_qp"}));
	EXPECT_EQ(probe["modifyQp"].size(), 2u);
	EXPECT_EQ(probe["count"], "2 of 2 clauses shown");
}

// The verdict words come from what the run recorded: its policy (filter,
// known file) and the reasons it failed; a report without a recorded
// verdict is judged again from its cases.
TEST_F(HtmlReport, VerdictFollowsThePolicyAndTheRecordedVerdict)
{
	json pass = case_json("A.Passes", "PASS", "MUST", "");
	auto clean = write("clean", report_json("dev0", {pass}, policy(), verdict()));
	auto known = write("known", report_json("dev1",
					       {pass, case_json("B.Listed", "KNOWN", "MUST", "evidence"),
						case_json("C.Listed", "KNOWN", "SHOULD", "evidence")},
					       policy("*", "deviations/dev1.json"), verdict()));
	auto should = write("should", report_json("dev2", {pass, case_json("D.Range", "FAIL", "SHOULD", "evidence")},
						  policy(), verdict()));
	auto failed = write("failed", report_json("dev3",
						  {case_json("E.Must", "FAIL", "MUST", "evidence"),
						   case_json("E.Must2", "FAIL", "MUST", "evidence"),
						   case_json("F.Crash", "CRASH", "MUST", "signal")},
						  policy("*E*:*F*"),
						  verdict({"2 MUST case(s) failed", "1 case(s) crashed"}, 1)));
	auto old = write("old", report_json("dev4", {case_json("G.Crash", "CRASH", "", "signal")}, nullptr, nullptr));
	std::string dom = rendered_dom(report({clean, known, should, failed, old}), kProbe);
	json probe = probe_result(dom);
	ASSERT_TRUE(probe.is_object()) << dom.substr(0, 3000);
	EXPECT_EQ(probe["verdicts"], json({"conformant", "conformant with known deviations", "conformant with deviations",
					  "not conformant: 2 MUST failures",
					  "not conformant: 1 case fails the run under its policy"}));
	EXPECT_NE(dom.find("2 known deviations (1 of MUST clauses) listed in deviations/dev1.json"), std::string::npos);
	EXPECT_NE(dom.find("1 SHOULD failure: spec ranges a provider may mask"), std::string::npos);
	EXPECT_NE(dom.find("<li>1 case(s) crashed</li>"), std::string::npos);
	// only the filtered run is partial
	EXPECT_EQ(count(dom, "class=\"partial\""), 1u);
	EXPECT_NE(dom.find("partial: --filter '*E*:*F*' ran 3 cases of every suite"), std::string::npos);
	// failures first: the crash, then the MUST failure, ... the passing clause last
	EXPECT_EQ(probe["all"].front(), "F.Crash");
	EXPECT_EQ(probe["all"].back(), "A.Passes");
	EXPECT_EQ(probe["all"][2], "E.Must");
}

// A clause skipped on every device is flagged only when no device could
// run it: a skip that says another clause covered the device (the device
// has the feature) is no reason to suspect the harness.
TEST_F(HtmlReport, SkippedOnEveryDeviceOnlyWhenNoDeviceCouldRunTheClause)
{
	json covered = case_json("RateLimitWithoutPacing.ReturnsEopnotsupp", "SKIP", "MUST",
				 "the device has packet pacing (qp_rate_limit_max 100000000 kbps): the RateLimit* cases "
				 "cover it",
				 {ibvcert::rule_id::rate_limit_pacing_supported});
	json resize = case_json("SrqResizeWithoutCap.Rejected", "SKIP", "MUST",
				"the device advertises IBV_DEVICE_SRQ_RESIZE (SrqResizeWithCap.Grows covers it)",
				{"srq.resize.supported"});
	json nobody = case_json("SchedTree.Builds", "SKIP", "MUST",
				"not an mlx5 device (mlx5dv_is_supported(3) returned false)", {"sched.tree.x"});
	json lacking = case_json("RateLimitWithoutPacing.ReturnsEopnotsupp", "SKIP", "MUST",
				 "no packet pacing for RAW_PACKET", {ibvcert::rule_id::rate_limit_pacing_supported});
	auto a = write("a", report_json("dev0", {covered, resize, nobody}, policy(), verdict()));
	auto b = write("b", report_json("dev1", {lacking, resize, nobody}, policy(), verdict()));
	std::string dom = rendered_dom(report({a, b}), kProbe);
	ASSERT_NE(dom.find("<table id=\"matrix\""), std::string::npos) << dom.substr(0, 2000);
	EXPECT_EQ(count(dom, "skipped on every device: no run could check this clause"), 1u);
	EXPECT_NE(dom.find("Clause SchedTree.Builds was skipped on every device"), std::string::npos);
	EXPECT_EQ(dom.find("Clause SrqResizeWithoutCap"), std::string::npos);
	EXPECT_EQ(dom.find("Clause RateLimitWithoutPacing"), std::string::npos);
	// a rule this ibvcert does not know is listed, not dropped
	EXPECT_NE(dom.find("<td class=\"name\" id=\"rule-sched.tree.x\">"), std::string::npos);
	EXPECT_NE(dom.find("not in this ibvcert's contract"), std::string::npos);
	json probe = probe_result(dom);
	ASSERT_TRUE(probe.is_object());
	EXPECT_EQ(probe["srq"], json({"SrqResizeWithoutCap.Rejected"}));
}

// A failing certificate names what a reader must see first: the kernel
// crashes (lab/run-suite's evidence), then the known deviations, then the
// other reasons; a run whose only kernel crash is a listed one is
// "conformant with known deviations" and says the crash was expected.
TEST_F(HtmlReport, AFailingVerdictNamesKernelCrashesAndKnownDeviationsFirst)
{
	json crash = case_json("ModifyQpProperty.RejectedRequestChangesNothing", "CRASH", "MUST",
			       "the guest kernel oopsed/panicked during this case (boot 1): BUG: unable to handle page fault");
	json known = case_json("B.Listed", "KNOWN", "MUST", "evidence");
	json fail = case_json("E.Must", "FAIL", "MUST", "evidence");
	auto failed = write("failed", report_json("rxe0", {fail, known, crash}, policy("*", "deviations/rxe.json"),
						  verdict({"1 MUST case(s) failed", "1 case(s) crashed the guest kernel"}, 1)));
	json expected = crash;
	expected["outcome"] = "KNOWN";
	auto listed = write("listed", report_json("rxe0", {known, expected}, policy("*", "deviations/rxe.json"), verdict()));
	std::string dom = rendered_dom(report({failed, listed}), kProbe);
	json probe = probe_result(dom);
	ASSERT_TRUE(probe.is_object()) << dom.substr(0, 3000);
	EXPECT_EQ(probe["verdicts"], json({"not conformant: 1 kernel crash, 1 MUST failure",
					  "conformant with known deviations"}));
	auto box = dom.substr(dom.find("data-verdict=\"not conformant\""));
	box = box.substr(0, box.find("class=\"policy\""));
	auto crash_at = box.find("<li>1 kernel crash (the guest kernel died during the case): "
				 "ModifyQpProperty.RejectedRequestChangesNothing/RC</li>");
	auto known_at = box.find("<li>1 known deviation (1 of MUST clauses) listed in deviations/rxe.json</li>");
	auto must_at = box.find("<li>1 MUST case(s) failed</li>");
	ASSERT_NE(crash_at, std::string::npos) << box;
	ASSERT_NE(known_at, std::string::npos) << box;
	ASSERT_NE(must_at, std::string::npos) << box;
	EXPECT_LT(crash_at, known_at);
	EXPECT_LT(known_at, must_at);
	EXPECT_EQ(box.find("crashed the guest kernel</li>"), std::string::npos) << "said twice: " << box;
	EXPECT_NE(dom.find("2 known deviations (2 of MUST clauses, 1 expected kernel crash: "
			   "ModifyQpProperty.RejectedRequestChangesNothing/RC) listed in deviations/rxe.json"),
		  std::string::npos);
}
