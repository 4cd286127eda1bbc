// The fixed part of every generated reproducer: includes and the helpers
// its main() calls (errno names, state names, "the walk went otherwise",
// polling a CQ, waiting for an async event). Plain C for `cc -libverbs`.
#pragma once

namespace ibvcert {

extern const char *const kReproPrelude;
// The rdma_cm loopback connection of two RC QPs (iWARP), for -lrdmacm.
extern const char *const kReproCmConnect;

} // namespace ibvcert
