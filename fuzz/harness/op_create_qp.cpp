// ibv_create_qp: a QP type (the covered ones, the others the verbs API
// names, or raw), caps by kind (the builder's, zero, the device's maximum,
// one above it, raw), then a walk to a decoded start state. The man page
// gives no table of which creates succeed, so there is no model agreement:
// the oracle holds it to its return values, to "nothing handed back on
// failure", to caps at least those requested, and to a fresh QP in RESET
// of the type created (the QP's model).
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"

namespace ibvcert::fuzz {
namespace {

enum class CapKind : uint8_t { Builder, Zero, Max, Above, Raw };

struct CapChoice {
	CapKind kind = CapKind::Builder;
	uint32_t raw = 0;
};

constexpr int kCapFields = 5;
const char *const kCapNames[kCapFields] = {"max_send_wr", "max_recv_wr", "max_send_sge",
					   "max_recv_sge", "max_inline_data"};
// The QP builder's caps (fixtures/qp_builder.cpp): small, valid anywhere.
constexpr uint32_t kBuilderCaps[kCapFields] = {4, 4, 1, 1, 0};

uint32_t ibv_qp_cap::*const kCapMembers[kCapFields] = {
	&ibv_qp_cap::max_send_wr, &ibv_qp_cap::max_recv_wr, &ibv_qp_cap::max_send_sge,
	&ibv_qp_cap::max_recv_sge, &ibv_qp_cap::max_inline_data};

std::string describe_caps(const ibv_qp_cap &cap)
{
	std::string out;
	for (int i = 0; i < kCapFields; i++)
		out += std::string(i ? " " : "") + kCapNames[i] + "=" +
		       std::to_string(cap.*kCapMembers[i]);
	return out;
}

class CreateQpOp : public Op {
public:
	CreateQpOp(int slot, ibv_qp_type type, const CapChoice (&caps)[kCapFields], bool sig_all)
		: slot_(slot), type_(type), sig_all_(sig_all)
	{
		for (int i = 0; i < kCapFields; i++)
			caps_[i] = caps[i];
	}

	const OpVerb &verb() const override { return kCreateQp; }
	int slot() const override { return slot_; }

	void bind(Lane &lane) override
	{
		const ibv_device_attr &d = lane.caps().device.orig_attr;
		// No device attribute bounds max_inline_data: its "maximum" is 0.
		const uint32_t max[kCapFields] = {(uint32_t)d.max_qp_wr, (uint32_t)d.max_qp_wr,
						  (uint32_t)d.max_sge, (uint32_t)d.max_sge, 0};
		Bound &b = bound_[lane.index()];
		b.init = ibv_qp_init_attr{};
		b.init.qp_type = type_;
		b.init.sq_sig_all = sig_all_;
		for (int i = 0; i < kCapFields; i++) {
			uint32_t v = kBuilderCaps[i];
			switch (caps_[i].kind) {
			case CapKind::Builder: v = kBuilderCaps[i]; break;
			case CapKind::Zero: v = 0; break;
			case CapKind::Max: v = max[i]; break;
			case CapKind::Above: v = max[i] + 1; break;
			case CapKind::Raw: v = caps_[i].raw; break;
			}
			b.init.cap.*kCapMembers[i] = v;
		}
		b.requested = b.init.cap;
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		QpSlot &s = lane.slot(slot_);
		int ret = lane.device().create_qp(lane.pd(), lane.cq(), lane.cq(), b.init, s.qp);
		b.qp_num = s.qp ? s.qp->qp_num() : 0;
		return ret;
	}

	void settle(Lane &lane, int ret) override
	{
		QpSlot &s = lane.slot(slot_);
		if (ret == 0 && s.qp) {
			s.model = QpModel{type_}; // in RESET, nothing set
			s.given = {};
			lane.events().qp_created(*s.qp, "qp#" + std::to_string(slot_), false, lane.cq(), lane.cq());
		}
	}

