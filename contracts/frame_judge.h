// The frame of a call: a verb that names one object leaves every other
// object of the device as it was. The run's device views the frame around
// each call (every other QP, SRQ and CQ as a caller can observe them) and
// hands the judge what changed; the verb's frame row decides.
#pragma once

#include "contracts/verdict.h"

#include <string>
#include <vector>

namespace ibvcert {

// The verb's frame rows (check FrameUnchanged).
std::vector<const ContractRule *> frame_rules_of(Verb verb);
// Every frame row of verb broken by changes ("qp2: min_rnr_timer 0 -> 1"),
// the changes seen on objects other than the one the call named.
Verdict judge_frame(Verb verb, const std::vector<std::string> &changes);

} // namespace ibvcert
