#include "fuzz/harness/known.h"

#include "cli/known_deviations.h"

#include <unistd.h>

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

// The oracle's clauses that are not "<verb>.model.accepted:<rule>", and the
// contract rules (contracts/, `ibvcert rules`) whose sentence each checks.
// A QP's state that is not the one the accepted modifies led to breaks
// "the required set moves the QP" and "it reads back as set" together: an
// entry must list both, so an entry about another read-back (rxe's
// hop_limit) does not cover a state.
const std::map<std::string, std::vector<std::string>> kClauseRules = {
	{"modify_qp.unchanged", {"modify_qp.rejected.changes_nothing"}},
	{"modify_qp.isolation", {"modify_qp.other_objects.unchanged"}},
	{"modify_qp.read-back", {"modify_qp.query.reads_back_as_set"}},
	{"modify_qp.model.rejected-valid", {"modify_qp.property.accepted_exactly_per_contract"}},
	{"differential.attr", {"modify_qp.query.reads_back_as_set"}},
	{"modify_srq.unchanged", {"srq.rejected.changes_nothing"}},
	{"modify_srq.model.rejected-valid", {"srq.property.modify_accepted_exactly_per_contract"}},
	{"post_srq_recv.return", {"srq.property.state_machine"}},
	{"create_srq.srq-state", {"srq.property.create_reports_what_it_made"}},
	{"create_srq.caps", {"srq.create.reports_at_least_the_request"}},
	{"create_srq.model.rejected-valid", {"srq.property.create_reports_what_it_made"}},
	{"modify_srq.srq-state", {"srq.property.modify_accepted_exactly_per_contract"}},
	{"post_srq_recv.srq-state", {"srq.property.state_machine"}},
	{"query_srq.srq-state", {"srq.property.state_machine"}},
	{"modify_cq.unchanged", {"modify_cq.rejected.changes_nothing"}},
	{"modify_cq.in-effect", {"modify_cq.moderation.in_effect_as_set"}},
	{"modify_qp_rate_limit.unchanged", {"rate_limit.range.rejected_changes_nothing"}},
	{"set_ece.unchanged", {"ece.comp_mask.rejected_stores_nothing"}},
	{"modify_qp_rate_limit.read-back", {"rate_limit.pacing.max_send_rate"}},
	{"modify_qp.rate-limit", {"modify_qp.rate_limit.paces_the_qp"}},
	{"create_qp.ece", {"ece.lifecycle.new_qp_starts_from_the_default"}},
	{"connect_pair.ece", {"ece.lifecycle.new_qp_starts_from_the_default"}},
	{"connect_pair.cq-moderation", {"modify_cq.lifecycle.new_cq_starts_unmoderated"}},
	{"set_ece.options", {"ece.options.accepted_subset_in_every_state"}},
	{"set_ece.read-back", {"ece.query.returns_what_set_accepted"}},
	{"post_srq_recv.bad-wr", {"srq.post_srq_recv.max_wr_outstanding"}},
	{"sched_modify.unchanged", {"sched.invalid.changes_nothing"}},
	// The datapath rows (op_post_send.cpp, op_raw_send.cpp, op_async_event.cpp).
	{"post_send.srq-state", {"srq.limit_event.once_below_the_limit"}},
	{"get_async_event.srq-limit-extra", {"srq.limit_event.once_below_the_limit"}},
	{"get_async_event.srq-limit-missing", {"srq.limit_event.once_below_the_limit"}},
	{"post_send.wc-status", {"post_send.wc.success_on_connected_pair"}},
	{"post_send.wc-missing", {"post_send.wc.success_on_connected_pair"}},
	{"poll_cq.wc", {"poll_cq.wc.names_a_posted_wr_once"}},
	{"poll_cq.return", {"poll_cq.return.at_most_num_entries"}},
	{"raw_send.wc", {"poll_cq.wc.names_a_posted_wr_once"}},
	{"raw_send.poll-return", {"poll_cq.return.at_most_num_entries"}},
};

const char kStateRules[][40] = {"modify_qp.required_set.accepted", "modify_qp.query.reads_back_as_set"};

bool ends_with(const std::string &s, const std::string &tail)
{
	return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

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

std::vector<std::string> violation_rules(const std::string &clause_id)
{
	const std::string accepted = ".model.accepted:";
	if (size_t at = clause_id.find(accepted); at != std::string::npos)
		return {clause_id.substr(at + accepted.size())};
	if (auto it = kClauseRules.find(clause_id); it != kClauseRules.end())
		return it->second;
	if (ends_with(clause_id, ".state") || ends_with(clause_id, ".state-field"))
		return {kStateRules[0], kStateRules[1]};
	return {};
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
	for (size_t i = 0; i < g_known.deviations.size(); i++) {
		const KnownDeviation &d = g_known.deviations[i];
		if (!deviation_applies(d, g_known.kernel, g_known.rdma_core))
			continue;
		bool all = true;
		for (const auto &r : rules) {
			bool listed = false;
			for (const auto &l : d.rules)
				listed = listed || l == r;
			all = all && listed;
		}
		if (!all)
			continue;
		long &n = g_counts[{(int)i, clause_id}];
		bool first = n++ == 0;
		if (first)
			fprintf(stderr, "==ibvcert-fuzz== KNOWN DEVIATION %s: %s deviations[%zu] (%s); input passed over\n",
				clause_id.c_str(), g_known.provider.c_str(), i, d.reason.substr(0, 120).c_str());
		if (first || std::chrono::steady_clock::now() - g_written > std::chrono::seconds(1))
			write_tally();
		return (int)i;
	}
	return -1;
}

} // namespace ibvcert::fuzz
