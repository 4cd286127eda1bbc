// A RAW_PACKET QP of an op's own, in RTS, sending signaled SENDs from an MR
// of its own onto a CQ of the op's: how the CQ rows (resize_cq, cq_notify,
// cq_overrun) put completions in a CQ. On a device with a virtual clock an
// unpaced new QP's frames take nanoseconds, so every SEND posted has
// completed once the clock ran 1 ms (run_clock). Declare it after the CQ:
// the QP, then the MR, go before the CQ does.
#pragma once

#include "fuzz/harness/lane.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace ibvcert::fuzz {

struct RawSender {
	std::vector<uint8_t> buf = std::vector<uint8_t>(64, 0);
	std::unique_ptr<Mr> mr;
	std::unique_ptr<Qp> qp;

	// The QP (send and receive CQ: cq, sq_sig_all, max_send_wr WRs) brought
	// to RTS, and the MR: "" or what went wrong.
	std::string make(Lane &lane, Cq &cq, uint32_t max_send_wr);
	// ibv_post_send of one signaled SEND of buf: what it returned.
	int send(uint64_t wr_id);
};

// Waits until the device's clock ran span (on a virtual clock: runs it).
void run_clock(Device &d, std::chrono::nanoseconds span);

} // namespace ibvcert::fuzz
