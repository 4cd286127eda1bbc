#include "properties/property_clauses.h"

namespace ibvcert::property_clauses {

const char kModifyQpAcceptance[] = "modify_qp.property.accepted_exactly_per_contract";
const char kShouldRanges[] = "modify_qp.property.should_ranges_rejected";
const char kStateMachine[] = "modify_qp.property.state_machine";
const char kStateMachineQuery[] = "modify_qp.property.queries_follow_the_model";

const char kSrqModifyAcceptance[] = "srq.property.modify_accepted_exactly_per_contract";
const char kSrqModifyNothingChanged[] = "srq.property.rejected_modify_changes_nothing";
const char kSrqLimitEvents[] = "srq.property.limit_events_over_traffic";
const char kSrqStateMachine[] = "srq.property.state_machine";
const char kSrqCreate[] = "srq.property.create_reports_what_it_made";

const char kRateLimit[] = "rate_limit.property.verdict_and_shaping";
const char kEce[] = "ece.property.verdict_and_query";
const char kSchedTree[] = "sched.property.rule_table";
const char kSchedShare[] = "sched.property.weighted_max_min";

} // namespace ibvcert::property_clauses
