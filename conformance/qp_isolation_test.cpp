// Clause: ibv_modify_qp modifies the QP it is given and nothing else on the
// device. Four RC QPs and an SRQ on the run's device; each QP in turn is
// walked RESET -> INIT -> RTR -> RTS and modified RTS -> RTS (min_rnr_timer),
// and after every call the other QPs (a full ibv_query_qp and ibv_qp::state)
// and the SRQ (ibv_query_srq) must be as they were: the device is
// snapshotted, not only the object the call names.
#include "conformance/leak_check.h"
#include "contracts/names.h"
#include "contracts/qp_attr_table.h"
#include "contracts/qp_table.h"
#include "fixtures/qp_builder.h"
#include "fixtures/qp_snapshot.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"
#include "contracts/rule_ids/modify_qp.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>

namespace ibvcert {
namespace {

constexpr int kQps = 4;

struct DeviceSnapshot {
	std::map<uint32_t, QpSnapshot> qps;
	int srq_ret = 0;
	ibv_srq_attr srq{};
};

std::string srq_text(int ret, const ibv_srq_attr &a)
{
	return fmt::format("ibv_query_srq -> {}, max_wr={} max_sge={} srq_limit={}", errno_name(ret),
			   a.max_wr, a.max_sge, a.srq_limit);
}

class DeviceIsolation : public ::testing::Test {
protected:
	void TearDown() override
	{
		qps.clear();
		srq.reset();
		pd.reset();
		builder.reset();
		leak_check.expect_none_left();
	}

	DeviceSnapshot snapshot()
	{
		DeviceSnapshot s;
		for (auto &qp : qps)
			s.qps[qp->qp_num()] = take_snapshot(*qp);
		if (srq)
			s.srq_ret = srq->query(s.srq);
		return s;
	}

	// What changed on objects other than the QP numbered `acted`.
	std::vector<std::string> others_changed(const DeviceSnapshot &a, const DeviceSnapshot &b,
						uint32_t acted)
	{
		std::vector<std::string> out;
		for (const auto &[num, before] : a.qps) {
			if (num == acted)
				continue;
			for (const auto &d : snapshot_diff(before, b.qps.at(num)))
				out.push_back(fmt::format("QP {:#x}: {}", num, d));
		}
		if (srq && (a.srq_ret != b.srq_ret || a.srq.max_wr != b.srq.max_wr ||
			    a.srq.max_sge != b.srq.max_sge || a.srq.srq_limit != b.srq.srq_limit))
			out.push_back("SRQ: " + srq_text(a.srq_ret, a.srq) + " -> " +
				      srq_text(b.srq_ret, b.srq));
		return out;
	}

	std::string evidence(const std::string &call, int ret, const std::vector<std::string> &changed)
	{
		std::string out = "device: " + run_device().name() + "\nQPs (RC):";
		for (auto &qp : qps)
			out += fmt::format(" {:#x} ({})", qp->qp_num(), qp_state_name(qp->state_field()));
		out += srq ? "\nSRQ: max_wr 16, srq_limit 4 (armed)\n" : "\nno SRQ\n";
		out += call + " -> " + errno_name(ret) + "\n";
		for (const auto &c : changed)
			out += "  changed: " + c + "\n";
		return out + "replay: " + replay_command() + " --filter '" +
		       ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name() + "." +
		       ::testing::UnitTest::GetInstance()->current_test_info()->name() + "'\n";
	}

	LeakCheck leak_check; // first: counts from before the case
	std::unique_ptr<QpBuilder> builder;
	std::unique_ptr<Pd> pd;
	std::unique_ptr<Srq> srq;
	std::vector<std::unique_ptr<Qp>> qps;
};

TEST_F(DeviceIsolation, ModifyOnOneQpChangesNoOtherObject)
{
	record_clause({rule_id::modify_qp_other_objects_unchanged,
		       {rule_id::modify_qp_required_set_accepted}});
	Device &device = run_device();
	const DeviceCaps *caps = nullptr;
	ASSERT_EQ(run_caps(caps), 0) << "querying device/port 1 attributes";
	if (device.transport() == IBV_TRANSPORT_IWARP)
		GTEST_SKIP() << "iWARP device: RTR and RTS are reached through rdma_cm, not a direct "
				"ibv_modify_qp";
	builder = std::make_unique<QpBuilder>(device, *caps);
	ASSERT_EQ(builder->init(), 0) << "PD/CQ setup";
	// Every QP first, so their numbers are consecutive where the device
	// numbers in order (the builder's RTR peer comes later).
	for (int i = 0; i < kQps; i++) {
		std::unique_ptr<Qp> qp;
		int ret = builder->create(IBV_QPT_RC, qp);
		ASSERT_EQ(ret, 0) << "ibv_create_qp(RC) returned " << errno_name(ret);
		qps.push_back(std::move(qp));
	}
	std::sort(qps.begin(), qps.end(),
		  [](const auto &a, const auto &b) { return a->qp_num() < b->qp_num(); });
	if (device.alloc_pd(pd) == 0) {
		ibv_srq_init_attr init{};
		init.attr.max_wr = 16;
		init.attr.max_sge = 1;
		if (device.create_srq(*pd, init, srq) == 0) {
			ibv_srq_attr arm{};
			arm.srq_limit = 4;
			if (srq->modify(arm, IBV_SRQ_LIMIT))
				srq.reset(); // the SRQ part needs an armed SRQ; the QPs still count
		}
	}
	for (auto &qp : qps) {
		uint32_t acted = qp->qp_num();
		ibv_qp_state at = IBV_QPS_RESET;
		auto step = [&](ibv_qp_state next, int mask, std::function<void(ibv_qp_attr &)> tweak) {
			ibv_qp_attr attr = builder->valid_attr(*qp, at, next, mask);
			if (tweak)
				tweak(attr);
			DeviceSnapshot before = snapshot();
			int ret = qp->modify(attr, mask);
			DeviceSnapshot after = snapshot();
			std::string call = fmt::format("ibv_modify_qp(QP {:#x}, {}->{}, {}, {})", acted,
						       qp_state_name(at), qp_state_name(next),
						       qp_attr_mask_names(mask), describe_attr(attr, mask));
			auto changed = others_changed(before, after, acted);
			EXPECT_TRUE(changed.empty())
				<< "a modify of one QP changed other objects of the device\n"
				<< evidence(call, ret, changed);
			if (ret == 0)
				at = next;
			return ret;
		};
		for (ibv_qp_state next : QpBuilder::path_to(IBV_QPS_RTS)) {
			const QpTransition *t = QpTransitionTable::kernel().find(IBV_QPT_RC, at, next);
			ASSERT_TRUE(t) << "the transition table changed";
			int ret = step(next, IBV_QP_STATE | t->required, nullptr);
			ASSERT_EQ(ret, 0) << "precondition: the walk to RTS failed at "
					  << qp_state_name(at) << "->" << qp_state_name(next);
		}
		const QpTransition *t = QpTransitionTable::kernel().find(IBV_QPT_RC, IBV_QPS_RTS, IBV_QPS_RTS);
		if (t && (t->optional & IBV_QP_MIN_RNR_TIMER))
			step(IBV_QPS_RTS, IBV_QP_MIN_RNR_TIMER,
			     [](ibv_qp_attr &a) { a.min_rnr_timer = (a.min_rnr_timer + 7) % 32; });
		if (HasFailure())
			return;
	}
}

} // namespace
} // namespace ibvcert
