// ibv_destroy_qp: the QP goes, and no other QP changes. The device interface
// destroys through the QP's owner, so the call has no return value to check.
#include "fuzz/harness/ops.h"

#include "contracts/names.h"

namespace ibvcert::fuzz {
namespace {

class DestroyQpOp : public Op {
public:
	explicit DestroyQpOp(int slot) : slot_(slot) {}

	const OpVerb &verb() const override { return kDestroyQp; }
	int slot() const override { return slot_; }

	void bind(Lane &lane) override
	{
		const QpSlot &s = lane.slot(slot_);
		Bound &b = bound_[lane.index()];
		b.type = s.model.type;
		b.state = s.model.state;
		b.qp_num = s.qp->qp_num();
	}

	int run(Lane &lane) override
	{
		lane.events().destroyed(*lane.slot(slot_).qp);
		lane.slot(slot_) = QpSlot{}; // the QP and its model
		return 0;
	}

	std::string describe(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		return "qp: " + qp_phrase(b.type, b.qp_num, b.state) + " (qp#" +
		       std::to_string(slot_) + "), destroy\n";
	}

	std::string summary(int lane) const override
	{
		const Bound &b = bound_[lane];
		return "destroy_qp qp#" + std::to_string(slot_) + ": " +
		       qp_phrase(b.type, b.qp_num, b.state);
	}

private:
	struct Bound {
		ibv_qp_type type = IBV_QPT_RC;
		ibv_qp_state state = IBV_QPS_RESET;
		uint32_t qp_num = 0;
	};

	int slot_;
	Bound bound_[kMaxLanes];
};

} // namespace

void destroy_qp_step(Session &s)
{
	int slot = s.pick_live_slot();
	if (slot >= 0)
		s.execute(std::make_unique<DestroyQpOp>(slot));
}
IBVCERT_FUZZ_ROW(destroy_qp, 3);

} // namespace ibvcert::fuzz
