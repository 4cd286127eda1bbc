// ibvcert rules: the contract as a table, and every case of a run naming
// rules that the table lists.
#include "cli/tests/run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <set>

using ibvcert::testing::run_ibvcert;

namespace {

nlohmann::json read_json(const std::string &path)
{
	std::ifstream in(path);
	return nlohmann::json::parse(in);
}

class IbvcertRules : public ::testing::Test {
protected:
	void SetUp() override
	{
		dir = ::testing::TempDir() + "ibvcert-rules-" + std::to_string(getpid());
		std::filesystem::create_directories(dir);
		auto r = run_ibvcert("rules --format json > " + dir + "/rules.json");
		ASSERT_EQ(r.status, 0) << r.output;
		for (const auto &rule : read_json(dir + "/rules.json"))
			ids.insert(rule.at("id").get<std::string>());
	}
	void TearDown() override { std::filesystem::remove_all(dir); }

	std::string dir;
	std::set<std::string> ids;
};

TEST_F(IbvcertRules, ListsTheRulesOfEveryVerbFamilyWithTheirCitations)
{
	for (const char *family : {"modify_qp.", "srq.", "rate_limit.", "ece.", "sched."}) {
		bool found = false;
		for (const auto &id : ids)
			found |= id.rfind(family, 0) == 0;
		EXPECT_TRUE(found) << "no rule of " << family;
	}
	for (const auto &rule : read_json(dir + "/rules.json")) {
		EXPECT_FALSE(rule.at("sentence").get<std::string>().empty()) << rule.dump();
		EXPECT_FALSE(rule.at("condition").get<std::string>().empty()) << rule.dump();
		EXPECT_TRUE(rule.at("level") == "MUST" || rule.at("level") == "SHOULD") << rule.dump();
	}
	auto text = run_ibvcert("rules");
	EXPECT_EQ(text.status, 0);
	EXPECT_NE(text.output.find("modify_qp.pkey_index.range  [MUST]"), std::string::npos) << text.output;
}

TEST_F(IbvcertRules, EveryCaseOfARunNamesRulesTheTableLists)
{
	auto r = run_ibvcert("run --suite all --report " + dir + "/run");
	ASSERT_EQ(r.status, 0) << r.output;
	auto report = read_json(dir + "/run/report.json");
	size_t cases = 0;
	for (const auto &c : report.at("cases")) {
		cases++;
		ASSERT_TRUE(c.contains("rules")) << c.at("name");
		EXPECT_FALSE(c.at("rules").empty()) << c.at("name") << " names no rule";
		for (const auto &id : c.at("rules"))
			EXPECT_TRUE(ids.count(id.get<std::string>()))
				<< c.at("name") << " names " << id << ", which ibvcert rules does not list";
	}
	EXPECT_GT(cases, 2000u);
}

TEST(IbvcertRulesInput, UnknownFormatExits2)
{
	auto r = run_ibvcert("rules --format yaml");
	EXPECT_EQ(r.status, 2) << r.output;
	EXPECT_NE(r.output.find("yaml"), std::string::npos) << r.output;
}

} // namespace
