// The port's verbs and the address handle (ibv_query_port(3),
// ibv_query_gid(3), ibv_create_ah(3), ibv_destroy_ah(3)) on the lane's
// device: a port number and a GID index each of a decoded class
// (fixtures/address_classes.h: zero, the first and last port, one beyond,
// 255; index 0, the port's own GID, the table's last entry, its end, far
// beyond), with or without a GRH. ibv_query_port(port), ibv_query_gid(port,
// index), then ibv_create_ah to the port's own LID (with a GRH: to its own
// GID, from that index) and ibv_destroy_ah of what it made; each call
// judged whole by its judge (contracts/lifecycle_judge.h). The lane's
// objects stay as they were (the frame).
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"
#include "fuzz/harness/own_objects.h"

#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"
#include "fixtures/address_classes.h"

#include <fmt/format.h>

namespace ibvcert::fuzz {
namespace {

const OpVerb kPortAh = {"port_ah", "ibv_query_port, ibv_query_gid, ibv_create_ah, ibv_destroy_ah", Verb::Count};

class PortAhOp : public Op {
public:
	PortAhOp(size_t port_class, size_t index_class, bool global)
		: port_class_(port_class), index_class_(index_class), global_(global)
	{
	}

	const OpVerb &verb() const override { return kPortAh; }
	int slot() const override { return -1; } // the AH is the op's own: every other object stays
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		b = Bound{};
		const DeviceCaps &caps = lane.caps();
		Device &d = lane.device();
		b.port = port_num_classes()[port_class_].value(caps);
		b.index = gid_index_classes()[index_class_].value(caps);
		if (b.port > 255)
			return 0; // no port number (8 bits) names it
		b.port_attr = ibv_port_attr{};
		b.query_port_ret = d.query_port((uint8_t)b.port, b.port_attr);
		b.queried_port = true;
		if (b.index >= 0) {
			ibv_gid gid{};
			b.query_gid_ret = d.query_gid((uint8_t)b.port, b.index, gid);
			b.queried_gid = true;
		}
		b.attr.port_num = (uint8_t)b.port;
		b.attr.dlid = caps.port.lid;
		if (global_) {
			b.attr.is_global = 1;
			b.attr.grh.dgid = caps.gid;
			b.attr.grh.hop_limit = 1;
			b.attr.grh.sgid_index = (uint8_t)std::min(std::max(b.index, 0), 255);
		}
		std::unique_ptr<Ah> ah;
		b.create_ah_ret = d.create_ah(lane.pd(), b.attr, ah);
		b.created = true;
		if (ah) {
			b.destroy_ah_ret = ah->destroy();
			b.destroyed = true;
		}
		return 0;
	}

	CallResult call_result(const Lane &) const override { return {Verb::Count, 0}; }

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		const Bound &b = bound_[lane.index()];
		const DeviceCaps &caps = lane.caps();
		if (b.queried_port)
			oracle.judged(lane, "query_port", "ibv_query_port broke its rows",
				      judge_query_port(caps, b.port, b.query_port_ret, &b.port_attr));
		if (b.queried_gid)
			oracle.judged(lane, "query_gid", "ibv_query_gid broke its rows",
				      judge_query_gid(caps, b.port, b.index, b.query_gid_ret));
		if (b.created)
			oracle.judged(lane, "create_ah", "ibv_create_ah broke its rows",
				      judge_create_ah(caps, b.attr, b.create_ah_ret));
		if (b.destroyed)
			check_destroy(lane, oracle, Verb::DestroyAh, 0, b.destroy_ah_ret, true);
	}

	std::string describe(const Lane &) const override
	{
		return fmt::format("port_num {}, GID index {}, {}\n", port_num_classes()[port_class_].name,
				   gid_index_classes()[index_class_].name, global_ ? "with a GRH" : "no GRH");
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		if (!b.queried_port)
			return fmt::format("port_num {} is beyond 8 bits: nothing called\n", b.port);
		std::string out = fmt::format("ibv_query_port(port_num={}) returned {}\n", b.port,
					      errno_name(b.query_port_ret));
		if (b.queried_gid)
			out += fmt::format("ibv_query_gid(port_num={}, index={}) returned {}\n", b.port, b.index,
					   errno_name(b.query_gid_ret));
		out += fmt::format("ibv_create_ah(port_num={}, dlid={:#x}, is_global={}, sgid_index={}) returned {}\n",
				   b.attr.port_num, b.attr.dlid, b.attr.is_global, b.attr.grh.sgid_index,
				   errno_name(b.create_ah_ret));
		if (b.destroyed)
			out += "ibv_destroy_ah returned " + errno_name(b.destroy_ah_ret) + "\n";
		return out;
	}

	std::string summary(int lane) const override
	{
		const Bound &b = bound_[lane];
		return fmt::format("port_ah port {} index {}: create_ah {}", b.port, b.index, errno_name(b.create_ah_ret));
	}

private:
	struct Bound {
		int port = 0, index = 0;
		bool queried_port = false, queried_gid = false, created = false, destroyed = false;
		int query_port_ret = 0, query_gid_ret = 0, create_ah_ret = 0, destroy_ah_ret = 0;
		ibv_ah_attr attr{};
		ibv_port_attr port_attr{}; // what the query handed back
	};
	size_t port_class_;
	size_t index_class_;
	bool global_;
	Bound bound_[kMaxLanes];
};

} // namespace

// The port's verbs and the address handle: ibv_query_port, ibv_query_gid,
// ibv_create_ah / ibv_destroy_ah of a decoded port and GID index class
// (op_port_ah.cpp), each judged by contracts/lifecycle_judge.h.
void port_ah_step(Session &s)
{
	auto &in = s.in();
	size_t port = in.ConsumeIntegralInRange<size_t>(0, port_num_classes().size() - 1);
	size_t index = in.ConsumeIntegralInRange<size_t>(0, gid_index_classes().size() - 1);
	bool global = in.ConsumeBool();
	s.execute(std::make_unique<PortAhOp>(port, index, global));
}
IBVCERT_FUZZ_ROW(port_ah, 31);

} // namespace ibvcert::fuzz
