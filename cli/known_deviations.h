// A provider's known deviations: the committed file that lists, per case,
// why the provider fails it and the man-page sentence it breaks. A listed
// case that fails is KNOWN; one that passes is FIXED, which fails the run so
// the file stays true.
//
// An entry may name the versions it was seen on: "kernels" (matched against
// the running kernel's release, `uname -r`) and "rdma_core" (matched against
// rdma_core_in_use(): the rdma-core release of the libibverbs the harness was
// built with, or the one the lab runs it on, see below). Each
// item is a version prefix that ends at a component boundary: "6.1" matches
// 6.1 and 6.1.0-28-amd64 but not 6.12.9. Absent means every version. An entry
// that does not apply to the running versions is ignored: its cases are
// judged as if unlisted (neither KNOWN nor FIXED).
#pragma once

#include "reports/run_result.h"

#include <string>
#include <vector>

namespace ibvcert {

// A breach the judge finds on a call (a rule's id and the detail it
// prints), described once for every case whose calls show it: a provider's
// defect that every walk through a verb meets (rxe's hop_limit read-back)
// is one entry, not a list of the cases that happen to make the call.
struct KnownBreach {
	std::string rule;   // the rule id (ibvcert rules)
	std::string detail; // an ECMAScript regular expression the whole detail must match
};

struct KnownDeviation {
	std::vector<std::string> cases; // case ids, or shell patterns of them (* ?)
	std::vector<KnownBreach> breaches; // or the judge's breaches it explains, wherever they occur
	std::string reason; // what the provider does
	std::string breaks; // the man-page sentence (or table) it breaks
	std::vector<std::string> rules;     // contract rule ids it breaks (ibvcert rules); may be empty
	std::vector<std::string> kernels;   // kernel release prefixes; empty = every kernel
	std::vector<std::string> rdma_core; // rdma-core release prefixes; empty = every release
	// What the listed cases do: FAIL (the default), or CRASH: they crash
	// (the case's process, or the lab guest's kernel: a kernel bug the case
	// triggers). A listed case with that outcome is KNOWN, one that passes
	// is FIXED; any other outcome is judged as if unlisted.
	Outcome outcome = Outcome::Fail;
	// "" for a deviation seen on a device; otherwise how it was predicted
	// without one ("from source, never run": deviations/mlx5.json). A run
	// counts each listed case: confirmed (KNOWN), refuted (FIXED), untested.
	std::string predicted;
};

struct KnownDeviations {
	std::string provider;
	std::vector<KnownDeviation> deviations;
	// The versions the entries are matched against. load_known_deviations
	// sets them to this machine's (uname -r, the libibverbs built against).
	std::string kernel;
	std::string rdma_core;
};

// The shape of a deviations file, for error messages and the README.
extern const char *const kKnownDeviationsShape;

// Reads a deviations file. "" or a message naming what is wrong and the
// shape expected.
std::string load_known_deviations(const std::string &path, KnownDeviations &out);

// "6.1" matches "6.1", "6.1.0-28-amd64", "6.1-rc2"; not "6.12.9" nor "6.10".
bool version_matches(const std::string &prefix, const std::string &version);

// Whether the entry applies to these versions.
bool deviation_applies(const KnownDeviation &d, const std::string &kernel, const std::string &rdma_core);

// rdma-core's release from a libibverbs version: "1.14.44.0" or
// "libibverbs 1.14.44" -> "44" (libibverbs 1.14.N ships with rdma-core N);
// anything else is returned as is.
std::string rdma_core_release(const std::string &libibverbs_version);

// The rdma-core release the run uses: IBVCERT_RDMA_CORE_VERSION from the
// environment when set (lab/run --rdma-core sets it, with LD_LIBRARY_PATH,
// when it runs an rdma-core build instead of the host's: "56.1"), else
// rdma_core_release of the libibverbs the harness was built with.
std::string rdma_core_in_use();

// The ids of the file (case names or patterns) that match none of cases,
// each once, in the file's order. Given every case ibvcert has (all suites,
// no --filter), an unmatched id is a typo or a case that no longer exists:
// the file must match exactly, so the run refuses it. Entries for other
// kernels are checked too: their ids name cases all the same.
std::vector<std::string> unmatched_known_ids(const KnownDeviations &known,
					     const std::vector<std::string> &cases);

// FAIL (or CRASH, for an entry whose outcome is CRASH) -> KNOWN and PASS ->
// FIXED when an entry that applies to the running
// versions lists the case.
void apply_known_deviations(const KnownDeviations &known, CaseResult &c);

// The entry (applying to the running versions) one of whose "breaches" is
// this breach of rule with this detail; nullptr when none.
const KnownDeviation *known_breach(const KnownDeviations &known, const std::string &rule,
				   const std::string &detail);
// "rxe: <reason> (breaks: <sentence>)": what a KNOWN case says of its entry.
std::string known_text(const KnownDeviations &known, const KnownDeviation &d);

} // namespace ibvcert
