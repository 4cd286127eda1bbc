// The fixture of the send-rate clauses: a SendCase on the run's device,
// released and leak-checked after each case.
#pragma once

#include "fixtures/rigs/clause.h"
#include "conformance/leak_check.h"
#include "fixtures/rigs/pacing_checks.h"
#include "fixtures/rigs/send_case.h"

#include <gtest/gtest.h>

#include <optional>

namespace ibvcert {

template <typename Base = ::testing::Test>
class SendTest : public Base {
protected:
	void TearDown() override
	{
		send_case.reset();
		leak_check.expect_none_left();
	}

	LeakCheck leak_check; // before send_case: counts from before the case
	std::optional<SendCase> send_case;
};

// 1 Gb/s and 10 Gb/s in kbps.
inline constexpr uint64_t kOneGbps = 1000000;
inline constexpr uint64_t kTenGbps = 10000000;

} // namespace ibvcert
