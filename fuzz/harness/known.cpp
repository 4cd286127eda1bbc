#include "fuzz/harness/known.h"

#include "cli/known_deviations.h"
#include "contracts/rule_ids.h"

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
	{"modify_qp.unchanged", {rule_id::modify_qp_rejected_changes_nothing}},
	{"modify_qp.isolation", {rule_id::modify_qp_other_objects_unchanged}},
	{"modify_qp.read-back", {rule_id::modify_qp_query_reads_back_as_set}},
	{"modify_qp.model.rejected-valid", {rule_id::modify_qp_property_accepted_exactly_per_contract}},
	{"differential.attr", {rule_id::modify_qp_query_reads_back_as_set}},
	{"modify_srq.unchanged", {rule_id::srq_rejected_changes_nothing}},
	{"modify_srq.model.rejected-valid", {rule_id::srq_property_modify_accepted_exactly_per_contract}},
	{"post_srq_recv.return", {rule_id::srq_property_state_machine}},
	{"create_srq.srq-state", {rule_id::srq_property_create_reports_what_it_made}},
	{"create_srq.caps", {rule_id::srq_create_reports_at_least_the_request}},
	{"create_srq.model.rejected-valid", {rule_id::srq_property_create_reports_what_it_made}},
	{"modify_srq.srq-state", {rule_id::srq_property_modify_accepted_exactly_per_contract}},
	{"post_srq_recv.srq-state", {rule_id::srq_property_state_machine}},
	{"query_srq.srq-state", {rule_id::srq_property_state_machine}},
	{"modify_cq.unchanged", {rule_id::modify_cq_rejected_changes_nothing}},
	{"modify_cq.in-effect", {rule_id::modify_cq_moderation_in_effect_as_set}},
	{"modify_qp_rate_limit.unchanged", {rule_id::rate_limit_range_rejected_changes_nothing}},
	{"set_ece.unchanged", {rule_id::ece_comp_mask_rejected_stores_nothing}},
	{"modify_qp_rate_limit.read-back", {rule_id::rate_limit_pacing_max_send_rate}},
	{"modify_qp.rate-limit", {rule_id::modify_qp_rate_limit_paces_the_qp}},
	{"create_qp.ece", {rule_id::ece_lifecycle_new_qp_starts_from_the_default}},
	{"connect_pair.ece", {rule_id::ece_lifecycle_new_qp_starts_from_the_default}},
	{"connect_pair.cq-moderation", {rule_id::modify_cq_lifecycle_new_cq_starts_unmoderated}},
	{"set_ece.options", {rule_id::ece_options_accepted_subset_in_every_state}},
	{"set_ece.read-back", {rule_id::ece_query_returns_what_set_accepted}},
	{"post_srq_recv.bad-wr", {rule_id::srq_post_srq_recv_max_wr_outstanding}},
	{"sched_modify.unchanged", {rule_id::sched_invalid_changes_nothing}},
	// The datapath rows (op_post_send.cpp, op_raw_send.cpp, op_async_event.cpp).
	{"post_send.srq-state", {rule_id::srq_limit_event_once_below_the_limit}},
	{"get_async_event.srq-limit-extra", {rule_id::srq_limit_event_once_below_the_limit}},
	{"get_async_event.srq-limit-missing", {rule_id::srq_limit_event_once_below_the_limit}},
	{"post_send.wc-status", {rule_id::post_send_wc_success_on_connected_pair}},
	{"post_send.wc-missing", {rule_id::post_send_wc_success_on_connected_pair}},
	{"poll_cq.wc", {rule_id::poll_cq_wc_names_a_posted_wr_once}},
	{"poll_cq.return", {rule_id::poll_cq_return_at_most_num_entries}},
	{"raw_send.wc", {rule_id::poll_cq_wc_names_a_posted_wr_once}},
	{"raw_send.poll-return", {rule_id::poll_cq_return_at_most_num_entries}},
};

const char *const kStateRules[] = {rule_id::modify_qp_required_set_accepted, rule_id::modify_qp_query_reads_back_as_set};

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
