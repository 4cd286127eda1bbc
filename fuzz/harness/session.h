// One input of one target: the lanes (devices under test), the input's
// bytes, and the ops decoded from it so far. execute() runs an op on every
// lane and puts it through the oracle.
#pragma once

#include "fuzz/harness/op.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <memory>
#include <string>
#include <vector>

namespace ibvcert::fuzz {

class Session;

// A kind of step an input decodes into: a verb call with its arguments, or a
// setup (a QP created and walked to a state). Adding a verb family adds rows.
struct Row {
	const char *name;
	void (*step)(Session &s); // decodes its arguments from s.in(), then s.execute()s
	int code = -1;            // a coded target's: the row's fixed code (below kRowCodes + kWideCodes)
};

// Codes a step's row byte selects from in a coded target (byte % kRowCodes).
inline constexpr int kRowCodes = 32;
// The wide codes, in bands of kWideBand step bytes from the top down: the
// bytes 248-255 select codes 32-39, the bytes 240-247 codes 40-47, each when
// the target has a row with it (byte % kRowCodes otherwise, so a new wide
// row re-decodes only the steps of its own byte). Codes 32-40 are
// taken; 41-47 are free.
inline constexpr int kWideBand = 8;
inline constexpr int kWideCodes = 2 * kWideBand;
inline constexpr int kWideFrom = 256 - kWideCodes;
// The wide code a step byte of kWideFrom or above selects.
constexpr int wide_code(int byte)
{
	int band = (255 - byte) / kWideBand;
	return kRowCodes + band * kWideBand + byte - (256 - kWideBand * (band + 1));
}
static_assert(wide_code(248) == 32 && wide_code(255) == 39 && wide_code(240) == 40 &&
	      wide_code(247) == 47);

// A fuzz target: a setup, then up to max_steps steps, each one of rows
// (picked by the input when there are several). A coded target's rows each
// carry a fixed code: a step's byte selects the row by code, and a code no
// row has runs fallback_code's row, so rows added later (with new codes)
// leave the inputs written before them decoding as they did. Otherwise the
// byte picks by position in rows.
struct Target {
	std::string name;
	void (*setup)(Session &s); // may be nullptr
	std::vector<Row> rows;
	int max_steps;
	void (*teardown)(Session &s) = nullptr; // after the steps, under the oracle
	bool coded = false;
	int fallback_code = 0;
};

class Session {
public:
	Session(const Target &target, const uint8_t *data, size_t size);
	~Session();

	// Opens the lanes. A device that cannot serve the input (its PD or CQ
	// cannot be had) ends the run with the reason: nothing would be tested.
	void open();
	void run();
	// Destroys every object of the input (QPs, CQs, PDs, emu0 itself).
	void close();

	const Target &target() const { return target_; }
	int lanes() const { return (int)lanes_.size(); }
	Lane &lane(int i) { return *lanes_[i]; }
	const Lane &lane(int i) const { return *lanes_[i]; }
	FuzzedDataProvider &in() { return in_; }
	const uint8_t *data() const { return data_; }
	size_t size() const { return size_; }

	// Runs op on every lane under the oracle; the session keeps it for the
	// evidence of later steps.
	Op &execute(std::unique_ptr<Op> op);
	const std::vector<std::unique_ptr<Op>> &history() const { return history_; }

	// A QP slot, as the first lane sees them (the lanes agree: differential
	// mode stops at the first difference), picked by the input when there is
	// a choice; -1 when there is none.
	int pick_live_slot();
	int pick_free_slot();

private:
	// The next step's row, decoded from the input.
	const Row &pick_row();
	// IBVCERT_FUZZ_PRINT: text to stdout, each line indented, flushed.
	void print_text(const std::string &text, const char *indent = "") const;
	int pick_slot(bool live);

	const Target &target_;
	const uint8_t *data_;
	size_t size_;
	FuzzedDataProvider in_;
	std::vector<std::unique_ptr<Op>> history_; // destroyed after the lanes
	std::vector<std::unique_ptr<Lane>> lanes_;
};

// The two libFuzzer entry points of a target.
int initialize(int *argc, char ***argv, const Target &target);
int run_input(const Target &target, const uint8_t *data, size_t size);

} // namespace ibvcert::fuzz
