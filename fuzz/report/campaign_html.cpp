// campaign_html: a fuzz campaign's output dir as one page a person can read
// (OUT/campaign.html; fuzz/campaign runs it at its end). Coverage and corpus
// size over time as inline SVG plots, exec/s and corpus per target, the
// findings deduplicated (an oracle clause, a sanitizer error and its top
// frames, a guest kernel oops and its stack), each new or known, with its C
// reproducer and replay, the known deviations met, and with --earlier the
// trend across earlier nights' output dirs: what is new tonight, what
// stopped reproducing. Built as a DOM with pugixml (every text escaped by
// the library); no script, no network.
//
// Usage: campaign_html OUT [--earlier DIR]... [--setting "name: value"]... [-o FILE]
// Exit status: 0 written, 2 bad input (no such dir, unwritable file).
#include "fuzz/report/campaign_data.h"
#include "fuzz/report/svg_plot.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <pugixml.hpp>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <set>

namespace ibvcert::fuzz {
namespace {
namespace fs = std::filesystem;

const char kStyle[] = R"css(
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; max-width: 1360px; color: #222; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 28px; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f3f3f3; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
.new { color: #fff; background: #c62828; padding: 0 6px; border-radius: 3px; }
.known { color: #fff; background: #607d8b; padding: 0 6px; border-radius: 3px; }
.gone { color: #fff; background: #2e7d32; padding: 0 6px; border-radius: 3px; }
code, pre { font-family: ui-monospace, monospace; font-size: 12px; }
pre { background: #f7f7f7; padding: 6px; white-space: pre-wrap; margin: 2px 0; }
figure.plot { display: inline-block; margin: 8px 16px 8px 0; }
figcaption { font-size: 12px; color: #555; }
)css";

pugi::xml_node add(pugi::xml_node parent, const char *tag, const std::string &text = "",
		   const char *css = nullptr)
{
	auto n = parent.append_child(tag);
	if (!text.empty())
		n.text().set(text.c_str());
	if (css)
		n.append_attribute("class").set_value(css);
	return n;
}

void set(pugi::xml_node n, const char *attr, const std::string &value)
{
	n.append_attribute(attr).set_value(value.c_str());
}

pugi::xml_node add_row(pugi::xml_node table, const std::vector<std::string> &cells, const char *tag = "td")
{
	auto tr = add(table, "tr");
	for (const auto &c : cells)
		add(tr, tag, c);
	return tr;
}

std::string label(const std::string &run, const std::string &target)
{
	return run.empty() ? target : run + " " + target;
}

// A file of the campaign, linked relative to the page when it is under it.
void add_file_link(pugi::xml_node parent, const std::string &path, const std::string &page_dir,
		   const std::string &text)
{
	if (path.empty())
		return;
	std::error_code ec;
	fs::path rel = fs::relative(path, page_dir, ec);
	std::string href = (ec || rel.empty() || rel.string().rfind("..", 0) == 0) ? "file://" + path : rel.string();
	auto a = add(parent, "a", text);
	set(a, "href", href);
}

// Which nights (earlier dirs, oldest first, then tonight) had each finding.
struct Trend {
	std::vector<std::string> nights;             // dir names, tonight last
	std::map<std::string, std::set<size_t>> seen; // identity -> nights
	std::map<std::string, const Finding *> any;  // identity -> a finding of it (for its text)
};

void add_summary(pugi::xml_node body, const Campaign &c)
{
	add(body, "h2", "Targets");
	auto table = add(body, "table");
	set(table, "id", "targets");
	add_row(table, {"target", "runs", "seconds", "exec/s", "cov", "ft", "corpus before", "corpus after merge",
			"findings"}, "th");
	for (const auto &t : c.targets) {
		int findings = 0;
		for (const auto &f : c.findings)
			findings += f.run == t.run && f.target == t.target;
		auto tr = add(table, "tr");
		add(tr, "td", label(t.run, t.target));
		auto num = [&](double v) { add(tr, "td", fmt::format("{:.0f}", v), "num"); };
		if (t.has_summary) {
			num(t.runs);
			num(t.seconds);
			num(t.exec_per_s);
			num(t.cov);
			num(t.ft);
			num(t.corpus_before);
			num(t.corpus_after);
		} else if (!t.progress.empty()) { // cut short: its last progress line
			const ProgressPoint &p = t.progress.back();
			num(p.runs);
			num(p.seconds);
			num(p.exec_per_s);
			num(p.cov);
			num(p.ft);
			add(tr, "td", "-", "num");
			add(tr, "td", fmt::format("{:.0f} (not merged: cut short)", p.corpus));
		} else {
			for (int i = 0; i < 7; i++)
				add(tr, "td", "-", "num");
		}
		add(tr, "td", std::to_string(findings), "num");
	}
}

void add_plots(pugi::xml_node body, const Campaign &c)
{
	add(body, "h2", "Coverage and corpus over time");
	std::vector<Series> cov, corpus, execs;
	for (const auto &t : c.targets) {
		Series a{label(t.run, t.target), {}}, b = a, e = a;
		for (const auto &p : t.progress) {
			a.points.push_back({p.seconds, p.cov});
			b.points.push_back({p.seconds, p.corpus});
			e.points.push_back({p.seconds, p.exec_per_s});
		}
		if (!a.points.empty()) {
			cov.push_back(a);
			corpus.push_back(b);
			execs.push_back(e);
		}
	}
	auto div = add(body, "div");
	set(div, "id", "plots");
	add_line_plot(div, {"Coverage", "seconds into the target's run", "edges covered (cov)"}, cov);
	add_line_plot(div, {"Corpus size", "seconds into the target's run", "inputs in the corpus"}, corpus);
	add_line_plot(div, {"Speed", "seconds into the target's run", "exec/s"}, execs);
}

void add_findings(pugi::xml_node body, const Campaign &c, const Trend &trend, const std::string &page_dir)
{
	add(body, "h2", "Findings");
	size_t tonight = trend.nights.size() - 1;
	if (c.findings.empty()) {
		add(body, "p", "No finding: no oracle violation, sanitizer error, hang or guest kernel failure.",
		    "none");
	}
	auto table = add(body, "table");
	set(table, "id", "findings");
	add_row(table, {"status", "target", "kind", "finding (deduplicated by)", "crash files", "C reproducer",
			"replay"}, "th");
	for (const auto &f : c.findings) {
		auto tr = add(table, "tr");
		set(tr, "class", "finding");
		auto nights = trend.seen.count(identity(f)) ? trend.seen.at(identity(f)) : std::set<size_t>{tonight};
		bool fresh = nights.size() == 1 && *nights.begin() == tonight;
		auto status = add(tr, "td");
		add(status, "span", fresh ? "new" : "known", fresh ? "new" : "known");
		if (!fresh)
			add(status, "div", "first seen " + trend.nights[*nights.begin()]);
		add(tr, "td", label(f.run, f.target));
		add(tr, "td", f.kind);
		auto what = add(tr, "td");
		add(what, "code", f.key);
		if (!f.known_bug.empty())
			add(what, "div", "known kernel bug: " + f.known_bug);
		if (!f.evidence.empty()) {
			add(what, "br");
			add_file_link(what, f.evidence, page_dir, "evidence and decoded input");
		}
		add(tr, "td", std::to_string(f.files), "num");
		auto repro = add(tr, "td");
		if (!f.repro.empty())
			add_file_link(repro, f.repro, page_dir, fs::path(f.repro).filename().string());
		if (!f.repro_note.empty())
			add(repro, "div", f.repro_note);
		auto replay = add(tr, "td");
		add(replay, "pre", f.replay);
	}
	if (!c.known.empty()) {
		add(body, "h3", "Known deviations met (listed in the provider's file, passed over)");
		auto k = add(body, "table");
		set(k, "id", "known");
		add_row(k, {"status", "target", "clause", "inputs", "deviations entry"}, "th");
		for (const auto &m : c.known) {
			auto tr = add(k, "tr");
			add(add(tr, "td"), "span", "known", "known");
			add(tr, "td", label(m.run, m.target));
			add(add(tr, "td"), "code", m.clause);
			add(tr, "td", std::to_string(m.count), "num");
			add(tr, "td", "[" + m.entry + "] " + m.reason);
		}
	}
}

void add_trend(pugi::xml_node body, const Trend &trend, const Campaign &c)
{
	if (trend.nights.size() < 2)
		return;
	add(body, "h2", "Trend across nights");
	size_t tonight = trend.nights.size() - 1, last = tonight - 1;
	std::vector<std::string> fresh, gone;
	for (const auto &[id, nights] : trend.seen) {
		if (nights.count(tonight) && nights.size() == 1)
			fresh.push_back(trend.any.at(id)->key);
		if (nights.count(last) && !nights.count(tonight))
			gone.push_back(id);
	}
	auto p = add(body, "p");
	set(p, "id", "trend-summary");
	p.text().set(fmt::format("{} night(s) before this one. New tonight: {}. Stopped reproducing since {}: {}.",
				 tonight, fresh.size(), trend.nights[last], gone.size())
			     .c_str());
	auto table = add(body, "table");
	set(table, "id", "trend");
	auto head = add(table, "tr");
	add(head, "th", "finding");
	for (const auto &n : trend.nights)
		add(head, "th", n);
	add(head, "th", "");
	for (const auto &[id, nights] : trend.seen) {
		const Finding *f = trend.any.at(id);
		auto tr = add(table, "tr");
		auto what = add(tr, "td");
		add(what, "code", f->key);
		add(what, "div", label(f->run, f->kind == "kernel" ? "guest kernel" : f->target));
		for (size_t i = 0; i < trend.nights.size(); i++)
			add(tr, "td", nights.count(i) ? "found" : "-");
		auto status = add(tr, "td");
		if (nights.count(tonight) && nights.size() == 1)
			add(status, "span", "new tonight", "new");
		else if (nights.count(last) && !nights.count(tonight))
			add(status, "span", "stopped reproducing", "gone");
		else if (!nights.count(tonight))
			add(status, "span", "not seen since " + trend.nights[*nights.rbegin()], "known");
	}
	(void)c;
}

} // namespace

int campaign_html_main(int argc, char **argv)
{
	std::string dir, output;
	std::vector<std::string> earlier, settings;
	CLI::App app{"campaign_html: a fuzz campaign's output dir as campaign.html (fuzz/README.md)"};
	app.add_option("dir", dir, "The campaign's output dir (fuzz/campaign -o)")->required();
	app.add_option("--earlier", earlier, "An earlier night's output dir, for the trend (oldest first; repeatable)");
	app.add_option("--setting", settings, "A line for the page's settings list, 'name: value' (repeatable)");
	app.add_option("-o,--output", output, "The page (default DIR/campaign.html)");
	try {
		app.parse(argc, argv);
	} catch (const CLI::ParseError &e) {
		return app.exit(e) == 0 ? 0 : 2;
	}

	std::string error;
	Campaign c = read_campaign(dir, error);
	if (!error.empty()) {
		fprintf(stderr, "campaign_html: %s\n", error.c_str());
		return 2;
	}
	std::vector<Campaign> before;
	for (const auto &e : earlier) {
		before.push_back(read_campaign(e, error));
		if (!error.empty()) {
			fprintf(stderr, "campaign_html: --earlier: %s\n", error.c_str());
			return 2;
		}
	}
	Trend trend;
	auto night_name = [](const std::string &d) {
		return fs::path(d).lexically_normal().filename().empty()
			       ? fs::path(d).lexically_normal().parent_path().filename().string()
			       : fs::path(d).lexically_normal().filename().string();
	};
	for (size_t i = 0; i <= before.size(); i++) {
		const Campaign &n = i < before.size() ? before[i] : c;
		trend.nights.push_back(i < before.size() ? night_name(earlier[i]) : "tonight");
		for (const auto &f : n.findings) {
			trend.seen[identity(f)].insert(i);
			trend.any[identity(f)] = &f;
		}
	}

	if (output.empty())
		output = (fs::path(dir) / "campaign.html").string();
	std::string page_dir = fs::absolute(fs::path(output)).parent_path().string();

	pugi::xml_document doc;
	doc.append_child(pugi::node_doctype).set_value("html");
	auto html = add(doc, "html");
	set(html, "lang", "en");
	auto head = add(html, "head");
	set(add(head, "meta"), "charset", "utf-8");
	add(head, "title", "ibvcert fuzz campaign");
	add(head, "style", kStyle);
	auto body = add(html, "body");
	add(body, "h1", "ibvcert fuzz campaign");
	char now[32];
	std::time_t t = std::time(nullptr);
	std::strftime(now, sizeof(now), "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
	size_t fresh = 0;
	for (const auto &f : c.findings)
		fresh += trend.seen.at(identity(f)).size() == 1;
	auto meta = add(body, "p",
			fmt::format("{}: {} target run(s), {} distinct finding(s), {} new; page written {}.",
				    fs::absolute(dir).lexically_normal().string(), c.targets.size(),
				    c.findings.size(), fresh, now));
	set(meta, "id", "meta");
	if (!settings.empty()) {
		auto ul = add(body, "ul");
		set(ul, "id", "settings");
		for (const auto &s : settings)
			add(ul, "li", s);
	}
	add_findings(body, c, trend, page_dir);
	add_trend(body, trend, c);
	add_plots(body, c);
	add_summary(body, c);

	std::string tmp = output + ".tmp";
	if (!doc.save_file(tmp.c_str(), "",
			   pugi::format_raw | pugi::format_no_declaration | pugi::format_no_empty_element_tags) ||
	    std::rename(tmp.c_str(), output.c_str()) != 0) {
		fprintf(stderr, "campaign_html: cannot write %s\n", output.c_str());
		return 2;
	}
	printf("campaign_html: %s\n", output.c_str());
	return 0;
}

} // namespace ibvcert::fuzz

int main(int argc, char **argv)
{
	return ibvcert::fuzz::campaign_html_main(argc, argv);
}
