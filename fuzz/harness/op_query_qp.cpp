// ibv_query_qp: a decoded attr_mask (every defined bit, or raw bits). The
// query changes nothing; what it reports of the state is the model's.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/names.h"

namespace ibvcert::fuzz {
namespace {

class QueryQpOp : public Op {
public:
	QueryQpOp(int slot, int mask) : slot_(slot), mask_(mask) {}

	const OpVerb &verb() const override { return kQueryQp; }
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
		Bound &b = bound_[lane.index()];
		b.attr = ibv_qp_attr{};
		ibv_qp_init_attr init{};
		return lane.slot(slot_).qp->query(b.attr, mask_, init);
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		if (ret[i] == 0 && (mask_ & IBV_QP_STATE) && b.attr.qp_state != b.state)
			oracle.fail(i, {"query_qp.state",
					"ibv_query_qp reports a state other than the one the QP is in",
					judge_state("qp_state=" + qp_state_name(b.attr.qp_state) +
						    ", expected " + qp_state_name(b.state))});
	}

	std::string describe(const Lane &lane) const override
	{
		int i = lane.index();
		const Bound &b = bound_[i];
		return "qp: " + qp_phrase(b.type, b.qp_num, b.state) + " (qp#" +
		       std::to_string(slot_) + "), query\nattr_mask: " + qp_attr_mask_names(mask_) +
		       "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		int i = lane.index();
		std::string out = "returned: " + errno_name(ret[i]);
		if (ret[i] == 0)
			out += "\nattr: " + describe_attr(bound_[i].attr, mask_ & qp_attr_mask_known());
		return out + "\n";
	}

	std::string summary(int lane) const override
	{
		return "query_qp qp#" + std::to_string(slot_) + ": attr_mask=" +
		       qp_attr_mask_names(mask_) + " returned " + errno_name(ret[lane]);
	}

private:
	struct Bound {
		ibv_qp_type type = IBV_QPT_RC;
		ibv_qp_state state = IBV_QPS_RESET;
		uint32_t qp_num = 0;
		ibv_qp_attr attr{};
	};

	int slot_;
	int mask_;
	Bound bound_[kMaxLanes];
};

} // namespace

void query_qp_step(Session &s)
{
	int slot = s.pick_live_slot();
	if (slot < 0)
		return;
	int mask = s.in().ConsumeBool() ? (int)s.in().ConsumeIntegral<uint32_t>()
					: qp_attr_mask_known();
	s.execute(std::make_unique<QueryQpOp>(slot, mask));
}
IBVCERT_FUZZ_ROW(query_qp, 2);

} // namespace ibvcert::fuzz
