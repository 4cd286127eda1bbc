#include "contracts/coverage.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <map>
#include <regex>
#include <stdexcept>

namespace ibvcert {

// Generated from contracts/pages/ and contracts/coverage/ (coverage_data.cpp.in).
struct CoverageSource {
	const char *name;
	const char *page;
	const char *map; // "" when the page has no map file
};
extern const CoverageSource kCoverageSources[];
extern const std::size_t kCoverageSourceCount;

namespace {

constexpr std::string_view kBreakHyphen = "\xe2\x80\x90"; // U+2010, groff's line-break hyphen

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view s)
{
	while (!s.empty() && is_space(s.front()))
		s.remove_prefix(1);
	while (!s.empty() && is_space(s.back()))
		s.remove_suffix(1);
	return s;
}

bool ends_with(std::string_view s, std::string_view tail)
{
	return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

std::string collapse_spaces(std::string_view s)
{
	std::string out;
	bool space = false;
	for (char c : s) {
		if (is_space(c) || c == '\n') {
			space = true;
			continue;
		}
		if (space && !out.empty())
			out += ' ';
		space = false;
		out += c;
	}
	return out;
}

// Step 5: sentences of a block.
void add_sentences(const std::string &block, std::vector<PageUnit> &out)
{
	std::size_t start = 0;
	for (std::size_t i = 0; i + 2 < block.size(); ++i) {
		char c = block[i];
		if ((c == '.' || c == '?' || c == '!') && block[i + 1] == ' ' &&
		    !(block[i + 2] >= 'a' && block[i + 2] <= 'z')) {
			out.push_back({block.substr(start, i + 1 - start), false});
			start = i + 2;
		}
	}
	if (start < block.size())
		out.push_back({block.substr(start), false});
}

Coverage parse_entry(const nlohmann::json &entry, CoverageSentence &s, const std::string &where)
{
	int kinds = entry.contains("rules") + entry.contains("decision") + entry.contains("open");
	if (kinds != 1)
		throw std::runtime_error(where + ": needs exactly one of \"rules\", \"decision\", \"open\"");
	if (entry.contains("rules")) {
		s.rules = entry.at("rules").get<std::vector<std::string>>();
		if (s.rules.empty())
			throw std::runtime_error(where + ": \"rules\" is empty");
		return Coverage::Judged;
	}
	if (entry.contains("decision")) {
		const auto &d = entry.at("decision");
		s.reason = d.at("reason").get<std::string>();
		s.why = d.at("why").get<std::string>();
		const auto &reasons = coverage_reasons();
		if (std::find(reasons.begin(), reasons.end(), s.reason) == reasons.end())
			throw std::runtime_error(where + ": unknown decision reason \"" + s.reason +
						 "\" (not_observable, not_binding or out_of_scope)");
		if (s.why.empty())
			throw std::runtime_error(where + ": a decision needs its \"why\"");
		return Coverage::Decided;
	}
	s.missing = entry.at("open").get<std::string>();
	if (s.missing.empty())
		throw std::runtime_error(where + ": \"open\" must say what rule is missing");
	return Coverage::Open;
}

} // namespace

CoveragePage parse_coverage_page(const std::string &name, const std::string &page_text,
				 const std::string &map_text)
{
	CoveragePage page;
	page.name = name;
	page.text = page_text;
	if (map_text.empty())
		return page;
	page.has_map = true;
	const std::string where = "contracts/coverage/" + page.name + ".json";
	try {
		auto map = nlohmann::json::parse(map_text);
		if (map.at("page").get<std::string>() != page.name)
			throw std::runtime_error(where + ": \"page\" is " + map.at("page").dump() +
						 ", not \"" + page.name + "\"");
		if (map.contains("same_as")) {
			page.same_as = map.at("same_as").get<std::string>();
			if (map.contains("sentences"))
				throw std::runtime_error(where + ": a \"same_as\" map lists no sentences");
			return page;
		}
		std::size_t i = 0;
		for (const auto &entry : map.at("sentences")) {
			CoverageSentence s;
			const std::string at = where + " sentence " + std::to_string(i++);
			s.text = entry.at("text").get<std::string>();
			s.coverage = parse_entry(entry, s, at);
			page.sentences.push_back(std::move(s));
		}
	} catch (const nlohmann::json::exception &e) {
		throw std::runtime_error(where + ": " + e.what());
	}
	return page;
}

namespace {

std::vector<CoveragePage> load_pages()
{
	std::vector<CoveragePage> pages;
	for (std::size_t i = 0; i < kCoverageSourceCount; ++i)
		pages.push_back(parse_coverage_page(kCoverageSources[i].name, kCoverageSources[i].page,
						    kCoverageSources[i].map));
	std::sort(pages.begin(), pages.end(),
		  [](const CoveragePage &a, const CoveragePage &b) { return a.name < b.name; });
	// A same_as page shares its twin's sentences, once its text is the twin's.
	std::map<std::string, const CoveragePage *> by_name;
	for (const auto &p : pages)
		by_name[p.name] = &p;
	for (auto &p : pages) {
		if (p.same_as.empty())
			continue;
		auto twin = by_name.find(p.same_as);
		if (twin == by_name.end() || !twin->second->same_as.empty())
			throw std::runtime_error("contracts/coverage/" + p.name + ".json: same_as \"" +
						 p.same_as + "\" names no page with a map of its own");
		if (twin->second->text != p.text)
			throw std::runtime_error("contracts/coverage/" + p.name + ".json: same_as \"" +
						 p.same_as + "\", but the pages' texts differ");
		p.sentences = twin->second->sentences;
	}
	return pages;
}

} // namespace

const char *coverage_name(Coverage coverage)
{
	switch (coverage) {
	case Coverage::Judged:
		return "judged";
	case Coverage::Decided:
		return "decided";
	case Coverage::Open:
		return "open";
	}
	return "?";
}

const std::vector<std::string> &coverage_reasons()
{
	static const std::vector<std::string> reasons = {"not_observable", "not_binding", "out_of_scope"};
	return reasons;
}

const std::vector<CoveragePage> &coverage_pages()
{
	static const std::vector<CoveragePage> pages = load_pages();
	return pages;
}

std::vector<PageUnit> page_units(std::string_view page_text)
{
	std::vector<PageUnit> out;
	std::string block;
	auto flush = [&] {
		std::string text = collapse_spaces(block);
		if (!text.empty())
			add_sentences(text, out);
		block.clear();
	};
	while (!page_text.empty()) {
		std::size_t nl = page_text.find('\n');
		std::string_view line = page_text.substr(0, nl);
		page_text.remove_prefix(nl == std::string_view::npos ? page_text.size() : nl + 1);
		std::string_view body = trim(line);
		if (body.empty()) { // step 2: a blank line ends the block
			flush();
			continue;
		}
		if (!is_space(line.front())) { // step 1: a heading
			flush();
			out.push_back({collapse_spaces(body), true});
			continue;
		}
		if (ends_with(block, kBreakHyphen)) // step 3
			block.resize(block.size() - kBreakHyphen.size());
		else if (!block.empty())
			block += ' ';
		block += body;
		if (ends_with(body, "*/") || ends_with(body, ";") || ends_with(body, "{") ||
		    ends_with(body, "}"))
			flush();
	}
	flush();
	return out;
}

bool has_normative_word(const PageUnit &unit)
{
	static const std::regex words(
		R"(\b(must|will|shall|should|returns?|returned|fails?|failed|failure|cannot|is set|are set|is not|are not|possible values)\b)",
		std::regex::ECMAScript | std::regex::icase);
	static const std::regex errnos(
		R"(\b(EINVAL|ENOMEM|EOPNOTSUPP|ENOTSUP|ENOSYS|EAGAIN|EBUSY|EPERM|EACCES|ENOENT|EFAULT|ENODEV|EEXIST|ENOSPC|EIO|ENXIO|ERANGE|EPROTO|EMSGSIZE)\b)");
	if (unit.heading)
		return false;
	return std::regex_search(unit.text, words) || std::regex_search(unit.text, errnos);
}

} // namespace ibvcert
