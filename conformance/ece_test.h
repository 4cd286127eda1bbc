// The fixture of the ECE clauses: an RC QP in RESET on the run's device
// (the QP ECE is negotiated for), and what its device answers
// ibv_query_ece with before anything is set.
#pragma once

#include "fixtures/rigs/clause.h"
#include "conformance/leak_check.h"
#include "fixtures/rigs/qp_case.h"
#include "fixtures/ece.h"
#include "contracts/names.h"
#include "fixtures/verb_trace.h"

#include <gtest/gtest.h>

#include <optional>

namespace ibvcert {

template <typename Base = ::testing::Test>
class EceTest : public Base {
protected:
	void TearDown() override
	{
		qp_case.reset();
		leak_check.expect_none_left();
	}

	// The QP. A SKIP reason when the device lacks what it needs.
	std::optional<std::string> prepare()
	{
		qp_case.emplace(IBV_QPT_RC, IBV_QPS_RESET, IBV_QPS_RESET);
		return qp_case->prepare();
	}

	int query(ibv_ece &ece)
	{
		ece = ibv_ece{};
		note_verb("ibv_query_ece");
		return qp_case->qp().query_ece(ece);
	}

	int set(ibv_ece &ece)
	{
		note_verb("ibv_set_ece");
		return qp_case->qp().set_ece(ece);
	}

	// The fresh QP's ECE state; nullopt with a SKIP reason in why when the
	// device has no ECE (EOPNOTSUPP); any other error fails the case.
	std::optional<ibv_ece> device_ece(std::string &why)
	{
		ibv_ece e{};
		int ret = query(e);
		if (ret == EOPNOTSUPP || ret == ENOSYS) {
			why = "the device has no ECE: ibv_query_ece returned " + errno_name(ret);
			return std::nullopt;
		}
		EXPECT_EQ(ret, 0) << "ibv_query_ece on a new RC QP\n"
				  << qp_case->call_evidence("ibv_query_ece", ret, {});
		if (ret)
			return std::nullopt;
		return e;
	}

	LeakCheck leak_check; // before qp_case: counts from before the case
	std::optional<QpCase> qp_case;
};

} // namespace ibvcert
