// The coverage map of the contract (contracts/coverage.h): every page has a
// map, every sentence the map lists is one of its page's, every rule id it
// names is a rule, every rule is named by some sentence, and every sentence
// of a page with a normative word is in the map. A new rule, page or
// normative sentence without a mapping fails here.
#include "contracts/coverage.h"
#include "contracts/rule.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

namespace ibvcert {
namespace {

namespace fs = std::filesystem;

std::set<std::string> unit_texts(const CoveragePage &page)
{
	std::set<std::string> out;
	for (const auto &unit : page_units(page.text))
		if (!unit.heading)
			out.insert(unit.text);
	return out;
}

// "man/ibv_modify_qp" for every DIR/<sub>/<name>.<ext> under the source tree's contracts/.
std::set<std::string> names_under(const std::string &dir, const std::string &ext)
{
	std::set<std::string> out;
	for (const auto &entry : fs::recursive_directory_iterator(fs::path(IBVCERT_CONTRACTS_DIR) / dir))
		if (entry.is_regular_file() && entry.path().extension() == ext)
			out.insert(fs::relative(entry.path(), fs::path(IBVCERT_CONTRACTS_DIR) / dir)
					   .replace_extension()
					   .string());
	return out;
}

TEST(CoverageSplitter, HeadingsCodeLinesHyphensAndSentences)
{
	const std::string page = "NAME\n"
				 "       ibv_x - do x\n"
				 "\n"
				 "DESCRIPTION\n"
				 "       ibv_x()  does x, e.g. the first at\xe2\x80\x90\n"
				 "       tribute.  It returns 0.\tThe\n"
				 "       end? yes!\n"
				 "\n"
				 "       struct s {\n"
				 "               int a; /* must be 0 */\n"
				 "       };\n";
	auto units = page_units(page);
	std::vector<std::pair<std::string, bool>> got;
	for (const auto &u : units)
		got.emplace_back(u.text, u.heading);
	std::vector<std::pair<std::string, bool>> want = {
		{"NAME", true},
		{"ibv_x - do x", false},
		{"DESCRIPTION", true},
		{"ibv_x() does x, e.g. the first attribute.", false},
		{"It returns 0.", false},
		{"The end? yes!", false},
		{"struct s {", false},
		{"int a; /* must be 0 */", false},
		{"};", false},
	};
	EXPECT_EQ(got, want);
	EXPECT_FALSE(has_normative_word(units[0]));
	EXPECT_FALSE(has_normative_word(units[1]));
	EXPECT_TRUE(has_normative_word(units[4]));
	EXPECT_TRUE(has_normative_word(units[7]));
	EXPECT_TRUE(has_normative_word({"EINVAL Invalid arguments.", false}));
	EXPECT_TRUE(has_normative_word({"If the bit is set in the flags.", false}));
	EXPECT_FALSE(has_normative_word({"RETURN VALUE", true}));
	EXPECT_FALSE(has_normative_word({"IBV_QPS_ERR is a state; returnable is no word.", false}));
}

TEST(CoverageMap, EveryPageOfThePagesFolderIsEmbeddedAndHasAMap)
{
	std::set<std::string> embedded;
	for (const auto &page : coverage_pages()) {
		embedded.insert(page.name);
		EXPECT_TRUE(page.has_map) << page.name << ": no contracts/coverage/" << page.name << ".json";
		EXPECT_FALSE(page.text.empty()) << page.name;
	}
	EXPECT_EQ(embedded, names_under("pages", ".txt"))
		<< "contracts/pages/ and the embedded pages differ: re-run cmake";
	for (const auto &map : names_under("coverage", ".json"))
		EXPECT_TRUE(embedded.count(map)) << "contracts/coverage/" << map << ".json maps no page";
	EXPECT_GE(embedded.size(), 40u);
}

TEST(CoverageMap, EverySentenceIsOneOfItsPagesSentencesOnce)
{
	for (const auto &page : coverage_pages()) {
		auto units = unit_texts(page);
		std::set<std::string> seen;
		for (const auto &s : page.sentences) {
			EXPECT_TRUE(units.count(s.text))
				<< page.name << ": the map's sentence is not one of the page's (page_units): \""
				<< s.text << "\"";
			EXPECT_TRUE(seen.insert(s.text).second) << page.name << ": listed twice: \"" << s.text << "\"";
		}
	}
}

TEST(CoverageMap, EveryRuleItNamesExistsAndEveryRuleIsNamed)
{
	std::set<std::string> named;
	for (const auto &page : coverage_pages())
		for (const auto &s : page.sentences)
			for (const auto &id : s.rules) {
				EXPECT_NE(find_rule(id), nullptr) << page.name << ": unknown rule id " << id
								  << " for \"" << s.text << "\"";
				named.insert(id);
			}
	for (const ContractRule *rule : all_rules())
		EXPECT_TRUE(named.count(rule->id))
			<< rule->id << " judges no sentence of the map: add it to the sentences it judges "
			<< "in contracts/coverage/ (" << rule->man << ")";
}

TEST(CoverageMap, EverySentenceWithANormativeWordIsMapped)
{
	for (const auto &page : coverage_pages()) {
		std::set<std::string> mapped;
		for (const auto &s : page.sentences)
			mapped.insert(s.text);
		for (const auto &unit : page_units(page.text)) {
			if (!has_normative_word(unit))
				continue;
			EXPECT_TRUE(mapped.count(unit.text))
				<< page.name << ": a normative sentence without a mapping (rules, decision "
				<< "or open) in contracts/coverage/" << page.name << ".json: \"" << unit.text << "\"";
		}
	}
}

TEST(CoverageMap, EveryEntryIsJudgedDecidedOrOpenWithItsReason)
{
	std::size_t judged = 0;
	for (const auto &page : coverage_pages())
		for (const auto &s : page.sentences) {
			switch (s.coverage) {
			case Coverage::Judged:
				++judged;
				EXPECT_FALSE(s.rules.empty()) << s.text;
				break;
			case Coverage::Decided:
				EXPECT_FALSE(s.why.empty()) << s.text;
				break;
			case Coverage::Open:
				EXPECT_FALSE(s.missing.empty()) << s.text;
				break;
			}
		}
	EXPECT_GT(judged, 0u);
}

TEST(CoverageMap, AMalformedMapIsRefusedNamingTheEntry)
{
	const std::string page = "DESCRIPTION\n       ibv_x() returns 0.\n";
	auto ok = parse_coverage_page("man/ibv_x", page,
				      R"({"page": "man/ibv_x", "sentences": [{"text": "ibv_x() returns 0.",
				          "decision": {"reason": "not_binding", "why": "an example"}}]})");
	ASSERT_EQ(ok.sentences.size(), 1u);
	EXPECT_EQ(ok.sentences[0].coverage, Coverage::Decided);
	auto refuses = [&](const std::string &map, const std::string &words) {
		try {
			parse_coverage_page("man/ibv_x", page, map);
			ADD_FAILURE() << "accepted: " << map;
		} catch (const std::runtime_error &e) {
			EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
		}
	};
	refuses(R"({"page": "man/ibv_x", "sentences": [{"text": "t", "decision": {"reason": "boring", "why": "w"}}]})",
		"unknown decision reason");
	refuses(R"({"page": "man/ibv_x", "sentences": [{"text": "t", "open": "x", "rules": ["a"]}]})",
		"exactly one of");
	refuses(R"({"page": "man/ibv_y", "sentences": []})", "\"page\"");
	refuses(R"({"page": "man/ibv_x", "sentences": [{"text": "t", "rules": []}]})", "empty");
	refuses(R"({"page": "man/ibv_x")", "contracts/coverage/man/ibv_x.json");
}

} // namespace
} // namespace ibvcert
