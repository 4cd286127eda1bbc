// The scheduling-element commands of the whole-device state machine (mlx5dv
// scheduling nodes and leaves): SchedCreate (nodes under nodes, leaves),
// SchedModify and SchedDestroy, the verdicts from the tree the model holds
// (SchedModel over the sched rules), each call held to its verb's judges.
#include "properties/device_step.h"

#include "contracts/names.h"
#include "contracts/rule_ids/sched.h"
#include "contracts/sched_judge.h"
#include "fixtures/generators/qos_values.h"
#include "fixtures/link_rate.h"
#include "fixtures/sched_attr.h"
#include "fixtures/send_rig.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <ostream>
#include <sstream>

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
		leaf_ = !shallow.empty() && *rc::gen::inRange(0, 3) != 0;
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

// mlx5dv_modify_qp_sched_elem(3): a QP in RTS attached to a live leaf as its
// requestor, then detached (null leaves), each call judged by the sched
// call judge (the leaves the QP reads after it); the QP ends as it began,
// in no element, so the model's QPs and tree are unchanged.
class SchedAttach : public Step {
public:
	explicit SchedAttach(const DeviceModel &m)
	{
		RC_PRE(m.defaults.sched);
		std::vector<int> leaves;
		for (int i = 0; i < (int)m.sched.elements.size(); i++)
			if (m.sched.live(i) && m.sched.at(i).kind == SchedKind::Leaf)
				leaves.push_back(i);
		RC_PRE(!leaves.empty());
		leaf_ = *rc::gen::elementOf(leaves);
		qp_ = *slot_where(m.qps, [](const QpSlot &q) { return q.live && q.qp.state == IBV_QPS_RTS; });
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.defaults.sched && m.sched.live(leaf_) && m.sched.at(leaf_).kind == SchedKind::Leaf);
		RC_PRE(m.qps[qp_].live && m.qps[qp_].qp.state == IBV_QPS_RTS);
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "SchedAttach " << slot_label("qp", qp_) << " to " << slot_label("sched", leaf_)
		   << " as requestor, then detach";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Device &dev = b.run.device();
		Qp &qp = *b.qps[qp_];
		const SchedLeaf *leaf = dynamic_cast<const SchedLeaf *>(b.sched[leaf_].get());
		if (!leaf)
			fail_step(*this, m, b, "harness: the leaf slot holds no leaf", {});
		auto leaves_of = [&]() -> std::optional<QpLeaves> {
			const SchedLeaf *req = nullptr, *resp = nullptr;
			if (dev.query_qp_sched_elem(qp, req, resp))
				return std::nullopt;
			return QpLeaves{(uint64_t)(uintptr_t)req, (uint64_t)(uintptr_t)resp};
		};
		SchedCallView v;
		v.call = SchedCall::Attach;
		v.qp_type = m.qps[qp_].qp.type;
		v.asked = {(uint64_t)(uintptr_t)leaf, 0};
		v.what = "attaching " + slot_label("qp", qp_) + " to " + slot_label("sched", leaf_) + " as requestor";
		v.leaves_before = leaves_of();
		v.result = dev.modify_qp_sched_elem(qp, leaf, nullptr);
		v.leaves_after = leaves_of();
		if (v.result == EOPNOTSUPP)
			return; // no QP scheduling caps for this QP type
		hold_verdict(*this, m, b, judge_sched_call(v), v.what + " returned " + errno_name(v.result));
		SchedCallView d = v;
		d.asked = {};
		d.what = "detaching " + slot_label("qp", qp_) + " (null leaves)";
		d.leaves_before = d.leaves_after;
		d.result = dev.modify_qp_sched_elem(qp, nullptr, nullptr);
		d.leaves_after = leaves_of();
		hold_verdict(*this, m, b, judge_sched_call(d), d.what + " returned " + errno_name(d.result));
	}
	std::string names() const override { return slot_label("qp", qp_); }

private:
	int leaf_ = 0;
	size_t qp_ = 0;
};

// The leaves' path to their root: the leaf first.
std::vector<int> path_up(const SchedModel &t, int i)
{
	std::vector<int> path;
	for (; i >= 0; i = t.at(i).parent)
		path.push_back(i);
	return path;
}

// A cap below 1 Gb/s on the path holds a flow under what a short window
// resolves (the judge's tolerance), and keeping it backlogged only spins.
bool resolvable(const SchedModel &t, int i)
{
	for (int e : path_up(t, i))
		if (t.at(e).max_avg_bw > 0 && t.at(e).max_avg_bw < 1000)
			return false;
	return true;
}