	// The created QP's type and state are the model's (Oracle::check_after).
	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &,
		   Oracle &oracle) override
	{
		int i = lane.index();
		Qp *qp = lane.slot(slot_).qp.get();
		if (ret[i] == 0 && !qp)
			oracle.fail(i, {"create_qp.no-qp", "the device layer's ibv_create_qp returned 0 without a QP",
					{}});
		const Bound &b = bound_[i];
		CreateQpRequest request{type_, b.requested, false};
		CreatedQp created;
		if (ret[i] == 0)
			created = {qp->qp_num(), qp->qp_type(), b.init.cap};
		std::vector<uint32_t> live;
		for (int k = 0; k < kSlots; k++)
			if (k != slot_ && lane.slot(k).qp)
				live.push_back(lane.slot(k).qp->qp_num());
		Verdict v = judge_create_qp(lane.caps(), request, ret[i], created, live);
		oracle.judged(lane, "create_qp", "ibv_create_qp broke its rows", v);
		if (!qp)
			return;
		check_new_qp_ece(lane, *qp, type_, verb().id, oracle);
	}

	std::string describe(const Lane &lane) const override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		return "create: " + qp_type_name(type_) + " QP (qp#" + std::to_string(slot_) +
		       "), sq_sig_all=" + std::to_string(sig_all_) +
		       "\ncap: " + describe_caps(b.requested) + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		std::string out = "returned: " + errno_name(ret[i]);
		if (ret[i] == 0)
			out += ", qp_num=" + hex(b.qp_num) + ", cap " + describe_caps(b.init.cap);
		return out + "\n";
	}

	std::string summary(int lane) const override
	{
		return "create_qp qp#" + std::to_string(slot_) + ": " + qp_type_name(type_) +
		       " (" + describe_caps(bound_[lane].requested) + ") returned " +
		       errno_name(ret[lane]);
	}

private:
	struct Bound {
		ibv_qp_init_attr init{};
		ibv_qp_cap requested{};
		uint32_t qp_num = 0;
	};

	int slot_;
	ibv_qp_type type_;
	CapChoice caps_[kCapFields];
	bool sig_all_;
	Bound bound_[kMaxLanes];
};

// The types the suite covers first, then the rest the verbs API names.
constexpr ibv_qp_type kCovered[] = {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD, IBV_QPT_RAW_PACKET};
constexpr ibv_qp_type kOthers[] = {IBV_QPT_XRC_SEND, IBV_QPT_XRC_RECV, IBV_QPT_DRIVER};

void create_and_walk(Session &s, int slot, ibv_qp_type type,
		     const CapChoice (&caps)[kCapFields], bool sig_all)
{
	Op &op = s.execute(std::make_unique<CreateQpOp>(slot, type, caps, sig_all));
	const auto &states = QpBuilder::reachable_states();
	auto start = states[s.in().ConsumeIntegralInRange<size_t>(0, states.size() - 1)];
	if (op.ret[0] == 0 && s.lane(0).slot(slot))
		walk_to(s, slot, start);
}

// ibv_create_qp with the lane's SRQ (init_attr.srq): a QP of a decoded
// type, the builder's send caps, and receive caps of a decoded kind (the
// builder's, max_recv_wr or max_recv_sge one above the device's maximum,
// both): ibv_create_qp(3) makes the SRQ an RC or UD QP's alone and its
// receive caps the SRQ's to bound, and judge_create_qp decides. The QP is
// the op's own: destroyed at once, every other object stays (the frame).
class CreateQpOnSrqOp : public Op {
public:
	CreateQpOnSrqOp(ibv_qp_type type, int recv_kind) : type_(type), recv_kind_(recv_kind) {}

	const OpVerb &verb() const override { return kCreateQp; }
	int slot() const override { return -1; }

	void bind(Lane &lane) override
	{
		const ibv_device_attr &d = lane.caps().device.orig_attr;
		Bound &b = bound_[lane.index()];
		b = Bound{};
		b.init.qp_type = type_;
		for (int i = 0; i < kCapFields; i++)
			b.init.cap.*kCapMembers[i] = kBuilderCaps[i];
		if (recv_kind_ & 1)
			b.init.cap.max_recv_wr = (uint32_t)d.max_qp_wr + 1;
		if (recv_kind_ & 2)
			b.init.cap.max_recv_sge = (uint32_t)d.max_sge + 1;
		b.requested = b.init.cap;
	}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		if (!lane.srq())
			return 0; // no SRQ on this lane: nothing called
		b.called = true;
		std::unique_ptr<Qp> qp;
		int ret = lane.device().create_qp(lane.pd(), lane.cq(), lane.cq(), lane.srq().srq.get(), b.init, qp);
		if (qp) {
			b.created = {qp->qp_num(), qp->qp_type(), b.init.cap};
			qp.reset(); // ibv_destroy_qp through its owner
		}
		return ret;
	}

	CallResult call_result(const Lane &lane) const override
	{
		return {bound_[lane.index()].called ? Verb::CreateQp : Verb::Count, ret[lane.index()]};
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		if (!b.called)
			return;
		std::vector<uint32_t> live;
		for (int k = 0; k < kSlots; k++)
			if (lane.slot(k).qp)
				live.push_back(lane.slot(k).qp->qp_num());
		oracle.judged(lane, "create_qp", "ibv_create_qp with an SRQ broke its rows",
			      judge_create_qp(lane.caps(), {type_, b.requested, true}, ret[i], b.created, live));
	}

	std::string describe(const Lane &lane) const override
	{
		return "create: " + qp_type_name(type_) + " QP on the lane's SRQ, " +
		       describe_caps(bound_[lane.index()].requested) + "\n";
	}

	std::string summary(int lane) const override
	{
		return "create_qp " + qp_type_name(type_) + " on the SRQ returned " + errno_name(ret[lane]);
	}

