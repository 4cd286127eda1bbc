// ibvcert run's suites: with no flags every suite runs (the certificate
// covers the contract); the report says which ran and with what property
// budget; a run of one suite says it is partial.
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using ibvcert::testing::run_ibvcert;
using nlohmann::json;

namespace {

class RunSuites : public ::testing::Test {
protected:
	void SetUp() override
	{
		dir = ::testing::TempDir() + "ibvcert-suites-" + std::to_string(getpid());
		std::filesystem::create_directories(dir);
	}
	void TearDown() override { std::filesystem::remove_all(dir); }
	json report(const std::string &name)
	{
		std::ifstream in(dir + "/" + name + "/report.json");
		return json::parse(in);
	}
	std::string dir;
};

TEST_F(RunSuites, NoFlagsRunsEverySuiteAndTheReportListsThemWithTheBudget)
{
	auto r = run_ibvcert("run -q --report " + dir + "/all");
	ASSERT_EQ(r.status, 0) << r.output;
	json doc = report("all");
	const json &policy = doc.at("policy");
	EXPECT_EQ(policy.at("suite"), "all");
	EXPECT_EQ(policy.at("suites"), json({"conformance", "properties"}));
	EXPECT_EQ(policy.at("partial"), false) << policy.dump();
	EXPECT_NE(policy.at("property_budget").get<std::string>().find("max_success=100"), std::string::npos)
		<< policy.dump();
	bool property = false, clause = false;
	for (const auto &c : doc.at("cases")) {
		std::string name = c.at("name");
		(name.find("Property") != std::string::npos ? property : clause) = true;
	}
	EXPECT_TRUE(property) << "no property case ran by default";
	EXPECT_TRUE(clause) << "no conformance case ran by default";
}

TEST_F(RunSuites, OneSuiteAloneIsAPartialRunAndTheVerdictSaysWhy)
{
	auto r = run_ibvcert("run -q --suite conformance --filter '*ModifyQpRequired*' --report " + dir + "/one");
	ASSERT_EQ(r.status, 0) << r.output;
	json policy = report("one").at("policy");
	EXPECT_EQ(policy.at("suites"), json({"conformance"}));
	EXPECT_EQ(policy.at("property_budget"), "none");
	EXPECT_EQ(policy.at("partial"), true);
	std::ifstream in(dir + "/one/report.html");
	std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
	EXPECT_NE(page.find("--suite conformance ran the conformance suite alone"), std::string::npos);
}

TEST_F(RunSuites, ThePropertyBudgetIsTheOneRcParamsGives)
{
	auto r = ibvcert::testing::run_shell(std::string("RC_PARAMS='max_success=7 seed=3' ") + IBVCERT_BINARY +
					     " run -q --suite properties --filter 'SrqLimitProperty.*' --report " + dir +
					     "/budget");
	ASSERT_EQ(r.status, 0) << r.output;
	EXPECT_EQ(report("budget").at("policy").at("property_budget"), "max_success=7 cases per property (RC_PARAMS)");
}

} // namespace
