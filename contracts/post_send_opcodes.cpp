#include "contracts/post_send_opcodes.h"

#include <fmt/format.h>

namespace ibvcert {
namespace {

constexpr unsigned qpt(ibv_qp_type t) { return 1u << t; }
constexpr unsigned kUd = qpt(IBV_QPT_UD), kUc = qpt(IBV_QPT_UC), kRc = qpt(IBV_QPT_RC),
		   kXrc = qpt(IBV_QPT_XRC_SEND), kRaw = qpt(IBV_QPT_RAW_PACKET);

// ibv_post_send(3): "Each QP Transport Service Type supports a specific set
// of opcodes, as shown in the following table".
struct OpcodeColumn {
	ibv_wr_opcode opcode;
	unsigned qp_types;
};
const OpcodeColumn kTable[] = {
	{IBV_WR_SEND, kUd | kUc | kRc | kXrc | kRaw},
	{IBV_WR_SEND_WITH_IMM, kUd | kUc | kRc | kXrc},
	{IBV_WR_RDMA_WRITE, kUc | kRc | kXrc},
	{IBV_WR_RDMA_WRITE_WITH_IMM, kUc | kRc | kXrc},
	{IBV_WR_RDMA_READ, kRc | kXrc},
	{IBV_WR_ATOMIC_CMP_AND_SWP, kRc | kXrc},
	{IBV_WR_ATOMIC_FETCH_AND_ADD, kRc | kXrc},
	{IBV_WR_LOCAL_INV, kUc | kRc | kXrc},
	{IBV_WR_BIND_MW, kUc | kRc | kXrc},
	{IBV_WR_SEND_WITH_INV, kUc | kRc | kXrc},
	{IBV_WR_TSO, kUd | kRaw},
};

} // namespace

bool opcode_in_table(ibv_qp_type type, ibv_wr_opcode opcode)
{
	for (const auto &c : kTable)
		if (c.opcode == opcode)
			return (unsigned)type < 32 && (c.qp_types & qpt(type));
	return false;
}

Verdict evaluate_post_send_opcode(ibv_qp_type type, ibv_wr_opcode opcode)
{
	Verdict v;
	for (const ContractRule *r : rules_of(Verb::PostSend))
		if (r->check == Check::OpcodeOfQpType && !opcode_in_table(type, opcode))
			v.breaches.push_back({r, fmt::format("opcode {} is not in the column of QP type {}",
							     (int)opcode, (int)type)});
	return v;
}

} // namespace ibvcert
