// The property suite's cases: every GoogleTest suite of properties/ is named
// "...Property" (ModifyQpProperty, QpStateMachineProperty, SrqModifyProperty,
// SrqLimitProperty, SrqStateMachineProperty, ...), so this filter
// selects exactly them (ibvcert run --suite properties).
#pragma once

namespace ibvcert {

inline constexpr const char *kPropertySuiteFilter = "*Property.*";

} // namespace ibvcert
