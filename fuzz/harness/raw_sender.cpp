#include "fuzz/harness/raw_sender.h"

#include "contracts/names.h"

namespace ibvcert::fuzz {

std::string RawSender::make(Lane &lane, Cq &cq, uint32_t max_send_wr)
{
	Device &d = lane.device();
	ibv_qp_init_attr init{};
	init.qp_type = IBV_QPT_RAW_PACKET;
	init.cap.max_send_wr = max_send_wr;
	init.cap.max_send_sge = 1;
	init.sq_sig_all = 1;
	std::string failed;
	if (int r = d.create_qp(lane.pd(), cq, cq, init, qp); r || !qp)
		return "ibv_create_qp (RAW_PACKET) returned " + errno_name(r);
	if (int r = lane.builder().bring_to(*qp, IBV_QPS_RTS, failed))
		return failed + " returned " + errno_name(r);
	if (int r = d.reg_mr(lane.pd(), buf.data(), buf.size(), 0, mr); r || !mr)
		return "ibv_reg_mr returned " + errno_name(r);
	return "";
}

int RawSender::send(uint64_t wr_id)
{
	ibv_sge sge = {(uint64_t)(uintptr_t)buf.data(), (uint32_t)buf.size(), mr->lkey()};
	ibv_send_wr wr{};
	wr.wr_id = wr_id;
	wr.sg_list = &sge;
	wr.num_sge = 1;
	wr.opcode = IBV_WR_SEND;
	wr.send_flags = IBV_SEND_SIGNALED;
	ibv_send_wr *bad = nullptr;
	return qp->post_send(&wr, &bad);
}

void run_clock(Device &d, std::chrono::nanoseconds span)
{
	DeviceClock &clock = d.clock();
	auto until = clock.now() + span;
	while (clock.now() < until)
		clock.wait(until - clock.now());
}

} // namespace ibvcert::fuzz
