// The fixture every SRQ clause derives from: records the clause, prepares
// the SRQ (and its traffic) on the run's device, and SKIPs with the reason
// when the device lacks what the case needs.
#pragma once

#include "fixtures/rigs/clause.h"
#include "conformance/leak_check.h"
#include "fixtures/rigs/srq_rig.h"
#include "contracts/names.h"

#include <gtest/gtest.h>

#include <optional>

namespace ibvcert {

class SrqTest : public ::testing::TestWithParam<SrqTraffic> {
protected:
	virtual Clause clause() const = 0;
	virtual SrqSpec spec() const { return {}; }

	void SetUp() override
	{
		record_clause(clause());
		rig.emplace(GetParam());
		if (auto why = rig->prepare(spec()))
			GTEST_SKIP() << *why;
	}

	// The SRQ's history (its calls and the events read) judged whole by
	// contracts/srq_event_judge.h, whatever the clause was written for.
	void TearDown() override
	{
		if (rig)
			rig->judge_history();
		rig.reset();
		leak_check.expect_none_left();
	}

	// ibv_query_srq's attributes. nullopt when the device does not
	// implement the verb (EOPNOTSUPP, ENOSYS): what depends on the query is
	// then unobservable, and end_case() turns a case that found no failure
	// into a SKIP. Any other error fails the case.
	std::optional<ibv_srq_attr> query()
	{
		int ret = 0;
		ibv_srq_attr attr = rig->query(ret);
		if (ret == EOPNOTSUPP || ret == ENOSYS) {
			unobservable = "ibv_query_srq returned " + errno_name(ret);
			return std::nullopt;
		}
		EXPECT_EQ(ret, 0) << "ibv_query_srq failed\n" << rig->evidence();
		if (ret)
			return std::nullopt;
		return attr;
	}

	// Call last: a case whose checks all held but that could not observe
	// part of the clause is a SKIP with the reason, never a pass.
	void end_case(const char *unchecked)
	{
		if (!HasFailure() && !unobservable.empty())
			GTEST_SKIP() << unchecked << " cannot be checked: " << unobservable
				     << " (the other checks of the case held)";
	}

	LeakCheck leak_check; // before rig: counts from before the case
	std::optional<SrqRig> rig;
	std::string unobservable;
};

inline const auto kTrafficKinds = ::testing::Values(SrqTraffic::RC, SrqTraffic::UD);
inline const auto kSrqOnly = ::testing::Values(SrqTraffic::None);

} // namespace ibvcert
