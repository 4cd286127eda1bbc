#include "properties/property_check.h"

#include "fixtures/rigs/run_context.h"

#include <gtest/gtest.h>

#include <iostream>
#include <sstream>

namespace ibvcert {
namespace {

std::string &standalone_command()
{
	static std::string command;
	return command;
}

// "reproduce=..." for the failure, as RC_PARAMS takes it.
std::string reproduce_param(const rc::detail::Reproduce &reproduce, const std::string &id)
{
	rc::detail::Configuration config;
	config.reproduce[id] = reproduce;
	std::istringstream params(rc::detail::configToMinimalString(config));
	std::string word;
	while (params >> word)
		if (word.rfind("reproduce=", 0) == 0)
			return word;
	return "";
}

std::string distribution_text(const rc::detail::SuccessResult &success)
{
	std::string out;
	for (const auto &[tags, count] : success.distribution) {
		std::string name;
		for (const auto &t : tags)
			name += (name.empty() ? "" : ", ") + t;
		char pct[16];
		snprintf(pct, sizeof(pct), "%.1f%%", 100.0 * count / std::max(success.numSuccess, 1));
		out += std::string(out.empty() ? "" : "; ") + pct + " " + name;
	}
	return out;
}

std::string test_filter()
{
	const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
	return info ? std::string(info->test_suite_name()) + "." + info->name() : "";
}

} // namespace

rc::detail::TestParams property_params(const std::string &id)
{
	rc::detail::TestParams params = rc::detail::configuration().testParams;
	uint64_t hash = 14695981039346656037ull; // FNV-1a
	for (unsigned char c : id)
		hash = (hash ^ c) * 1099511628211ull;
	params.seed ^= hash;
	return params;
}

std::string current_property_id()
{
	const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
	return info ? std::string(info->test_suite_name()) + "/" + info->name() : "";
}

void set_standalone_replay(std::string command)
{
	standalone_command() = std::move(command);
}

bool standalone()
{
	return !standalone_command().empty();
}

std::string property_replay_command(const std::string &reproduce)
{
	std::string params = "RC_PARAMS='" + reproduce + "' ";
	if (standalone())
		return params + standalone_command() + " --gtest_filter='" + test_filter() + "'";
	return params + replay_command();
}

void load_property_configuration_silently()
{
	std::streambuf *err = std::cerr.rdbuf(nullptr);
	(void)rc::detail::configuration();
	std::cerr.rdbuf(err);
	std::cerr.clear();
}

// The human headline of a counterexample: the first line of an RC_FAIL's
// message ("<file>:<line>:\nRC_FAIL(...)\n\n<message>"), or the property
// macro that failed (an RC_ASSERT has no message of its own).
std::string counterexample_headline(const std::string &description)
{
	std::istringstream in(description);
	std::string line, macro;
	bool blank_after_macro = false;
	while (std::getline(in, line)) {
		if (macro.empty()) {
			if (line.rfind("RC_", 0) == 0)
				macro = line;
			continue;
		}
		if (line.empty()) {
			blank_after_macro = true;
			continue;
		}
		if (blank_after_macro && macro.rfind("RC_FAIL(", 0) == 0)
			return line;
		break;
	}
	return macro.empty() ? "the property found a counterexample" : "property check failed: " + macro;
}

void report_property_result(const rc::detail::TestResult &result, const std::string &id)
{
	using namespace rc::detail;
	if (result.is<SuccessResult>()) {
		const auto &success = result.get<SuccessResult>();
		::testing::Test::RecordProperty("cases", success.numSuccess);
		std::string distribution = distribution_text(success);
		if (!distribution.empty())
			::testing::Test::RecordProperty("distribution", distribution);
		if (standalone())
			std::printf("%s: %d cases passed%s%s\n", id.c_str(), success.numSuccess,
				    distribution.empty() ? "" : ": ", distribution.c_str());
		return;
	}
	std::ostringstream message;
	if (result.is<FailureResult>())
		message << counterexample_headline(result.get<FailureResult>().description) << "\n\n";
	printResultMessage(result, message);
	if (result.is<FailureResult>()) {
		const auto &failure = result.get<FailureResult>();
		::testing::Test::RecordProperty("cases", failure.numSuccess + 1);
		std::string reproduce = reproduce_param(failure.reproduce, id);
		message << "\n\nreproduce: RC_PARAMS='" << reproduce << "'"
			<< "\nreplay: " << property_replay_command(reproduce);
	}
	ADD_FAILURE() << message.str();
}

} // namespace ibvcert
