// The prologue the whole-device property's pair commands share (Exchange,
// FlushPair, PostRecvOnSrqQp, FlaggedPost, FencedAfterFetch):
// a connected pair of the spec's type (fixtures/rigs/datapath_rig.h) that
// can carry the command's sends.
#pragma once

#include "fixtures/rigs/datapath_rig.h"
#include "properties/device_step.h"

#include <vector>

namespace ibvcert {

// Prepares rig for spec. true: the sends can go; false: the device has no
// such pair (iWARP: no UC, no UD) or sends some WR's length inline it cannot
// hold: nothing to judge. A precondition the rig found failed fails the step.
bool ready_pair(const DeviceCommand &step, const DeviceModel &m, const DeviceBench &b, DatapathPair &rig,
		const PairSpec &spec, const std::vector<SendSpec> &sends = {});

} // namespace ibvcert
