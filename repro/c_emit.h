// The emitter c_emitter.cpp and the c_emit_<family>.cpp files share: the
// trace and its finding, the C body being written, and the names given so
// far (the GIDs and QPs the program refers to); each family of verbs writes
// its own C (its walk steps and, for a finding on it, the call and the check).
#pragma once

#include "repro/c_emitter.h"

#include <infiniband/verbs.h>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ibvcert::c_emit {

using nlohmann::json;

// A C string literal of s.
std::string lit(const std::string &s);
// A number as C writes it (0x...ULL past 32 bits).
std::string num(uint64_t v);
// An ibv_qp_attr_mask as the OR of its flags' names.
std::string mask_expr(uint32_t mask);
// The 16 bytes of a GID traced as hex.
ibv_gid gid_from_hex(const std::string &hex);

struct Emitter {
	const json &steps;
	const Finding &f;
	const ReproSource &src;
	std::string body;
	std::map<std::string, std::string> gids; // hex -> variable
	std::map<uint32_t, std::string> qp_nums; // qp_num on the finding's run -> variable
	std::map<std::string, size_t> mr_len;
	std::string query_mask = "0";
	bool uses_cm = false;

	template <class... A> void put(fmt::format_string<A...> f, A &&...a)
	{
		body += fmt::format(f, std::forward<A>(a)...);
		body += '\n';
	}

	// The call's outcome against the contract's: the errno variable `var`
	// (0: accepted) must be non-zero exactly when the contract rejects;
	// `accepted` says what the call did when it should not have.
	void outcome_check(const char *var, const char *accepted);

	// The GID variable equal to the 128 bits (subnet_prefix, interface_id),
	// or "".
	std::string gid_var(uint64_t prefix, uint64_t iface);
	// Assignments of every nonzero field of a traced ibv_qp_attr to var.
	void qp_attr(const std::string &var, const json &attr);
	// ibv_query_qp of qp into var (var_ret: its return value), printed.
	void query_qp(const std::string &qp, const std::string &var);

	std::string addr_expr(const json &a);
	std::string key_expr(const json &k, bool remote);
	// struct ibv_sge sge_<n>[] and the WR array wr[] linked by next.
	void recv_wrs(const json &wrs, const char *type);
	void send_wrs(const json &wrs);
	// A traced post's WR list as wr[], its bad_wr pointer named `bad`, and
	// the call on obj into `int ret`.
	void post_call(const json &s, const std::string &obj, const char *bad);

	// A call of the walk (c_emitter.cpp dispatches by verb), each family's
	// in its file: every call must answer as on the finding's run.
	void step(size_t i);
	void create_step(const json &s);  // c_emit_create.cpp
	void destroy_step(const json &s); // c_emit_create.cpp
	void qp_step(const json &s);      // c_emit_qp.cpp
	void srq_step(const json &s);     // c_emit_srq.cpp
	void post_step(const json &s);    // c_emit_post.cpp
	void event_step(const json &s);   // c_emit_event.cpp

	// The finding's call and its check (c_emitter.cpp dispatches by verb).
	void finding_step(size_t i);
	void qp_finding(size_t i);        // c_emit_qp.cpp
	void srq_finding(size_t i);       // c_emit_srq.cpp
	void create_qp_finding(size_t i); // c_emit_create.cpp
	void post_finding(size_t i);      // c_emit_post.cpp
	// "struct ibv_qp_init_attr init = {...};" of a traced ibv_create_qp.
	void qp_init_attr(const json &s);
};

// Polls merged: consecutive ibv_poll_cq on one CQ become one wait for the
// completions they returned (order[k] the first; k left on the last).
void emit_polls(Emitter &e, const json &steps, const std::vector<size_t> &order, size_t &k);

} // namespace ibvcert::c_emit
