// The JSON report: every case with its clause and evidence, for tools
// (ibvcert diff, dashboards) to read.
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
	doc["summary"] = {{"passed", run.count(Outcome::Pass)},
			  {"failed", run.count(Outcome::Fail)},
			  {"skipped", run.count(Outcome::Skip)}};
	auto &cases = doc["cases"] = nlohmann::ordered_json::array();
	for (const auto &c : run.cases)
		cases.push_back({{"name", c.full_name()},
				 {"clause", c.clause},
				 {"outcome", outcome_name(c.outcome)},
				 {"level", c.level},
				 {"source", c.source},
				 {"seconds", c.seconds},
				 {"message", c.message},
				 {"known_deviation", c.known_reason}});
	std::ofstream out(path);
	out << doc.dump(1) << "\n";
	if (!out)
		return "cannot write " + path;
	return "";
}

} // namespace ibvcert
