// A device that records every verb called through it into trace_log(),
// then calls the device it wraps: the verb trace a reproducer is made from.
// The objects it hands out wrap the inner device's; each step names them by
// trace ids. Loopback connections on InfiniBand and RoCE are made here by
// the same ibv_modify_qp walk (fixtures/loopback.h), so every modify is
// traced; an iWARP connection (rdma_cm) is one step.
#pragma once

#include "fixtures/device.h"

#include <memory>

namespace ibvcert {

std::unique_ptr<Device> make_tracing_device(std::unique_ptr<Device> inner);

} // namespace ibvcert
