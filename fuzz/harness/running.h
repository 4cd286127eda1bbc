// IBVCERT_FUZZ_RUNNING=FILE: each input is written to FILE before it runs,
// so the input that was running when the machine under the target died (a
// kernel oops, panic or hang in the lab guest, where FILE is on the host's
// share) is on record. fuzz/campaign --lab sets it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ibvcert::fuzz {

void set_running_file(const char *path); // exits 2 when it cannot be opened
void record_running_input(const uint8_t *data, size_t size);

} // namespace ibvcert::fuzz
