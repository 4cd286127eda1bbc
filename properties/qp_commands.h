// The commands of the QP state machine (rapidcheck/state.h), each run
// against the device (QpFleet) and the model (QpFleetModel):
//   ModifyQp  one ibv_modify_qp request drawn for the QP's model state
//   WalkQp    RESET, then each step's required set to a reachable state
//   QueryQp   ibv_query_qp and ibv_qp::state against the model
// New QP contracts add their commands here (post/poll, rate limit, ECE)
// and to qp_command(); the SRQ's are in srq_commands.h.
#pragma once

#include "fixtures/generators/modify_qp_request.h"
#include "properties/property_run.h"
#include "fixtures/model/qp_model.h"

#include <rapidcheck.h>
#include <rapidcheck/state.h>

namespace ibvcert {

// The model side: the run's device and a model per QP.
struct QpFleetModel {
	const DeviceCaps *caps = nullptr; // the run's device, for verdicts
	std::vector<QpModel> qps;
};

// The device side: the run's device and one QP per model QP.
struct QpFleet {
	PropertyRun &run;
	std::vector<std::unique_ptr<Qp>> qps;
	bool compare_attributes; // QueryQp compares set attributes, not only states

	// Creates a QP of each model QP's type, in RESET. Fails the case when
	// the device cannot.
	void create(const QpFleetModel &model);
};

using QpCommand = rc::state::Command<QpFleetModel, QpFleet>;

// An initial model: one to three QPs of the types the device creates.
rc::Gen<QpFleetModel> initial_fleet(const PropertyRun &run);
void showValue(const QpFleetModel &model, std::ostream &os);

// The next command for the model (weighted: mostly modifies).
rc::Gen<std::shared_ptr<const QpCommand>> qp_command(const QpFleetModel &model);

} // namespace ibvcert