private:
	struct Bound {
		ibv_qp_init_attr init{};
		ibv_qp_cap requested{};
		bool called = false;
		CreatedQp created;
	};
	ibv_qp_type type_;
	int recv_kind_;
	Bound bound_[kMaxLanes];
};

} // namespace

// ibv_create_qp: a QP of a decoded type and caps, then walked to a decoded state.
void create_qp_step(Session &s)
{
	auto &in = s.in();
	int slot = s.pick_free_slot();
	if (slot < 0)
		return;
	ibv_qp_type type;
	int pick = in.ConsumeIntegralInRange(0, 7);
	if (pick < 4)
		type = kCovered[pick];
	else if (pick < 7)
		type = kOthers[pick - 4];
	else
		type = (ibv_qp_type)in.ConsumeIntegral<uint8_t>(); // ibv_qp_type holds 0..255
	CapChoice caps[kCapFields];
	for (auto &c : caps) {
		c.kind = (CapKind)in.ConsumeIntegralInRange<uint8_t>(0, 4);
		if (c.kind == CapKind::Raw)
			c.raw = in.ConsumeIntegral<uint32_t>();
	}
	bool sig_all = in.ConsumeBool();
	create_and_walk(s, slot, type, caps, sig_all);
}
IBVCERT_FUZZ_ROW(create_qp, 0);

namespace {

void create_then_vary_walk(Session &s, VaryWalk how)
{
	int slot = s.pick_free_slot();
	if (slot < 0)
		return;
	ibv_qp_type type = kCovered[s.in().ConsumeIntegralInRange(0, 3)];
	CapChoice caps[kCapFields];
	Op &op = s.execute(std::make_unique<CreateQpOp>(slot, type, caps, false));
	if (op.ret[0] == 0 && s.lane(0).slot(slot))
		vary_walk(s, slot, how);
}

} // namespace

// A new QP's first walk with one field varied, then the builder's walk.
void create_vary_walk_qp_step(Session &s)
{
	create_then_vary_walk(s, VaryWalk::ThenValid);
}
IBVCERT_FUZZ_ROW(create_vary_walk_qp, 29);

// A new QP's builder walk, then the walk again with one field varied: a
// value met by what the QP kept from the valid walk (RESET keeps some of it).
void create_walk_vary_qp_step(Session &s)
{
	create_then_vary_walk(s, VaryWalk::AfterValid);
}
IBVCERT_FUZZ_ROW(create_walk_vary_qp, 40);

void one_qp_setup(Session &s)
{
	ibv_qp_type type = kCovered[s.in().ConsumeIntegralInRange(0, 3)];
	CapChoice caps[kCapFields];
	create_and_walk(s, 0, type, caps, false);
}

// ibv_create_qp with the lane's SRQ: a covered type, receive caps valid or
// above the device's maxima, judged by judge_create_qp (op_create_qp.cpp).
void create_qp_srq_step(Session &s)
{
	auto &in = s.in();
	if (!s.lane(0).srq())
		return;
	ibv_qp_type type = kCovered[in.ConsumeIntegralInRange(0, 3)];
	int recv_kind = in.ConsumeIntegralInRange(0, 3);
	s.execute(std::make_unique<CreateQpOnSrqOp>(type, recv_kind));
}
IBVCERT_FUZZ_ROW(create_qp_srq, 37);

} // namespace ibvcert::fuzz
