// Where the contract states what each property asserts (recorded on the
// case as its "source", with its level).
#pragma once

namespace ibvcert::property_clauses {

extern const char kModifyQpAcceptance[]; // accepted exactly when the tables say
extern const char kShouldRanges[];       // SHOULD-level ranges and features
extern const char kStateMachine[];       // a QP's life as the model follows it
extern const char kStateMachineQuery[];  // queries along that life
extern const char kSrqModifyAcceptance[]; // ibv_modify_srq accepted exactly when the table says
extern const char kSrqModifyNothingChanged[]; // a rejected ibv_modify_srq changes nothing
extern const char kSrqLimitEvents[];     // the limit event over random traffic
extern const char kSrqStateMachine[];    // an SRQ's life as the model follows it
extern const char kSrqCreate[];          // ibv_create_srq's verdict and what it reports
extern const char kRateLimit[];          // ibv_modify_qp_rate_limit's verdict and the shaping
extern const char kEce[];                // ibv_set_ece's verdict and what ibv_query_ece returns
extern const char kSchedTree[];          // mlx5dv_sched_* create/modify against the rule table
extern const char kSchedShare[];         // measured shares vs weighted max-min fairness

} // namespace ibvcert::property_clauses
