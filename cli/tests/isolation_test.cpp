// Isolation: a provider call that crashes or hangs costs its case (CRASH or
// TIMEOUT, with the signal and the last verb called), and the run goes on.
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using ibvcert::testing::run_ibvcert;

namespace {

const char kTrigger[] = "Table/ModifyQpOptionalAttribute.AcceptedWithTheRequiredSet/RC_RTS_SQD_EN_SQD_ASYNC_NOTIFY";

nlohmann::json run_with(const std::string &knob, std::string &output)
{
	std::string dir = ::testing::TempDir() + "ibvcert-iso-" + std::to_string(getpid());
	auto r = run_ibvcert("run --case-timeout 2 --filter '*RC_RTS_SQD*-*OptionalReadBack*' --emu-fault " + knob +
			     " --report " + dir);
	output = r.output;
	EXPECT_EQ(r.status, 1) << r.output;
	std::ifstream in(dir + "/report.json");
	auto doc = nlohmann::json::parse(in);
	std::filesystem::remove_all(dir);
	return doc;
}

const nlohmann::json *find_case(const nlohmann::json &doc, const std::string &name)
{
	for (const auto &c : doc.at("cases"))
		if (c.at("name") == name)
			return &c;
	return nullptr;
}

} // namespace

TEST(Isolation, CrashCostsOneCaseWithSignalAndLastVerb)
{
	std::string out;
	auto doc = run_with("crash-in-modify", out);
	const auto *c = find_case(doc, kTrigger);
	ASSERT_NE(c, nullptr) << out;
	EXPECT_EQ(c->at("outcome"), "CRASH");
	std::string msg = c->at("message");
	EXPECT_NE(msg.find("SIGSEGV"), std::string::npos) << msg;
	EXPECT_NE(msg.find("last verb called: ibv_modify_qp"), std::string::npos) << msg;
	EXPECT_EQ(doc.at("summary").at("CRASH"), 1);
	EXPECT_GT(doc.at("summary").at("PASS").get<int>(), 5); // the run went on
}

TEST(Isolation, HangCostsOneCaseAsTimeout)
{
	std::string out;
	auto doc = run_with("hang-in-modify", out);
	const auto *c = find_case(doc, kTrigger);
	ASSERT_NE(c, nullptr) << out;
	EXPECT_EQ(c->at("outcome"), "TIMEOUT");
	EXPECT_NE(c->at("message").get<std::string>().find("no result after 2 s"), std::string::npos);
	EXPECT_EQ(doc.at("summary").at("TIMEOUT"), 1);
	EXPECT_GT(doc.at("summary").at("PASS").get<int>(), 5);
}

TEST(Isolation, LeakedObjectsFailTheCase)
{
	std::string out;
	auto doc = run_with("leak-on-destroy", out);
	const auto *c = find_case(doc, "Table/ModifyQpRequiredSet.AloneSucceeds/RC_RTS_SQD");
	ASSERT_NE(c, nullptr) << out;
	EXPECT_EQ(c->at("outcome"), "FAIL");
	EXPECT_NE(c->at("message").get<std::string>().find("leak check"), std::string::npos);
}

