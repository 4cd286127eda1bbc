// The one evaluator of ibv_create_srq(3) and ibv_modify_srq(3): composes the
// rows of contracts/srq_rules.cpp for a request on a described device (and,
// for a modify, the SRQ as it stands). emu0 answers with it, the SRQ
// clauses, the properties and the fuzz oracle judge with it.
#pragma once

#include "contracts/device_caps.h"
#include "contracts/srq_attr.h"
#include "contracts/verdict.h"

#include <infiniband/verbs.h>

namespace ibvcert {

// What the modify rules look at besides the request.
struct SrqNow {
	ibv_srq_attr attr{};      // max_wr, max_sge, srq_limit as the SRQ has them
	uint32_t outstanding = 0; // WRs posted and not yet consumed
};

// request is ibv_srq_init_attr::attr.
Verdict evaluate_create_srq(const DeviceCaps &caps, const ibv_srq_attr &request);
Verdict evaluate_modify_srq(const DeviceCaps &caps, const ibv_srq_attr &request, int attr_mask,
			    const SrqNow &now);
// What an accepted ibv_create_srq wrote back into srq_init_attr (reported)
// against what was asked: the create's AtLeastRequest rows, broken when a
// field they name (max_wr, max_sge) is below the request.
Verdict evaluate_create_srq_report(const ibv_srq_attr &asked, const ibv_srq_attr &reported);
// The rows evaluate_create_srq_report judges (the create's AtLeastRequest rows).
std::vector<const ContractRule *> create_srq_report_rules();
// One WR of an ibv_post_srq_recv list with num_sge scatter elements, on the
// SRQ as it stands when the WR comes (now.outstanding counts the WRs taken
// before it): the post's AtMostObjects and RoomLeft rows it breaks, the
// WR's own (num_sge) first.
Verdict evaluate_post_srq_recv(const SrqNow &now, int num_sge);

} // namespace ibvcert
