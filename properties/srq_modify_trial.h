// One generated ibv_modify_srq request on a fresh SRQ of the run's device:
// the SRQ created with a drawn max_wr, K WRs posted, sometimes armed; then
// ibv_query_srq before, the request drawn around the SRQ's boundaries
// (fixtures/generators/srq_values.h), the contract's verdict on it
// (srq_verdict.h), the return value, and ibv_query_srq after.
#pragma once

#include "fixtures/generators/srq_values.h"
#include "properties/srq_case.h"
#include "fixtures/model/srq_verdict.h"

#include <string>
#include <vector>

namespace ibvcert {

struct SrqModifyTrial {
	uint32_t asked_max_wr = 0; // of ibv_create_srq
	uint32_t posted = 0;       // K WRs in the SRQ at the request
	uint32_t armed = 0;        // srq_limit armed before the request (0: none)
	gen::SrqModifyRequest request;
	SrqStanding standing;      // the SRQ the request met
	SrqVerdict contract;
	int ret = 0;
	bool queried = false;      // before and after come from ibv_query_srq
	ibv_srq_attr before{}, after{};

	// The lines of the evidence: the SRQ, the request, the verdict, the
	// return value by errno name, the queries.
	std::vector<std::string> lines() const;
};

// Prepares c and runs one request drawn with mix. The steps before the
// request are valid ones; the case fails (RC_FAIL) when the device rejects
// them.
SrqModifyTrial run_srq_modify_trial(SrqCase &c, const SrqSupport &support,
				    const gen::SrqRequestMix &mix);

// Every WR outstanding consumed, one message each, and each delivered once:
// "" or what went wrong.
std::string drain(SrqCase &c);

} // namespace ibvcert
