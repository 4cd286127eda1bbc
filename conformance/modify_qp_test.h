// The fixture every ibv_modify_qp clause derives from: records the clause,
// prepares the QP in the case's start state, and SKIPs with the reason when
// the device lacks what the case needs.
#pragma once

#include "fixtures/rigs/clause.h"
#include "conformance/leak_check.h"
#include "fixtures/rigs/qp_case.h"
#include "conformance/qp_params.h"

#include <gtest/gtest.h>

#include <optional>

namespace ibvcert {

class ModifyQpTest : public ::testing::TestWithParam<ModifyQpParam> {
protected:
	virtual Clause clause() const = 0;

	void SetUp() override
	{
		const ModifyQpParam &p = GetParam();
		record_clause(clause());
		qp_case.emplace(p.type, p.from, p.to);
		if (auto why = qp_case->prepare())
			GTEST_SKIP() << *why;
	}

	void TearDown() override
	{
		qp_case.reset();
		leak_check.expect_none_left();
	}

	LeakCheck leak_check; // before qp_case: counts from before the case
	std::optional<QpCase> qp_case;
};

} // namespace ibvcert
