// The commands of the SRQ state machine (rapidcheck/state.h), each run
// against the device (SrqBench: one SRQ and the loopback RC pairs whose
// responders share it) and the model (SrqModel):
//   PostSrqRecv  ibv_post_srq_recv of n WRs, up to and past max_wr
//   ConsumeSrq   n messages from the loopback senders, one WR each
//   ModifySrq    one ibv_modify_srq request drawn around the boundaries
//   QuerySrq     ibv_query_srq against the model
//   AwaitEvent   the limit events the model expects by now have come, and
//                no more come within the quiet window
// Each step's outcome class and each query must agree with the model. An
// event is checked where it comes: a step that raises one the model does
// not expect fails at once; one the model expects may still be on its way
// until the next AwaitEvent.
#pragma once

#include "properties/srq_case.h"
#include "fixtures/model/srq_model.h"

#include <rapidcheck.h>
#include <rapidcheck/state.h>

namespace ibvcert {

struct SrqBench {
	SrqCase &c;
	const SrqSupport &support;
};

using SrqCommand = rc::state::Command<SrqModel, SrqBench>;

void showValue(const SrqModel &model, std::ostream &os);

// The next command for the model (weighted: mostly traffic and modifies).
rc::Gen<std::shared_ptr<const SrqCommand>> srq_command(const SrqModel &model);

// What ends every sequence: the WRs left consumed, then AwaitEvent.
std::vector<std::shared_ptr<const SrqCommand>> srq_settle(const SrqModel &model);

} // namespace ibvcert
