// Loopback throughput of the emulated device through the Device interface:
// 64-byte RC SEND messages per second, single thread. Each iteration posts
// one receive (QP's own RQ, or an SRQ), one signaled send, and polls both
// completions, as an application's ping loop would.
//   build/bench/emu_loopback_bench
#include "fixtures/device_caps.h"
#include "fixtures/emu/emu_device.h"

#include <benchmark/benchmark.h>

#include <vector>

namespace {

using namespace ibvcert;

constexpr uint32_t kMessage = 64;

struct Loopback {
	explicit Loopback(bool use_srq)
	{
		device = make_emu_device();
		read_device_caps(*device, 1, caps);
		device->alloc_pd(pd);
		device->create_cq(256, cq);
		buf.assign(2 * kMessage, 0);
		device->reg_mr(*pd, buf.data(), buf.size(), IBV_ACCESS_LOCAL_WRITE, mr);
		if (use_srq) {
			ibv_srq_init_attr si{};
			si.attr.max_wr = 64;
			si.attr.max_sge = 1;
			device->create_srq(*pd, si, srq);
		}
		ibv_qp_init_attr init{};
		init.qp_type = IBV_QPT_RC;
		init.cap = {64, 64, 1, 1, 0};
		device->create_qp(*pd, *cq, *cq, init, a);
		device->create_qp(*pd, *cq, *cq, srq.get(), init, b);
		std::string why;
		ok = device->connect_loopback(*a, *b, why) == 0;
		send_sge = {(uint64_t)(uintptr_t)buf.data(), kMessage, mr->lkey()};
		recv_sge = {(uint64_t)(uintptr_t)(buf.data() + kMessage), kMessage, mr->lkey()};
		swr.sg_list = &send_sge;
		swr.num_sge = 1;
		swr.opcode = IBV_WR_SEND;
		swr.send_flags = IBV_SEND_SIGNALED;
		rwr.sg_list = &recv_sge;
		rwr.num_sge = 1;
	}
	~Loopback()
	{
		b.reset();
		a.reset();
	}

	// One message: false when a verb failed or a completion is not a success.
	bool round_trip()
	{
		ibv_recv_wr *rbad;
		ibv_send_wr *sbad;
		if ((srq ? srq->post_recv(&rwr, &rbad) : b->post_recv(&rwr, &rbad)) ||
		    a->post_send(&swr, &sbad))
			return false;
		ibv_wc wc[2];
		int n = cq->poll(2, wc);
		return n == 2 && wc[0].status == IBV_WC_SUCCESS && wc[1].status == IBV_WC_SUCCESS;
	}

	std::unique_ptr<Device> device;
	DeviceCaps caps;
	std::unique_ptr<Pd> pd;
	std::unique_ptr<Cq> cq;
	std::vector<uint8_t> buf;
	std::unique_ptr<Mr> mr;
	std::unique_ptr<Srq> srq;
	std::unique_ptr<Qp> a, b;
	ibv_sge send_sge{}, recv_sge{};
	ibv_send_wr swr{};
	ibv_recv_wr rwr{};
	bool ok = false;
};

void run(benchmark::State &state, bool use_srq)
{
	Loopback lb(use_srq);
	if (!lb.ok) {
		state.SkipWithError("connecting the loopback QPs failed");
		return;
	}
	for (auto _ : state) {
		if (!lb.round_trip()) {
			state.SkipWithError("a verb or a completion failed");
			break;
		}
	}
	state.SetItemsProcessed(state.iterations());
	state.SetBytesProcessed(state.iterations() * kMessage);
	state.counters["msgs/s"] =
		benchmark::Counter((double)state.iterations(), benchmark::Counter::kIsRate);
}

void BM_EmuRcSend64(benchmark::State &state) { run(state, false); }
void BM_EmuRcSend64Srq(benchmark::State &state) { run(state, true); }

BENCHMARK(BM_EmuRcSend64);
BENCHMARK(BM_EmuRcSend64Srq);

} // namespace

BENCHMARK_MAIN();
