// The scheduling-element commands of the whole-device state machine (mlx5dv
// scheduling nodes and leaves): SchedCreate (nodes under nodes, leaves),
// SchedModify and SchedDestroy, the verdicts from the tree the model holds
// (SchedModel over the sched rules), each call held to its verb's judges.
#include "properties/device_step.h"

#include "contracts/names.h"
#include "contracts/sched_judge.h"
#include "fixtures/generators/qos_values.h"
#include "fixtures/sched_attr.h"

#include <fmt/format.h>

#include <ostream>

namespace ibvcert {
namespace {

// The request with its parent named by the model's token, and the same
// request on the device, its parent the device's node of that slot.
SchedAttr sched_request_of(const gen::SchedValues &v, int parent)
{
	return SchedAttr{parent >= 0 ? const_cast<SchedNode *>(DeviceModel::sched_token(parent))
				     : nullptr,
			 v.flags, v.bw_share, v.max_avg_bw, v.comp_mask};
}

SchedAttr on_device(const DeviceBench &b, SchedAttr a, int parent)
{
	a.parent = parent >= 0 ? static_cast<SchedNode *>(b.sched[parent].get()) : nullptr;
	return a;
}

std::string sched_what(const SchedAttr &a, int parent)
{
	return describe_sched_attr(a, parent >= 0 ? slot_label("sched", parent) : std::string("null"));
}

class SchedCreate : public Step {
public:
	explicit SchedCreate(const DeviceModel &m)
	{
		RC_PRE(m.defaults.sched);
		std::vector<int> empty, shallow;
		for (int i = 0; i < (int)m.sched.elements.size(); i++) {
			if (!m.sched.live(i))
				empty.push_back(i);
			else if (m.sched.at(i).kind != SchedKind::Leaf && m.sched.depth(i) <= 1)
				shallow.push_back(i);
		}
		RC_PRE(!empty.empty());
		slot_ = *rc::gen::elementOf(empty);
		leaf_ = !shallow.empty() && *rc::gen::arbitrary<bool>();
		parent_ = shallow.empty() || *rc::gen::inRange(0, 6) == 0 ? -1 : *rc::gen::elementOf(shallow);
		values_ = *gen::sched_values();
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.defaults.sched && !m.sched.live(slot_));
		RC_PRE(parent_ < 0 || (m.sched.live(parent_) && m.sched.at(parent_).kind != SchedKind::Leaf));
	}
	void apply(DeviceModel &m) const override
	{
		SchedAttr req = sched_request_of(values_, parent_);
		if (m.sched.create_verdict(*m.caps, leaf_, req).accepts())
			m.sched.created(slot_, leaf_ ? nullptr : DeviceModel::sched_token(slot_), leaf_, req);
	}
	void show(std::ostream &os) const override
	{
		os << "SchedCreate " << slot_label("sched", slot_) << (leaf_ ? " leaf " : " node ")
		   << sched_what(sched_request_of(values_, parent_), parent_);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		SchedAttr req = sched_request_of(values_, parent_);
		Verdict v = m.sched.create_verdict(*m.caps, leaf_, req);
		SchedAttr sent = on_device(b, req, parent_);
		int ret;
		if (leaf_) {
			std::unique_ptr<SchedLeaf> l;
			ret = b.run.device().create_sched_leaf(sent, l);
			if (!ret)
				b.sched[slot_] = std::move(l);
		} else {
			std::unique_ptr<SchedNode> n;
			ret = b.run.device().create_sched_node(sent, n);
			if (!ret)
				b.sched[slot_] = std::move(n);
		}
		EffectObservation effect;
		effect.verb = Verb::SchedCreate;
		effect.result = ret;
		effect.request_known = true;
		effect.request = v;
		hold_verdict(*this, m, b, judge_whole_call({Verb::SchedCreate, ret}, effect),
			     std::string(leaf_ ? "leaf" : "node") + " create " + sched_what(req, parent_) +
				     " returned " + errno_name(ret) + "; contract: " + v.describe());
	}

private:
	int slot_ = 0, parent_ = -1;
	bool leaf_ = false;
	gen::SchedValues values_;
};

class SchedModify : public Step {
public:
	explicit SchedModify(const DeviceModel &m)
	{
		RC_PRE(m.defaults.sched);
		std::vector<int> live;
		for (int i = 0; i < (int)m.sched.elements.size(); i++)
			if (m.sched.live(i))
				live.push_back(i);
		RC_PRE(!live.empty());
		slot_ = *rc::gen::elementOf(live);
		parent_ = m.sched.at(slot_).parent;
		values_ = *gen::sched_values();
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.defaults.sched && m.sched.live(slot_) && m.sched.at(slot_).parent == parent_);
	}
	void apply(DeviceModel &m) const override
	{
		SchedAttr req = sched_request_of(values_, parent_);
		if (m.sched.modify_verdict(*m.caps, slot_, req).accepts())
			m.sched.modified(slot_, req);
	}
	void show(std::ostream &os) const override
	{
		os << "SchedModify " << slot_label("sched", slot_) << " "
		   << sched_what(sched_request_of(values_, parent_), parent_);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		SchedAttr req = sched_request_of(values_, parent_);
		Verdict v = m.sched.modify_verdict(*m.caps, slot_, req);
		SchedElement &e = *b.sched[slot_];
		SchedAttr before{}, after{};
		int qb = m.defaults.sched_query ? e.query(before) : -1;
		int ret = e.modify(on_device(b, req, parent_));
		int qa = m.defaults.sched_query ? e.query(after) : -1;
		// The effect rows on what the element applies, read before and after.
		EffectObservation effect;
		effect.verb = Verb::SchedModify;
		effect.result = ret;
		effect.request_known = true;
		effect.request = v;
		effect.viewed = qb == 0 && qa == 0;
		if (effect.viewed && (before.bw_share != after.bw_share || before.max_avg_bw != after.max_avg_bw))
			effect.changes.push_back(fmt::format("bw_share {} -> {}, max_avg_bw {} -> {}", before.bw_share,
							     after.bw_share, before.max_avg_bw, after.max_avg_bw));
		hold_verdict(*this, m, b, judge_whole_call({Verb::SchedModify, ret}, effect),
			     "modify " + sched_what(req, parent_) + " returned " + errno_name(ret) +
				     "; contract: " + v.describe());
	}

private:
	int slot_ = 0, parent_ = -1;
	gen::SchedValues values_;
};

