// Several QPs, CQs and SRQs of the op's own alive at once, as the suites'
// routing rig makes them (fixtures/rigs/routing_rig.h): 1-4 pairs of QPs of
// one type over 1-5 CQs and (RC, UD) two SRQs, each QP's send CQ, receive
// CQ, SRQ and sq_sig_all decoded, so that CQs and SRQs are shared every way
// ibv_create_qp(3) allows; every QP sends to its peer, every CQ is polled,
// and judge_routing (contracts/send_flags_judge.h) decides which CQ each
// completion belongs on and which SRQ each receive comes from. The lane's
// objects stay as they were (the frame).
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"
#include "fuzz/harness/rig_op.h"

#include "contracts/call_judge.h"
#include "contracts/completion_judge.h"
#include "contracts/names.h"
#include "contracts/post_send_opcodes.h"
#include "fixtures/rigs/routing_rig.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace ibvcert::fuzz {
namespace {

const OpVerb kRouted = {"routed", "ibv_create_qp on shared CQs and SRQs, ibv_post_send, ibv_poll_cq of every CQ",
			Verb::PostSend};

constexpr ibv_qp_type kTypes[] = {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD};
constexpr int kMaxPairs = 4, kMaxCqs = 5;

// What the rig saw: the judge's view and the rig's ibv_poll_cq results.
struct Routed {
	RoutingView view;
	std::vector<int> polls;
};

class RoutedOp : public RigOp<Routed> {
public:
	RoutedOp(ibv_qp_type type, ibv_wr_opcode opcode, int cqs, std::vector<RoutingShape> shapes)
		: type_(type), opcode_(opcode), cqs_(cqs), shapes_(std::move(shapes))
	{
	}

	const OpVerb &verb() const override { return kRouted; }

	int run(Lane &lane) override
	{
		Driven &d = start(lane);
		bool srq = false;
		for (const RoutingShape &s : shapes_)
			srq |= s.srq >= 0;
		if (srq && type_ != IBV_QPT_UC && lane.caps().device.orig_attr.max_srq == 0) {
			d.stopped = "no SRQ (max_srq 0)";
			return 0;
		}
		RoutingRig rig(lane_host(lane));
		auto why = rig.run(type_, opcode_, shapes_, cqs_);
		d.evidence = rig.evidence();
		d.seen.polls = rig.polls();
		if (why) {
			d.stopped = *why;
			return 0;
		}
		d.seen.view = rig.view();
		d.judged = true;
		return 0;
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		const Driven &d = driven(lane);
		for (int n : d.seen.polls)
			oracle.judged(lane, "poll_cq.return", "ibv_poll_cq's result breaks its rows",
				      judge_call({Verb::PollCq, n, 0, -1, RoutingRig::kPollBatch}), d.evidence);
		if (d.judged)
			oracle.judged(lane, "routed", "a completion is not where the QP's CQs and SRQ put it",
				      judge_routing(d.seen.view), d.evidence);
	}

	std::string describe(const Lane &) const override
	{
		std::vector<std::string> qps;
		for (const RoutingShape &s : shapes_)
			qps.push_back(fmt::format("send_cq {} recv_cq {} {}{}", s.send_cq, s.recv_cq,
						  s.srq < 0 ? "own RQ" : fmt::format("SRQ {}", s.srq),
						  s.sq_sig_all ? " sq_sig_all" : ""));
		return fmt::format("{} {}, {} CQs, QPs (pairs 2k, 2k+1): [{}]\n", qp_type_name(type_),
				   wr_opcode_name(opcode_), cqs_, fmt::join(qps, "; "));
	}

	std::string summary(int lane) const override
	{
		return fmt::format("routed {} x{} QPs over {} CQs: {}", qp_type_name(type_), shapes_.size(), cqs_,
				   driven_word(lane));
	}

private:
	ibv_qp_type type_;
	ibv_wr_opcode opcode_;
	int cqs_;
	std::vector<RoutingShape> shapes_;
};

} // namespace

// QPs of the op's own over shared CQs and SRQs, each sending to its peer,
// judged by judge_routing (op_routed.cpp).
void routed_step(Session &s)
{
	auto &in = s.in();
	ibv_qp_type type = kTypes[in.ConsumeIntegralInRange(0, 2)];
	std::vector<ibv_wr_opcode> opcodes;
	for (ibv_wr_opcode op : {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE_WITH_IMM})
		if (opcode_in_table(type, op))
			opcodes.push_back(op);
	ibv_wr_opcode opcode = opcodes[in.ConsumeIntegralInRange<size_t>(0, opcodes.size() - 1)];
	int cqs = 1 + in.ConsumeIntegralInRange(0, kMaxCqs - 1);
	int qps = 2 * (1 + in.ConsumeIntegralInRange(0, kMaxPairs - 1));
	std::vector<RoutingShape> shapes(qps);
	for (RoutingShape &q : shapes) {
		q.send_cq = in.ConsumeIntegralInRange(0, cqs - 1);
		q.recv_cq = in.ConsumeIntegralInRange(0, cqs - 1);
		uint8_t bits = in.ConsumeIntegral<uint8_t>();
		// Zero bytes: its own receive queue; an SRQ for RC and UD only.
		int srq = bits & 0x3; // 0 own, 1 and 2 SRQ 0, 3 SRQ 1
		q.srq = type == IBV_QPT_UC || srq == 0 ? -1 : srq == 3 ? 1 : 0;
		q.sq_sig_all = bits >> 2 & 1;
	}
	s.execute(std::make_unique<RoutedOp>(type, opcode, cqs, std::move(shapes)));
}
IBVCERT_FUZZ_ROW(routed, 36);

} // namespace ibvcert::fuzz
