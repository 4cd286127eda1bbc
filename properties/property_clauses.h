// Where the contract states what each property asserts (recorded on the
// case as its "source", with its level).
#pragma once

namespace ibvcert::property_clauses {

extern const char kModifyQpAcceptance[]; // accepted exactly when the tables say
extern const char kShouldRanges[];       // SHOULD-level ranges and features
extern const char kStateMachine[];       // a QP's life as the model follows it
extern const char kStateMachineQuery[];  // queries along that life

} // namespace ibvcert::property_clauses
