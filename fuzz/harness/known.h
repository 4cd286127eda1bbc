// The provider's known deviations for the fuzz targets (IBVCERT_KNOWN,
// --ibvcert-known=FILE): the same file `ibvcert run --known` reads
// (deviations/<provider>.json, cli/known_deviations.h). An oracle violation
// that an entry applying to the running kernel and rdma-core covers is
// counted and passed over: the rest of the input is not run (the device is
// no longer where the model holds it) and the input is not a crash.
//
// Which entries cover a violation: the judge names the rules it breaks and
// it is covered when each of them is listed in the "rules" of an entry that
// applies (one call may meet two known deviations at once; fuzz/README.md,
// "Known deviations"); a violation that names none is never passed over.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace ibvcert::fuzz {

// Reads FILE; a missing or malformed file prints why and exits with 2.
void load_known(const std::string &path, const std::string &target);
bool known_loaded();

// Thrown by the oracle when a known deviation covers a violation: the
// session ends the input there (its objects are still destroyed).
struct KnownDeviationMet : std::runtime_error {
	using std::runtime_error::runtime_error;
};

// When every one of rules is listed by an applying entry: the applying entry
// that lists most of them (the first such), counted under clause_id; -1
// (nothing counted) when a rule is listed by none or rules is empty.
int match_known(const std::string &clause_id, const std::vector<std::string> &rules);

// Differential mode: a call one device does not provide (EOPNOTSUPP where no
// table predicts the outcome) ends the input too, counted as entry -1 under
// "differential.unsupported" with what it was.
void count_unsupported(const std::string &what);

// IBVCERT_KNOWN_TALLY=DIR: each process keeps DIR/<target>-<pid>.tsv up to
// date, one line per (entry, clause) met: "count<TAB>entry<TAB>clause<TAB>
// provider: reason". fuzz/campaign adds them up for its summary.
void set_known_tally_dir(const std::string &dir);

} // namespace ibvcert::fuzz
