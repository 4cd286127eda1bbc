#include "cli/case_runner.h"

#include "cli/case_evidence.h"
#include "repro/trace_log.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <fnmatch.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace ibvcert {
namespace {

bool matches_any(const std::string &patterns, const std::string &name)
{
	size_t start = 0;
	while (start <= patterns.size()) {
		size_t end = patterns.find(':', start);
		if (end == std::string::npos)
			end = patterns.size();
		std::string p = patterns.substr(start, end - start);
		if (!p.empty() && fnmatch(p.c_str(), name.c_str(), FNM_NOESCAPE) == 0)
			return true;
		start = end + 1;
	}
	return false;
}

bool selected(const std::string &glob, const std::string &name)
{
	size_t dash = glob.find('-');
	std::string positive = dash == std::string::npos ? glob : glob.substr(0, dash);
	std::string negative = dash == std::string::npos ? "" : glob.substr(dash + 1);
	if (positive.empty())
		positive = "*";
	return matches_any(positive, name) && !matches_any(negative, name);
}

std::string property(const ::testing::TestResult &r, const char *key)
{
	for (int i = 0; i < r.test_property_count(); i++)
		if (std::string(r.GetTestProperty(i).key()) == key)
			return r.GetTestProperty(i).value();
	return "";
}

// "Table/ModifyQpRequiredSet" + "AloneSucceeds/RC_INIT_RTR" -> clause name
std::string clause_of(const std::string &suite, const std::string &name)
{
	size_t slash = suite.rfind('/');
	std::string s = slash == std::string::npos ? suite : suite.substr(slash + 1);
	return s + "." + name.substr(0, name.find('/'));
}

// IBVCERT_CASE_LOG=FILE: append "start CASE" / "end CASE OUTCOME" lines,
// each written and fsync'ed at once, so a run that kills the machine (the
// lab's guest kernel) leaves the case that was running (lab/run prints it).
void case_log(const std::string &line)
{
	const char *path = std::getenv("IBVCERT_CASE_LOG");
	if (!path || !*path)
		return;
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	std::string l = line + "\n";
	if (write(fd, l.data(), l.size()) == (ssize_t)l.size())
		fsync(fd);
	close(fd);
}

// "a,b,c" -> {a, b, c}
std::vector<std::string> id_list(const std::string &ids)
{
	std::vector<std::string> out;
	for (size_t at = 0; !ids.empty() && at != std::string::npos;) {
		size_t comma = ids.find(',', at);
		out.push_back(ids.substr(at, comma == std::string::npos ? comma : comma - at));
		at = comma == std::string::npos ? comma : comma + 1;
	}
	return out;
}

// The entry text of the first known breach ("...\n  known deviation: <entry>").
std::string first_known_entry(const std::string &known)
{
	const std::string tag = "known deviation: ";
	size_t at = known.find(tag);
	if (at == std::string::npos)
		return known;
	at += tag.size();
	return known.substr(at, known.find('\n', at) - at);
}

class Collector : public ::testing::EmptyTestEventListener {
public:
	explicit Collector(CaseSink sink) : sink_(std::move(sink)) {}

	void OnTestStart(const ::testing::TestInfo &info) override
	{
		case_log(std::string("start ") + info.test_suite_name() + "." + info.name());
		trace_log().begin_case();
		if (sink_.started)
			sink_.started(std::string(info.test_suite_name()) + "." + info.name());
	}

