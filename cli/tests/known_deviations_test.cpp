// Known-deviation files that know versions: an entry applies only to the
// kernels (uname -r prefixes) and rdma-core releases it names; one that does
// not apply leaves the case as if unlisted (neither KNOWN nor FIXED).
#include "cli/known_deviations.h"
#include "contracts/rule_ids/modify_qp.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace ibvcert {
namespace {

TEST(VersionMatches, PrefixEndsAtAComponentBoundary)
{
	EXPECT_TRUE(version_matches("6.1", "6.1"));
	EXPECT_TRUE(version_matches("6.1", "6.1.0-56-amd64"));
	EXPECT_TRUE(version_matches("6.1", "6.1-rc2"));
	EXPECT_TRUE(version_matches("6.1.0-56", "6.1.0-56-amd64"));
	EXPECT_TRUE(version_matches("6.12", "6.12.95+deb12-amd64"));
	EXPECT_TRUE(version_matches("6.", "6.12.95+deb12-amd64"));
	EXPECT_FALSE(version_matches("6.1", "6.12.95+deb12-amd64"));
	EXPECT_FALSE(version_matches("6.1", "6.10"));
	EXPECT_FALSE(version_matches("6.12", "6.1.0-56-amd64"));
	EXPECT_FALSE(version_matches("6.1", "5.15.0"));
	EXPECT_FALSE(version_matches("", "6.1"));
	EXPECT_FALSE(version_matches("6.1", ""));
}

TEST(RdmaCoreRelease, FromTheLibibverbsVersion)
{
	EXPECT_EQ(rdma_core_release("libibverbs 1.14.44.0"), "44");
	EXPECT_EQ(rdma_core_release("1.14.44.0"), "44");
	EXPECT_EQ(rdma_core_release("1.14.50"), "50");
	EXPECT_EQ(rdma_core_release("44.0"), "44.0");
}

KnownDeviation entry(std::vector<std::string> kernels, std::vector<std::string> rdma_core = {})
{
	KnownDeviation d;
	d.cases = {"Table/Clause.Test/RC_*"};
	d.reason = "does something";
	d.breaks = "a sentence";
	d.rules = {rule_id::modify_qp_qp_access_flags_known};
	d.kernels = std::move(kernels);
	d.rdma_core = std::move(rdma_core);
	return d;
}

CaseResult run_case(Outcome outcome, const std::string &name = "Test/RC_INIT_RTR")
{
	CaseResult c;
	c.suite = "Table/Clause";
	c.name = name;
	c.outcome = outcome;
	return c;
}

Outcome judged(const KnownDeviations &k, Outcome o, const std::string &name = "Test/RC_INIT_RTR")
{
	CaseResult c = run_case(o, name);
	apply_known_deviations(k, c);
	return c.outcome;
}

TEST(ApplyKnownDeviations, AbsentVersionsMeanEveryVersion)
{
	KnownDeviations k{"rxe", {entry({})}, "6.12.95+deb12-amd64", "44"};
	EXPECT_EQ(judged(k, Outcome::Fail), Outcome::Known);
	EXPECT_EQ(judged(k, Outcome::Pass), Outcome::Fixed);
	EXPECT_EQ(judged(k, Outcome::Skip), Outcome::Skip);
	EXPECT_EQ(judged(k, Outcome::Fail, "Test/UC_INIT_RTR"), Outcome::Fail); // not listed
}

TEST(ApplyKnownDeviations, AnEntryForOtherKernelsIsNeitherKnownNorFixed)
{
	KnownDeviations k{"rxe", {entry({"6.1"})}, "6.12.95+deb12-amd64", "44"};
	EXPECT_EQ(judged(k, Outcome::Fail), Outcome::Fail);
	EXPECT_EQ(judged(k, Outcome::Pass), Outcome::Pass);
	CaseResult c = run_case(Outcome::Pass);
	apply_known_deviations(k, c);
	EXPECT_EQ(c.known_reason, "");
	k.kernel = "6.1.0-56-amd64";
	EXPECT_EQ(judged(k, Outcome::Fail), Outcome::Known);
	EXPECT_EQ(judged(k, Outcome::Pass), Outcome::Fixed);
}

TEST(ApplyKnownDeviations, AnyListedKernelApplies)
{
	KnownDeviations k{"rxe", {entry({"6.1", "6.12"})}, "6.12.95+deb12-amd64", "44"};
	EXPECT_EQ(judged(k, Outcome::Fail), Outcome::Known);
	k.kernel = "6.6.1";
	EXPECT_EQ(judged(k, Outcome::Fail), Outcome::Fail);
}

TEST(ApplyKnownDeviations, RdmaCoreMustMatchToo)
{
	KnownDeviations k{"rxe", {entry({"6.1"}, {"44"})}, "6.1.0-56-amd64", "44"};
	EXPECT_EQ(judged(k, Outcome::Fail), Outcome::Known);
	k.rdma_core = "50";
	EXPECT_EQ(judged(k, Outcome::Fail), Outcome::Fail);
	EXPECT_EQ(judged(k, Outcome::Pass), Outcome::Pass);
}

TEST(ApplyKnownDeviations, TheFirstEntryThatAppliesIsUsed)
{
	KnownDeviation on61 = entry({"6.1"});
	on61.reason = "old behaviour";
	KnownDeviation on612 = entry({"6.12"});
	on612.reason = "new behaviour";
	KnownDeviations k{"rxe", {on61, on612}, "6.12.95+deb12-amd64", "44"};
	CaseResult c = run_case(Outcome::Fail);
	apply_known_deviations(k, c);
	EXPECT_EQ(c.outcome, Outcome::Known);
	EXPECT_NE(c.known_reason.find("new behaviour"), std::string::npos) << c.known_reason;
	EXPECT_NE(c.known_reason.find(rule_id::modify_qp_qp_access_flags_known), std::string::npos) << c.known_reason;
}

// Today's default: a listed case that crashes stays CRASH (and fails the
// run). An entry whose outcome is CRASH (a kernel bug the case triggers)
// makes the crash KNOWN; a FAIL of its cases is then unlisted.
TEST(ApplyKnownDeviations, AnExpectedCrashIsKnownOnlyWhenTheEntrySaysCrash)
{
	KnownDeviations k{"rxe", {entry({"6.12"})}, "6.12.95+deb12-amd64", "44"};
	EXPECT_EQ(judged(k, Outcome::Crash), Outcome::Crash);
	k.deviations[0].outcome = Outcome::Crash;
	EXPECT_EQ(judged(k, Outcome::Crash), Outcome::Known);
	EXPECT_EQ(judged(k, Outcome::Pass), Outcome::Fixed);
	EXPECT_EQ(judged(k, Outcome::Fail), Outcome::Fail);
	EXPECT_EQ(judged(k, Outcome::Timeout), Outcome::Timeout);
	k.kernel = "6.1.0-56-amd64"; // the bug's kernel only
	EXPECT_EQ(judged(k, Outcome::Crash), Outcome::Crash);
}

std::string write_temp(const std::string &text)
{
	char path[] = "/tmp/ibvcert-known-XXXXXX";
	int fd = mkstemp(path);
	EXPECT_GE(fd, 0);
	FILE *f = fdopen(fd, "w");
	std::fputs(text.c_str(), f);
	std::fclose(f);
	return path;
}

std::string load(const std::string &text, KnownDeviations &k)
{
	std::string path = write_temp(text);
	std::string err = load_known_deviations(path, k);
	std::remove(path.c_str());
	return err;
}

TEST(LoadKnownDeviations, ReadsVersionsAndRules)
{
	KnownDeviations k;
	const std::string rule = rule_id::modify_qp_query_reads_back_as_set;
	ASSERT_EQ(load(R"({"provider": "rxe", "deviations": [
		{"cases": ["A.b/c"], "reason": "r", "breaks": "s", "rules": [")" + rule + R"("], "kernels": ["6.1"], "rdma_core": ["44"]},
		{"cases": ["A.b/d"], "reason": "r", "breaks": "s", "outcome": "CRASH"}]})",
		       k),
		  "");
	ASSERT_EQ(k.deviations.size(), 2u);
	EXPECT_EQ(k.deviations[0].outcome, Outcome::Fail);
	EXPECT_EQ(k.deviations[1].outcome, Outcome::Crash);
	EXPECT_EQ(k.deviations[0].kernels, std::vector<std::string>{"6.1"});
	EXPECT_EQ(k.deviations[0].rdma_core, std::vector<std::string>{"44"});
	EXPECT_EQ(k.deviations[0].rules, std::vector<std::string>{rule});
	EXPECT_TRUE(k.deviations[1].kernels.empty());
	EXPECT_FALSE(k.kernel.empty()); // this machine's uname -r
}

