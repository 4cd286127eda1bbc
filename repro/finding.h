// The call of a verb trace that shows the deviation, and the condition it
// breaks, found the way the suites judge it: the contracts/ evaluators give
// each request's outcome class, a rejected request must leave the object's
// ibv_query_qp / ibv_query_srq and ibv_qp::state as they were, an accepted
// modify must read back as set (the rules of contracts/read_back.h), a
// created SRQ must query as ibv_create_srq reported it, ibv_post_send,
// ibv_post_recv and ibv_post_srq_recv return 0 or an errno, and an SRQ no
// ibv_modify_srq armed raises no limit event. Of the calls before the case's first failure, the last one that
// breaks a condition is the finding.
#pragma once

#include "contracts/device_caps.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

struct Finding {
	enum class Check {
		Outcome,     // the return value's class (accepted / rejected)
		Unchanged,   // rejected, and the object changed
		ReadBack,    // accepted, and does not read back as set / as reported
		ErrnoValue,  // returned a value that is neither 0 nor an errno
		NoEvent,     // an event that must not come
	};
	size_t step = 0;          // index of the call in the trace
	Check check = Check::Outcome;
	std::string object;       // "qp3", "srq1"
	bool expect_accept = false;
	int expect_errno = 0;     // the contract's errno for a rejection
	std::string expected;     // the contract's answer, as evaluate_*().describe()
	std::vector<std::string> rules; // rule ids the call breaks (or checks)
	std::string seen;         // what the traced device did
	int read_back_mask = 0;   // ReadBack of a QP: the fields compared
	int loaded = 0;           // flags set since the QP left RESET (APM)
	int expect_state = -1;    // ReadBack of a QP: the state it must be in
};

// The finding in steps, or nullopt with why (the case did not fail, or no
// traced call breaks a condition the reproducer can check).
std::optional<Finding> find_deviation(const nlohmann::json &steps, const DeviceCaps &caps,
				      std::string &why_not);

const char *check_name(Finding::Check check);

} // namespace ibvcert
