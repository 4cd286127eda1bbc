#include "fuzz/harness/known.h"

#include "cli/known_deviations.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>

namespace ibvcert::fuzz {
namespace {

KnownDeviations g_known;
bool g_loaded = false;
std::string g_target;
std::string g_tally; // DIR/<target>-<pid>.tsv, or ""
std::map<std::pair<int, std::string>, long> g_counts;
std::chrono::steady_clock::time_point g_written;
std::map<std::string, std::string> g_unsupported; // clause key -> what

void write_tally()
{
	if (g_tally.empty())
		return;
	std::string tmp = g_tally + ".tmp";
	FILE *f = fopen(tmp.c_str(), "w");
	if (!f)
		return;
	for (const auto &[key, n] : g_counts) {
		std::string reason = key.first < 0 ? g_unsupported[key.second]
						   : g_known.deviations[key.first].reason.substr(0, 160);
		for (char &c : reason)
			if (c == '\t' || c == '\n')
				c = ' ';
		fprintf(f, "%ld\t%d\t%s\t%s: %s\n", n, key.first,
			(key.first < 0 ? "differential.unsupported:" + key.second : key.second).c_str(),
			key.first < 0 ? "not provided" : g_known.provider.c_str(), reason.c_str());
	}
	fclose(f);
	rename(tmp.c_str(), g_tally.c_str());
	g_written = std::chrono::steady_clock::now();
}

} // namespace

void load_known(const std::string &path, const std::string &target)
{
	g_target = target;
	if (std::string why = load_known_deviations(path, g_known); !why.empty()) {
		fprintf(stderr, "%s_fuzzer: IBVCERT_KNOWN / --ibvcert-known: %s\n", target.c_str(), why.c_str());
		exit(2);
	}
	g_loaded = true;
}

bool known_loaded()
{
	return g_loaded;
}

void set_known_tally_dir(const std::string &dir)
{
	g_tally = dir + "/" + g_target + "-" + std::to_string(getpid()) + ".tsv";
	atexit(write_tally);
}

void count_unsupported(const std::string &what)
{
	// One line per kind of call: the text up to the device's answer.
	std::string key = what.substr(0, what.find(" ("));
	g_unsupported[key] = what;
	long &n = g_counts[{-1, key}];
	if (n++ == 0)
		fprintf(stderr, "==ibvcert-fuzz== NOT PROVIDED %s; input passed over\n", what.c_str());
	if (n == 1 || std::chrono::steady_clock::now() - g_written > std::chrono::seconds(1))
		write_tally();
}

int match_known(const std::string &clause_id, const std::vector<std::string> &rules)
{
	if (!g_loaded || rules.empty())
		return -1;
	// Every rule must be listed by an applying entry; the violation is
	// counted under the applying entry that lists most of them (the first
	// such): IBV_QP_CAP accepted without IBV_QP_STATE on rxe 6.12 breaks the
	// table's rule, which the alternate-path entry lists too, and
	// modify_qp.cap.feature, which only the without-state entry lists.
	std::vector<bool> listed(rules.size(), false);
	int first = -1;
	size_t most = 0;
	for (size_t i = 0; i < g_known.deviations.size(); i++) {
		const KnownDeviation &d = g_known.deviations[i];
		if (!deviation_applies(d, g_known.kernel, g_known.rdma_core))
			continue;
		size_t n = 0;
		for (size_t r = 0; r < rules.size(); r++)
			if (std::find(d.rules.begin(), d.rules.end(), rules[r]) != d.rules.end()) {
				listed[r] = true;
				n++;
			}
		if (n > most) {
			most = n;
			first = (int)i;
		}
	}
	if (std::find(listed.begin(), listed.end(), false) != listed.end())
		return -1;
	const KnownDeviation &d = g_known.deviations[first];
	long &n = g_counts[{first, clause_id}];
	bool once = n++ == 0;
	if (once)
		fprintf(stderr, "==ibvcert-fuzz== KNOWN DEVIATION %s: %s deviations[%d] (%s); input passed over\n",
			clause_id.c_str(), g_known.provider.c_str(), first, d.reason.substr(0, 120).c_str());
	if (once || std::chrono::steady_clock::now() - g_written > std::chrono::seconds(1))
		write_tally();
	return first;
}

} // namespace ibvcert::fuzz