// lab/run --rdma-core runs the harness on another rdma-core build
// (LD_LIBRARY_PATH) and says which release through IBVCERT_RDMA_CORE_VERSION:
// the entries are matched against that release, not the one built against.
TEST(LoadKnownDeviations, MatchesTheRdmaCoreReleaseTheLabRunsOn)
{
	setenv("IBVCERT_RDMA_CORE_VERSION", "56.1", 1);
	EXPECT_EQ(rdma_core_in_use(), "56.1");
	KnownDeviations k;
	ASSERT_EQ(load(R"({"provider": "rxe", "deviations": [
		{"cases": ["A.b/c"], "reason": "r", "breaks": "s", "rdma_core": ["44"]}]})",
		       k),
		  "");
	unsetenv("IBVCERT_RDMA_CORE_VERSION");
	EXPECT_EQ(k.rdma_core, "56.1");
	EXPECT_FALSE(deviation_applies(k.deviations.at(0), k.kernel, k.rdma_core));
	EXPECT_TRUE(deviation_applies(k.deviations.at(0), k.kernel, "44"));
	EXPECT_NE(rdma_core_in_use(), "56.1");
}

TEST(LoadKnownDeviations, AMalformedFileNamesTheProblemAndTheShape)
{
	for (const char *bad : {
		     R"({"provider": "rxe"})",
		     R"({"deviations": []})",
		     R"([1, 2])",
		     R"({"provider": "rxe", "deviations": [{"cases": [], "reason": "r", "breaks": "s"}]})",
		     R"({"provider": "rxe", "deviations": [{"cases": ["a"], "breaks": "s"}]})",
		     R"({"provider": "rxe", "deviations": [{"cases": ["a"], "reason": "r", "breaks": "s", "kernels": "6.1"}]})",
		     R"({"provider": "rxe", "deviations": [{"cases": ["a"], "reason": "r", "breaks": "s", "kernels": []}]})",
		     R"({"provider": "rxe", "deviations": [{"cases": ["a"], "reason": "r", "breaks": "s", "rules": [3]}]})",
		     R"({"provider": "rxe", "deviations": [{"cases": ["a"], "reason": "r", "breaks": "s", "kernel": ["6.1"]}]})",
		     R"({"provider": "rxe", "deviations": [{"cases": ["a"], "reason": "r", "breaks": "s", "outcome": "KNOWN"}]})",
		     "{not json",
	     }) {
		KnownDeviations k;
		std::string err = load(bad, k);
		EXPECT_NE(err.find("a known-deviations file looks like"), std::string::npos) << bad << " -> " << err;
		EXPECT_NE(err.find("\"kernels\": [\"6.1\""), std::string::npos) << err;
	}
	KnownDeviations k;
	EXPECT_NE(load(R"({"provider": "rxe", "deviations": [{"cases": ["a"], "reason": "r", "breaks": "s", "kernel": ["6.1"]}]})", k)
			  .find("deviations[0]: unknown key \"kernel\""),
		  std::string::npos);
}

