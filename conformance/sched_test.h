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

	// The rig, two RAW_PACKET QPs in RTS, and under the root a node of
	// max_avg_bw node_mbps with two leaves, group1 and group2, of bw_share
	// share1 and share2, QP 0 attached to group1 and QP 1 to group2 (in
	// node and group). A SKIP reason; a failed precondition adds a failure.
	std::optional<std::string> prepare_two_groups(uint32_t node_mbps, uint32_t share1, uint32_t share2)
	{
		if (auto why = prepare())
			return why;
		if (this->HasFailure())
			return std::nullopt;
		send_case.emplace();
		if (auto why = send_case->prepare(2, IBV_QPS_RTS, false))
			return why;
		if (this->HasFailure())
			return std::nullopt;
		SchedRig &r = *sched;
		if (r.node({r.root(), kMaxAvgBwFlag, 0, node_mbps, 0}, "node", &node) ||
		    r.leaf({node, kBwShareFlag, share1, 0, 0}, "group1", &group[0]) ||
		    r.leaf({node, kBwShareFlag, share2, 0, 0}, "group2", &group[1])) {
			ADD_FAILURE() << "precondition: the tree was rejected\n" << r.evidence();
			return std::nullopt;
		}
		for (int i = 0; i < 2; i++) {
			int ret = r.attach(send_case->qp(i), group[i], nullptr);
			if (ret == EOPNOTSUPP)
				return "mlx5dv_modify_qp_sched_elem returned EOPNOTSUPP for a RAW_PACKET QP "
				       "in RTS (no SQ scheduling caps)";
			if (ret) {
				ADD_FAILURE() << "precondition: attaching a RAW_PACKET QP to its group\n"
					      << r.evidence();
				return std::nullopt;
			}
		}
		return std::nullopt;
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
	SchedNode *node = nullptr;       // prepare_two_groups
	SchedLeaf *group[2] = {};
	std::string unobservable;
};

} // namespace ibvcert
