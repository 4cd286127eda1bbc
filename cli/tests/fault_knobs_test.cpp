// Proof the suite can fail: each test-only fault knob of emu0 makes the
// clause written against it FAIL (a run of that clause's cases alone: that
// the whole run fails under every knob is `ibvcert selftest`'s), every knob
// emu0 has is listed, and a clean emu0 fails nothing.
#include "cli/tests/run_command.h"
#include "fixtures/emu/emu_faults.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>

using ibvcert::testing::run_ibvcert;

namespace {

struct KnobExpectation {
	std::string knob;
	std::string clause; // must have failing cases under the knob
};

// knob -> each clause that must catch it (the knob's row in
// fixtures/emu/emu_fault_list.h)
std::vector<KnobExpectation> expectations()
{
	std::vector<KnobExpectation> out;
	for (const auto &k : ibvcert::emu_fault_knobs()) {
		std::string clauses = k.clauses;
		for (size_t at = 0; at <= clauses.size();) {
			size_t bar = clauses.find('|', at);
			if (bar == std::string::npos)
				bar = clauses.size();
			out.push_back({k.name, clauses.substr(at, bar - at)});
			at = bar + 1;
		}
	}
	return out;
}

std::set<std::string> failing_clauses(const std::string &args, int &status)
{
	std::string dir = ::testing::TempDir() + "ibvcert-knob-" + std::to_string(getpid());
	auto r = run_ibvcert(args + " --report " + dir);
	status = r.status;
	std::ifstream in(dir + "/report.json");
	auto doc = nlohmann::json::parse(in);
	std::set<std::string> out;
	for (const auto &c : doc.at("cases"))
		if (c.at("outcome") == "FAIL" || c.at("outcome") == "CRASH" || c.at("outcome") == "TIMEOUT")
			out.insert(c.at("clause").get<std::string>());
	return out;
}

class FaultKnob : public ::testing::TestWithParam<KnobExpectation> {};

TEST_P(FaultKnob, MakesItsClauseFail)
{
	int status = 0;
	auto failing = failing_clauses(std::string("run --case-timeout 2 --emu-fault ") + GetParam().knob +
					       " --filter '*" + GetParam().clause + "*'",
				       status);
	EXPECT_EQ(status, 1);
	EXPECT_TRUE(failing.count(GetParam().clause))
		<< "knob " << GetParam().knob << " was not caught by " << GetParam().clause;
}

std::string knob_name(const ::testing::TestParamInfo<KnobExpectation> &info)
{
	std::string name = info.param.knob + "_" + std::to_string(info.index);
	for (char &c : name)
		if (!isalnum((unsigned char)c))
			c = '_';
	return name;
}

INSTANTIATE_TEST_SUITE_P(Emu, FaultKnob, ::testing::ValuesIn(expectations()), knob_name);

TEST(FaultKnobs, EveryKnobNamesTheClauseWrittenAgainstIt)
{
	for (const auto &e : expectations())
		EXPECT_NE(e.clause.find('.'), std::string::npos)
			<< "knob " << e.knob << " names \"" << e.clause << "\", not a Suite.Clause";
}

TEST(FaultKnobs, CleanEmulatedDeviceFailsNothing)
{
	int status = 0;
	auto failing = failing_clauses("run", status);
	EXPECT_EQ(status, 0);
	EXPECT_TRUE(failing.empty());
}

} // namespace
