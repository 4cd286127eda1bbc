#include "properties/qp_commands.h"

#include "contracts/names.h"
#include "fixtures/qp_builder.h"
#include "contracts/qp_table.h"
#include "properties/modify_evidence.h"

#include <ostream>

namespace ibvcert {
namespace {

std::string label(size_t slot)
{
	return "qp" + std::to_string(slot);
}

rc::Gen<size_t> any_slot(const QpFleetModel &model)
{
	std::vector<size_t> slots;
	for (size_t i = 0; i < model.qps.size(); i++)
		slots.push_back(i);
	return rc::gen::elementOf(slots);
}

// One ibv_modify_qp on the device, checked against the model's verdict:
// the outcome class agrees, a rejection returns an errno and changes
// nothing, an acceptance moves ibv_qp::state at once. step names the
// command's step in the evidence ("" for a single modify).
void run_modify(const QpFleetModel &model, QpFleet &fleet, size_t slot, const ibv_qp_attr &attr,
		int attr_mask, const std::string &step)
{
	const QpModel &m = model.qps[slot];
	Qp &qp = *fleet.qps[slot];
	ModifyEvidence e;
	e.device = fleet.run.device().name();
	e.type = m.type;
	e.qp_num = qp.qp_num();
	e.qp_label = label(slot);
	e.from = m.state;
	e.attr_mask = attr_mask;
	e.attr = attr;
	e.contract = m.verdict(*model.caps, attr, attr_mask);
	if (!step.empty())
		e.extra.push_back("step: " + step);

	QpSnapshot before = take_snapshot(qp);
	ibv_qp_attr sent = attr;
	e.ret = qp.modify(sent, attr_mask);
	ibv_qp_state field_after = qp.state_field();
	QpSnapshot after = take_snapshot(qp);

	auto verdict = e.contract.verdict();
	if (verdict == Verdict::Class::Accept && e.ret != 0)
		RC_FAIL(describe("ibv_modify_qp rejected a request the model accepts", e));
	if (verdict != Verdict::Class::Accept && e.ret == 0)
		RC_FAIL(describe("ibv_modify_qp accepted a request the model rejects", e));
	if (e.ret < 0)
		RC_FAIL(describe("ibv_modify_qp returned a negative value, not an errno", e));
	if (e.ret != 0) {
		e.changed = snapshot_diff(before, after);
		if (field_after != before.state_field_refreshed)
			e.changed.push_back("ibv_qp::state right after the modify: " +
					    qp_state_name(before.state_field_refreshed) + " -> " +
					    qp_state_name(field_after));
		if (!e.changed.empty())
			RC_FAIL(describe("ibv_modify_qp failed but changed the QP", e));
	} else if (field_after != e.contract.next) {
		e.extra.push_back("ibv_qp::state after the modify: " + qp_state_name(field_after));
		RC_FAIL(describe("ibv_modify_qp returned 0 but ibv_qp::state is not " +
					 qp_state_name(e.contract.next),
				 e));
	}
}

class ModifyQp : public QpCommand {
public:
	explicit ModifyQp(const QpFleetModel &model)
		: slot_(*any_slot(model)),
		  request_(*gen::modify_qp_request(*model.caps, model.qps[slot_].type,
						   model.qps[slot_].state,
						   gen::RequestMix::must_breach()))
	{
	}

	void checkPreconditions(const QpFleetModel &model) const override
	{
		RC_PRE(slot_ < model.qps.size());
		// The model has no answer for a request only SHOULD-level faults
		// reject (a provider may mask them): such a request, drawn for
		// another state and carried here by shrinking, is left out.
		RC_PRE(verdict(model).verdict() != Verdict::Class::ShouldReject);
	}

	void apply(QpFleetModel &model) const override
	{
		if (verdict(model).accepts())
			model.qps[slot_].accept(request_.attr, request_.attr_mask);
	}

	void run(const QpFleetModel &model, QpFleet &fleet) const override
	{
		run_modify(model, fleet, slot_, request_.attr, request_.attr_mask, "");
	}

	void show(std::ostream &os) const override
	{
		os << "ModifyQp " << label(slot_) << " to "
		   << ((request_.attr_mask & IBV_QP_STATE) ? qp_state_name(request_.attr.qp_state)
							    : "(no IBV_QP_STATE)")
		   << " [" << gen::mask_shape_name(request_.shape) << "]: "
		   << qp_attr_mask_names(request_.attr_mask) << " {"
		   << describe_attr(request_.attr, request_.attr_mask) << "}";
	}

private:
	ModifyQpVerdict verdict(const QpFleetModel &model) const
	{
		return model.qps[slot_].verdict(*model.caps, request_.attr, request_.attr_mask);
	}

	size_t slot_;
	gen::ModifyQpRequest request_;
};

struct WalkStep {
	ibv_qp_state to;
	int attr_mask;
	ibv_qp_attr attr;
};

class WalkQp : public QpCommand {
public:
	explicit WalkQp(const QpFleetModel &model)
		: slot_(*any_slot(model)), target_(*gen::start_state())
	{
		const QpModel &m = model.qps[slot_];
		ibv_qp_state at = m.state;
		std::vector<ibv_qp_state> path = {IBV_QPS_RESET};
		for (ibv_qp_state s : QpBuilder::path_to(target_))
			path.push_back(s);
		for (ibv_qp_state to : path) {
			const QpTransition *row = QpTransitionTable::kernel().find(m.type, at, to);
			int mask = IBV_QP_STATE | (row ? row->required : 0);
			auto planned = *gen::qp_attr(*model.caps, at, to, mask, gen::Invalid::None);
			steps_.push_back({to, mask, planned.attr});
			at = to;
		}
	}

