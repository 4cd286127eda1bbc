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

// ibvcert rules --coverage: every page of contracts/pages/ with its sentences
// judged, decided (by reason) and open, and the totals; the rules it names
// are rules the table lists.
TEST_F(IbvcertRules, CoverageListsEveryPageItsSentencesAndTheTotals)
{
	auto r = run_ibvcert("rules --coverage --format json > " + dir + "/coverage.json");
	ASSERT_EQ(r.status, 0) << r.output;
	auto coverage = read_json(dir + "/coverage.json");
	std::set<std::string> pages;
	size_t judged = 0, decided = 0, open = 0, sentences = 0;
	for (const auto &page : coverage.at("pages")) {
		pages.insert(page.at("page").get<std::string>());
		if (page.contains("same_as"))
			continue;
		judged += page.at("judged").get<size_t>();
		decided += page.at("decided").get<size_t>();
		open += page.at("open").get<size_t>();
		sentences += page.at("sentence_map").size();
		size_t by_reason = 0;
		for (const auto &n : page.at("decided_by_reason"))
			by_reason += n.get<size_t>();
		EXPECT_EQ(by_reason, page.at("decided").get<size_t>()) << page.at("page");
		for (const auto &s : page.at("sentence_map")) {
			EXPECT_FALSE(s.at("text").get<std::string>().empty());
			if (s.at("coverage") == "judged")
				for (const auto &id : s.at("rules"))
					EXPECT_TRUE(ids.count(id.get<std::string>())) << id << " is no rule";
			else if (s.at("coverage") == "decided")
				EXPECT_FALSE(s.at("decision").at("why").get<std::string>().empty()) << s.dump();
			else
				EXPECT_FALSE(s.at("missing").get<std::string>().empty()) << s.dump();
		}
	}
	for (const char *page : {"man/ibv_modify_qp", "man/ibv_resize_cq", "seeds/000_5dbe243ac574886a"})
		EXPECT_TRUE(pages.count(page)) << page;
	const auto &totals = coverage.at("totals");
	EXPECT_EQ(totals.at("judged").get<size_t>(), judged);
	EXPECT_EQ(totals.at("decided").get<size_t>(), decided);
	EXPECT_EQ(totals.at("open").get<size_t>(), open);
	EXPECT_EQ(totals.at("sentences").get<size_t>(), sentences);
	EXPECT_GT(judged, 0u);

	auto text = run_ibvcert("rules --coverage");
	ASSERT_EQ(text.status, 0) << text.output;
	EXPECT_NE(text.output.find("man/ibv_modify_qp: "), std::string::npos);
	// the last line: "N pages, S sentences: J judged, D decided (...), O open"
	auto last = text.output.substr(text.output.rfind('\n', text.output.size() - 2) + 1);
	EXPECT_NE(last.find(std::to_string(sentences) + " sentences: " + std::to_string(judged) + " judged, " +
			    std::to_string(decided) + " decided"),
		  std::string::npos)
		<< last;
	EXPECT_NE(last.find(std::to_string(open) + " open"), std::string::npos) << last;
}

TEST(IbvcertRulesInput, CoverageBadInputExits2)
{
	for (const char *args : {"rules --coverage --format yaml", "rules --coverage=maybe",
				 "rules --coverage man/ibv_modify_qp"}) {
		auto r = run_ibvcert(args);
		EXPECT_EQ(r.status, 2) << args << ": " << r.output;
		EXPECT_FALSE(r.output.empty()) << args;
	}
}

} // namespace
