// ibvcert rules: the contract as a table, read from the rows (contracts/);
// with --coverage, how much of the pages those rows judge (contracts/coverage.h).
#include "cli/commands.h"

#include "contracts/coverage.h"
#include "contracts/executed_by.h"
#include "contracts/mlx5_notes.h"
#include "contracts/rule.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>
#include <map>
#include <stdexcept>

namespace ibvcert {
namespace {

std::string errno_text(int err)
{
	if (!err)
		return "-";
	const char *name = strerrorname_np(err);
	return name ? name : std::to_string(err);
}

// A page's (or all pages') sentences by what the map says of them.
struct CoverageCount {
	std::size_t judged = 0, open = 0;
	std::map<std::string, std::size_t> decided; // by reason, every reason present

	CoverageCount()
	{
		for (const auto &reason : coverage_reasons())
			decided[reason] = 0;
	}
	void add(const CoverageSentence &s)
	{
		switch (s.coverage) {
		case Coverage::Judged:
			++judged;
			break;
		case Coverage::Decided:
			++decided[s.reason];
			break;
		case Coverage::Open:
			++open;
			break;
		}
	}
	void add(const CoverageCount &other)
	{
		judged += other.judged;
		open += other.open;
		for (const auto &[reason, n] : other.decided)
			decided[reason] += n;
	}
	std::size_t decided_total() const
	{
		std::size_t n = 0;
		for (const auto &entry : decided)
			n += entry.second;
		return n;
	}
	std::string text() const
	{
		std::string reasons;
		for (const auto &[reason, n] : decided)
			reasons += fmt::format("{}{} {}", reasons.empty() ? "" : ", ", reason, n);
		return fmt::format("{} sentences: {} judged, {} decided ({}), {} open",
				   judged + decided_total() + open, judged, decided_total(), reasons, open);
	}
	nlohmann::ordered_json json() const
	{
		return {{"sentences", judged + decided_total() + open},
			{"judged", judged},
			{"decided", decided_total()},
			{"decided_by_reason", decided},
			{"open", open}};
	}
};

CoverageCount count_of(const CoveragePage &page)
{
	CoverageCount count;
	for (const auto &s : page.sentences)
		count.add(s);
	return count;
}

// Pages sharing another page's text (same_as) are listed, not counted twice.
int coverage_json(const std::vector<CoveragePage> &pages)
{
	nlohmann::ordered_json out = {{"pages", nlohmann::ordered_json::array()}};
	CoverageCount total;
	for (const auto &page : pages) {
		nlohmann::ordered_json p = {{"page", page.name}};
		if (!page.same_as.empty()) {
			p["same_as"] = page.same_as;
			out["pages"].push_back(p);
			continue;
		}
		auto count = count_of(page);
		total.add(count);
		p.update(count.json());
		auto &sentences = p["sentence_map"] = nlohmann::ordered_json::array();
		for (const auto &s : page.sentences) {
			nlohmann::ordered_json e = {{"text", s.text}, {"coverage", coverage_name(s.coverage)}};
			if (s.coverage == Coverage::Judged)
				e["rules"] = s.rules;
			else if (s.coverage == Coverage::Decided)
				e["decision"] = {{"reason", s.reason}, {"why", s.why}};
			else
				e["missing"] = s.missing;
			sentences.push_back(e);
		}
		out["pages"].push_back(p);
	}
	out["totals"] = total.json();
	std::printf("%s\n", out.dump(2).c_str());
	return 0;
}

int coverage_text(const std::vector<CoveragePage> &pages)
{
	CoverageCount total;
	std::size_t counted = 0;
	for (const auto &page : pages) {
		if (!page.same_as.empty()) {
			std::printf("%s: the same text as %s (counted there)\n\n", page.name.c_str(),
				    page.same_as.c_str());
			continue;
		}
		auto count = count_of(page);
		total.add(count);
		++counted;
		std::printf("%s: %s\n", page.name.c_str(), count.text().c_str());
		for (const auto &s : page.sentences) {
			switch (s.coverage) {
			case Coverage::Judged: {
				std::string ids;
				for (const auto &id : s.rules)
					ids += (ids.empty() ? "" : ", ") + id;
				std::printf("  judged   \"%s\"\n           by %s\n", s.text.c_str(), ids.c_str());
				break;
			}
			case Coverage::Decided:
				std::printf("  decided  \"%s\"\n           %s: %s\n", s.text.c_str(),
					    s.reason.c_str(), s.why.c_str());
				break;
			case Coverage::Open:
				std::printf("  OPEN     \"%s\"\n           missing: %s\n", s.text.c_str(),
					    s.missing.c_str());
				break;
			}
		}
		std::printf("\n");
	}
	std::printf("%zu pages, %s\n", counted, total.text().c_str());
	return 0;
}

int coverage_command(const std::string &format)
{
	const std::vector<CoveragePage> *pages = nullptr;
	try {
		pages = &coverage_pages();
	} catch (const std::exception &e) {
		std::fprintf(stderr, "ibvcert rules --coverage: the coverage map is malformed: %s\n", e.what());
		return 2;
	}
	return format == "json" ? coverage_json(*pages) : coverage_text(*pages);
}

} // namespace

int rules_command(const std::string &format, bool coverage)
{
	if (format != "text" && format != "json") {
		std::fprintf(stderr, "ibvcert rules: unknown --format \"%s\" (text or json)\n", format.c_str());
		return 2;
	}
	if (coverage)
		return coverage_command(format);
	if (format == "json") {
		nlohmann::ordered_json out = nlohmann::ordered_json::array();
		for (const ContractRule *r : all_rules())
			out.push_back({{"id", r->id},
				       {"verbs", verbs_text(*r)},
				       {"level", level_name(r->level)},
				       {"errno", errno_text(r->err)},
				       {"errno_level", level_name(r->err.level)},
				       {"check", check_name(r->check)},
				       {"executed_by", executed_by(*r)},
				       {"condition", condition_text(*r)},
				       {"man", r->man},
				       {"sentence", r->sentence},
				       {"note", r->note ? r->note : ""}});
		std::printf("%s\n", out.dump(2).c_str());
		return 0;
	}
	// text: one block per rule, a vendor reads what is checked
	for (const ContractRule *r : all_rules()) {
		std::printf("%s  [%s] %s  errno %s%s\n", r->id, level_name(r->level),
			    verbs_text(*r).c_str(), errno_text(r->err).c_str(),
			    r->err == 0 ? ""
			    : r->err.level == Level::MUST ? " (fixed by the page or the ABI: MUST)"
							  : " (by convention: SHOULD)");
		std::printf("    condition: %s\n", condition_text(*r).c_str());
		std::printf("    citation:  %s: %s\n", r->man, r->sentence);
		if (r->note)
			std::printf("    decision:  %s\n", r->note);
	}
	std::printf("%zu rules\n", all_rules().size());
	std::printf("%s\n", mlx5_notes_summary(count_mlx5_notes()).c_str());
	return 0;
}

} // namespace ibvcert
