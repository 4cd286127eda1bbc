// The HTML certification report: a matrix of clauses x runs, each cell the
// worst outcome of the clause's cases with the failing cases' evidence and
// replay command a click away; device details, totals, skips by reason.
// Built as a DOM with pugixml, so every text is escaped by the library.
#include "reports/run_result.h"

#include <pugixml.hpp>

#include <ctime>
#include <map>
#include <set>

namespace ibvcert {
namespace {

constexpr Outcome kByWorst[] = {Outcome::Crash, Outcome::Timeout, Outcome::Interrupted, Outcome::Fail, Outcome::Fixed,
				Outcome::Flaky, Outcome::Known, Outcome::Pass, Outcome::Skip};

const char kStyle[] = R"css(
body { font-family: sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid #bbb; padding: 4px 8px; vertical-align: top; text-align: left; }
th { background: #eee; }
td.source { font-size: 85%; max-width: 32em; color: #444; }
td.PASS { background: #d9f2d9; } td.FAIL, td.CRASH, td.TIMEOUT, td.FIXED { background: #f7c6c6; }
td.KNOWN { background: #fde9b5; } td.FLAKY { background: #f3d9f7; } td.SKIP { background: #e6e6e6; }
pre { white-space: pre-wrap; font-size: 85%; background: #fafafa; border: 1px solid #ddd; padding: 6px; }
.flag { color: #a00; font-weight: bold; }
)css";

pugi::xml_node add(pugi::xml_node parent, const char *tag, const std::string &text = "")
{
	auto node = parent.append_child(tag);
	if (!text.empty())
		node.text() = text.c_str();
	return node;
}

pugi::xml_node add_row(pugi::xml_node table, const std::vector<std::string> &cells, const char *tag = "td")
{
	auto tr = add(table, "tr");
	for (const auto &c : cells)
		add(tr, tag, c.empty() ? "-" : c);
	return tr;
}

std::string run_label(const RunResult &r)
{
	return r.device.name + (r.device.faults.empty() ? "" : " [" + r.device.faults + "]") +
	       " " + r.started;
}

struct ClauseRow {
	std::set<std::string> levels;
	std::string source;
	std::map<size_t, std::vector<const CaseResult *>> by_run;
};

void add_cell(pugi::xml_node tr, const std::vector<const CaseResult *> &cases)
{
	auto td = add(tr, "td");
	if (cases.empty()) {
		td.append_attribute("class") = "none";
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
	td.append_attribute("class") = outcome_name(worst);
	td.append_attribute("data-outcome") = outcome_name(worst);
	std::string summary;
	for (Outcome o : kByWorst)
		if (counts.count(o))
			summary += (summary.empty() ? "" : ", ") + std::string(outcome_name(o)) + " " +
				   std::to_string(counts[o]);
	add(td, "div", summary);
	int notable = 0;
	for (const auto *c : cases)
		notable += c->outcome != Outcome::Pass && c->outcome != Outcome::Skip;
	if (!notable)
		return;
	auto details = add(td, "details");
	add(details, "summary", std::to_string(notable) + " case(s): evidence and replay");
	for (const auto *c : cases) {
		if (c->outcome == Outcome::Pass || c->outcome == Outcome::Skip)
			continue;
		auto div = add(details, "div");
		div.append_attribute("class") = "case";
		add(div, "h4", std::string(outcome_name(c->outcome)) + " " + c->full_name());
		if (!c->known_reason.empty())
			add(div, "p", "known deviation: " + c->known_reason);
		add(div, "pre", c->message);
	}
}

} // namespace

std::string write_html(const std::vector<RunResult> &runs, const std::string &path)
{
	pugi::xml_document doc;
	doc.append_child(pugi::node_doctype).set_value("html");
	auto html = add(doc, "html");
	html.append_attribute("lang") = "en";
	auto head = add(html, "head");
	add(head, "meta").append_attribute("charset") = "utf-8";
	add(head, "title", "ibvcert certification report");
	add(head, "style", kStyle);
	auto body = add(html, "body");
	add(body, "h1", "ibvcert certification report");
	char now[32];
	std::time_t t = std::time(nullptr);
	std::strftime(now, sizeof(now), "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
	auto meta = add(body, "p", "Harness ibvcert " + (runs.empty() ? std::string("?") : runs[0].harness_version) +
				   ", report generated " + now + ", " + std::to_string(runs.size()) + " run(s).");
	meta.append_attribute("id") = "meta";

	add(body, "h2", "Devices");
	auto devices = add(body, "table");
	devices.append_attribute("id") = "devices";
	add_row(devices, {"run", "device", "driver", "transport", "link layer", "firmware", "kernel",
			  "rdma-core", "started", "seconds"}, "th");
	for (const auto &r : runs)
		add_row(devices, {run_label(r), r.device.name + (r.device.emulated ? " (emulated)" : ""),
				  r.device.driver, r.device.transport, r.device.link_layer, r.device.fw_ver,
				  r.device.kernel, r.device.rdma_core, r.started, std::to_string(r.seconds)});

	add(body, "h2", "Totals");
	auto totals = add(body, "table");
	totals.append_attribute("id") = "totals";
	std::vector<std::string> header = {"run", "cases"};
	for (Outcome o : kByWorst)
		header.push_back(outcome_name(o));
	add_row(totals, header, "th");
	for (const auto &r : runs) {
		auto tr = add_row(totals, {run_label(r), std::to_string(r.cases.size())});
		for (Outcome o : kByWorst) {
			auto td = add(tr, "td", std::to_string(r.count(o)));
			td.append_attribute("data-outcome") = outcome_name(o);
		}
	}

	std::map<std::string, ClauseRow> clauses;
	for (size_t i = 0; i < runs.size(); i++)
		for (const auto &c : runs[i].cases) {
			auto &row = clauses[c.clause];
			if (!c.level.empty())
				row.levels.insert(c.level);
			if (row.source.empty())
				row.source = c.source;
			row.by_run[i].push_back(&c);
		}

	add(body, "h2", "Clauses");
	auto matrix = add(body, "table");
	matrix.append_attribute("id") = "matrix";
	std::vector<std::string> cols = {"clause", "level", "man page / table"};
	for (const auto &r : runs)
		cols.push_back(run_label(r));
	add_row(add(matrix, "thead"), cols, "th");
	auto tbody = add(matrix, "tbody");
	std::vector<std::string> skipped_everywhere;
	for (const auto &[name, row] : clauses) {
		auto tr = add(tbody, "tr");
		tr.append_attribute("class") = "clause";
		tr.append_attribute("data-clause") = name.c_str();
		add(tr, "td", name);
		std::string levels;
		for (const auto &l : row.levels)
			levels += (levels.empty() ? "" : "/") + l;
		add(tr, "td", levels.empty() ? "-" : levels);
		add(tr, "td", row.source.empty() ? "-" : row.source).append_attribute("class") = "source";
		bool all_skipped = true;
		for (size_t i = 0; i < runs.size(); i++) {
			auto it = row.by_run.find(i);
			static const std::vector<const CaseResult *> none;
			const auto &cases = it == row.by_run.end() ? none : it->second;
			add_cell(tr, cases);
			for (const auto *c : cases)
				all_skipped = all_skipped && c->outcome == Outcome::Skip;
		}
		if (all_skipped && runs.size() > 1)
			skipped_everywhere.push_back(name);
	}

	add(body, "h2", "Skips by reason");
	auto skips = add(body, "table");
	skips.append_attribute("id") = "skips";
	add_row(skips, {"run", "reason", "cases"}, "th");
	for (const auto &r : runs) {
		std::map<std::string, int> reasons;
		for (const auto &c : r.cases)
			if (c.outcome == Outcome::Skip)
				reasons[c.message]++;
		for (const auto &[reason, n] : reasons)
			add_row(skips, {run_label(r), reason, std::to_string(n)});
	}
	for (const auto &name : skipped_everywhere)
		add(body, "p", "Clause " + name + " was skipped on every device: it may be a harness bug.")
			.append_attribute("class") = "flag";

	// Written under a temporary name and renamed: a reader never sees half a file.
	std::string tmp = path + ".tmp";
	if (!doc.save_file(tmp.c_str(), "", pugi::format_raw | pugi::format_no_declaration) ||
	    std::rename(tmp.c_str(), path.c_str()) != 0)
		return "cannot write " + path;
	return "";
}

} // namespace ibvcert
