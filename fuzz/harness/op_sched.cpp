// The mlx5 scheduling elements: node and leaf create (under the root, a
// node, or no parent), modify (flags, bw_share, max_avg_bw, comp_mask, the
// parent named) and destroy, on up to kSchedSlots elements; at the end of an
// input every element is destroyed, children first, under the oracle. The
// lane's model of the tree (fixtures/model/sched_model.h) predicts create
// and modify (contracts/sched_eval.h) and a destroy (a node with children is
// busy), and follows what the device did. On emu0 each element applies what
// the model holds (SchedElement::query).
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/names.h"
#include "contracts/sched_judge.h"
#include "fixtures/model/sched_model.h"

namespace ibvcert::fuzz {
namespace {

// The decoded request, the parent by slot (-1: none).
struct SchedRequest {
	int parent = -1;
	uint32_t flags = 0;
	uint32_t bw_share = 0;
	uint32_t max_avg_bw = 0;
	uint64_t comp_mask = 0;
};

SchedRequest decode_request(Session &s, int self, int own_parent)
{
	auto &in = s.in();
	SchedRequest r;
	// The parent: the element's own (create: none, the root), or any node.
	r.parent = own_parent;
	if (in.ConsumeBool()) {
		int nodes[kSchedSlots + 1], n = 0;
		nodes[n++] = -1;
		for (int i = 0; i < kSchedSlots; i++)
			if (i != self && s.lane(0).sched(i).node)
				nodes[n++] = i;
		r.parent = nodes[in.ConsumeIntegralInRange(0, n - 1)];
	}
	static const uint32_t kFlags[] = {
		MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE | MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW,
		MLX5DV_SCHED_ELEM_ATTR_FLAGS_BW_SHARE, MLX5DV_SCHED_ELEM_ATTR_FLAGS_MAX_AVG_BW, 0};
	int f = in.ConsumeIntegralInRange(0, 5);
	r.flags = f < 4 ? kFlags[f]
		  : f == 4 ? kFlags[in.ConsumeIntegralInRange(0, 3)] | (4u << in.ConsumeIntegralInRange(0, 29))
			   : in.ConsumeIntegral<uint32_t>();
	auto value = [&](uint32_t small) -> uint32_t {
		switch (in.ConsumeIntegralInRange(0, 3)) {
		case 0: return 0;
		case 1: return 1 + in.ConsumeIntegralInRange<uint32_t>(0, small);
		case 2: return UINT32_MAX;
		default: return in.ConsumeIntegral<uint32_t>();
		}
	};
	r.bw_share = value(100);
	r.max_avg_bw = value(100000);
	r.comp_mask = in.ConsumeBool() ? 1ull << in.ConsumeIntegralInRange(0, 63) : 0;
	return r;
}

std::string parent_name(int parent)
{
	return parent < 0 ? "none" : "sched#" + std::to_string(parent);
}

SchedAttr to_attr(const SchedRequest &r, Lane &lane)
{
	SchedAttr a;
	a.parent = r.parent >= 0 ? lane.sched(r.parent).node.get() : nullptr;
	a.flags = r.flags;
	a.bw_share = r.bw_share;
	a.max_avg_bw = r.max_avg_bw;
	a.comp_mask = r.comp_mask;
	return a;
}

std::string describe_request(const SchedRequest &r)
{
	SchedAttr a;
	a.flags = r.flags;
	a.bw_share = r.bw_share;
	a.max_avg_bw = r.max_avg_bw;
	a.comp_mask = r.comp_mask;
	return describe_sched_attr(a, parent_name(r.parent));
}

// The call on element `slot` as judge_sched_call (contracts/sched_judge.h)
// views it: the request, the result, and what the element applies as the
// device reports it before (a modify) and after the call; a destroy, whether
// the node had children and how the tree changed. What the other elements
// apply is the frame's (judge_frame), what the tree does to traffic the
// share rows' (sched_send).
SchedCallView sched_view(SchedCall call, int slot, const SchedAttr &asked, int result,
			 const LaneSnapshot &before, const LaneSnapshot &after)
{
	SchedCallView v;
	v.call = call;
	v.result = result;
	v.flags = asked.flags;
	v.bw_share = asked.bw_share;
	v.max_avg_bw = asked.max_avg_bw;
	auto reading = [slot](const LaneSnapshot &s) -> std::optional<SchedApplied> {
		if (!s.sched_live[slot] || s.sched_ret[slot])
			return std::nullopt;
		return SchedApplied{s.sched[slot].bw_share, s.sched[slot].max_avg_bw};
	};
	if (call == SchedCall::Modify)
		v.before = reading(before);
	v.after = reading(after);
	v.what = std::string(sched_call_name(call)) + " sched#" + std::to_string(slot) + ": " +
		 describe_sched_attr(asked, "");
	return v;
}

void judge_call_view(const char *id, Lane &lane, const SchedCallView &v, Oracle &oracle)
{
	Verdict verdict = judge_sched_call(v);
	if (!verdict.accepts())
		oracle.fail(lane.index(), {std::string(id) + ".sched-call:" + verdict.first()->rule->id,
					   "the scheduling call breaks its rows", verdict});
}

class SchedCreateOp : public Op {
public:
	SchedCreateOp(int slot, bool leaf, SchedRequest req) : slot_(slot), leaf_(leaf), req_(req) {}

