// ibv_set_ece(3): the rules on a struct ibv_ece, in the order
// contracts/ece_eval.cpp checks them. Which option bits a vendor defines is
// the provider's: not a contract rule (emu0 defines its own, see
// fixtures/emu/emu_qp_qos.cpp).
#include "contracts/rule.h"

#include <cerrno>
#include <cstdint>

namespace ibvcert {
namespace {

constexpr Bound k(int64_t v) { return {Cap::None, v}; }
constexpr Bound kNone = {Cap::None, 0};
constexpr uint32_t kSetEce = verb_bit(Verb::SetEce);

const std::vector<ContractRule> kRules = {
	{"ece.vendor_id.nonzero", kSetEce, Check::Range, "vendor_id", 0, k(1), k(UINT32_MAX),
	 Feature::None, nullptr, 0, Level::MUST, fixed(EOPNOTSUPP), "ibv_set_ece(3) RETURN VALUE",
	 "EOPNOTSUPP libibverbs or provider driver doesn't support the ibv_set_ece() verb.",
	 "vendor_id 0 names no vendor (\"The providers will set IEEE OUI here\"): libibverbs' "
	 "ibv_set_ece() answers EOPNOTSUPP for it before it calls the provider (rdma-core "
	 "libibverbs/verbs.c), on every device. mlx5: same (libibverbs/verbs.c:ibv_set_ece): "
	 "libmlx5 is never reached."},
	{"ece.comp_mask.zero", kSetEce, Check::Zero, "comp_mask", 0, kNone, kNone, Feature::None,
	 nullptr, 0, Level::MUST, fixed(EINVAL), "ibv_set_ece(3)",
	 "comp_mask: Bitmask specifying what fields in the structure are valid. RETURN VALUE: "
	 "EINVAL In one of the following: o The QP is invalid. o The ECE options are invalid.",
	 "verbs.h defines no comp_mask bit for struct ibv_ece: any bit asks for a field the "
	 "device cannot know. mlx5: same (providers/mlx5/verbs.c:mlx5_set_ece): checked "
	 "first, EINVAL, before the vendor_id and before its ECE capability, so an mlx5 "
	 "without ECE answers EINVAL here too (rdma-core 44)."},
	{"ece.vendor_id.own", kSetEce, Check::OwnVendor, "vendor_id", 0, kNone, kNone, Feature::Ece,
	 nullptr, 0, Level::MUST, fixed(EINVAL), "ibv_set_ece(3)",
	 "vendor_id: Unique identifier of the provider vendor on the network. The providers will "
	 "set IEEE OUI here to distinguish itself in non-homogenius network. RETURN VALUE: EINVAL "
	 "... The ECE options are invalid.",
	 "Options are \"Provider specific\": another vendor's mean nothing to this device. Held "
	 "only where the device's own vendor_id is known (DeviceCaps::ece_vendor_id; ibv_query_ece(3) "
	 "returns it). mlx5: same (providers/mlx5/verbs.c:mlx5_set_ece): EINVAL for any vendor_id but "
	 "0x02c9 (PCI_VENDOR_ID_MELLANOX, also Mellanox's OUI) and mlx5_query_ece() reports "
	 "0x02c9. But mlx5_query_ece() succeeds even on a device without ECE (FW without "
	 "ece_support), where mlx5_set_ece() answers EOPNOTSUPP after this check: a "
	 "successful ibv_query_ece does not show that an mlx5 has ECE."},
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(SetEce, 4, "ibv_set_ece");
IBVCERT_VERB(QueryEce, 5, "ibv_query_ece");

IBVCERT_RULE_FAMILY(ece, 40, nullptr)

} // namespace ibvcert
