// The evidence of a failed case: headline first, facts once even when two
// checks fail, GoogleTest's assertion text last with repository-relative
// paths, and the replay command once, last.
#include "cli/case_evidence.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

const char kFacts[] = "device: emu0\nqp: RC qp_num=0x12 in INIT, modify INIT->RTR\nattr_mask: IBV_QP_STATE\n"
		      "returned: 0 (success)\nreplay: ibvcert run --device emu0 --suite all --filter 'A.b/c'";

std::string source(const char *file)
{
	// The repository this test was built from: <repo>/cli/tests/case_evidence_test.cpp.
	std::string self = __FILE__;
	return self.substr(0, self.size() - std::string("cli/tests/case_evidence_test.cpp").size()) + file;
}

TEST(CaseEvidence, PathsIntoTheRepositoryInTheMessageAreRelative)
{
	// A property's RapidCheck text names its RC_FAIL by absolute path.
	std::string e = case_evidence(
		{{source("properties/property_check.cpp"), 40,
		  "Falsifiable after 6 tests\n\n" + source("properties/srq_create_property_test.cpp") +
			  ":61:\nRC_FAIL: ibv_create_srq reported values below the request\n" + kFacts}});
	EXPECT_NE(e.find("\nproperties/srq_create_property_test.cpp:61:\n"), std::string::npos) << e;
	EXPECT_EQ(e.find(source("properties")), std::string::npos) << e;
	// The replay command keeps the binary's path: it must work as printed.
	std::string replay = "replay: " + source("build/ibvcert") + " run --filter 'A.b'";
	e = case_evidence({{"", 0, "headline\n" + replay}});
	EXPECT_NE(e.find(replay), std::string::npos) << e;
}

TEST(CaseEvidence, TwoFailedChecksPrintTheFactsAndTheReplayOnceHeadlinesFirst)
{
	std::string e = case_evidence(
		{{source("fixtures/rigs/qp_case.cpp"), 176,
		  std::string("Expected: (ret) != (0), actual: 0 vs 0\nibv_modify_qp accepted an invalid request\n") + kFacts},
		 {source("fixtures/rigs/qp_case.cpp"), 178,
		  std::string("Value of: changed.empty()\n  Actual: false\nExpected: true\n"
			      "the QP changed although the request was invalid\n") + kFacts}});
	EXPECT_EQ(e.rfind("ibv_modify_qp accepted an invalid request\nthe QP changed although the request was invalid\n"
			  "device: emu0\n", 0),
		  0u)
		<< e;
	auto count = [&](const std::string &what) {
		size_t n = 0;
		for (size_t at = e.find(what); at != std::string::npos; at = e.find(what, at + 1))
			n++;
		return n;
	};
	EXPECT_EQ(count("device: emu0"), 1u) << e;
	EXPECT_EQ(count("replay: "), 1u) << e;
	EXPECT_EQ(e.substr(e.rfind('\n') + 1), "replay: ibvcert run --device emu0 --suite all --filter 'A.b/c'") << e;
	EXPECT_NE(e.find("check: fixtures/rigs/qp_case.cpp:176: Expected: (ret) != (0), actual: 0 vs 0"),
		  std::string::npos)
		<< e;
	EXPECT_NE(e.find("check: fixtures/rigs/qp_case.cpp:178: Value of: changed.empty(); Actual: false; Expected: true"),
		  std::string::npos)
		<< e;
	EXPECT_EQ(e.find(source("")), std::string::npos) << "a build path: " << e;
}

TEST(CaseEvidence, EqualityAndAddFailureFormsAreTheAssertionNotTheHeadline)
{
	std::string eq = case_evidence({{"", 0,
					 "Expected equality of these values:\n  left\n    Which is: 1\n  right\n"
					 "    Which is: 0\nibv_query_qp: qp_state=RTR, expected INIT\ndevice: emu0"}});
	EXPECT_EQ(evidence_headline(eq), "ibv_query_qp: qp_state=RTR, expected INIT") << eq;
	std::string failed = case_evidence({{"", 0, "Failed\nprecondition: bringing the RC QP to RTS failed"}});
	EXPECT_EQ(evidence_headline(failed), "precondition: bringing the RC QP to RTS failed") << failed;
	// A check without a message of its own: its assertion is the headline.
	std::string bare = case_evidence({{"/elsewhere/x.cpp", 3, "Expected: (a) < (b), actual: 2 vs 1"}});
	EXPECT_EQ(evidence_headline(bare), "Expected: (a) < (b), actual: 2 vs 1") << bare;
	EXPECT_NE(bare.find("check: x.cpp:3:"), std::string::npos) << bare;
}

TEST(CaseEvidence, DifferentFactsAreEachKeptUnderTheirHeadline)
{
	std::string e = case_evidence({{"", 0, "Failed\nfirst thing\nfact: 1\nreplay: r"},
				       {"", 0, "Failed\nsecond thing\nfact: 2\nreplay: r"}});
	EXPECT_EQ(e, "first thing\nfact: 1\nsecond thing\nfact: 2\ncheck: Failed\nreplay: r");
}

TEST(CaseEvidence, HeadlineOfAnOldReportSkipsThePathAndTheAssertion)
{
	EXPECT_EQ(evidence_headline("/build/machine/fixtures/rigs/qp_case.cpp:176: Expected: (ret) != (0), actual: 0 vs 0\n"
				    "ibv_modify_qp accepted an invalid request\ndevice: emu0"),
		  "ibv_modify_qp accepted an invalid request");
	EXPECT_EQ(evidence_replay("a\nreplay: ibvcert run --filter 'x'\n"), "ibvcert run --filter 'x'");
	EXPECT_EQ(repo_relative(source("cli/main.cpp")), "cli/main.cpp");
	EXPECT_EQ(repo_relative("/usr/include/gtest/gtest.h"), "gtest.h");
}

} // namespace
} // namespace ibvcert
