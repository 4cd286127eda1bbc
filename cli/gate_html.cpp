#include "cli/gate_html.h"

#include "cli/case_evidence.h"
#include "reports/html_page.h"

#include <ctime>

namespace ibvcert {
namespace {

using html::add;
using html::set;

void add_verdict(pugi::xml_node body, const Gate &gate)
{
	size_t n = gate.regressions();
	auto box = add(body, "div");
	set(box, "id", "verdicts");
	auto div = add(box, "div", "", n ? "verdict not-conformant" : "verdict conformant");
	set(div, "data-verdict", n ? "regressed" : "no regression");
	add(div, "div", "ibvcert gate", "run");
	add(div, "div", n ? std::to_string(n) + " regression(s): the candidate regressed" : "no regression",
	    "headline");
	auto ul = add(div, "ul");
	for (const auto &p : gate.pairs)
		add(ul, "li", gate_run_label(p.candidate->run) + ": " + std::to_string(p.regressions.size()) +
				      " regression(s), " + std::to_string(p.fixes.size()) + " fix(es), " +
				      std::to_string(p.new_passes.size()) + " new pass(es)");
	for (const auto *r : gate.base_only)
		add(ul, "li", gate_run_label(r->run) + ": in BASE only: every case it ran is lost coverage");
	for (const auto *r : gate.candidate_only)
		add(ul, "li", gate_run_label(r->run) + ": new in CANDIDATE");
	add(div, "div",
	    "A regression: PASS -> FAIL, KNOWN or CRASH; a new CRASH or TIMEOUT; a case or clause that ran and now "
	    "SKIPs or is gone (lost coverage).",
	    "policy");
}

void add_pairs(pugi::xml_node body, const Gate &gate)
{
	add(body, "h2", "Runs");
	auto table = add(body, "table");
	set(table, "id", "pairs");
	auto head = add(table, "tr");
	for (const char *h : {"run", "BASE report", "CANDIDATE report", "regressions", "fixes", "new passes", "other"})
		add(head, "th", h);
	auto row = [&](const std::string &label, const std::string &b, const std::string &c, const GatePair *p) {
		auto tr = add(table, "tr");
		add(tr, "td", label);
		add(tr, "td", b.empty() ? "-" : b);
		add(tr, "td", c.empty() ? "-" : c);
		size_t reg = p ? p->regressions.size() : (c.empty() ? 1 : 0);
		auto td = add(tr, "td", std::to_string(reg));
		set(td, "class", reg ? "FAIL" : "PASS");
		set(td, "data-regressions", std::to_string(reg));
		for (size_t n : {p ? p->fixes.size() : 0, p ? p->new_passes.size() : 0, p ? p->other.size() : 0})
			add(tr, "td", std::to_string(n));
	};
	for (const auto &p : gate.pairs)
		row(gate_run_label(p.candidate->run), p.base->path, p.candidate->path, &p);
	for (const auto *r : gate.base_only)
		row(gate_run_label(r->run), r->path, "", nullptr);
	for (const auto *r : gate.candidate_only)
		row(gate_run_label(r->run), "", r->path, nullptr);
}

void add_changes(pugi::xml_node parent, const char *title, const char *css, const std::vector<GateChange> &changes,
		 bool evidence)
{
	if (changes.empty())
		return;
	add(parent, "h3", std::string(title) + " (" + std::to_string(changes.size()) + ")");
	auto table = add(parent, "table");
	set(table, "class", std::string("changes ") + css);
	// Fixed widths: the evidence takes what the change, case and level leave.
	set(table, "style", "table-layout: fixed; width: 100%");
	auto cols = add(table, "colgroup");
	for (const char *width : {"11em", "30em", "5em"})
		set(add(cols, "col"), "style", std::string("width: ") + width);
	if (evidence)
		add(cols, "col");
	auto head = add(table, "tr");
	for (const char *h : {"change", "case", "level"})
		add(head, "th", h);
	if (evidence)
		add(head, "th", "evidence and replay");
	for (const auto &c : changes) {
		auto tr = add(table, "tr", "", "change");
		set(tr, "data-case", c.name);
		auto kind = add(tr, "td", c.kind);
		set(kind, "class", css);
		add(add(tr, "td"), "span", c.name, "name");
		add(tr, "td", c.level.empty() ? "-" : c.level);
		if (!evidence)
			continue;
		auto td = add(tr, "td");
		auto details = add(td, "details");
		add(details, "summary", c.evidence.empty() ? "(no evidence recorded)" : evidence_headline(c.evidence));
		if (!c.evidence.empty())
			add(details, "pre", c.evidence);
		if (!c.replay.empty())
			add(td, "pre", "replay: " + c.replay);
	}
}

} // namespace

std::string write_gate_html(const Gate &gate, const std::string &base, const std::string &candidate,
			    const std::string &path)
{
	pugi::xml_document doc;
	auto body = html::start_page(doc, "ibvcert gate");
	char now[32];
	std::time_t t = std::time(nullptr);
	std::strftime(now, sizeof(now), "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
	set(add(body, "p", "BASE " + base + ", CANDIDATE " + candidate + ", generated " + now + "."), "id", "meta");
	add_verdict(body, gate);
	add_pairs(body, gate);
	for (const auto &p : gate.pairs) {
		auto section = add(body, "div", "", "pair");
		set(section, "data-run", gate_run_label(p.candidate->run));
		add(section, "h2", gate_run_label(p.candidate->run));
		if (!p.note.empty())
			add(section, "p", "note: " + p.note);
		add_changes(section, "Regressions", "FAIL", p.regressions, true);
		add_changes(section, "Fixes", "PASS", p.fixes, false);
		add_changes(section, "New passes", "PASS", p.new_passes, false);
		add_changes(section, "Other changes (not regressions)", "SKIP", p.other, false);
		if (p.regressions.empty() && p.fixes.empty() && p.new_passes.empty() && p.other.empty())
			add(section, "p", "No case changed its outcome.");
	}
	return html::save_page(doc, path);
}

} // namespace ibvcert
