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
			 {"faults", run.device.faults}};
	auto &summary = doc["summary"] = nlohmann::ordered_json::object();
	for (Outcome o : {Outcome::Pass, Outcome::Fail, Outcome::Skip, Outcome::Known,
			  Outcome::Fixed, Outcome::Flaky, Outcome::Crash, Outcome::Timeout})
		summary[outcome_name(o)] = run.count(o);
	auto &cases = doc["cases"] = nlohmann::ordered_json::array();
	for (const auto &c : run.cases)
		cases.push_back(case_to_json(c));
	std::ofstream out(path);
	out << doc.dump(1) << "\n";
	if (!out)
		return "cannot write " + path;
	return "";
}

std::string read_json(const std::string &path, RunResult &run)
{
	std::ifstream in(path);
	if (!in)
		return "cannot read " + path;
	try {
		auto doc = nlohmann::json::parse(in);
		run = RunResult{};
		run.harness_version = doc.at("harness").at("version").get<std::string>();
		run.started = doc.at("started").get<std::string>();
		run.seconds = doc.at("seconds").get<double>();
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
		for (const auto &c : doc.at("cases"))
			run.cases.push_back(case_from_json(c));
	} catch (const std::exception &e) {
		return path + " is not an ibvcert report: " + e.what();
	}
	return "";
}

} // namespace ibvcert