	void checkPreconditions(const QpFleetModel &model) const override
	{
		RC_PRE(slot_ < model.qps.size());
		QpModel m = model.qps[slot_];
		for (const auto &s : steps_) {
			RC_PRE(m.verdict(*model.caps, s.attr, s.attr_mask).accepts());
			m.accept(s.attr, s.attr_mask);
		}
	}

	void apply(QpFleetModel &model) const override
	{
		QpModel &m = model.qps[slot_];
		for (const auto &s : steps_)
			m.accept(s.attr, s.attr_mask);
	}

	void run(const QpFleetModel &model, QpFleet &fleet) const override
	{
		QpFleetModel at = model;
		for (size_t i = 0; i < steps_.size(); i++) {
			const auto &s = steps_[i];
			run_modify(at, fleet, slot_, s.attr, s.attr_mask,
				   std::to_string(i + 1) + " of the walk to " +
					   qp_state_name(target_));
			at.qps[slot_].accept(s.attr, s.attr_mask);
		}
	}

	void show(std::ostream &os) const override
	{
		os << "WalkQp " << label(slot_) << " to " << qp_state_name(target_) << ":";
		for (const auto &s : steps_)
			os << " ->" << qp_state_name(s.to) << " {"
			   << describe_attr(s.attr, s.attr_mask & ~IBV_QP_STATE) << "}";
	}

private:
	size_t slot_;
	ibv_qp_state target_;
	std::vector<WalkStep> steps_;
};

class QueryQp : public QpCommand {
public:
	explicit QueryQp(const QpFleetModel &model) : slot_(*any_slot(model)) {}

	void checkPreconditions(const QpFleetModel &model) const override
	{
		RC_PRE(slot_ < model.qps.size());
	}

	void run(const QpFleetModel &model, QpFleet &fleet) const override
	{
		const QpModel &m = model.qps[slot_];
		Qp &qp = *fleet.qps[slot_];
		auto differ = texts(m.disagreements(take_snapshot(qp),
						     fleet.compare_attributes ? m.loaded : 0));
		if (differ.empty())
			return;
		char qpn[16];
		snprintf(qpn, sizeof(qpn), "0x%x", qp.qp_num());
		std::string out = "ibv_query_qp disagrees with the model\ndevice: " +
				  fleet.run.device().name() + "\nqp: " + label(slot_) + " " +
				  qp_type_name(m.type) + " qp_num=" + qpn + ", model in " +
				  qp_state_name(m.state) + "\nmodel attributes: " +
				  describe_attr(m.values, m.loaded) + "\ndisagreements:";
		for (const auto &d : differ)
			out += "\n  " + d;
		RC_FAIL(out);
	}

	void show(std::ostream &os) const override { os << "QueryQp " << label(slot_); }

private:
	size_t slot_;
};

} // namespace

void QpFleet::create(const QpFleetModel &model)
{
	for (size_t i = 0; i < model.qps.size(); i++) {
		std::unique_ptr<Qp> qp;
		std::string failed;
		if (run.new_qp(model.qps[i].type, IBV_QPS_RESET, qp, failed))
			RC_FAIL("precondition: creating " + label(i) + " failed: " + failed +
				"\ndevice: " + run.device().name());
		qps.push_back(std::move(qp));
	}
}

rc::Gen<QpFleetModel> initial_fleet(const PropertyRun &run)
{
	const DeviceCaps *caps = &run.caps();
	auto types = rc::gen::elementOf(run.qp_types());
	return rc::gen::map(
		rc::gen::mapcat(rc::gen::inRange<size_t>(1, 4),
				[types](size_t n) {
					return rc::gen::container<std::vector<ibv_qp_type>>(n, types);
				}),
		[caps](const std::vector<ibv_qp_type> &qp_types) {
			QpFleetModel model;
			model.caps = caps;
			for (ibv_qp_type t : qp_types)
				model.qps.push_back(QpModel{t});
			return model;
		});
}

void showValue(const QpFleetModel &model, std::ostream &os)
{
	for (size_t i = 0; i < model.qps.size(); i++)
		os << (i ? ", " : "") << label(i) << " " << qp_type_name(model.qps[i].type) << " in "
		   << qp_state_name(model.qps[i].state);
}

rc::Gen<std::shared_ptr<const QpCommand>> qp_command(const QpFleetModel &model)
{
	using rc::state::gen::execOneOfWithArgs;
	return rc::gen::weightedOneOf<std::shared_ptr<const QpCommand>>(
		{{6, execOneOfWithArgs<ModifyQp>()(model)},
		 {1, execOneOfWithArgs<WalkQp>()(model)},
		 {3, execOneOfWithArgs<QueryQp>()(model)}});
}

} // namespace ibvcert