// Two live leaves under one root whose measured split the model can
// predict: where their paths part, the two siblings both carry a bw_share,
// or neither does (both the device's default weight, whatever it is).
bool comparable(const SchedModel &t, int a, int b)
{
	std::vector<int> pa = path_up(t, a), pb = path_up(t, b);
	if (pa.back() != pb.back())
		return false;
	while (pa.size() > 1 && pb.size() > 1 && pa[pa.size() - 2] == pb[pb.size() - 2]) {
		pa.pop_back();
		pb.pop_back();
	}
	int sa = pa[pa.size() - 2], sb = pb[pb.size() - 2];
	// A cap below 1 Gb/s holds a flow under what a short window resolves
	// (the judge's tolerance), and keeping it backlogged only spins.
	if (!resolvable(t, a) || !resolvable(t, b))
		return false;
	return (t.at(sa).bw_share == 0) == (t.at(sb).bw_share == 0);
}

// The tree as the accepted calls made it, for the share judge: every live
// element of the model (entry[slot]), parents before children; a weight
// of 1 where bw_share is 0 (only compared with another such sibling).
std::vector<ShareElement> model_tree(const SchedModel &t, std::vector<int> &entry, std::vector<std::string> &text)
{
	std::vector<ShareElement> tree;
	entry.assign(t.elements.size(), -1);
	for (int pass = 0; pass < 4; pass++) // depth <= 3
		for (int i = 0; i < (int)t.elements.size(); i++) {
			if (!t.live(i) || entry[i] >= 0)
				continue;
			const auto &e = t.at(i);
			if (e.parent >= 0 && entry[e.parent] < 0)
				continue;
			entry[i] = (int)tree.size();
			tree.push_back({e.parent >= 0 ? entry[e.parent] : -1, e.bw_share ? (double)e.bw_share : 1.0,
					e.max_avg_bw * 1e6, false});
			text.push_back(fmt::format("{} (parent {}) bw_share {} max_avg_bw {}", slot_label("sched", i),
						   e.parent >= 0 ? slot_label("sched", e.parent) : "none", e.bw_share,
						   e.max_avg_bw));
		}
	return tree;
}

// Two RAW_PACKET QPs, one on each leaf, kept backlogged (50 us of emu0's
// virtual link time, 20 ms on a real clock) and detached; their rates held
// to the share judge (contracts/sched_judge.h judge_shares) against tree,
// where flows[i] is leaf i's entry.
void measure_pair(const DeviceCommand &step, const DeviceModel &m, DeviceBench &b, const SchedLeaf *const (&leaves)[2],
		  std::vector<ShareElement> tree, const int (&entries)[2], const std::string &what)
{
	Device &dev = b.run.device();
	const DeviceCaps &caps = *m.caps;
	const uint32_t mtu = port_mtu_bytes(caps.port);
	SendRig rig(dev, caps);
	std::string failed;
	if (int ret = rig.prepare(2, mtu ? std::min(1024u, mtu) : 1024u, IBV_QPS_RTS, failed))
		fail_step(step, m, b, "precondition: two RAW_PACKET QPs in RTS to send on",
			  {failed + " (" + errno_name(ret) + ")"});
	int attached = 0;
	// Each detach (null leaves) judged as the attach row says.
	std::vector<SchedCallView> detached;
	auto detach = [&] {
		for (int i = 0; i < attached; i++) {
			SchedCallView d;
			d.call = SchedCall::Attach;
			d.qp_type = IBV_QPT_RAW_PACKET;
			d.what = fmt::format("detaching leaf {}'s QP (null leaves)", i);
			d.result = dev.modify_qp_sched_elem(rig.qp(i), nullptr, nullptr);
			detached.push_back(d);
		}
		attached = 0;
	};
	for (int i = 0; i < 2; i++) {
		int ret = dev.modify_qp_sched_elem(rig.qp(i), leaves[i], nullptr);
		if (ret == EOPNOTSUPP && i == 0)
			return; // no SQ scheduling caps: nothing to measure
		if (ret) {
			detach();
			fail_step(step, m, b, "precondition: attaching a RAW_PACKET QP in RTS to a live leaf",
				  {what, errno_name(ret)});
		}
		attached++;
	}
	const bool virt = rig.clock().is_virtual();
	const auto duration = virt ? std::chrono::microseconds(50) : std::chrono::microseconds(20000);
	rig.clear_records();
	const int64_t t0 = rig.clock().now().count();
	std::string bad = rig.keep_backlogged({true, true}, duration);
	detach();
	for (const SchedCallView &d : detached)
		hold_verdict(step, m, b, judge_sched_call(d), d.what + " returned " + errno_name(d.result));
	if (!bad.empty())
		fail_step(step, m, b, "precondition: keeping the two QPs backlogged", {bad, rig.summary()});
	ShareView view;
	view.situation = ShareSituation::Random;
	view.after = what;
	const double link_bps = (double)port_rate_bps(caps.port);
	view.link_bps = link_bps;
	const int64_t span = std::chrono::nanoseconds(duration).count();
	view.from_ns = t0 + span / 10;
	view.to_ns = t0 + span * 9 / 10;
	const double window_s = (view.to_ns - view.from_ns) * 1e-9;
	view.tolerance_bps = (virt ? 0.01 : 0.10) * link_bps + (2.0 * rig.frame_bytes() + 8192) * 8 / window_s;
	view.tree = std::move(tree);
	for (int i = 0; i < 2; i++) {
		view.tree.push_back({entries[i], 1, 0, true});
		view.flows.push_back({fmt::format("leaf {}'s QP", i), (int)view.tree.size() - 1, rig.records(i)});
	}
	hold_verdict(step, m, b, judge_shares(view), what + "\n" + share_table(view));
}

