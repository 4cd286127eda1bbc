// A loopback-connected QP pair for the datapath: a CQ of its own, two QPs of
// a decoded type (RC, UC, UD), the responder receiving from its own queue
// or the lane's SRQ, brought to RTS against each other by
// Device::connect_loopback (ibv_modify_qp on InfiniBand and RoCE, rdma_cm on
// iWARP); UD with an AH that reaches the port itself. A pair already there
// is destroyed first. Which pairs a device can make no page says: the
// oracle holds the setup to its return values and to "nothing else
// changed"; the pair's model (fixtures/model/datapath_model.h) starts sound.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/names.h"
#include "fixtures/loopback.h"

namespace ibvcert::fuzz {
namespace {

const OpVerb kConnectPair = {"connect_pair", "ibv_create_cq, ibv_create_qp x2, ibv_modify_qp to RTS (connect_loopback)", Verb::Count};

constexpr ibv_qp_type kTypes[] = {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD};
constexpr int kPairCqe = 64;
constexpr uint32_t kPairWrs = 16, kPairSge = 2;

class ConnectPairOp : public Op {
public:
	ConnectPairOp(ibv_qp_type type, bool srq) : type_(type), srq_(srq) {}

	const OpVerb &verb() const override { return kConnectPair; }
	int slot() const override { return -1; }
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		lane.close_pair();
		PairSlot &p = lane.pair();
		Step &st = step_[lane.index()];
		st = {};
		Device &dev = lane.device();
		if (int ret = dev.create_cq(kPairCqe, p.cq))
			return fail(lane, "ibv_create_cq", ret);
		lane.events().cq_created(*p.cq, "the pair's CQ");
		Srq *srq = srq_ && lane.srq() ? lane.srq().srq.get() : nullptr;
		for (auto *qp : {&p.requester, &p.responder}) {
			ibv_qp_init_attr init{};
			init.qp_type = type_;
			init.cap = {kPairWrs, kPairWrs, kPairSge, kPairSge, 0};
			Srq *use = qp == &p.responder ? srq : nullptr;
			if (int ret = dev.create_qp(lane.pd(), *p.cq, *p.cq, use, init, *qp))
				return fail(lane, "ibv_create_qp", ret);
			lane.events().qp_created(**qp, qp == &p.requester ? "the pair's requester" : "the pair's responder",
						 use != nullptr, *p.cq, *p.cq);
			if (qp == &p.requester) {
				p.model.max_send_sge = init.cap.max_send_sge;
			} else {
				p.model.max_recv_sge = init.cap.max_recv_sge;
				p.model.max_recv_wr = init.cap.max_recv_wr;
			}
		}
		if (int ret = dev.connect_loopback(*p.requester, *p.responder, st.failed))
			return fail(lane, "", ret);
		lane.events().connected(*p.requester, *p.responder);
		if (type_ == IBV_QPT_UD) {
			ibv_ah_attr ah = loopback_ah_attr(lane.caps());
			if (int ret = dev.create_ah(lane.pd(), ah, p.ah))
				return fail(lane, "ibv_create_ah", ret);
			ibv_qp_attr attr{};
			ibv_qp_init_attr init{};
			if (int ret = p.responder->query(attr, IBV_QP_QKEY, init))
				return fail(lane, "ibv_query_qp", ret);
			p.qkey = attr.qkey;
		}
		p.model.type = type_;
		p.model.srq = srq != nullptr;
		p.model.mtu_bytes = 128u << lane.caps().port.active_mtu;
		p.model.sound = true;
		return 0;
	}

	// The pair's CQ and QPs are new: they start from the device's defaults.
	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		if (ret[lane.index()] != 0)
			return;
		PairSlot &p = lane.pair();
		check_new_cq(lane, *p.cq, verb().id, oracle);
		check_new_qp_ece(lane, *p.requester, type_, verb().id, oracle);
		check_new_qp_ece(lane, *p.responder, type_, verb().id, oracle);
	}

	std::string describe(const Lane &) const override
	{
		return std::string("pair: ") + qp_type_name(type_) + ", responder receiving from " +
		       (srq_ ? "the lane's SRQ (if any)" : "its own queue") + "\n";
	}

	std::string outcome(const Lane &lane) const override
	{
		const Step &st = step_[lane.index()];
		std::string out = "returned: " + errno_name(ret[lane.index()]);
		if (!st.failed.empty())
			out += " (" + st.failed + ")";
		if (ret[lane.index()] == 0) {
			const PairSlot &p = lane.pair();
			out += ", requester qp_num " + hex(p.requester->qp_num()) + ", responder qp_num " +
			       hex(p.responder->qp_num());
		}
		return out + "\n";
	}

	std::string summary(int lane) const override
	{
		return std::string("connect_pair ") + qp_type_name(type_) + (srq_ ? " with the SRQ" : "") +
		       " returned " + errno_name(ret[lane]) +
		       (step_[lane].failed.empty() ? "" : " (" + step_[lane].failed + ")");
	}

private:
	struct Step {
		std::string failed;
	};

	int fail(Lane &lane, const char *what, int ret)
	{
		if (*what)
			step_[lane.index()].failed = std::string(what) + " returned " + errno_name(ret);
		lane.close_pair();
		return ret;
	}

	ibv_qp_type type_;
	bool srq_;
	Step step_[kMaxLanes];
};

} // namespace

// The lane's loopback-connected QP pair, made by Device::connect_loopback.
void connect_pair_step(Session &s)
{
	auto &in = s.in();
	ibv_qp_type type = kTypes[in.ConsumeIntegralInRange(0, 2)];
	bool srq = in.ConsumeBool();
	s.execute(std::make_unique<ConnectPairOp>(type, srq));
}
IBVCERT_FUZZ_ROW(connect_pair, 16);

} // namespace ibvcert::fuzz