// "breaches": a deviation the judge finds on calls, described once by its
// rule and the whole detail it prints, wherever a case's call shows it.
TEST(LoadKnownDeviations, BreachesNeedARuleTheTableListsAndARegularExpression)
{
	const std::string rule = rule_id::modify_qp_query_reads_back_as_set;
	auto file = [](const std::string &breaches) {
		return R"({"provider": "rxe", "deviations": [{)" + breaches + R"("reason": "r", "breaks": "s"}]})";
	};
	KnownDeviations k;
	ASSERT_EQ(load(file(R"("breaches": [{"rule": ")" + rule + R"(", "detail": "x=\\d+"}], )"), k), "");
	ASSERT_EQ(k.deviations.size(), 1u);
	EXPECT_TRUE(k.deviations[0].cases.empty());
	ASSERT_EQ(k.deviations[0].breaches.size(), 1u);
	for (const std::string &bad : {
		     file(R"("breaches": [], )"),
		     file(R"("breaches": [{"rule": "no.such.rule", "detail": "x"}], )"),
		     file(R"("breaches": [{"rule": ")" + rule + R"(", "detail": "(("}], )"),
		     file(R"("breaches": [{"rule": ")" + rule + R"("}], )"),
		     file(""),
	     }) {
		KnownDeviations bad_k;
		std::string err = load(bad, bad_k);
		EXPECT_NE(err.find("a known-deviations file looks like"), std::string::npos) << bad << " -> " << err;
	}
	KnownDeviations unknown;
	EXPECT_NE(load(R"({"provider": "rxe", "deviations": [{"breaches": [{"rule": "no.such.rule", "detail": "x"}], "reason": "r", "breaks": "s"}]})",
		       unknown)
			  .find("names rule no.such.rule, which ibvcert rules does not list"),
		  std::string::npos);
	// The "rules" an entry says it breaks are ids of the contract too: a
	// typo there is a malformed file, not a silent note.
	KnownDeviations unknown_rule;
	EXPECT_NE(load(R"({"provider": "siw", "deviations": [{"cases": ["A.B"], "rules": ["no.such.rule"], "reason": "r", "breaks": "s"}]})",
		       unknown_rule)
			  .find("\"rules\" names rule no.such.rule, which ibvcert rules does not list"),
		  std::string::npos);
}

TEST(KnownBreach, MatchesItsRuleAndTheWholeDetailOnly)
{
	KnownDeviations k;
	k.provider = "rxe";
	KnownDeviation d = entry({});
	d.cases.clear();
	d.breaches = {{rule_id::modify_qp_query_reads_back_as_set, "reads back otherwise: hop_limit=\\d+ set, hop_limit=64 read back"}};
	k.deviations.push_back(d);
	const std::string rule = rule_id::modify_qp_query_reads_back_as_set;
	EXPECT_NE(known_breach(k, rule, "reads back otherwise: hop_limit=0 set, hop_limit=64 read back"), nullptr);
	// another field beside it is not this deviation
	EXPECT_EQ(known_breach(k, rule, "reads back otherwise: sl=1 set, sl=0 read back; hop_limit=0 set, hop_limit=64 read back"),
		  nullptr);
	EXPECT_EQ(known_breach(k, rule_id::modify_qp_rejected_changes_nothing,
			       "reads back otherwise: hop_limit=0 set, hop_limit=64 read back"),
		  nullptr);
	// an entry for other kernels does not apply
	k.deviations[0].kernels = {"0.1"};
	EXPECT_EQ(known_breach(k, rule, "reads back otherwise: hop_limit=0 set, hop_limit=64 read back"), nullptr);
}

TEST(LoadKnownDeviations, NotJsonNamesTheLineAndColumnNotTheLibrarysTags)
{
	KnownDeviations k;
	std::string err = load("{\n \"provider\": \"rxe\",\n \"deviations\": [,]\n}", k);
	EXPECT_NE(err.find(": not JSON: line 3, column 17: syntax error"), std::string::npos) << err;
	EXPECT_EQ(err.find("[json.exception"), std::string::npos) << err;
	EXPECT_NE(err.find("a known-deviations file looks like"), std::string::npos) << err;
}

TEST(UnmatchedKnownIds, IdsAndPatternsThatNameNoCaseEachOnce)
{
	KnownDeviation d = entry({});
	d.cases = {"Table/Clause.Test/RC_*", "Table/Clause.Test/XRC_*", "Gone.Case", "Gone.Case", "Table/Clause.Test/UC_INIT_RTR"};
	KnownDeviation other = entry({"6.1"}); // another kernel's entry: its ids are checked too
	other.cases = {"Also.Gone"};
	KnownDeviations k{"rxe", {d, other}, "6.12.95+deb12-amd64", "44"};
	std::vector<std::string> cases = {"Table/Clause.Test/RC_INIT_RTR", "Table/Clause.Test/UC_INIT_RTR"};
	EXPECT_EQ(unmatched_known_ids(k, cases),
		  (std::vector<std::string>{"Table/Clause.Test/XRC_*", "Gone.Case", "Also.Gone"}));
	k.deviations = {entry({})};
	EXPECT_TRUE(unmatched_known_ids(k, cases).empty());
}

#ifdef IBVCERT_SOURCE_DIR
std::vector<std::string> all_cases()
{
	static std::vector<std::string> cases;
	if (!cases.empty())
		return cases;
	FILE *p = popen(IBVCERT_BINARY " run --suite all --list", "r");
	if (!p)
		return cases;
	char line[4096];
	while (fgets(line, sizeof line, p)) {
		std::string l = line;
		while (!l.empty() && (l.back() == '\n' || l.back() == '\r'))
			l.pop_back();
		if (!l.empty())
			cases.push_back(l);
	}
	pclose(p);
	return cases;
}

// The committed files load, every id names a case, and every rule id they
// cite is a rule of the contract (ibvcert rules --format json).
// A run whose only failures are breaches the file describes: those cases are
// KNOWN with the entry, nothing else fails, and the breaches stay in the
// report (a found deviation stays found).
TEST(KnownBreachRun, CasesWhoseOnlyFailuresAreListedBreachesAreKnown)
{
	std::string dir = ::testing::TempDir() + "known-breach-" + std::to_string(getpid());
	std::string file = dir + ".json";
	std::ofstream(file) << R"({"provider": "emu", "deviations": [{"breaches": [{"rule": ")"
			    << rule_id::modify_qp_other_objects_unchanged
			    << R"x(", "detail": "ibv_modify_qp changed other objects of the device: qp\\d+: min_rnr_timer=\\d+ -> \\d+"}],
		"reason": "a modify of one QP sets min_rnr_timer on another", "breaks": "ibv_modify_qp(3)",
		"rules": [")x" << rule_id::modify_qp_other_objects_unchanged << R"("]}]})";
	std::string cmd = std::string(IBVCERT_BINARY) + " run -q --filter '*ModifyQpRequiredSet*' --emu-fault "
			  "cross-object-interference --known " + file + " --report " + dir + " > /dev/null 2>&1";
	int status = std::system(cmd.c_str());
	EXPECT_EQ(WEXITSTATUS(status), 0) << cmd;
	std::ifstream in(dir + "/report.json");
	auto doc = nlohmann::json::parse(in);
	EXPECT_GT(doc.at("summary").at("KNOWN").get<int>(), 0) << doc.at("summary");
	EXPECT_EQ(doc.at("summary").at("FAIL"), 0) << doc.at("summary");
	for (const auto &c : doc.at("cases"))
		if (c.at("outcome") == "KNOWN") {
			EXPECT_NE(c.at("known_deviation").get<std::string>().find("emu: a modify of one QP"), std::string::npos);
			EXPECT_NE(c.at("message").get<std::string>().find("min_rnr_timer"), std::string::npos);
		}
	std::remove(file.c_str());
	std::system(("rm -rf " + dir).c_str());
}