// The weighted max-min share measured on the model's own tree: two live
// leaves whose split the model predicts get a QP each. What a modify, a
// destroy and a re-create did to the scheduler shows here, not in what
// the elements report.
class MeasureShares : public Step {
public:
	explicit MeasureShares(const DeviceModel &m)
	{
		RC_PRE(m.defaults.sched);
		std::vector<std::pair<int, int>> pairs;
		for (int a = 0; a < (int)m.sched.elements.size(); a++)
			for (int b = a + 1; b < (int)m.sched.elements.size(); b++)
				if (m.sched.live(a) && m.sched.live(b) && m.sched.at(a).kind == SchedKind::Leaf &&
				    m.sched.at(b).kind == SchedKind::Leaf && comparable(m.sched, a, b))
					pairs.push_back({a, b});
		RC_PRE(!pairs.empty());
		leaves_ = *rc::gen::elementOf(pairs);
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.defaults.sched);
		for (int l : {leaves_.first, leaves_.second})
			RC_PRE(m.sched.live(l) && m.sched.at(l).kind == SchedKind::Leaf);
		RC_PRE(comparable(m.sched, leaves_.first, leaves_.second));
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "MeasureShares " << slot_label("sched", leaves_.first) << " and "
		   << slot_label("sched", leaves_.second);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		std::vector<int> entry;
		std::vector<std::string> text;
		std::vector<ShareElement> tree = model_tree(m.sched, entry, text);
		const SchedLeaf *leaves[2] = {dynamic_cast<const SchedLeaf *>(b.sched[leaves_.first].get()),
					      dynamic_cast<const SchedLeaf *>(b.sched[leaves_.second].get())};
		if (!leaves[0] || !leaves[1])
			fail_step(*this, m, b, "harness: a leaf slot holds no leaf", {});
		const int entries[2] = {entry[leaves_.first], entry[leaves_.second]};
		measure_pair(*this, m, b, leaves, std::move(tree), entries,
			     fmt::format("{} and {} backlogged; tree: {}", slot_label("sched", leaves_.first),
					 slot_label("sched", leaves_.second), fmt::join(text, "; ")));
	}

private:
	std::pair<int, int> leaves_{0, 1};
};

