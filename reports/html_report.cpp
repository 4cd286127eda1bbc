// The HTML certification report, for one run or many (devices, kernels, runs
// over time). It opens with each run's verdict (run_verdict.h) and the
// totals by level; then the matrix of clauses x runs, failures first, each
// cell the worst outcome of the clause's cases with their evidence and
// replay a click away, filters by outcome, level and verb family; each
// clause links the contract rules it checks (contracts/), listed with their
// citations. Built as a DOM with pugixml, so every text is escaped by the
// library; the style and the script are inline (html_assets.h).
#include "reports/html_assets.h"
#include "reports/html_page.h"
#include "reports/run_result.h"
#include "reports/run_verdict.h"

#include "contracts/rule.h"

#include <pugixml.hpp>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <set>

namespace ibvcert {
namespace {

using html::add;
using html::set;

// Worst first: the order of the cells, the totals and the matrix rows.
constexpr Outcome kByWorst[] = {Outcome::Crash, Outcome::Timeout, Outcome::Interrupted, Outcome::Fail, Outcome::Fixed,
				Outcome::Flaky, Outcome::Known, Outcome::Pass, Outcome::Skip};

int worst_rank(Outcome o)
{
	return int(std::find(std::begin(kByWorst), std::end(kByWorst), o) - std::begin(kByWorst));
}

bool notable(const CaseResult &c)
{
	return c.outcome != Outcome::Pass && c.outcome != Outcome::Skip;
}

// A clause that checks a feature on devices that have it, and its
// counterpart that checks the refusal on devices that lack it, skip each
// other's devices; the skip says which clause covers the device ("...: the
// RateLimit* cases cover it", "(SrqResizeWithCap... covers it)"). Such a
// skip means the device was checked, not that no device could be.
bool covered_by_another_clause(const std::string &skip_reason)
{
	for (const char *words : {" cover it", " covers it", " covers the device", " cover the device"})
		if (skip_reason.find(words) != std::string::npos)
			return true;
	return false;
}

// The verb family of a rule: its id's first word (contracts/rule.h:
// "<family>.<field>.<what>").
std::string rule_family(const std::string &id)
{
	return id.substr(0, id.find('.'));
}

pugi::xml_node add_row(pugi::xml_node table, const std::vector<std::string> &cells, const char *tag = "td")
{
	auto tr = add(table, "tr");
	for (const auto &c : cells)
		add(tr, tag, c.empty() ? "-" : c);
	return tr;
}

std::string join(const std::set<std::string> &words, const char *sep = " ")
{
	std::string out;
	for (const auto &w : words)
		out += (out.empty() ? "" : sep) + w;
	return out;
}

std::string run_label(const RunResult &r)
{
	std::string label = r.device.name + (r.device.faults.empty() ? "" : " [" + r.device.faults + "]");
	if (!r.device.kernel.empty())
		label += " " + r.device.kernel;
	return label + " " + r.started;
}

struct Clause {
	std::string name;
	std::set<std::string> levels, rules, families, outcomes;
	std::string source;
	std::map<size_t, std::vector<const CaseResult *>> by_run;
	int worst = worst_rank(Outcome::Skip);
	bool skipped_everywhere = false;
	std::set<std::string> skip_reasons;
};

std::vector<Clause> clauses_failures_first(const std::vector<RunResult> &runs)
{
	std::map<std::string, Clause> by_name;
	for (size_t i = 0; i < runs.size(); i++)
		for (const auto &c : runs[i].cases) {
			auto &row = by_name[c.clause];
			row.name = c.clause;
			if (!c.level.empty())
				row.levels.insert(c.level);
			if (row.source.empty())
				row.source = c.source;
			for (const auto &id : c.rules) {
				row.rules.insert(id);
				row.families.insert(rule_family(id));
			}
			row.outcomes.insert(outcome_name(c.outcome));
			if (notable(c))
				row.outcomes.insert("notable");
			row.worst = std::min(row.worst, worst_rank(c.outcome));
			row.by_run[i].push_back(&c);
		}
	std::vector<Clause> rows;
	for (auto &[name, row] : by_name) {
		if (row.families.empty())
			row.families.insert("other");
		// Flagged only when no run could check the clause: every case of
		// every run skipped, and no skip says another clause covered it.
		bool all_skipped = runs.size() > 1, covered = false;
		for (const auto &[run, cases] : row.by_run)
			for (const auto *c : cases) {
				all_skipped = all_skipped && c->outcome == Outcome::Skip;
				covered = covered || covered_by_another_clause(c->message);
				if (c->outcome == Outcome::Skip)
					row.skip_reasons.insert(c->message);
			}
		row.skipped_everywhere = all_skipped && !covered;
		rows.push_back(std::move(row));
	}
	std::stable_sort(rows.begin(), rows.end(), [](const Clause &a, const Clause &b) {
		bool a_must = a.levels.count("MUST"), b_must = b.levels.count("MUST");
		if (a.worst != b.worst)
			return a.worst < b.worst;
		return a_must > b_must;
	});
	return rows;
}

void add_verdicts(pugi::xml_node body, const std::vector<RunResult> &runs)
{
	auto box = add(body, "div");
	set(box, "id", "verdicts");
	for (size_t i = 0; i < runs.size(); i++) {
		RunVerdict v = run_verdict(runs[i]);
		auto div = add(box, "div", "", (std::string("verdict ") + v.css).c_str());
		set(div, "data-run", std::to_string(i));
		set(div, "data-verdict", v.words);
		add(div, "div", run_label(runs[i]), "run");
		add(div, "div", v.headline, "headline");
		if (v.partial)
			add(div, "div", "partial: " + v.partial_why, "partial");
		if (!v.details.empty()) {
			auto ul = add(div, "ul");
			for (const auto &d : v.details)
				add(ul, "li", d);
		}
		add(div, "div", v.policy, "policy");
	}
}

void add_totals(pugi::xml_node body, const std::vector<RunResult> &runs)
{
	add(body, "h2", "Totals by level");
	auto totals = add(body, "table");
	set(totals, "id", "totals");
	std::vector<std::string> header = {"run", "level", "cases"};
	for (Outcome o : kByWorst)
		header.push_back(outcome_name(o));
	add_row(totals, header, "th");
	for (size_t i = 0; i < runs.size(); i++) {
		const auto &r = runs[i];
		std::set<std::string> levels;
		for (const auto &c : r.cases)
			levels.insert(c.level == "SHOULD" ? "SHOULD" : "MUST");
		std::vector<std::string> rows(levels.begin(), levels.end());
		rows.push_back("all");
		for (const auto &level : rows) {
			std::map<Outcome, int> n;
			int cases = 0;
			for (const auto &c : r.cases)
				if (level == "all" || level == (c.level == "SHOULD" ? "SHOULD" : "MUST")) {
					n[c.outcome]++;
					cases++;
				}
			auto tr = add_row(totals, {run_label(r), level, std::to_string(cases)});
			set(tr, "data-run", std::to_string(i));
			set(tr, "data-level", level);
			for (Outcome o : kByWorst)
				set(add(tr, "td", std::to_string(n[o])), "data-outcome", outcome_name(o));
		}
	}
}

void add_devices(pugi::xml_node body, const std::vector<RunResult> &runs)
{
	add(body, "h2", "Devices");
	auto devices = add(body, "table");
	set(devices, "id", "devices");
	add_row(devices, {"run", "device", "driver", "transport", "link layer", "firmware", "kernel", "rdma-core",
			  "started", "seconds"}, "th");
	for (const auto &r : runs)
		add_row(devices, {run_label(r), r.device.name + (r.device.emulated ? " (emulated)" : ""),
				  r.device.driver, r.device.transport, r.device.link_layer, r.device.fw_ver,
				  r.device.kernel, r.device.rdma_core, r.started, std::to_string((int)r.seconds)});
}

void add_filters(pugi::xml_node body, const std::vector<Clause> &clauses)
{
	auto div = add(body, "div");
	set(div, "id", "filters");
	auto select = [&](const char *id, const char *label, const std::vector<std::pair<std::string, std::string>> &options) {
		auto l = add(div, "label", std::string(label) + " ");
		auto s = add(l, "select");
		set(s, "id", id);
		for (const auto &[value, text] : options)
			set(add(s, "option", text), "value", value);
	};
	std::vector<std::pair<std::string, std::string>> outcomes = {
		{"", "any"}, {"notable", "not PASS or SKIP"}};
	for (Outcome o : kByWorst)
		outcomes.push_back({outcome_name(o), outcome_name(o)});
	select("filter-outcome", "outcome", outcomes);
	select("filter-level", "level", {{"", "any"}, {"MUST", "MUST"}, {"SHOULD", "SHOULD"}});
	std::set<std::string> families;
	for (const auto &c : clauses)
		families.insert(c.families.begin(), c.families.end());
	std::vector<std::pair<std::string, std::string>> family_options = {{"", "any"}};
	for (const auto &f : families)
		family_options.push_back({f, f});
	select("filter-family", "verb family", family_options);
	set(add(div, "span", std::to_string(clauses.size()) + " clauses"), "id", "filter-count");
}

void add_cell(pugi::xml_node tr, const std::vector<const CaseResult *> &cases, const RunResult &run,
	      const std::string &evidence_id)
{
	auto td = add(tr, "td");
	if (cases.empty()) {
		set(td, "class", "none");
		td.text() = "not run";
		return;
	}
	std::map<Outcome, int> counts;
	for (const auto *c : cases)
		counts[c->outcome]++;
	Outcome worst = Outcome::Skip;
	for (Outcome o : kByWorst)
		if (counts.count(o)) {
			worst = o;
			break;
		}
	set(td, "class", outcome_name(worst));
	set(td, "data-outcome", outcome_name(worst));
	std::string summary;
	for (Outcome o : kByWorst)
		if (counts.count(o))
			summary += (summary.empty() ? "" : ", ") + std::string(outcome_name(o)) + " " +
				   std::to_string(counts[o]);
	add(td, "div", summary);
	int shown = 0, failing = 0;
	for (const auto *c : cases) {
		shown += notable(*c);
		failing += fails_the_run(*c, run.policy);
	}
	if (shown) {
		auto a = add(td, "a", "evidence (" + std::to_string(shown) + ")");
		set(a, "href", "#" + evidence_id);
		if (!failing)
			add(td, "div", "does not fail the run", "note");
	}
}

void add_evidence(pugi::xml_node details, const std::vector<const CaseResult *> &cases, const RunResult &run)
{
	for (const auto *c : cases) {
		if (!notable(*c))
			continue;
		auto div = add(details, "div", "", "case");
		add(div, "h4", std::string(outcome_name(c->outcome)) + " " + c->full_name() +
				       (c->level.empty() ? "" : " [" + c->level + "]") +
				       (fails_the_run(*c, run.policy) ? "" : " (does not fail the run)"));
		if (!c->known_reason.empty())
			add(div, "p", "known deviation: " + c->known_reason);
		add(div, "pre", c->message);
	}
}

void add_matrix(pugi::xml_node body, const std::vector<RunResult> &runs, const std::vector<Clause> &clauses)
{
	add(body, "h2", "Clauses");
	add_filters(body, clauses);
	auto matrix = add(body, "table");
	set(matrix, "id", "matrix");
	auto cols = add(matrix, "colgroup");
	set(add(cols, "col"), "class", "clause");
	for (size_t i = 0; i < runs.size(); i++)
		add(cols, "col");
	auto head = add(add(matrix, "thead"), "tr");
	add(head, "th", "clause, level, rules, man page");
	for (const auto &r : runs) {
		auto th = add(head, "th", "", "runhead");
		add(th, "b", r.device.name);
		for (const auto &line : {r.device.faults, r.device.kernel, r.started})
			if (!line.empty())
				add(th, "div", line);
	}
	for (size_t k = 0; k < clauses.size(); k++) {
		const Clause &row = clauses[k];
		auto tbody = add(matrix, "tbody", "", "clause");
		set(tbody, "id", "clause-" + row.name);
		set(tbody, "data-outcomes", join(row.outcomes));
		set(tbody, "data-levels", join(row.levels));
		set(tbody, "data-families", join(row.families));
		auto tr = add(tbody, "tr", "", "clause");
		set(tr, "data-clause", row.name);
		auto td = add(tr, "td");
		add(td, "span", row.name, "name");
		td.append_child(pugi::node_pcdata).set_value(" ");
		add(td, "span", row.levels.empty() ? "-" : join(row.levels, "/"), "level");
		if (!row.rules.empty()) {
			auto rules = add(td, "div", "rules: ", "rules");
			for (const auto &id : row.rules)
				set(add(rules, "a", id), "href", "#rule-" + id);
		}
		if (!row.source.empty())
			add(td, "div", row.source, "source");
		if (row.skipped_everywhere)
			add(td, "div", "skipped on every device: no run could check this clause", "flag");

		auto evidence_row = pugi::xml_node();
		for (size_t i = 0; i < runs.size(); i++) {
			auto it = row.by_run.find(i);
			static const std::vector<const CaseResult *> none;
			const auto &cases = it == row.by_run.end() ? none : it->second;
			std::string evidence_id = "ev-" + std::to_string(k) + "-" + std::to_string(i);
			add_cell(tr, cases, runs[i], evidence_id);
			int shown = (int)std::count_if(cases.begin(), cases.end(), [](auto *c) { return notable(*c); });
			if (!shown)
				continue;
			if (!evidence_row) {
				evidence_row = add(add(tbody, "tr", "", "evidence"), "td");
				set(evidence_row, "colspan", std::to_string(runs.size() + 1));
			}
			auto details = add(evidence_row, "details");
			set(details, "id", evidence_id);
			add(details, "summary", run_label(runs[i]) + ": " + std::to_string(shown) +
							" case(s) of " + row.name + ": evidence and replay");
			add_evidence(details, cases, runs[i]);
		}
	}
}

void add_rules(pugi::xml_node body, const std::vector<Clause> &clauses)
{
	std::map<std::string, std::vector<std::string>> clauses_of;
	for (const auto &c : clauses)
		for (const auto &id : c.rules)
			clauses_of[id].push_back(c.name);
	add(body, "h2", "Rules the clauses check");
	add(body, "p", "From the contract of this ibvcert (ibvcert rules): each rule's level, the verbs it binds "
		       "and the man page's words it comes from.");
	auto table = add(body, "table");
	set(table, "id", "rules");
	add_row(table, {"rule", "level", "verbs", "citation", "decision where the page is silent", "clauses"}, "th");
	auto add_rule = [&](const std::string &id, const ContractRule *r) {
		auto tr = add(table, "tr");
		auto td = add(tr, "td", id, "name");
		set(td, "id", "rule-" + id);
		if (r) {
			add(tr, "td", level_name(r->level));
			add(tr, "td", verbs_text(*r));
			add(tr, "td", std::string(r->man) + ": " + r->sentence);
			add(tr, "td", r->note ? r->note : "-");
		} else {
			add(tr, "td", "-");
			add(tr, "td", "-");
			add(tr, "td", "not in this ibvcert's contract: the report comes from another version");
			add(tr, "td", "-");
		}
		auto links = add(tr, "td", "", "clauses");
		for (const auto &name : clauses_of[id])
			set(add(links, "a", name), "href", "#clause-" + name);
	};
	std::set<std::string> listed;
	for (const ContractRule *r : all_rules())
		if (clauses_of.count(r->id)) {
			add_rule(r->id, r);
			listed.insert(r->id);
		}
	for (const auto &[id, names] : clauses_of)
		if (!listed.count(id))
			add_rule(id, nullptr);
}

void add_skips(pugi::xml_node body, const std::vector<RunResult> &runs, const std::vector<Clause> &clauses)
{
	add(body, "h2", "Skips by reason");
	auto skips = add(body, "table");
	set(skips, "id", "skips");
	add_row(skips, {"run", "reason", "cases"}, "th");
	for (const auto &r : runs) {
		std::map<std::string, int> reasons;
		for (const auto &c : r.cases)
			if (c.outcome == Outcome::Skip)
				reasons[c.message]++;
		for (const auto &[reason, n] : reasons)
			add_row(skips, {run_label(r), reason, std::to_string(n)});
	}
	for (const auto &c : clauses)
		if (c.skipped_everywhere)
			add(body, "p",
			    "Clause " + c.name + " was skipped on every device: no run could check it (" +
				    join(c.skip_reasons, "; ") + "). A device with the feature checks it; if one "
				    "should have, it may be a harness bug.",
			    "flag");
}

} // namespace

std::string write_html(const std::vector<RunResult> &runs, const std::string &path)
{
	pugi::xml_document doc;
	auto body = html::start_page(doc, "ibvcert certification report");
	char now[32];
	std::time_t t = std::time(nullptr);
	std::strftime(now, sizeof(now), "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
	set(add(body, "p", "Harness ibvcert " + (runs.empty() ? std::string("?") : runs[0].harness_version) +
				   ", report generated " + now + ", " + std::to_string(runs.size()) + " run(s)."),
	    "id", "meta");

	auto clauses = clauses_failures_first(runs);
	add_verdicts(body, runs);
	add_totals(body, runs);
	add_devices(body, runs);
	add_matrix(body, runs, clauses);
	add_skips(body, runs, clauses);
	add_rules(body, clauses);
	add(body, "script", html::kScript);

	return html::save_page(doc, path);
}

} // namespace ibvcert