	void OnTestEnd(const ::testing::TestInfo &info) override
	{
		const ::testing::TestResult &r = *info.result();
		CaseResult c;
		c.suite = info.test_suite_name();
		c.name = info.name();
		c.clause = clause_of(c.suite, c.name);
		c.level = property(r, "level");
		c.source = property(r, "source");
		c.rules = id_list(property(r, "rules"));
		c.judged = id_list(property(r, "judged"));
		c.seconds = r.elapsed_time() / 1000.0;
		c.outcome = r.Failed() ? Outcome::Fail : r.Skipped() ? Outcome::Skip : Outcome::Pass;
		case_log("end " + c.suite + "." + c.name + " " +
			 (c.outcome == Outcome::Fail ? "FAIL" : c.outcome == Outcome::Skip ? "SKIP" : "PASS"));
		std::vector<FailedCheck> checks;
		for (int i = 0; i < r.total_part_count(); i++) {
			const auto &part = r.GetTestPartResult(i);
			if (c.outcome == Outcome::Fail && part.failed()) {
				checks.push_back({part.file_name() ? part.file_name() : "", part.line_number(),
						  part.message()});
			} else if (c.outcome == Outcome::Skip && part.skipped()) {
				if (!c.message.empty())
					c.message += "\n";
				c.message += part.message();
			}
		}
		if (c.outcome == Outcome::Fail) {
			c.message = case_evidence(checks);
			if (sink_.replay && evidence_replay(c.message).empty())
				c.message += "\nreplay: " + sink_.replay(c.full_name());
		}
		// Breaches the deviations file lists wherever they occur: a case
		// with nothing else wrong is KNOWN; a failing one says it met them.
		if (std::string known = property(r, "known_breaches"); !known.empty()) {
			if (c.outcome == Outcome::Pass) {
				c.outcome = Outcome::Known;
				c.known_reason = first_known_entry(known);
				c.message = known;
			} else if (c.outcome == Outcome::Fail) {
				c.message += "\nknown deviations it met as well:\n" + known;
			}
		}
		sink_.ended(std::move(c));
	}

private:
	CaseSink sink_;
};

} // namespace

std::string check_glob(const std::string &glob)
{
	if (glob.empty())
		return "the filter is empty";
	for (char ch : glob)
		if (!(isalnum((unsigned char)ch) || std::string("_/.*?:-").find(ch) != std::string::npos))
			return std::string("character '") + ch +
			       "' is not allowed (patterns use letters, digits, _ / . and the wildcards * ?; "
			       "join patterns with ':', exclude after '-')";
	if (std::count(glob.begin(), glob.end(), '-') > 1)
		return "more than one '-' (the excluded patterns follow a single '-')";
	size_t dash = glob.find('-');
	if (dash != std::string::npos) {
		auto empty_patterns = [](const std::string &part) {
			return part.empty() || part.find_first_not_of(':') == std::string::npos;
		};
		if (empty_patterns(glob.substr(dash + 1)))
			return "nothing follows '-' (write the patterns to exclude after it, e.g. '*-*RAW_PACKET*')";
		if (dash == 0)
			return "no pattern before '-' (write what to run first, e.g. '*-*RAW_PACKET*')";
	}
	return "";
}

std::vector<std::string> select_cases(const std::string &glob)
{
	std::vector<std::string> out;
	auto *unit = ::testing::UnitTest::GetInstance();
	for (int i = 0; i < unit->total_test_suite_count(); i++) {
		const auto *suite = unit->GetTestSuite(i);
		for (int j = 0; j < suite->total_test_count(); j++) {
			std::string name = std::string(suite->name()) + "." + suite->GetTestInfo(j)->name();
			if (selected(glob, name))
				out.push_back(name);
		}
	}
	return out;
}

std::string glob_without(const std::string &glob, const std::vector<std::string> &names)
{
	if (names.empty())
		return glob;
	std::string out = glob.find('-') == std::string::npos ? glob + "-" : glob + ":";
	for (size_t i = 0; i < names.size(); i++)
		out += (i ? ":" : "") + names[i];
	return out;
}

void run_cases(const std::string &glob, const CaseSink &sink)
{
	::testing::GTEST_FLAG(filter) = glob;
	auto &listeners = ::testing::UnitTest::GetInstance()->listeners();
	delete listeners.Release(listeners.default_result_printer());
	listeners.Append(new Collector(sink));
	if (RUN_ALL_TESTS() != 0) {
		// failures are in run.cases
	}
}

} // namespace ibvcert
