// ibvcert gate BASE CANDIDATE: exit 1 on regressions only (each class),
// 0 on fixes and new passes, 2 on bad input; lab report directories paired
// by device and kernel; gate.html as headless Chromium renders it.
#include "cli/tests/browser.h"
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using ibvcert::testing::probe_result;
using ibvcert::testing::rendered_dom;
using ibvcert::testing::run_ibvcert;
using nlohmann::json;

namespace {

// A case of a report.json: "Suite.Test/Param", its outcome and evidence.
json kase(const std::string &name, const std::string &outcome, const std::string &message = "",
	  const std::string &level = "MUST")
{
	auto dot = name.find('.');
	auto slash = name.find('/', dot);
	std::string test = name.substr(dot + 1, slash == std::string::npos ? std::string::npos : slash - dot - 1);
	return {{"name", name},
		{"suite", name.substr(0, dot)},
		{"case", name.substr(dot + 1)},
		{"clause", name.substr(0, dot) + "." + test},
		{"outcome", outcome},
		{"level", level},
		{"source", "ibv_modify_qp(3): the sentence"},
		{"rules", json::array()},
		{"seconds", 0.1},
		{"message", message},
		{"known_deviation", ""}};
}

json report(const std::string &device, const std::string &kernel, json cases)
{
	return {{"harness", {{"name", "ibvcert"}, {"version", "0.1.0"}}},
		{"started", "2026-11-25T20:00:00Z"},
		{"seconds", 1},
		{"device", {{"name", device}, {"kernel", kernel}, {"rdma_core", "libibverbs 1.14.44"}}},
		{"policy", {{"suite", "all"}, {"filter", "*"}, {"known_file", ""}, {"strict", false}}},
		{"cases", cases}};
}

class Gate : public ::testing::Test {
protected:
	void SetUp() override
	{
		dir = ::testing::TempDir() + "ibvcert-gate-" + std::to_string(getpid());
		std::filesystem::create_directories(dir);
	}
	void TearDown() override { std::filesystem::remove_all(dir); }

	// Writes DIR/rel/report.json; returns DIR/rel.
	std::string write(const std::string &rel, const json &doc)
	{
		std::filesystem::create_directories(dir + "/" + rel);
		std::ofstream(dir + "/" + rel + "/report.json") << doc.dump(1);
		return dir + "/" + rel;
	}
	std::string dir;
};

const std::string kEvidence = "ibv_modify_qp accepted a request the contract rejects\n"
			      "device: rxe0, QP RC in RTS\nreplay: ibvcert run --device rxe0 --filter 'A.Fails/RC'";

} // namespace

