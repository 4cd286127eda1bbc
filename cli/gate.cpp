#include "cli/gate.h"

#include "cli/case_evidence.h"

#include <map>
#include <set>

namespace ibvcert {
namespace {

std::string device_kernel(const RunResult &r)
{
	return r.device.name + "\n" + r.device.kernel;
}

// A case "ran" when it checked something: any outcome but SKIP.
bool ran(Outcome o)
{
	return o != Outcome::Skip;
}

bool failing(Outcome o)
{
	return o == Outcome::Fail || o == Outcome::Known || o == Outcome::Crash || o == Outcome::Timeout;
}

bool passing(Outcome o)
{
	return o == Outcome::Pass || o == Outcome::Fixed;
}

} // namespace

std::string gate_run_label(const RunResult &run)
{
	return run.device.name + " on " + (run.device.kernel.empty() ? "an unknown kernel" : run.device.kernel) +
	       (run.device.rdma_core.empty() ? "" : ", rdma-core " + run.device.rdma_core);
}

size_t Gate::regressions() const
{
	size_t n = base_only.size();
	for (const auto &p : pairs)
		n += p.regressions.size();
	return n;
}

std::string pair_runs(const std::vector<GateRun> &base, const std::vector<GateRun> &candidate, Gate &gate)
{
	if (base.size() == 1 && candidate.size() == 1) {
		GatePair p{&base[0], &candidate[0], "", {}, {}, {}, {}};
		if (device_kernel(base[0].run) != device_kernel(candidate[0].run))
			p.note = "one run on each side, paired although they differ: " + gate_run_label(base[0].run) +
				 " and " + gate_run_label(candidate[0].run);
		gate.pairs.push_back(p);
		return "";
	}
	std::set<const GateRun *> paired;
	// Report directories of the same name on both sides (a lab matrix).
	for (const auto &b : base)
		for (const auto &c : candidate)
			if (!b.dir.empty() && b.dir == c.dir && !paired.count(&c)) {
				GatePair p{&b, &c, "", {}, {}, {}, {}};
				if (device_kernel(b.run) != device_kernel(c.run))
					p.note = "paired by their directory's name, " + b.dir + ", although they differ: " +
						 gate_run_label(b.run) + " and " + gate_run_label(c.run);
				gate.pairs.push_back(p);
				paired.insert(&b);
				paired.insert(&c);
				break;
			}
	// Two runs of one side left must differ in device, kernel or rdma-core.
	for (const auto *side : {&base, &candidate}) {
		std::map<std::string, const GateRun *> seen;
		for (const auto &r : *side) {
			if (paired.count(&r))
				continue;
			auto [it, fresh] = seen.emplace(device_kernel(r.run) + "\n" + r.run.device.rdma_core, &r);
			if (!fresh)
				return it->second->path + " and " + r.path + " are both runs of " + gate_run_label(r.run) +
				       ": a side may hold one run per device, kernel and rdma-core (or name their "
				       "directories alike on both sides)";
		}
	}
	auto match = [&](bool same_rdma_core) {
		for (const auto &b : base) {
			if (paired.count(&b))
				continue;
			std::vector<const GateRun *> found;
			for (const auto &c : candidate)
				if (!paired.count(&c) && device_kernel(c.run) == device_kernel(b.run) &&
				    (!same_rdma_core || c.run.device.rdma_core == b.run.device.rdma_core))
					found.push_back(&c);
			if (found.size() != 1)
				continue;
			// Without the rdma-core version, pair only where nothing else
			// of BASE could take the same run.
			if (!same_rdma_core) {
				int rivals = 0;
				for (const auto &other : base)
					rivals += !paired.count(&other) && device_kernel(other.run) == device_kernel(b.run);
				if (rivals != 1)
					continue;
			}
			gate.pairs.push_back({&b, found[0], "", {}, {}, {}, {}});
			paired.insert(&b);
			paired.insert(found[0]);
		}
	};
	match(true);
	match(false); // a change of rdma-core between BASE and CANDIDATE: what the gate is for
	for (const auto &b : base)
		if (!paired.count(&b))
			gate.base_only.push_back(&b);
	for (const auto &c : candidate)
		if (!paired.count(&c))
			gate.candidate_only.push_back(&c);
	return "";
}

void compare_pair(GatePair &pair)
{
	std::map<std::string, const CaseResult *> before, after;
	std::vector<std::string> order; // the candidate's order, then the cases only BASE has
	for (const auto &c : pair.candidate->run.cases) {
		after[c.full_name()] = &c;
		order.push_back(c.full_name());
	}
	for (const auto &c : pair.base->run.cases)
		if (before.emplace(c.full_name(), &c).second && !after.count(c.full_name()))
			order.push_back(c.full_name());

	for (const auto &name : order) {
		auto b_it = before.find(name);
		auto a_it = after.find(name);
		const CaseResult *b = b_it == before.end() ? nullptr : b_it->second;
		const CaseResult *a = a_it == after.end() ? nullptr : a_it->second;
		if (b && a && b->outcome == a->outcome)
			continue;
		GateChange change;
		change.name = name;
		change.level = a ? a->level : b->level;
		change.before = b ? outcome_name(b->outcome) : "absent";
		change.after = a ? outcome_name(a->outcome) : "absent";
		change.kind = change.before + " -> " + change.after;
		if (a) {
			change.evidence = a->message;
			change.replay = evidence_replay(a->message);
		}
		if (!a) {
			pair.other.push_back(change); // a clause left with no case is judged below
			continue;
		}
		Outcome now = a->outcome;
		if (b && b->outcome == Outcome::Pass &&
		    (now == Outcome::Fail || now == Outcome::Known || now == Outcome::Crash)) {
			pair.regressions.push_back(change);
		} else if (now == Outcome::Crash || now == Outcome::Timeout) {
			change.kind = std::string("new ") + outcome_name(now) + " (" + change.before + " -> " +
				      change.after + ")";
			pair.regressions.push_back(change);
		} else if (b && ran(b->outcome) && now == Outcome::Skip) {
			change.kind = "lost coverage (" + change.before + " -> SKIP)";
			pair.regressions.push_back(change);
		} else if (b && failing(b->outcome) && passing(now)) {
			pair.fixes.push_back(change);
		} else if ((!b || b->outcome == Outcome::Skip) && now == Outcome::Pass) {
			pair.new_passes.push_back(change);
		} else {
			pair.other.push_back(change);
		}
	}

	// A clause that ran in BASE and has no case at all in CANDIDATE (a
	// narrower --filter, a run that stopped): its coverage is lost.
	std::map<std::string, int> ran_before;
	std::map<std::string, std::string> level;
	std::set<std::string> present_after;
	for (const auto &c : pair.base->run.cases)
		if (ran(c.outcome)) {
			ran_before[c.clause]++;
			level[c.clause] = c.level;
		}
	for (const auto &c : pair.candidate->run.cases)
		present_after.insert(c.clause);
	for (const auto &[clause, n] : ran_before)
		if (!present_after.count(clause))
			pair.regressions.push_back(
				{"lost coverage (clause not run)", clause, level[clause], "ran", "absent",
				 std::to_string(n) + " case(s) of this clause ran in BASE; CANDIDATE has none of its "
						     "cases (its filter: " + pair.candidate->run.policy.filter +
					 (pair.candidate->run.interrupted_by.empty()
						  ? std::string()
						  : ", stopped by " + pair.candidate->run.interrupted_by) + ")",
				 ""});
}

} // namespace ibvcert