TEST(CommittedDeviationFiles, LoadAndCiteExistingRules)
{
	std::set<std::string> ids;
	FILE *p = popen(IBVCERT_BINARY " rules --format json", "r");
	ASSERT_TRUE(p);
	std::string out;
	char buf[4096];
	for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;)
		out.append(buf, n);
	ASSERT_EQ(pclose(p), 0);
	for (const auto &r : nlohmann::json::parse(out))
		ids.insert(r.at("id").get<std::string>());
	ASSERT_FALSE(ids.empty());
	for (const char *provider : {"rxe", "siw", "mlx5"}) {
		KnownDeviations k;
		std::string path = std::string(IBVCERT_SOURCE_DIR) + "/deviations/" + provider + ".json";
		ASSERT_EQ(load_known_deviations(path, k), "") << path;
		// Every id names a case of ibvcert (any suite): `ibvcert run --known` refuses the file otherwise.
		EXPECT_EQ(unmatched_known_ids(k, all_cases()), std::vector<std::string>{}) << path;
		for (const auto &d : k.deviations) {
			EXPECT_FALSE(d.rules.empty()) << path << ": " << d.reason;
			for (const auto &r : d.rules)
				EXPECT_TRUE(ids.count(r)) << path << ": unknown rule id " << r;
		}
	}
}
#endif

} // namespace
} // namespace ibvcert
