// One WR with one key varied, on pairs of the op's own, as the suites post
// it (fixtures/rigs/access_rig.h: two connected pairs of one type on the
// lane's device, each on its own PD): the key of a decoded use (a send's
// source or target SGE, a receive's SGE on the QP's own queue or its SRQ,
// the rkey of an RDMA or atomic) names an MR of the QP's PD registered with
// a decoded access combination, an MR of the other PD, no MR (deregistered)
// or a range past its MR's end; the receive shorter than the message or
// not. The bytes, the post's result and the completions go to the
// datapath's judge (judge_exchange, which hands the keys to
// contracts/access_judge.h). The pairs live for the op: the lane's objects
// stay as they were (the frame).
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"
#include "fuzz/harness/rig_op.h"

#include "contracts/completion_judge.h"
#include "contracts/names.h"
#include "fixtures/rigs/access_rig.h"

#include <fmt/format.h>

#include <cstring>

namespace ibvcert::fuzz {
namespace {

const OpVerb kKeys = {"keys", "ibv_reg_mr, ibv_post_recv, ibv_post_send and ibv_poll_cq with one key varied",
		      Verb::PostSend};

constexpr ibv_qp_type kTypes[] = {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD};
constexpr KeyRole kRoles[] = {KeyRole::Gather, KeyRole::Write, KeyRole::Receive, KeyRole::Rkey};
constexpr KeyTarget kTargets[] = {KeyTarget::OwnMr, KeyTarget::OtherPdMr, KeyTarget::NoMr, KeyTarget::PastMrEnd};

class KeysOp : public RigOp<ExchangeView> {
public:
	explicit KeysOp(AccessSpec spec) : spec_(spec) {}

	const OpVerb &verb() const override { return kKeys; }

	int run(Lane &lane) override
	{
		Driven &d = start(lane);
		const ibv_device_attr &a = lane.caps().device.orig_attr;
		if (spec_.srq && a.max_srq == 0) {
			d.stopped = "no SRQ (max_srq 0)";
			return 0;
		}
		AccessSpec spec = spec_;
		if (a.atomic_cap == IBV_ATOMIC_NONE && spec.target != KeyTarget::OwnMr)
			spec.access &= ~IBV_ACCESS_REMOTE_ATOMIC; // every access this device gives
		AccessRig rig(lane_host(lane));
		if (auto why = rig.run(spec, d.seen)) {
			d.stopped = *why; // what the device lacks, or a failed precondition
			d.evidence = rig.evidence();
			return 0;
		}
		d.evidence = rig.evidence();
		d.judged = true;
		return 0;
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		const Driven &d = driven(lane);
		if (d.judged)
			oracle.judged(lane, "keys", "the WR's key is not honoured as the access rows say",
				      judge_exchange(d.seen), d.evidence);
	}

	std::string describe(const Lane &) const override
	{
		return fmt::format("{} pair{}{}: {}, {} names {}{}{}\n", qp_type_name(spec_.type),
				   spec_.on_second ? " (second)" : "", spec_.srq ? " (responder on an SRQ)" : "",
				   wr_opcode_name(spec_.opcode), key_role_name(spec_.subject), key_target_name(spec_.target),
				   spec_.target == KeyTarget::OwnMr || spec_.target == KeyTarget::PastMrEnd
					   ? " (access " + access_flags_name(spec_.access) + ")"
					   : "",
				   spec_.short_recv ? ", the receive shorter than the message" : "");
	}

	std::string summary(int lane) const override
	{
		return fmt::format("keys: {}, {} names {}: {}", wr_opcode_name(spec_.opcode),
				   key_role_name(spec_.subject), key_target_name(spec_.target),
				   driven_word(lane));
	}

private:
	AccessSpec spec_;
};

} // namespace

// One WR with one key varied on pairs of the op's own, each on its own PD
// (op_keys.cpp), judged by judge_exchange's access rows.
void keys_step(Session &s)
{
	auto &in = s.in();
	AccessSpec spec;
	spec.type = kTypes[in.ConsumeIntegralInRange(0, 2)];
	spec.subject = kRoles[in.ConsumeIntegralInRange(0, 3)];
	std::vector<ibv_wr_opcode> ops = opcodes_using(spec.subject, spec.type);
	if (ops.empty()) { // no READ or atomic on this type: the key of a send's source
		spec.subject = KeyRole::Gather;
		ops = opcodes_using(spec.subject, spec.type);
	}
	spec.opcode = ops[in.ConsumeIntegralInRange<size_t>(0, ops.size() - 1)];
	spec.target = kTargets[in.ConsumeIntegralInRange(0, 3)];
	// Every combination ibv_reg_mr(3) allows (those with REMOTE_ATOMIC are
	// not tried on a device without atomics); a key of another class names
	// an MR with every access, so that it fails by its class alone.
	const std::vector<int> combos = access_combinations(true);
	spec.access = combos[in.ConsumeIntegralInRange<size_t>(0, combos.size() - 1)];
	if (spec.target != KeyTarget::OwnMr)
		spec.access = combos.back();
	uint8_t bits = in.ConsumeIntegral<uint8_t>();
	spec.on_second = bits & 1;
	spec.srq = spec.subject == KeyRole::Receive && spec.type != IBV_QPT_UC && (bits >> 1 & 1);
	// A receive shorter than the message: its key valid, so that the length
	// alone decides.
	spec.short_recv = spec.subject == KeyRole::Receive && spec.opcode == IBV_WR_SEND && (bits >> 2 & 1);
	if (spec.short_recv) {
		spec.target = KeyTarget::OwnMr;
		spec.access = IBV_ACCESS_LOCAL_WRITE;
	}
	s.execute(std::make_unique<KeysOp>(spec));
}
IBVCERT_FUZZ_ROW(keys, 34);

} // namespace ibvcert::fuzz
