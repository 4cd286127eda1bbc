#include "properties/modify_qp_trial.h"

#include "contracts/names.h"

#include <rapidcheck.h>

namespace ibvcert {

ModifyQpVerdict verdict_of(const PropertyRun &run, const gen::ModifyQpRequest &request)
{
	return evaluate_modify_qp(run.caps(), request.type, request.from, request.attr,
				 request.attr_mask);
}

ModifyEvidence ModifyQpTrial::evidence(const Device &device) const
{
	ModifyEvidence e;
	e.device = device.name();
	e.type = request.type;
	e.qp_num = qp ? qp->qp_num() : 0;
	e.from = request.from;
	e.attr_mask = request.attr_mask;
	e.attr = request.attr;
	e.ret = ret;
	e.contract = contract;
	e.changed = snapshot_diff(before, after);
	return e;
}

ModifyQpTrial run_trial(PropertyRun &run, const gen::ModifyQpRequest &request)
{
	ModifyQpTrial t;
	t.request = request;
	t.contract = verdict_of(run, request);
	std::string failed;
	if (run.new_qp(request.type, request.from, t.qp, failed))
		RC_FAIL("precondition: bringing a " + qp_type_name(request.type) + " QP to " +
			qp_state_name(request.from) + " failed: " + failed +
			"\ndevice: " + run.device().name());
	t.before = take_snapshot(*t.qp);
	if (t.before.query_ret)
		RC_FAIL("ibv_query_qp before the modify returned " + errno_name(t.before.query_ret) +
			"\ndevice: " + run.device().name());
	ibv_qp_attr attr = request.attr; // the device may write to it
	t.ret = t.qp->modify(attr, request.attr_mask);
	t.state_field_after = t.qp->state_field();
	t.after = take_snapshot(*t.qp);
	return t;
}

} // namespace ibvcert
