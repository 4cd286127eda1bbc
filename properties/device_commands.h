// The commands of the whole-device state machine (rapidcheck/state.h), each
// one verb call on one object of a device that holds several at once, run
// against the device (DeviceBench) and the model (DeviceModel):
//   CreateQp / DestroyQp        a QP of any type the device creates, in RESET
//   ModifyQp / WalkQp           ibv_modify_qp requests, one or a valid walk
//   PaceQp / DrainQp            RTS->RTS with IBV_QP_RATE_LIMIT; RTS->SQD with
//                               IBV_QP_EN_SQD_ASYNC_NOTIFY
//   RateLimit / SetEce          ibv_modify_qp_rate_limit, ibv_set_ece
//   CreateCq / DestroyCq        ibv_create_cq of a cqe around 1 and max_cqe
//   ModifyCq                    ibv_modify_cq (moderation)
//   CqDrawnStep<Verb>           a verb of fixtures/object_verbs.h's
//                               IBVCERT_CQ_DRAWN_VERBS (ibv_resize_cq), its
//                               arguments from their classes (the completions
//                               it held are all polled after it)
//   SendOnCq / PollCq           a loopback RC pair on the CQ: ibv_post_recv,
//                               signaled SENDs (ibv_post_send), ibv_poll_cq
//   CreateSrq / DestroySrq      ibv_create_srq (srq_limit irrelevant there)
//   ModifySrq / PostSrqRecv     ibv_modify_srq, lists of receive WRs
//   ConsumeSrq                  messages that take the SRQ's WRs one by one
//                               (each SRQ comes with two loopback RC pairs
//                               whose responders share it: fixtures/rigs/srq_rig.h)
//   RegMr / DeregMr             ibv_reg_mr with any access combination
//   SchedCreate / SchedModify / SchedDestroy  mlx5 scheduling nodes and leaves
//   AwaitEvents                 ibv_get_async_event / ibv_ack_async_event
//   QpEvent / OverrunCq / AccessError  the QP and CQ async events' situations, judged by
//                               contracts/async_event_judge.h (device_event_commands.cpp)
// Every call goes to its verb's judge (contracts/call_judge.h: the result
// rows; the frame rows of contracts/frame_judge.h on every other object,
// viewed by repro/device_frame.h) and its outcome to the model's verdict.
// After every command, every observable of every live object (each QP's
// ibv_query_qp and ibv_qp::state, ECE, each CQ's cqe and moderation, each
// SRQ's ibv_query_srq, the async events) is compared with the model's
// prediction in one place (observe_device in device_commands.cpp).
#pragma once

#include "fixtures/device.h"
#include "fixtures/model/device_model.h"
#include "fixtures/rigs/srq_rig.h"
#include "fixtures/sched.h"
#include "properties/property_run.h"

#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include <memory>
#include <vector>

namespace ibvcert {

// The device side: the run's device, a PD for the MRs, and one object per
// live model slot (an SRQ with the QPs that consume its WRs), and the
// IBV_EVENT_SRQ_LIMIT_REACHED events read so far naming each SRQ slot.
struct DeviceBench {
	PropertyRun &run;
	std::unique_ptr<Pd> pd;
	std::vector<char> mr_buffer;
	std::vector<std::unique_ptr<Qp>> qps;
	std::vector<std::unique_ptr<Cq>> cqs;
	// Per CQ slot, the loopback RC pair whose completions it takes (made by
	// the first SendOnCq, destroyed before the CQ), and their buffer's MR.
	std::vector<std::vector<std::unique_ptr<Qp>>> cq_pairs;
	// Per CQ slot, the wr_ids of the completions it holds (each SEND's and
	// its receive's, kRecvWrId | the SEND's, not yet polled); the next
	// SEND's wr_id.
	std::vector<std::vector<uint64_t>> cq_held;
	uint64_t next_wr_id = 0;
	std::vector<char> dp_buffer;
	std::unique_ptr<Mr> dp_mr;
	std::vector<std::unique_ptr<SrqRig>> srqs;
	std::vector<std::unique_ptr<Mr>> mrs;
	std::vector<std::unique_ptr<SchedElement>> sched;
	std::vector<uint32_t> srq_limit_events;

	explicit DeviceBench(PropertyRun &r) : run(r) {}
	// Scheduling elements children first, then the rest in member order.
	~DeviceBench();
	// The PD; slots as many as the model's. "" or why not.
	std::string open(const DeviceModel &model);
};

// The bit that marks a receive WR's wr_id in cq_held.
constexpr uint64_t kRecvWrId = uint64_t(1) << 63;

using DeviceCommand = rc::state::Command<DeviceModel, DeviceBench>;

// What a new object of the run's device starts with (learned from a QP and
// a CQ made for it, then destroyed).
DeviceDefaults learn_defaults(PropertyRun &run, std::string &error);

// The initial model: every slot empty.
DeviceModel initial_device(PropertyRun &run, const DeviceDefaults &defaults);
void showValue(const DeviceModel &model, std::ostream &os);

// The next command for the model (weighted: creates while few objects
// live, then mostly calls on them).
rc::Gen<std::shared_ptr<const DeviceCommand>> device_command(const DeviceModel &model);

} // namespace ibvcert
