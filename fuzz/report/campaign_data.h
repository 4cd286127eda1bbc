// What a fuzz campaign left in its output dir (fuzz/campaign writes it, one
// TSV file per target, so a run cut short or a lab guest that died keeps
// what the targets before it wrote), read back for campaign.html:
//   progress/<target>.tsv  every 10 s: seconds, runs, exec/s, cov, ft, corpus, crash files
//   summary/<target>.tsv   at the end: runs, seconds, exec/s, cov, ft, corpus before, after, budget
//   findings/<target>.tsv  one line per distinct crash: key, crash files, evidence, input,
//                          replay, C reproducer, what became of the reproducer
//   evidence/kernel/*.txt  the lab's guest kernel failures (lab/fuzz-campaign.sh)
//   known-met.tsv          known deviations met: count, target, entry, clause, reason
// A lab campaign has one such dir per device and kernel (OUT/rxe0-6.1/...):
// each is a run of its own, named by its dir.
#pragma once

#include <string>
#include <vector>

namespace ibvcert::fuzz {

struct ProgressPoint {
	double seconds = 0;
	double runs = 0, exec_per_s = 0, cov = 0, ft = 0, corpus = 0, crashes = 0;
};

struct TargetRun {
	std::string run;    // "" on the host, "rxe0-6.1" in the lab
	std::string target; // "modify_qp"
	std::vector<ProgressPoint> progress;
	bool has_summary = false;
	double runs = 0, seconds = 0, exec_per_s = 0, cov = 0, ft = 0;
	double corpus_before = 0, corpus_after = 0, budget = 0;
};

struct Finding {
	std::string run, target;
	std::string kind;     // "oracle", "sanitizer" or "kernel"
	std::string key;      // what it is deduplicated by: the clause id, the error and top frames, the oops and its stack
	std::string headline; // one line for a person
	int files = 0;        // crash files (kernel: guest stops) of this key
	std::string evidence, input, replay, repro, repro_note;
	std::string known_bug; // kernel: the known bug the oops matched (lab/known-oops), or why none
};

struct KnownMet {
	std::string run, target, entry, clause, reason;
	long count = 0;
};

struct Campaign {
	std::string dir;
	std::vector<TargetRun> targets;
	std::vector<Finding> findings;
	std::vector<KnownMet> known;
};

// Reads dir (and its run subdirs). An unreadable dir: error says why.
Campaign read_campaign(const std::string &dir, std::string &error);

// A finding's identity across nights: run, target and key.
std::string identity(const Finding &f);

// The kernel oops's dedup key from a guest console excerpt: the failure
// line without addresses, and the first frames of its call trace by
// function name ("BUG: KASAN: slab-out-of-bounds in rxe_qp_from_attr @
// rxe_qp_from_attr rxe_modify_qp ...").
std::string oops_key(const std::string &console);

} // namespace ibvcert::fuzz