class SchedDestroy : public Step {
public:
	explicit SchedDestroy(const DeviceModel &m)
	{
		RC_PRE(m.defaults.sched);
		std::vector<int> live;
		for (int i = 0; i < (int)m.sched.elements.size(); i++)
			if (m.sched.live(i))
				live.push_back(i);
		RC_PRE(!live.empty());
		slot_ = *rc::gen::elementOf(live);
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.defaults.sched && m.sched.live(slot_));
	}
	void apply(DeviceModel &m) const override
	{
		if (!m.sched.destroy_breaks(slot_))
			m.sched.destroyed(slot_);
	}
	void show(std::ostream &os) const override { os << "SchedDestroy " << slot_label("sched", slot_); }

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		const ContractRule *breaks = m.sched.destroy_breaks(slot_);
		int ret = b.sched[slot_]->destroy();
		const std::string what = "destroy returned " + errno_name(ret);
		SchedCallView destroy;
		destroy.call = SchedCall::Destroy;
		destroy.result = ret;
		destroy.had_children = breaks != nullptr;
		destroy.what = "destroy of " + slot_label("sched", slot_);
		hold_verdict(*this, m, b, judge_sched_call(destroy), what);
		// The model takes an element without children away.
		if (!breaks && ret)
			fail_step(*this, m, b, "precondition: a scheduling element without children goes", {what});
		if (!ret)
			b.sched[slot_].reset();
	}

private:
	int slot_ = 0;
};
} // namespace

void add_sched_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	if (!m.defaults.sched)
		return;
	mix.push_back({2, execOneOfWithArgs<SchedCreate>()(m)});
	mix.push_back({2, execOneOfWithArgs<SchedModify>()(m)});
	mix.push_back({1, execOneOfWithArgs<SchedDestroy>()(m)});
}

} // namespace ibvcert