TEST(Isolation, CrashCarriesLevelDeviceQpTheVerbWithItsArgumentsAndAReplay)
{
	std::string out;
	std::string dir = ::testing::TempDir() + "ibvcert-iso-ev-" + std::to_string(getpid());
	auto r = run_ibvcert(std::string("run --case-timeout 5 --reruns 0 --filter '") + kTrigger +
			     "' --emu-fault crash-in-modify --report " + dir);
	EXPECT_EQ(r.status, 1) << r.output;
	std::ifstream in(dir + "/report.json");
	auto doc = nlohmann::json::parse(in);
	std::ifstream junit_in(dir + "/junit.xml");
	std::string junit((std::istreambuf_iterator<char>(junit_in)), std::istreambuf_iterator<char>());
	std::filesystem::remove_all(dir);
	const auto *c = find_case(doc, kTrigger);
	ASSERT_NE(c, nullptr) << r.output;
	EXPECT_EQ(c->at("outcome"), "CRASH");
	EXPECT_EQ(c->at("level"), "MUST");
	EXPECT_FALSE(c->at("source").get<std::string>().empty());
	EXPECT_FALSE(c->at("rules").empty());
	std::string msg = c->at("message");
	EXPECT_EQ(msg.rfind("the case's process was killed by SIGSEGV (Segmentation fault) during ibv_modify_qp\n", 0), 0u)
		<< msg;
	EXPECT_NE(msg.find("device: emu0 (fault knobs: crash-in-modify)"), std::string::npos) << msg;
	EXPECT_NE(msg.find("object: RC QP qp_num=0x"), std::string::npos) << msg;
	EXPECT_NE(msg.find(" in RTS"), std::string::npos) << msg;
	EXPECT_NE(msg.find("last verb called: ibv_modify_qp(RTS->SQD, attr_mask IBV_QP_STATE|IBV_QP_EN_SQD_ASYNC_NOTIFY"),
		  std::string::npos)
		<< msg;
	EXPECT_NE(msg.find(std::string("replay: ") + IBVCERT_BINARY + " run --device emu0 --suite all --emu-fault "
				     "crash-in-modify --filter '" + kTrigger + "'"),
		  std::string::npos)
		<< msg;
	// JUnit: an <error> with its level and source.
	EXPECT_NE(junit.find("<error type=\"CRASH\" message=\"CRASH MUST: the case's process was killed by SIGSEGV"),
		  std::string::npos)
		<< junit;
	EXPECT_NE(junit.find("<property name=\"level\" value=\"MUST\""), std::string::npos) << junit;
}

// --fail-fast: no case starts after the first that fails the run; that case
// is still rerun, and the report says the run stopped (partial).
TEST(Isolation, FailFastStartsNoCaseAfterTheFirstThatFailsTheRun)
{
	std::string dir = ::testing::TempDir() + "ibvcert-ff-" + std::to_string(getpid());
	const std::string filter = "'*ModifyQpInvalidValue*:*ModifyQpRequiredSet*'";
	auto whole = run_ibvcert("run --filter " + filter + " --emu-fault partial-apply --report " + dir + "-whole");
	auto fast = run_ibvcert("run --fail-fast --filter " + filter + " --emu-fault partial-apply --report " + dir);
	EXPECT_EQ(whole.status, 1) << whole.output;
	EXPECT_EQ(fast.status, 1) << fast.output;
	std::ifstream win(dir + "-whole/report.json"), in(dir + "/report.json");
	auto wdoc = nlohmann::json::parse(win), doc = nlohmann::json::parse(in);
	std::filesystem::remove_all(dir);
	std::filesystem::remove_all(dir + "-whole");
	const auto &cases = doc.at("cases");
	ASSERT_FALSE(cases.empty());
	// Every case before the last passed; the last failed the run.
	size_t failed = 0;
	for (const auto &c : cases)
		failed += c.at("outcome") == "FAIL";
	EXPECT_EQ(failed, 1u) << fast.output;
	EXPECT_EQ(cases.back().at("outcome"), "FAIL") << fast.output;
	EXPECT_LT(cases.size(), wdoc.at("cases").size());
	EXPECT_TRUE(doc.at("policy").at("fail_fast").get<bool>());
	EXPECT_TRUE(doc.at("policy").at("partial").get<bool>());
	EXPECT_FALSE(wdoc.at("policy").at("fail_fast").get<bool>());
}

TEST(Isolation, FailFastWithoutIsolationIsAUsageError)
{
	auto r = run_ibvcert("run --fail-fast --no-isolation --filter '*Nothing*'");
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("--fail-fast"), std::string::npos) << r.output;
}

// --fail-fast stops the run, not its reruns: a case that fails only after
// the cases that ran before it in its process (a state leak across objects:
// the knob's new SRQ starts armed at the last srq_limit set) stays FAIL, its
// rerun after that history run whole.
TEST(Isolation, FailFastRerunsAfterTheHistoryWhole)
{
	std::string dir = ::testing::TempDir() + "ibvcert-ffh-" + std::to_string(getpid());
	auto r = run_ibvcert("run --fail-fast --case-timeout 30 --emu-fault srq-limit-kept-across-srqs --report " + dir);
	EXPECT_EQ(r.status, 1) << r.output;
	std::ifstream in(dir + "/report.json");
	auto doc = nlohmann::json::parse(in);
	std::filesystem::remove_all(dir);
	const auto &last = doc.at("cases").back();
	EXPECT_EQ(last.at("outcome"), "FAIL") << r.output;
	EXPECT_EQ(doc.at("summary").value("FLAKY", 0), 0) << r.output;
}