	const OpVerb &verb() const override { return kSchedCreate; }
	int slot() const override { return kSchedSlot0 + slot_; }
	void bind(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		b.attr = to_attr(req_, lane);
		b.verdict = lane.sched_model().create_verdict(lane.caps(), leaf_, b.attr);
	}

	int run(Lane &lane) override
	{
		SchedSlot &e = lane.sched(slot_);
		const SchedAttr &a = bound_[lane.index()].attr;
		return leaf_ ? lane.device().create_sched_leaf(a, e.leaf)
			     : lane.device().create_sched_node(a, e.node);
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		return expect_of(bound_[lane.index()].verdict);
	}

	void settle(Lane &lane, int ret) override
	{
		SchedSlot &e = lane.sched(slot_);
		if (ret)
			e = SchedSlot{};
		else
			lane.sched_model().created(slot_, e.node.get(), leaf_, bound_[lane.index()].attr);
	}

	void check(Lane &lane, const LaneSnapshot &before, const LaneSnapshot &after, Oracle &oracle) override
	{
		int i = lane.index();
		if (ret[i] == 0 && !lane.sched(slot_))
			oracle.fail(i, {"sched_create.no-element",
					"the device layer's create returned 0 without an element", {}});
		if (ret[i] == 0)
			judge_call_view("sched_create",  lane,
					sched_view(SchedCall::Create, slot_, bound_[i].attr, ret[i], before, after),
					oracle);
	}

	std::string describe(const Lane &) const override
	{
		return std::string("create ") + (leaf_ ? "leaf" : "node") + " sched#" +
		       std::to_string(slot_) + "\nattr: " + describe_request(req_) + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		return "returned: " + errno_name(ret[lane.index()]) + "\n" + model_line(expect(lane));
	}

	std::string summary(int lane) const override
	{
		return std::string("sched_create ") + (leaf_ ? "leaf" : "node") + " sched#" +
		       std::to_string(slot_) + ": " + describe_request(req_) + " returned " +
		       errno_name(ret[lane]);
	}

private:
	struct Bound {
		SchedAttr attr{};
		Verdict verdict; // the model's, before the call
	};
	int slot_;
	bool leaf_;
	SchedRequest req_;
	Bound bound_[kMaxLanes];
};

class SchedModifyOp : public Op {
public:
	SchedModifyOp(int slot, SchedRequest req) : slot_(slot), req_(req) {}

	const OpVerb &verb() const override { return kSchedModify; }
	int slot() const override { return kSchedSlot0 + slot_; }

	void bind(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		const SchedModel &m = lane.sched_model();
		b.attr = to_attr(req_, lane);
		b.kind = m.at(slot_).kind;
		b.own_parent = m.at(slot_).parent;
		b.verdict = m.modify_verdict(lane.caps(), slot_, b.attr);
	}

	int run(Lane &lane) override
	{
		return lane.sched(slot_).elem()->modify(bound_[lane.index()].attr);
	}

	std::optional<Expect> expect(const Lane &lane) const override
	{
		return expect_of(bound_[lane.index()].verdict);
	}

	void settle(Lane &lane, int ret) override
	{
		if (ret == 0)
			lane.sched_model().modified(slot_, bound_[lane.index()].attr);
	}

	void check(Lane &lane, const LaneSnapshot &before, const LaneSnapshot &after, Oracle &oracle) override
	{
		int i = lane.index();
		judge_call_view("sched_modify", lane,
				sched_view(SchedCall::Modify, slot_, bound_[i].attr, ret[i], before, after), oracle);
	}

	std::string describe(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return std::string("modify ") + sched_kind_name(b.kind) + " sched#" +
		       std::to_string(slot_) + " (parent " + parent_name(b.own_parent) + ")\nattr: " +
		       describe_request(req_) + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		return "returned: " + errno_name(ret[lane.index()]) + "\n" + model_line(expect(lane));
	}