// Two new sibling leaves under a live node of the sequence's tree, made
// for the step: bw_share a and b (1-10), or one with BW_SHARE 0 beside one
// without BW_SHARE (both the default weight), sometimes a max_avg_bw cap on
// the first, one time in two an accepted modify of the first's bw_share
// before the measure; measured, then destroyed. What the device does to new
// leaves after the sequence's modifies and destroys shows here.
class SplitShares : public Step {
public:
	explicit SplitShares(const DeviceModel &m)
	{
		RC_PRE(m.defaults.sched);
		std::vector<int> nodes;
		for (int i = 0; i < (int)m.sched.elements.size(); i++)
			if (m.sched.live(i) && m.sched.at(i).kind != SchedKind::Leaf && m.sched.depth(i) <= 1 &&
			    resolvable(m.sched, i))
				nodes.push_back(i);
		RC_PRE(!nodes.empty());
		parent_ = *rc::gen::elementOf(nodes);
		zero_ = *rc::gen::inRange(0, 4) == 0;
		share_[0] = zero_ ? 0 : *rc::gen::inRange<uint32_t>(1, 11);
		share_[1] = zero_ ? 0 : *rc::gen::inRange<uint32_t>(1, 11);
		cap_ = *rc::gen::inRange(0, 3) != 0 ? *rc::gen::element<uint32_t>(1000, 4096, 20000) : 0;
		first_destroyed_ = *rc::gen::inRange(0, 2);
		// The shares as created and as modified, as often as each other.
		modified_ = !zero_ && *rc::gen::arbitrary<bool>() ? *rc::gen::inRange<uint32_t>(1, 11) : 0;
	}
	void checkPreconditions(const DeviceModel &m) const override
	{
		RC_PRE(m.defaults.sched && m.sched.live(parent_) && m.sched.at(parent_).kind != SchedKind::Leaf &&
		       m.sched.depth(parent_) <= 1 && resolvable(m.sched, parent_));
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "SplitShares under " << slot_label("sched", parent_) << ": "
		   << (zero_ ? std::string("BW_SHARE 0 beside no BW_SHARE") : fmt::format("bw_share {} : {}", share_[0], share_[1]))
		   << (cap_ ? fmt::format(", the first capped at {} Mb/s", cap_) : "")
		   << (modified_ ? fmt::format(", the first modified to bw_share {}", modified_) : "")
		   << ", leaf " << first_destroyed_ << " destroyed first";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		constexpr uint32_t kBw = MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE, kMax = MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW;
		Device &dev = b.run.device();
		SchedNode *parent = dynamic_cast<SchedNode *>(b.sched[parent_].get());
		if (!parent)
			fail_step(*this, m, b, "harness: the parent slot holds no node", {});
		std::unique_ptr<SchedLeaf> leaf[2];
		const SchedAttr asked[2] = {{parent, kBw | (cap_ ? kMax : 0u), share_[0], cap_, 0},
					    {parent, zero_ ? 0u : kBw, share_[1], 0, 0}};
		for (int i = 0; i < 2; i++)
			if (int ret = dev.create_sched_leaf(asked[i], leaf[i]))
				fail_step(*this, m, b, "precondition: a leaf create the rules accept",
					  {describe_sched_attr(asked[i], slot_label("sched", parent_)) + " returned " +
					   errno_name(ret)});
		if (modified_)
			if (int ret = leaf[0]->modify({parent, kBw, modified_, 0, 0}))
				fail_step(*this, m, b, "precondition: a leaf modify the rules accept",
					  {fmt::format("bw_share {} returned {}", modified_, errno_name(ret))});
		std::vector<int> entry;
		std::vector<std::string> text;
		std::vector<ShareElement> tree = model_tree(m.sched, entry, text);
		const uint32_t first = modified_ ? modified_ : share_[0];
		tree.push_back({entry[parent_], first ? (double)first : 1.0, cap_ * 1e6, false});
		tree.push_back({entry[parent_], share_[1] ? (double)share_[1] : 1.0, 0, false});
		const int entries[2] = {(int)tree.size() - 2, (int)tree.size() - 1};
		const SchedLeaf *leaves[2] = {leaf[0].get(), leaf[1].get()};
		std::ostringstream shown;
		show(shown);
		measure_pair(*this, m, b, leaves, std::move(tree), entries,
			     shown.str() + "; tree: " + fmt::format("{}", fmt::join(text, "; ")));
		for (int i : {first_destroyed_, 1 - first_destroyed_})
			if (leaf[i]) {
				int ret = leaf[i]->destroy();
				if (ret)
					fail_step(*this, m, b, "precondition: a leaf without QPs is destroyed",
						  {fmt::format("destroying new leaf {} returned {}", i, errno_name(ret))});
				leaf[i].reset();
			}
	}

private:
	int parent_ = 0;
	bool zero_ = false;
	uint32_t share_[2] = {1, 1};
	uint32_t cap_ = 0, modified_ = 0;
	int first_destroyed_ = 0; // the leaves go in either order
};
} // namespace

void add_sched_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	if (!m.defaults.sched)
		return;
	// What each command needs, so that none is drawn where it cannot run
	// (a discarded draw costs a new one).
	const int n = (int)m.sched.elements.size();
	int live = 0, leaves = 0, parents = 0, pairs = 0;
	for (int i = 0; i < n; i++) {
		if (!m.sched.live(i))
			continue;
		live++;
		if (m.sched.at(i).kind == SchedKind::Leaf) {
			leaves++;
			for (int j = i + 1; j < n; j++)
				pairs += m.sched.live(j) && m.sched.at(j).kind == SchedKind::Leaf && comparable(m.sched, i, j);
		} else if (m.sched.depth(i) <= 1 && resolvable(m.sched, i)) {
			parents++;
		}
	}
	bool rts = false;
	for (const auto &q : m.qps)
		rts |= q.live && q.qp.state == IBV_QPS_RTS;
	// A tree of a root and two leaves or more comes often enough for the
	// measured shares (MeasureShares needs two leaves).
	mix.push_back({live < 3 ? 6u : 2u, execOneOfWithArgs<SchedCreate>()(m)});
	mix.push_back({live ? 2u : 0u, execOneOfWithArgs<SchedModify>()(m)});
	mix.push_back({live ? 1u : 0u, execOneOfWithArgs<SchedDestroy>()(m)});
	mix.push_back({leaves && rts ? 1u : 0u, execOneOfWithArgs<SchedAttach>()(m)});
	mix.push_back({pairs ? 1u : 0u, execOneOfWithArgs<MeasureShares>()(m)});
	mix.push_back({parents ? 2u : 0u, execOneOfWithArgs<SplitShares>()(m)});
}

} // namespace ibvcert
