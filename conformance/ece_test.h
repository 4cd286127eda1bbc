// The fixture of the ECE clauses: an RC QP in RESET on the run's device
// (the QP ECE is negotiated for), and what its device answers
// ibv_query_ece with before anything is set.
#pragma once

#include "contracts/ece_judge.h"
#include "fixtures/rigs/call_record.h"
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
	// The QP's ECE calls judged whole (contracts/ece_judge.h), whatever the
	// clause was written for.
	void TearDown() override
	{
		judge_ece_calls();
		qp_case.reset();
		leak_check.expect_none_left();
	}

	// The QP. A SKIP reason when the device lacks what it needs.
	std::optional<std::string> prepare()
	{
		judge_ece_calls(); // the QP before, if any
		qp_case.emplace(IBV_QPT_RC, IBV_QPS_RESET, IBV_QPS_RESET);
		return qp_case->prepare();
	}

	int query(ibv_ece &ece)
	{
		ece = ibv_ece{};
		note_verb("ibv_query_ece");
		int ret = qp_case->qp().query_ece(ece);
		ece_view.calls.push_back({Verb::QueryEce, {}, ece, ret, ece_at});
		return ret;
	}

	int set(ibv_ece &ece)
	{
		note_verb("ibv_set_ece");
		ibv_ece asked = ece;
		int ret = qp_case->qp().set_ece(ece);
		ece_view.calls.push_back({Verb::SetEce, asked, ece, ret, ece_at});
		return ret;
	}

	// Judges the calls so far and starts a new view (a new QP).
	void judge_ece_calls()
	{
		if (ece_view.calls.empty())
			return;
		std::string calls;
		for (const EceCall &c : ece_view.calls)
			calls += "\n  " + std::string(verb_name(c.verb)) +
				 (c.verb == Verb::SetEce ? "(" + describe_ece(c.asked) + ")" : std::string()) +
				 (c.at.empty() ? "" : " " + c.at) + " -> " + errno_name(c.result) +
				 (c.result ? std::string() : ", " + describe_ece(c.got));
		record_verdict(judge_ece(ece_view), ece_rules_judged(ece_view), "the QP's ECE calls:" + calls);
		ece_view = EceView{};
	}

	// Whether the device takes ibv_set_ece at all: a valid request (the
	// state ibv_query_ece returned, comp_mask 0) handed back to the QP. A
	// successful ibv_query_ece does not show it: mlx5's succeeds on FW
	// without ECE, where its ibv_set_ece answers EOPNOTSUPP
	// (deviations/mlx5-reading.md). The set's errno.
	int probe_set(const ibv_ece &queried)
	{
		ibv_ece probe{queried.vendor_id, queried.options, 0};
		return set(probe);
	}

	// The fresh QP's ECE state; nullopt with a SKIP reason in why when the
	// device has no ECE (EOPNOTSUPP from ibv_query_ece, or from a valid
	// ibv_set_ece); any other error fails the case.
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
		int sret = probe_set(e);
		if (sret == EOPNOTSUPP || sret == ENOSYS) {
			why = "the device has no ECE: ibv_set_ece(" + describe_ece(e) + ") returned " +
			      errno_name(sret) + " (EceWithoutSupport judges its ibv_query_ece)";
			return std::nullopt;
		}
		// The probe may have changed what the QP reports: the cases start
		// from the state after it.
		ibv_ece now{};
		if (query(now) == 0)
			e = now;
		return e;
	}

	LeakCheck leak_check; // before qp_case: counts from before the case
	std::optional<QpCase> qp_case;
	EceView ece_view;   // every ibv_set_ece / ibv_query_ece of the case's QP
	std::string ece_at; // where the QP is ("in RTS"), for the view
};

} // namespace ibvcert