TEST_F(Gate, PassToFailKnownOrCrashIsARegressionPrintedWithEvidenceAndReplay)
{
	auto base = write("base", report("rxe0", "6.1.0-1", {kase("A.Fails/RC", "PASS"), kase("B.Listed/RC", "PASS"),
							      kase("C.Crashes/RC", "PASS"), kase("D.Stays/RC", "PASS")}));
	auto cand = write("cand", report("rxe0", "6.1.0-1",
					 {kase("A.Fails/RC", "FAIL", kEvidence), kase("B.Listed/RC", "KNOWN", "listed"),
					  kase("C.Crashes/RC", "CRASH", "SIGSEGV in ibv_modify_qp\nreplay: crash-replay"),
					  kase("D.Stays/RC", "PASS")}));
	auto r = run_ibvcert("gate " + base + " " + cand);
	EXPECT_EQ(r.status, 1) << r.output;
	EXPECT_NE(r.output.find("regressions (3):"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("PASS -> FAIL"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("PASS -> KNOWN"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("PASS -> CRASH"), std::string::npos) << r.output;
	// the evidence, headline first, and the replay
	EXPECT_NE(r.output.find("ibv_modify_qp accepted a request the contract rejects"), std::string::npos);
	EXPECT_NE(r.output.find("replay: ibvcert run --device rxe0 --filter 'A.Fails/RC'"), std::string::npos);
	EXPECT_NE(r.output.find("replay: crash-replay"), std::string::npos);
	EXPECT_EQ(r.output.find("D.Stays"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("gate: 3 regression(s), 0 fix(es)"), std::string::npos) << r.output;
	EXPECT_TRUE(std::filesystem::exists(cand + "/gate.html"));
}

TEST_F(Gate, ANewCrashOrTimeoutIsARegression)
{
	auto base = write("base", report("rxe0", "6.1.0-1", {kase("A.Failed/RC", "FAIL", "old"),
							      kase("B.Skipped/RC", "SKIP", "no cap")}));
	auto cand = write("cand", report("rxe0", "6.1.0-1",
					 {kase("A.Failed/RC", "CRASH", "the guest kernel oopsed"),
					  kase("B.Skipped/RC", "TIMEOUT", "hung in ibv_poll_cq"),
					  kase("C.New/RC", "CRASH", "SIGABRT")}));
	auto r = run_ibvcert("gate " + base + "/report.json " + cand + "/report.json");
	EXPECT_EQ(r.status, 1) << r.output;
	EXPECT_NE(r.output.find("new CRASH (FAIL -> CRASH)"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("new TIMEOUT (SKIP -> TIMEOUT)"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("new CRASH (absent -> CRASH)"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("3 regression(s)"), std::string::npos) << r.output;
	// a crash that stays a crash is no new one
	auto again = run_ibvcert("gate " + cand + " " + cand);
	EXPECT_EQ(again.status, 0) << again.output;
}

TEST_F(Gate, ACaseOrClauseThatRanAndNowSkipsIsLostCoverage)
{
	auto base = write("base", report("siw0", "6.12.9", {kase("A.Ran/RC", "PASS"), kase("A.Ran/UC", "FAIL", "f"),
							     kase("B.Gone/RC", "PASS"), kase("B.Gone/UC", "PASS"),
							     kase("C.Skipped/RC", "SKIP", "no SRQ")}));
	auto cand = write("cand", report("siw0", "6.12.9", {kase("A.Ran/RC", "SKIP", "the device lacks IBV_DEVICE_X"),
							     kase("A.Ran/UC", "SKIP", "the device lacks IBV_DEVICE_X"),
							     kase("C.Skipped/RC", "SKIP", "no SRQ")}));
	auto r = run_ibvcert("gate " + base + " " + cand);
	EXPECT_EQ(r.status, 1) << r.output;
	EXPECT_NE(r.output.find("lost coverage (PASS -> SKIP) A.Ran/RC"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("lost coverage (FAIL -> SKIP) A.Ran/UC"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("the device lacks IBV_DEVICE_X"), std::string::npos) << r.output;
	// B.Gone has no case left at all: one finding for the clause
	EXPECT_NE(r.output.find("lost coverage (clause not run) B.Gone"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("2 case(s) of this clause ran in BASE"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("3 regression(s)"), std::string::npos) << r.output;
}

TEST_F(Gate, FixesAndNewPassesAreReportedAndExitZero)
{
	auto base = write("base", report("rxe0", "6.1.0-1", {kase("A.Fixed/RC", "FAIL", "f"),
							      kase("B.Listed/RC", "KNOWN", "k"),
							      kase("C.Skipped/RC", "SKIP", "no cap"),
							      kase("D.Now/RC", "FAIL", "f")}));
	auto cand = write("cand", report("rxe0", "6.1.0-1", {kase("A.Fixed/RC", "PASS"), kase("B.Listed/RC", "FIXED"),
							      kase("C.Skipped/RC", "PASS"), kase("D.Now/RC", "KNOWN", "k"),
							      kase("E.New/RC", "PASS")}));
	auto r = run_ibvcert("gate " + base + " " + cand);
	EXPECT_EQ(r.status, 0) << r.output;
	EXPECT_NE(r.output.find("fixes (2):"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("FAIL -> PASS"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("KNOWN -> FIXED"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("new passes (2):"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("FAIL -> KNOWN"), std::string::npos) << r.output; // other: listed now
	EXPECT_NE(r.output.find("gate: 0 regression(s), 2 fix(es), 2 new pass(es), 1 other change(s)"),
		  std::string::npos)
		<< r.output;
	EXPECT_NE(r.output.find("passed: no regression"), std::string::npos) << r.output;
}

TEST_F(Gate, TheSameReportTwiceIsNoRegression)
{
	auto one = write("one", report("rxe0", "6.1.0-1", {kase("A.Fails/RC", "FAIL", kEvidence), kase("B.P/RC", "PASS")}));
	auto r = run_ibvcert("gate " + one + "/report.json " + one + "/report.json");
	EXPECT_EQ(r.status, 0) << r.output;
	EXPECT_NE(r.output.find("no case changed its outcome"), std::string::npos) << r.output;
}

TEST_F(Gate, BadInputExits2WithAClearMessage)
{
	auto good = write("good", report("rxe0", "6.1.0-1", {kase("A.P/RC", "PASS")}));
	auto missing = run_ibvcert("gate " + dir + "/nothing-here " + good);
	EXPECT_EQ(missing.status, 2) << missing.output;
	EXPECT_NE(missing.output.find("BASE " + dir + "/nothing-here: no such file or directory"), std::string::npos)
		<< missing.output;

	std::ofstream(dir + "/broken.json") << "{\"harness\": ";
	auto malformed = run_ibvcert("gate " + good + " " + dir + "/broken.json");
	EXPECT_EQ(malformed.status, 2) << malformed.output;
	EXPECT_NE(malformed.output.find("CANDIDATE: " + dir + "/broken.json is not an ibvcert report: not JSON"),
		  std::string::npos)
		<< malformed.output;

	std::filesystem::create_directories(dir + "/empty/sub");
	auto empty = run_ibvcert("gate " + dir + "/empty " + good);
	EXPECT_EQ(empty.status, 2) << empty.output;
	EXPECT_NE(empty.output.find("is a directory without report.json"), std::string::npos) << empty.output;

	auto unwritable = run_ibvcert("gate " + good + " " + good + " --html " + dir + "/no-such-dir/gate.html");
	EXPECT_EQ(unwritable.status, 2) << unwritable.output;
	EXPECT_NE(unwritable.output.find("is not a writable directory (give --html FILE)"), std::string::npos)
		<< unwritable.output;
	EXPECT_EQ(unwritable.output.find("gate: BASE"), std::string::npos) << "printed a verdict first";

	auto usage = run_ibvcert("gate " + good);
	EXPECT_EQ(usage.status, 2) << usage.output;

	// two runs of one side that nothing tells apart (not even a directory
	// of the same name on the other side)
	write("twins/a", report("rxe0", "6.1.0-1", {kase("A.P/RC", "PASS")}));
	write("twins/b", report("rxe0", "6.1.0-1", {kase("A.P/RC", "PASS")}));
	write("others/c", report("rxe0", "6.1.0-1", {kase("A.P/RC", "PASS")}));
	write("others/d", report("siw0", "6.1.0-1", {kase("A.P/RC", "PASS")}));
	auto twins = run_ibvcert("gate " + dir + "/twins " + dir + "/others");
	EXPECT_EQ(twins.status, 2) << twins.output;
	EXPECT_NE(twins.output.find("are both runs of rxe0 on 6.1.0-1"), std::string::npos) << twins.output;
}

// A lab matrix: one report directory per device and kernel on each side,
// in any order; the regression is named under its own run, and a run that
// CANDIDATE lacks is lost coverage.
TEST_F(Gate, LabRunsArePairedByDeviceAndKernel)
{
	json pass = json::array({kase("A.P/RC", "PASS"), kase("B.P/RC", "PASS")});
	write("base/rxe0-6.1", report("rxe0", "6.1.0-56-amd64", pass));
	write("base/siw0-6.1", report("siw0", "6.1.0-56-amd64", pass));
	write("base/rxe0-6.12", report("rxe0", "6.12.95+deb12-amd64", pass));
	write("base/siw0-6.12", report("siw0", "6.12.95+deb12-amd64", pass));
	write("cand/x", report("rxe0", "6.12.95+deb12-amd64",
			       {kase("A.P/RC", "PASS"), kase("B.P/RC", "FAIL", "rxe 6.12 regressed")}));
	write("cand/y", report("rxe0", "6.1.0-56-amd64", pass));
	write("cand/z", report("siw0", "6.1.0-56-amd64", pass));
	auto r = run_ibvcert("gate " + dir + "/base " + dir + "/cand");
	EXPECT_EQ(r.status, 1) << r.output;
	auto at = r.output.find("rxe0 on 6.12.95+deb12-amd64, rdma-core libibverbs 1.14.44: " + dir +
				"/base/rxe0-6.12/report.json -> " + dir + "/cand/x/report.json");
	ASSERT_NE(at, std::string::npos) << r.output;
	EXPECT_NE(r.output.find("PASS -> FAIL", at), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("rxe 6.12 regressed", at), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("siw0 on 6.12.95+deb12-amd64, rdma-core libibverbs 1.14.44: regression: in BASE"),
		  std::string::npos)
		<< r.output;
	EXPECT_NE(r.output.find("gate: 2 regression(s), 0 fix(es), 0 new pass(es), 0 other change(s) in 3 pair(s)"),
		  std::string::npos)
		<< r.output;
	EXPECT_TRUE(std::filesystem::exists(dir + "/cand/gate.html"));
}

// A lab's report directory holds more than the matrix (crash-resume/ is
// another rxe0 run on 6.1): directories of the same name pair first.
TEST_F(Gate, ReportDirectoriesOfTheSameNamePairFirst)
{
	json pass = json::array({kase("A.P/RC", "PASS")});
	for (const char *side : {"base", "cand"}) {
		write(std::string(side) + "/rxe0-6.1", report("rxe0", "6.1.0-56-amd64", pass));
		write(std::string(side) + "/crash-resume", report("rxe0", "6.1.0-56-amd64", {kase("B.P/RC", "PASS")}));
	}
	std::filesystem::create_directories(dir + "/cand/repro-6.1"); // no report.json: not a run
	auto r = run_ibvcert("gate " + dir + "/base " + dir + "/cand");
	EXPECT_EQ(r.status, 0) << r.output;
	EXPECT_NE(r.output.find("/base/crash-resume/report.json -> " + dir + "/cand/crash-resume/report.json"),
		  std::string::npos)
		<< r.output;
	EXPECT_NE(r.output.find("in 2 pair(s) of runs"), std::string::npos) << r.output;
}

// Two real runs on emu0: the clean one against one with a fault knob.
TEST_F(Gate, ARealRegressionNamesTheCaseAndItsReplay)
{
	ASSERT_EQ(run_ibvcert("run --filter '*ModifyQpInvalidTransition*RC_*' --report " + dir + "/clean").status, 0);
	ASSERT_EQ(run_ibvcert("run --filter '*ModifyQpInvalidTransition*RC_*' --emu-fault accept-invalid-transition "
			      "--report " + dir + "/knob").status,
		  1);
	auto r = run_ibvcert("gate " + dir + "/clean " + dir + "/knob");
	EXPECT_EQ(r.status, 1) << r.output;
	EXPECT_NE(r.output.find("PASS -> FAIL"), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("replay: "), std::string::npos) << r.output;
	EXPECT_NE(r.output.find("--emu-fault accept-invalid-transition --filter '"), std::string::npos) << r.output;
	auto back = run_ibvcert("gate " + dir + "/knob " + dir + "/clean");
	EXPECT_EQ(back.status, 0) << back.output;
	EXPECT_NE(back.output.find("fixes ("), std::string::npos) << back.output;
}

// gate.html in a browser: the verdict box on the first screen, each
// regression with its evidence and replay, nothing wider than 1400 px.
TEST_F(Gate, BrowserShowsTheVerdictAndEachRegression)
{
	ASSERT_EQ(system("command -v chromium >/dev/null"), 0) << "chromium is not installed (scripts/setup.sh installs it)";
	auto base = write("base", report("rxe0", "6.1.0-1", {kase("A.Fails/RC", "PASS"), kase("B.Fixed/RC", "FAIL", "f"),
							      kase("C.Lost/RC", "PASS")}));
	auto cand = write("cand", report("rxe0", "6.1.0-1", {kase("A.Fails/RC", "FAIL", "a headline\n" + std::string(400, 'x') + "\n" + kEvidence),
							      kase("B.Fixed/RC", "PASS"),
							      kase("C.Lost/RC", "SKIP", "the device lacks IBV_DEVICE_X")}));
	ASSERT_EQ(run_ibvcert("gate " + base + " " + cand).status, 1);
	const char probe[] = R"js(<script>
(function () {
  var out = {};
  out.innerWidth = window.innerWidth;
  out.innerHeight = window.innerHeight;
  var v = document.querySelector('.verdict');
  out.verdict = v.dataset.verdict;
  out.headline = v.querySelector('.headline').textContent;
  out.verdictBottom = v.getBoundingClientRect().bottom;
  out.regressions = Array.from(document.querySelectorAll('table.FAIL tr.change'))
    .map(function (tr) { return tr.dataset.case; });
  out.fixes = Array.from(document.querySelectorAll('table.PASS tr.change'))
    .map(function (tr) { return tr.dataset.case; });
  document.querySelectorAll('details').forEach(function (d) { d.open = true; });
  out.scrollWidth = document.documentElement.scrollWidth;
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>)js";
	std::string dom = rendered_dom(cand + "/gate.html", probe);
	json seen = probe_result(dom);
	ASSERT_TRUE(seen.is_object()) << dom.substr(0, 3000);
	EXPECT_EQ(seen["innerWidth"], 1400);
	EXPECT_EQ(seen["verdict"], "regressed");
	EXPECT_EQ(seen["headline"], "2 regression(s): the candidate regressed");
	EXPECT_LE(seen["verdictBottom"].get<double>(), seen["innerHeight"].get<double>());
	EXPECT_EQ(seen["regressions"], json({"A.Fails/RC", "C.Lost/RC"}));
	EXPECT_EQ(seen["fixes"], json({"B.Fixed/RC"}));
	EXPECT_LE(seen["scrollWidth"].get<int>(), 1400);
	EXPECT_NE(dom.find("replay: ibvcert run --device rxe0 --filter 'A.Fails/RC'"), std::string::npos);
	EXPECT_NE(dom.find("the device lacks IBV_DEVICE_X"), std::string::npos);
}
