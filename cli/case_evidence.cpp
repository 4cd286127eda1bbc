#include "cli/case_evidence.h"

#include <algorithm>
#include <cctype>

namespace ibvcert {
namespace {

std::vector<std::string> split_lines(const std::string &text)
{
	std::vector<std::string> out;
	size_t start = 0;
	while (start <= text.size()) {
		size_t end = text.find('\n', start);
		if (end == std::string::npos)
			end = text.size();
		out.push_back(text.substr(start, end - start));
		start = end + 1;
	}
	while (!out.empty() && out.back().empty())
		out.pop_back();
	return out;
}

bool starts(const std::string &s, const char *prefix)
{
	return s.rfind(prefix, 0) == 0;
}

// How many leading lines are GoogleTest's own assertion text (the forms
// gtest.cc writes: EXPECT_EQ, EXPECT_TRUE, EXPECT_NE/LT/..., ADD_FAILURE,
// EXPECT_NEAR, EXPECT_PRED*); the check's own message follows them.
size_t assertion_lines(const std::vector<std::string> &lines)
{
	if (lines.empty())
		return 0;
	const std::string &first = lines[0];
	size_t i = 1;
	if (first == "Failed")
		return 1;
	if (starts(first, "Expected equality of these values:") || starts(first, "Expected: ") ||
	    starts(first, "Value of: ")) {
		while (i < lines.size() &&
		       (starts(lines[i], "  ") || starts(lines[i], "Expected: ") || starts(lines[i], "Which is: ") ||
			starts(lines[i], "With diff:") || starts(lines[i], "@@ ")))
			i++;
		return i;
	}
	if (starts(first, "The difference between ") || first.find(" evaluates to ") != std::string::npos) {
		while (i < lines.size() && lines[i].find(" evaluates to ") != std::string::npos)
			i++;
		return i;
	}
	return 0;
}

std::string one_line(const std::vector<std::string> &lines, size_t n)
{
	std::string out;
	for (size_t i = 0; i < n; i++) {
		std::string l = lines[i];
		l.erase(0, l.find_first_not_of(' '));
		if (!l.empty())
			out += (out.empty() ? "" : "; ") + l;
	}
	return out;
}

void add_once(std::vector<std::string> &list, const std::string &item)
{
	if (!item.empty() && std::find(list.begin(), list.end(), item) == list.end())
		list.push_back(item);
}

} // namespace

namespace {

// The repository this binary was built from, "/…/" ("" when unknown):
// this file is <repo>/cli/case_evidence.cpp.
const std::string &repo_root()
{
	static const std::string self = __FILE__, tail = "cli/case_evidence.cpp";
	static const std::string repo =
		self.size() > tail.size() && self[0] == '/' ? self.substr(0, self.size() - tail.size()) : std::string();
	return repo;
}

// The text with every path into the repository made relative to it (a
// RapidCheck counterexample names its RC_FAIL's absolute source path).
std::string without_build_paths(std::string text)
{
	const std::string &repo = repo_root();
	if (repo.empty())
		return text;
	for (size_t at = text.find(repo); at != std::string::npos; at = text.find(repo, at))
		text.erase(at, repo.size());
	return text;
}

} // namespace

std::string repo_relative(const std::string &file)
{
	const std::string &repo = repo_root();
	if (!repo.empty() && starts(file, repo.c_str()))
		return file.substr(repo.size());
	if (!file.empty() && file[0] == '/')
		return file.substr(file.rfind('/') + 1);
	return file;
}

std::string case_evidence(const std::vector<FailedCheck> &checks)
{
	struct Group {
		std::vector<std::string> headlines;
		std::string body;
	};
	std::vector<Group> groups;
	std::vector<std::string> asserted, replays;
	for (const auto &check : checks) {
		auto lines = split_lines(check.message);
		for (auto &line : lines) // the replay keeps its path: it must work as printed
			if (!starts(line, "replay: "))
				line = without_build_paths(line);
		size_t n = assertion_lines(lines);
		std::string assertion = one_line(lines, n);
		std::vector<std::string> own(lines.begin() + n, lines.end());
		while (!own.empty() && own.front().empty())
			own.erase(own.begin());
		std::string headline = own.empty() ? assertion : own.front();
		std::string body;
		for (size_t i = own.empty() ? 0 : 1; i < own.size(); i++) {
			if (starts(own[i], "replay: ")) {
				add_once(replays, own[i]);
				continue;
			}
			body += own[i] + "\n";
		}
		while (!body.empty() && body.size() >= 2 && body.compare(body.size() - 2, 2, "\n\n") == 0)
			body.pop_back();
		std::string where = check.file.empty() ? "" : repo_relative(check.file) + ":" + std::to_string(check.line);
		if (!assertion.empty() || !where.empty())
			add_once(asserted, "check: " + where + (where.empty() || assertion.empty() ? "" : ": ") + assertion);
		auto same = std::find_if(groups.begin(), groups.end(), [&](const Group &g) { return g.body == body; });
		if (same == groups.end())
			groups.push_back({{headline}, body});
		else
			add_once(same->headlines, headline);
	}
	// The case's own clause leads; what the judged device found on the calls
	// it made ("[rule LEVEL] ...", fixtures/rigs/call_record) follows it.
	std::stable_partition(groups.begin(), groups.end(),
			      [](const Group &g) { return g.headlines.empty() || !starts(g.headlines.front(), "["); });
	std::string out;
	for (const auto &g : groups) {
		for (const auto &h : g.headlines)
			out += h + "\n";
		out += g.body;
	}
	for (const auto &a : asserted)
		out += a + "\n";
	for (const auto &r : replays)
		out += r + "\n";
	if (!out.empty())
		out.pop_back();
	return out;
}

std::string evidence_headline(const std::string &message)
{
	std::string text = message;
	// A report from before the headline came first: "/path/file.cpp:12: Expected: ..."
	size_t colon = text.find(": ");
	size_t eol = text.find('\n');
	if (colon != std::string::npos && colon < eol && colon > 0 && std::isdigit((unsigned char)text[colon - 1]) &&
	    text.find(' ') > colon)
		text = case_evidence({{"", 0, text.substr(colon + 2)}});
	std::string evidence = text;
	return evidence.substr(0, evidence.find('\n'));
}

std::string evidence_replay(const std::string &message)
{
	for (const auto &line : split_lines(message))
		if (starts(line, "replay: "))
			return line.substr(8);
	return "";
}

} // namespace ibvcert
