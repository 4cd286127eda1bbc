// What a fuzz target runs against, read once at start-up: the device(s),
// the emulated device's fault knobs, whether to print the decoded input, and
// what the one-line reproducer of an input looks like.
#pragma once

#include "fixtures/emu/emu_faults.h"

#include <optional>
#include <string>

namespace ibvcert::fuzz {

// One device under test: a device name and, for emu0, its fault knobs.
struct DeviceSpec {
	std::string name = "emu0";
	EmuFaults faults;
	std::string fault_names; // "partial-apply,stale-state-field"
};

struct Options {
	std::string target;                // "modify_qp"
	DeviceSpec device;                 // IBVCERT_DEVICE, --ibvcert-device
	std::optional<DeviceSpec> device2; // differential mode: IBVCERT_DEVICE2
	bool print = false;                // print the decoded input: IBVCERT_FUZZ_PRINT=1
	std::string known;                 // known-deviations file: IBVCERT_KNOWN (harness/known.h)
	std::string program;               // the fuzzer, as an absolute path
	std::string artifact_prefix;       // libFuzzer's -artifact_prefix
	std::string exact_artifact_path;   // libFuzzer's -exact_artifact_path
	std::string input_file;            // the one input given on the command line, if any
	std::string trace;                 // the first device's verb trace (JSON) goes here: IBVCERT_FUZZ_TRACE
	// IBVCERT_FUZZ_ORACLE=off: crash-only fuzzing. The input is decoded and
	// walked as usual (each op bound, run, and the lane's model settled, so
	// the same bytes make the same calls), but nothing is judged: no
	// snapshots, no oracle checks, no ledger check at the input's end. Only
	// sanitizer errors, crashes and hangs count, as in a syzkaller-style
	// campaign (fuzz/bench --finds compares the two).
	bool oracle = true;
};

const Options &options();

// Reads the environment (IBVCERT_DEVICE, IBVCERT_EMU_FAULT, IBVCERT_DEVICE2,
// IBVCERT_EMU_FAULT2, IBVCERT_FUZZ_PRINT, IBVCERT_FUZZ_ORACLE, IBVCERT_KNOWN, IBVCERT_KNOWN_TALLY,
// IBVCERT_FUZZ_RUNNING, IBVCERT_FUZZ_TRACE) and the --ibvcert-* flags, which
// override it; libFuzzer ignores flags that start with "--". Bad input (an
// unknown flag, device or fault knob) prints why and exits with status 2.
void init_options(int argc, char **argv, const char *target);

// The command that reruns one input file on the same devices.
std::string replay_command(const std::string &input_file);
// The file that holds the running input: the one given on the command line,
// or the crash file libFuzzer writes when the input aborts.
std::string input_file_for(const std::string &sha1_hex);

} // namespace ibvcert::fuzz