	std::string summary(int lane) const override
	{
		return std::string("sched_modify ") + sched_kind_name(bound_[lane].kind) + " sched#" +
		       std::to_string(slot_) + ": " + describe_request(req_) + " returned " +
		       errno_name(ret[lane]);
	}

private:
	struct Bound {
		SchedAttr attr{};
		SchedKind kind = SchedKind::Root;
		int own_parent = -1;
		Verdict verdict; // the model's, before the call
	};
	int slot_;
	SchedRequest req_;
	Bound bound_[kMaxLanes];
};

class SchedDestroyOp : public Op {
public:
	explicit SchedDestroyOp(int slot) : slot_(slot) {}

	const OpVerb &verb() const override { return kSchedDestroy; }
	int slot() const override { return kSchedSlot0 + slot_; }

	void bind(Lane &lane) override
	{
		const SchedModel &m = lane.sched_model();
		children_[lane.index()] = m.at(slot_).children;
		breaks_[lane.index()] = m.destroy_breaks(slot_);
		leaf_ = (bool)lane.sched(slot_).leaf;
	}

	int run(Lane &lane) override { return lane.sched(slot_).elem()->destroy(); }

	std::optional<Expect> expect(const Lane &lane) const override
	{
		if (const ContractRule *rule = breaks_[lane.index()])
			return expect_reject(*rule);
		return Expect{};
	}

	void settle(Lane &lane, int ret) override
	{
		if (ret)
			return;
		lane.sched_model().destroyed(slot_);
		lane.sched(slot_) = SchedSlot{}; // destroyed: the handle goes without a second destroy
	}

	void check(Lane &lane, const LaneSnapshot &before, const LaneSnapshot &after, Oracle &oracle) override
	{
		int i = lane.index();
		SchedCallView v = sched_view(SchedCall::Destroy, slot_, SchedAttr{}, ret[i], before, after);
		v.had_children = children_[i] > 0;
		v.tree_viewed = true;
		if (ret[i] != 0)
			v.tree_changes = diff_slots(before, after);
		v.what = std::string("destroy sched#") + std::to_string(slot_);
		judge_call_view("sched_destroy", lane, v, oracle);
	}

	std::string describe(const Lane &lane) const override
	{
		return std::string("destroy ") + (leaf_ ? "leaf" : "node") + " sched#" +
		       std::to_string(slot_) + " (" + std::to_string(children_[lane.index()]) +
		       " children)\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		return "returned: " + errno_name(ret[lane.index()]) + "\n" + model_line(expect(lane));
	}

	std::string summary(int lane) const override
	{
		return "sched_destroy sched#" + std::to_string(slot_) + " returned " + errno_name(ret[lane]);
	}

private:
	int slot_;
	bool leaf_ = false;
	int children_[kMaxLanes] = {0, 0};
	const ContractRule *breaks_[kMaxLanes] = {nullptr, nullptr};
};

int pick_sched(Session &s, bool live)
{
	int c[kSchedSlots], n = 0;
	for (int i = 0; i < kSchedSlots; i++)
		if ((bool)s.lane(0).sched(i) == live)
			c[n++] = i;
	if (n == 0)
		return -1;
	return c[n == 1 ? 0 : s.in().ConsumeIntegralInRange(0, n - 1)];
}

} // namespace

void sched_create_step(Session &s)
{
	int slot = pick_sched(s, false);
	if (slot < 0)
		return;
	bool leaf = s.in().ConsumeBool();
	SchedRequest r = decode_request(s, slot, -1);
	s.execute(std::make_unique<SchedCreateOp>(slot, leaf, r));
}
IBVCERT_FUZZ_ROW(sched_create, 10);

void sched_modify_step(Session &s)
{
	int slot = pick_sched(s, true);
	if (slot < 0)
		return;
	SchedRequest r = decode_request(s, slot, s.lane(0).sched_model().at(slot).parent);
	s.execute(std::make_unique<SchedModifyOp>(slot, r));
}
IBVCERT_FUZZ_ROW(sched_modify, 11);

void sched_destroy_step(Session &s)
{
	int slot = pick_sched(s, true);
	if (slot < 0)
		return;
	s.execute(std::make_unique<SchedDestroyOp>(slot));
}
IBVCERT_FUZZ_ROW(sched_destroy, 12);

void sched_teardown(Session &s)
{
	for (int pass = 0; pass < kSchedSlots; pass++) {
		bool any = false;
		const SchedModel &m = s.lane(0).sched_model();
		for (int i = 0; i < kSchedSlots; i++) {
			if (!s.lane(0).sched(i) || !m.live(i) || m.at(i).children)
				continue;
			any = true;
			auto op = std::make_unique<SchedDestroyOp>(i);
			op->origin = "the end of the input";
			s.execute(std::move(op));
		}
		if (!any)
			break;
	}
}

} // namespace ibvcert::fuzz
