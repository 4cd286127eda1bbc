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

// IBVCERT_FUZZ_HISTORY=DIR (fuzz/campaign --lab, a directory per boot):
// each input is also kept there before it runs, as DIR/<ns since the
// epoch>-<pid>, so the names sort in the order the inputs ran across
// libFuzzer's processes. A kernel that dies later than the write that
// broke it (a slab overrun found by a later free) died on another input
// than the one that did the harm; the inputs since boot, run again in
// order, are what reproduces it. record_running_input writes both.
void set_history_dir(const char *path); // exits 2 when it cannot be made

// IBVCERT_FUZZ_OOM_VICTIM=1 (fuzz/campaign --lab): the guest's OOM killer
// takes the process that runs inputs, never the campaign's. libFuzzer's
// parent (-fork=, -merge=) sets its oom_score_adj to -1000, a process that
// runs inputs to 1000. A provider's queues are kernel memory until they are
// mmap'd, so the killer, going by RSS, took the small-RSS parent while a
// child was allocating: the campaign ended (rxe's QPs of the largest caps
// in the 1 GiB guest). A killed child is a crash libFuzzer's parent passes
// over (-ignore_crashes) and the campaign goes on.
void choose_oom_victim(int argc, char **argv); // exits 2 when it cannot write

} // namespace ibvcert::fuzz
