// ibv_reg_mr and ibv_dereg_mr on the lane's MR slots: a buffer of the slot's
// own, the whole of it or its first bytes, with an access value of the
// page's flags (local write, remote write / read / atomic, relaxed
// ordering), one of the others (MW binding, zero-based, on-demand, a bit no
// page lists) or raw bits. The model (fixtures/model/datapath_model.h) rejects what ibv_reg_mr(3)
// makes invalid (remote write or atomic without local write), and the call
// goes whole to judge_reg_mr (the request rows, the range the MR reports);
// the sends that follow use the MRs by their keys.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"

namespace ibvcert::fuzz {
namespace {

const OpVerb kRegMr = {"reg_mr", "ibv_reg_mr", Verb::RegMr};

const OpVerb kDeregMr = {"dereg_mr", "ibv_dereg_mr", Verb::Count};

// The flags the page lists, the ones a registration of plain memory takes.
constexpr int kPlain = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ |
		       IBV_ACCESS_REMOTE_ATOMIC | IBV_ACCESS_RELAXED_ORDERING;
constexpr int kFour = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ |
		      IBV_ACCESS_REMOTE_ATOMIC;
// The page's other flags, and the first bit no page lists (bits 0-9 and the
// optional range 20-29 are named): a device must refuse it.
constexpr int kUnlistedBit = 1 << 10;
constexpr int kOthers[] = {IBV_ACCESS_MW_BIND, IBV_ACCESS_ZERO_BASED, IBV_ACCESS_ON_DEMAND, kUnlistedBit};

std::string access_names(int access)
{
	static const std::pair<int, const char *> names[] = {
		{IBV_ACCESS_LOCAL_WRITE, "LOCAL_WRITE"},   {IBV_ACCESS_REMOTE_WRITE, "REMOTE_WRITE"},
		{IBV_ACCESS_REMOTE_READ, "REMOTE_READ"},   {IBV_ACCESS_REMOTE_ATOMIC, "REMOTE_ATOMIC"},
		{IBV_ACCESS_MW_BIND, "MW_BIND"},           {IBV_ACCESS_ZERO_BASED, "ZERO_BASED"},
		{IBV_ACCESS_ON_DEMAND, "ON_DEMAND"},       {IBV_ACCESS_RELAXED_ORDERING, "RELAXED_ORDERING"},
	};
	std::string out;
	int rest = access;
	for (const auto &[bit, name] : names)
		if (access & bit) {
			out += (out.empty() ? "" : "|") + std::string(name);
			rest &= ~bit;
		}
	if (rest)
		out += (out.empty() ? "" : "|") + hex((uint32_t)rest);
	return out.empty() ? "0" : out;
}

class RegMrOp : public Op {
public:
	RegMrOp(int slot, int access, size_t length) : slot_(slot), access_(access), length_(length) {}

	const OpVerb &verb() const override { return kRegMr; }
	int slot() const override { return -1; } // no QP, no SRQ: all must stay as they were
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		MrSlot &m = lane.mr(slot_);
		m.mr.reset();
		m.buf.assign(kMrBytes, 0);
		return lane.device().reg_mr(lane.pd(), m.buf.data(), length_, access_, m.mr);
	}

	std::optional<Expect> expect(const Lane &) const override
	{
		if (const ContractRule *r = reg_mr_breaks(access_))
			return expect_reject(*r);
		if (access_ & ~kPlain)
			return std::nullopt; // the device's own features
		return Expect{};
	}

	void settle(Lane &lane, int ret) override
	{
		MrSlot &m = lane.mr(slot_);
		uint32_t generation = m.model.generation + 1;
		m.model = MrState{};
		m.model.generation = generation;
		if (ret || !m.mr) {
			m.mr.reset();
			return;
		}
		m.model.live = true;
		m.model.access = access_;
		m.model.length = length_;
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const MrSlot &m = lane.mr(slot_);
		if (ret[i] == 0 && !m.mr)
			oracle.fail(i, {"reg_mr.no-mr", "the device layer's ibv_reg_mr returned 0 without an MR", {}});
		// The whole call: the request rows against the result, and the
		// range the MR reports against the one registered.
		RegMrRequest request{(uintptr_t)m.buf.data(), length_, access_};
		RegisteredMr registered;
		if (m.mr)
			registered = {(uintptr_t)m.mr->addr(), m.mr->length()};
		oracle.judged(lane, "reg_mr", "ibv_reg_mr broke its rows",
			      judge_reg_mr(lane.caps(), request, ret[i], registered));
	}

	std::string describe(const Lane &) const override
	{
		return "mr#" + std::to_string(slot_) + ": length " + std::to_string(length_) +
		       ", access " + access_names(access_) + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		int i = lane.index();
		std::string out = "returned: " + errno_name(ret[i]);
		if (ret[i] == 0 && lane.mr(slot_).mr)
			out += ", lkey " + hex(lane.mr(slot_).mr->lkey()) + " rkey " +
			       hex(lane.mr(slot_).mr->rkey());
		return out + "\n" + model_line(expect(lane));
	}

	std::string summary(int lane) const override
	{
		return "reg_mr mr#" + std::to_string(slot_) + ": length " + std::to_string(length_) +
		       " access " + access_names(access_) + " returned " + errno_name(ret[lane]);
	}

private:
	int slot_;
	int access_;
	size_t length_;
};

class DeregMrOp : public Op {
public:
	explicit DeregMrOp(int slot) : slot_(slot) {}

	const OpVerb &verb() const override { return kDeregMr; }
	int slot() const override { return -1; }
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		MrSlot &m = lane.mr(slot_);
		if (!m.mr)
			return 0; // this lane has none (its registration failed)
		m.mr.reset(); // the device interface deregisters in the destructor
		return 0;
	}

	void settle(Lane &lane, int) override { lane.mr(slot_).model.live = false; }

	std::string describe(const Lane &) const override
	{
		return "mr#" + std::to_string(slot_) + "\n";
	}

	std::string summary(int lane) const override
	{
		return "dereg_mr mr#" + std::to_string(slot_) + " returned " + errno_name(ret[lane]);
	}

private:
	int slot_;
};

} // namespace

// The datapath's memory: ibv_reg_mr / ibv_dereg_mr on the lane's MR slots.
void reg_mr_step(Session &s)
{
	auto &in = s.in();
	int slot = in.ConsumeIntegralInRange(0, kMrSlots - 1);
	int access;
	int kind = in.ConsumeIntegralInRange(0, 7);
	if (kind < 6) // mostly the page's four flags; zero bytes: all of them
		access = kFour ^ (in.ConsumeIntegral<uint8_t>() & kFour);
	else if (kind == 6)
		access = kOthers[in.ConsumeIntegralInRange(0, 3)] | IBV_ACCESS_LOCAL_WRITE;
	else
		access = (int)in.ConsumeIntegral<uint32_t>();
	size_t length = in.ConsumeBool() ? 64 : kMrBytes;
	s.execute(std::make_unique<RegMrOp>(slot, access, length));
}
IBVCERT_FUZZ_ROW(reg_mr, 14);

void dereg_mr_step(Session &s)
{
	auto &in = s.in();
	int slot = in.ConsumeIntegralInRange(0, kMrSlots - 1);
	if (!s.lane(0).mr(slot))
		return;
	s.execute(std::make_unique<DeregMrOp>(slot));
}
IBVCERT_FUZZ_ROW(dereg_mr, 15);

} // namespace ibvcert::fuzz
