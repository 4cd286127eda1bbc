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

} // namespace ibvcert
