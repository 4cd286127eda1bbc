// The fixture of the scheduling clauses: a SchedRig with its root node on
// the run's device, and QPs (a QpCase, or sending RAW_PACKET QPs) that are
// destroyed before the elements, then the leak check.
#pragma once

#include "fixtures/rigs/clause.h"
#include "conformance/leak_check.h"
#include "fixtures/rigs/qp_case.h"
#include "fixtures/rigs/sched_rig.h"
#include "fixtures/rigs/send_case.h"

#include <gtest/gtest.h>

#include <optional>

namespace ibvcert {

inline constexpr uint32_t kBwShareFlag = MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE;
inline constexpr uint32_t kMaxAvgBwFlag = MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW;

template <typename Base = ::testing::Test>
class SchedTest : public Base {
protected:
	void TearDown() override
	{
		send_case.reset();
		qp_case.reset();
		sched.reset();
		leak_check.expect_none_left();
	}

	// The rig and its root. A SKIP reason when the device has none.
	std::optional<std::string> prepare()
	{
		sched.emplace();
		return sched->prepare();
	}

	// Call last: a case whose checks held but that could not observe what
	// an element applies is a SKIP with the reason, never a pass.
	void end_case(const char *unchecked)
	{
		if (!this->HasFailure() && !unobservable.empty())
			GTEST_SKIP() << unchecked << " cannot be checked: " << unobservable
				     << " (the other checks of the case held)";
	}
	void cannot_observe()
	{
		unobservable = "the device does not report what its scheduling elements apply "
			       "(mlx5dv has no query verb)";
	}

	LeakCheck leak_check; // before the rest: counts from before the case
	std::optional<SchedRig> sched;
	std::optional<QpCase> qp_case;
	std::optional<SendCase> send_case;
	std::string unobservable;
};

} // namespace ibvcert
