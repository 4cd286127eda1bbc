// Measured send rates on the emulated device's modelled link, against what
// the send-rate clauses expect: the rate error of a paced QP (the
// RateLimitPacing cases) and of each group of the man page's scheduling
// example (the SchedShares and SchedIdleShare cases), with the wall time one
// measurement costs. Same setups as the clauses: 1024-byte frames,
// 2 x burst + 64 frames paced; 5 ms of virtual time backlogged, rates over
// its middle 80%.
//   build/bench/emu_send_rate_bench
#include "fixtures/device_caps.h"
#include "fixtures/emu/emu_device.h"
#include "fixtures/fair_share.h"
#include "fixtures/link_rate.h"
#include "fixtures/send_rig.h"
#include "fixtures/send_stats.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>

namespace {

using namespace ibvcert;

constexpr uint32_t kFrame = 1024;
constexpr uint32_t kBw = MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE;
constexpr uint32_t kMax = MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW;

struct Emu {
	explicit Emu(int qps)
	{
		device = make_emu_device();
		read_device_caps(*device, 1, caps);
		rig = std::make_unique<SendRig>(*device, caps);
		std::string step;
		ok = rig->prepare(qps, kFrame, IBV_QPS_RTS, step) == 0;
	}
	~Emu() { rig.reset(); }
	std::unique_ptr<Device> device;
	DeviceCaps caps;
	std::unique_ptr<SendRig> rig;
	bool ok = false;
};

// rate_limit kbps with a burst of burst_frames frames: the relative error of
// the steady rate, and the worst window's excess over rate x window as a
// fraction of the burst.
void BM_Pacing(benchmark::State &state)
{
	uint32_t kbps = (uint32_t)state.range(0);
	uint32_t burst = (uint32_t)state.range(1) * kFrame;
	double error = 0, excess = 0;
	for (auto _ : state) {
		Emu emu(1);
		ibv_qp_rate_limit_attr a{kbps, burst, kFrame, 0};
		if (!emu.ok || emu.rig->qp(0).modify_rate_limit(a)) {
			state.SkipWithError("setting up the paced QP failed");
			return;
		}
		uint64_t frames = 2 * burst / kFrame + 64;
		if (!emu.rig->send_frames({frames}).empty()) {
			state.SkipWithError("sending failed");
			return;
		}
		error = steady_rate(emu.rig->records(0)) / (kbps * 1e3) - 1;
		excess = max_window_excess(emu.rig->records(0), kbps * 1e3, 0).bytes / burst;
	}
	state.counters["rate_Gbps"] = kbps / 1e6;
	state.counters["rate_err_%"] = 100 * error;
	state.counters["excess/burst"] = excess;
}

// The example tree under a node of node_mbps, group2 busy or idle: each
// group's measured rate against its weighted max-min fair share.
void BM_Shares(benchmark::State &state)
{
	uint32_t node_mbps = (uint32_t)state.range(0);
	bool g2_busy = state.range(1);
	double err[2] = {0, 0}, want[2] = {0, 0};
	for (auto _ : state) {
		Emu emu(2);
		std::unique_ptr<SchedNode> root, node;
		std::unique_ptr<SchedLeaf> g1, g2;
		Device &d = *emu.device;
		if (!emu.ok || d.create_sched_node({}, root) ||
		    d.create_sched_node({root.get(), kMax, 0, node_mbps, 0}, node) ||
		    d.create_sched_leaf({node.get(), kBw, 7, 0, 0}, g1) ||
		    d.create_sched_leaf({node.get(), kBw | kMax, 3, 4096, 0}, g2) ||
		    d.modify_qp_sched_elem(emu.rig->qp(0), g1.get(), nullptr) ||
		    d.modify_qp_sched_elem(emu.rig->qp(1), g2.get(), nullptr)) {
			state.SkipWithError("building the tree failed");
			return;
		}
		auto span = std::chrono::milliseconds(5);
		int64_t t0 = d.clock().now().count();
		if (!emu.rig->keep_backlogged({true, g2_busy}, span).empty()) {
			state.SkipWithError("sending failed");
			return;
		}
		std::vector<ShareElement> tree = {{-1, 1, 0, false},     {0, 1, node_mbps * 1e6, false},
						  {1, 7, 0, false},      {1, 3, 4096e6, false},
						  {2, 1, 0, true},       {3, 1, 0, g2_busy}};
		auto shares = fair_shares(tree, (double)port_rate_bps(emu.caps.port));
		int64_t ns = std::chrono::nanoseconds(span).count();
		for (int i = 0; i < 2; i++) {
			want[i] = shares[4 + i];
			double got = rate_in(emu.rig->records(i), t0 + ns / 10, t0 + ns * 9 / 10);
			err[i] = want[i] ? got / want[i] - 1 : got;
		}
		emu.rig.reset(); // QPs before their leaves
	}
	state.counters["g1_Gbps"] = want[0] / 1e9;
	state.counters["g1_err_%"] = 100 * err[0];
	state.counters["g2_Gbps"] = want[1] / 1e9;
	state.counters["g2_err_%"] = g2_busy ? 100 * err[1] : 0;
}

BENCHMARK(BM_Pacing)->ArgNames({"kbps", "burst_frames"})->Args({1000000, 16})->Args({10000000, 64})
	->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Shares)->ArgNames({"node_mbps", "g2_busy"})->Args({10000, 1})->Args({20000, 1})
	->Args({10000, 0})->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
