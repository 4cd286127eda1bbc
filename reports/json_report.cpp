// The JSON report: every case with its clause and evidence, for tools
// (ibvcert diff, dashboards) to read.
#include "reports/case_json.h"
#include "reports/run_result.h"

#include <nlohmann/json.hpp>

#include <fstream>

namespace ibvcert {

std::string write_json(const RunResult &run, const std::string &path)
{
	nlohmann::ordered_json doc;
	doc["harness"] = {{"name", "ibvcert"}, {"version", run.harness_version}};
	doc["started"] = run.started;
	doc["seconds"] = run.seconds;
	doc["device"] = {{"name", run.device.name},
			 {"driver", run.device.driver},
			 {"kernel", run.device.kernel},
			 {"rdma_core", run.device.rdma_core},
			 {"transport", run.device.transport},
			 {"link_layer", run.device.link_layer},
			 {"fw_ver", run.device.fw_ver},
			 {"emulated", run.device.emulated},
			 {"faults", run.device.faults},
			 {"provider", run.device.provider}};
	doc["policy"] = {{"suite", run.policy.suite},
			 {"suites", suites_of(run.policy.suite)},
			 {"property_budget", property_budget(run.policy)},
			 {"filter", run.policy.filter},
			 {"partial", policy_is_partial(run.policy)},
			 {"known_file", run.policy.known_file},
			 {"strict", run.policy.strict},
			 {"rc_params", run.policy.rc_params},
			 {"fail_fast", run.policy.fail_fast}};
	doc["verdict"] = {{"passed", run.failed_because.empty()},
			  {"failed_because", run.failed_because},
			  {"exit_status", run.exit_status},
			  {"interrupted_by", run.interrupted_by}};
	auto &summary = doc["summary"] = nlohmann::ordered_json::object();
	for (Outcome o : all_outcomes())
		summary[outcome_name(o)] = run.count(o);
	auto &cases = doc["cases"] = nlohmann::ordered_json::array();
	for (const auto &c : run.cases)
		cases.push_back(case_to_json(c));
	// Written under a temporary name and renamed: a reader never sees half a file.
	std::string tmp = path + ".tmp";
	{
		std::ofstream out(tmp);
		out << doc.dump(1) << "\n";
		if (!out)
			return "cannot write " + path;
	}
	if (std::rename(tmp.c_str(), path.c_str()) != 0)
		return "cannot write " + path;
	return "";
}

const char *const kReportShape =
	R"({"harness": {"name": "ibvcert", "version": "..."}, "started": "ISO 8601 time", "seconds": N, )"
	R"("device": {"name": "...", "driver", "kernel", ... (optional)}, "policy": {...} (optional), )"
	R"("verdict": {...} (optional), "cases": [{"suite": "...", "case": "...", "clause": "...", )"
	R"("outcome": "PASS|FAIL|SKIP|KNOWN|FIXED|FLAKY|CRASH|TIMEOUT|INTERRUPTED", "level": "MUST|SHOULD", )"
	R"("source": "...", "rules": [...] (optional), "judged": [...] (optional), "seconds": N, "message": "..."}, ...]})";

std::string read_json(const std::string &path, RunResult &run)
{
	std::ifstream in(path);
	if (!in)
		return "cannot read " + path;
	auto bad = [&](const std::string &what) {
		return path + " is not an ibvcert report: " + what + "; a report.json (written by `ibvcert run "
		       "--report DIR`) looks like " + kReportShape;
	};
	nlohmann::json doc;
	try {
		doc = nlohmann::json::parse(in);
	} catch (const nlohmann::json::exception &e) {
		return bad("not JSON: " + json_error_text(e));
	}
	std::string at; // the part being read, for the message
	try {
		if (!doc.is_object())
			return bad("the top level must be an object");
		run = RunResult{};
		at = "\"harness\": ";
		run.harness_version = doc.at("harness").at("version").get<std::string>();
		at = "";
		run.started = doc.at("started").get<std::string>();
		run.seconds = doc.at("seconds").get<double>();
		at = "\"device\": ";
		const auto &d = doc.at("device");
		run.device.name = d.at("name").get<std::string>();
		run.device.driver = d.value("driver", "");
		run.device.kernel = d.value("kernel", "");
		run.device.rdma_core = d.value("rdma_core", "");
		run.device.transport = d.value("transport", "");
		run.device.link_layer = d.value("link_layer", "");
		run.device.fw_ver = d.value("fw_ver", "");
		run.device.emulated = d.value("emulated", false);
		run.device.faults = d.value("faults", "");
		run.device.provider = d.value("provider", "");
		if (doc.contains("policy")) {
			at = "\"policy\": ";
			const auto &p = doc.at("policy");
			run.policy.suite = p.value("suite", "conformance");
			run.policy.filter = p.value("filter", "*");
			run.policy.known_file = p.value("known_file", "");
			run.policy.strict = p.value("strict", false);
			run.policy.known_given = !run.policy.known_file.empty();
			run.policy.rc_params = p.value("rc_params", "");
			run.policy.fail_fast = p.value("fail_fast", false);
		}
		if (doc.contains("verdict")) {
			at = "\"verdict\": ";
			const auto &v = doc.at("verdict");
			run.failed_because = v.value("failed_because", std::vector<std::string>{});
			run.exit_status = v.value("exit_status", 0);
			run.interrupted_by = v.value("interrupted_by", "");
		}
		at = "";
		const auto &cases = doc.at("cases");
		if (!cases.is_array())
			return bad("\"cases\" must be a list");
		for (size_t i = 0; i < cases.size(); i++) {
			at = "cases[" + std::to_string(i) + "]: ";
			run.cases.push_back(case_from_json(cases[i]));
		}
	} catch (const std::exception &e) {
		return bad(at + json_error_text(e));
	}
	return "";
}

} // namespace ibvcert
