// JUnit XML, the form CI systems ingest: one <testsuite> per clause.
#include "reports/run_result.h"

#include <pugixml.hpp>

#include <map>

namespace ibvcert {
namespace {

// "FAIL MUST: ibv_modify_qp accepted an invalid request": the outcome, the
// level and the evidence's first line (its headline).
std::string headline(const CaseResult &c)
{
	std::string out = outcome_name(c.outcome);
	if (!c.level.empty())
		out += " " + c.level;
	std::string first = c.message.substr(0, c.message.find('\n'));
	if (c.outcome == Outcome::Fixed)
		first = "listed as a known deviation, now passes: " + c.known_reason;
	if (!first.empty())
		out += ": " + first;
	return out;
}

} // namespace

std::string write_junit(const RunResult &run, const std::string &path)
{
	pugi::xml_document doc;
	auto decl = doc.append_child(pugi::node_declaration);
	decl.append_attribute("version") = "1.0";
	decl.append_attribute("encoding") = "UTF-8";

	auto root = doc.append_child("testsuites");
	root.append_attribute("name") = ("ibvcert " + run.device.name).c_str();
	root.append_attribute("tests") = (int)run.cases.size();
	int errors = run.count(Outcome::Crash) + run.count(Outcome::Timeout) +
		     run.count(Outcome::Interrupted);
	int failures = 0;
	for (const auto &c : run.cases)
		failures += fails_the_run(c, run.policy);
	root.append_attribute("failures") = failures;
	root.append_attribute("errors") = errors;
	root.append_attribute("skipped") = run.count(Outcome::Skip) + run.count(Outcome::Known);
	root.append_attribute("time") = run.seconds;
	root.append_attribute("timestamp") = run.started.c_str();

	std::map<std::string, pugi::xml_node> suites;
	for (const auto &c : run.cases) {
		auto &suite = suites[c.suite];
		if (!suite) {
			suite = root.append_child("testsuite");
			suite.append_attribute("name") = c.suite.c_str();
			suite.append_attribute("tests") = 0;
			suite.append_attribute("failures") = 0;
			suite.append_attribute("errors") = 0;
			suite.append_attribute("skipped") = 0;
			suite.append_attribute("time") = 0.0;
			auto props = suite.append_child("properties");
			auto dev = props.append_child("property");
			dev.append_attribute("name") = "device";
			dev.append_attribute("value") = run.device.name.c_str();
		}
		suite.attribute("tests").set_value(suite.attribute("tests").as_int() + 1);
		suite.attribute("time").set_value(suite.attribute("time").as_double() + c.seconds);
		auto tc = suite.append_child("testcase");
		tc.append_attribute("classname") = c.suite.c_str();
		tc.append_attribute("name") = c.name.c_str();
		tc.append_attribute("time") = c.seconds;
		auto props = tc.append_child("properties");
		for (auto [key, value] : {std::pair{"level", &c.level}, std::pair{"source", &c.source}}) {
			auto p = props.append_child("property");
			p.append_attribute("name") = key;
			p.append_attribute("value") = value->c_str();
		}
		switch (c.outcome) {
		case Outcome::Crash:
		case Outcome::Timeout:
		case Outcome::Interrupted: {
			// the case did not finish: an error, not an assertion
			suite.attribute("errors").set_value(suite.attribute("errors").as_int() + 1);
			auto e = tc.append_child("error");
			e.append_attribute("type") = outcome_name(c.outcome);
			e.append_attribute("message") = headline(c).c_str();
			e.text() = c.message.c_str();
			break;
		}
		case Outcome::Fail:
		case Outcome::Fixed: {
			if (!fails_the_run(c, run.policy)) {
				// a SHOULD failure the run's policy lets pass: recorded, not a <failure>
				auto p = props.append_child("property");
				p.append_attribute("name") = "outcome";
				p.append_attribute("value") = "FAIL (SHOULD: does not fail the run)";
				tc.append_child("system-out").text() = c.message.c_str();
				break;
			}
			suite.attribute("failures").set_value(suite.attribute("failures").as_int() + 1);
			auto f = tc.append_child("failure");
			f.append_attribute("type") = outcome_name(c.outcome);
			f.append_attribute("message") = headline(c).c_str();
			f.text() = c.message.c_str();
			break;
		}
		case Outcome::Skip:
		case Outcome::Known: {
			suite.attribute("skipped").set_value(suite.attribute("skipped").as_int() + 1);
			std::string why = c.outcome == Outcome::Known ? "KNOWN deviation: " + c.known_reason
								      : c.message;
			tc.append_child("skipped").append_attribute("message") = why.c_str();
			break;
		}
		case Outcome::Flaky:
			tc.append_child("system-out").text() = ("FLAKY: failed, then passed on rerun\n" + c.message).c_str();
			break;
		case Outcome::Pass:
			break;
		}
	}
	// Written under a temporary name and renamed: a reader never sees half a file.
	std::string tmp = path + ".tmp";
	if (!doc.save_file(tmp.c_str(), "  ") || std::rename(tmp.c_str(), path.c_str()) != 0)
		return "cannot write " + path;
	return "";
}

} // namespace ibvcert
