// ibv_modify_qp(3): the rules, in the order contracts/modify_qp_eval.cpp
// checks them. The transition rows themselves are data of their own
// (contracts/kernel_qp_table_6.1.json); these rows say how a request is held
// to them, and what each attr_mask field's value must meet.
#include "contracts/rule.h"

#include <infiniband/verbs.h>

#include <cerrno>

namespace ibvcert {
namespace {

constexpr Bound k(int64_t v) { return {Cap::None, v}; }
constexpr Bound cap(Cap c, int64_t offset = 0) { return {c, offset}; }
constexpr Bound kNone = {Cap::None, 0};
constexpr int64_t kPsnMax = (1 << 24) - 1;
constexpr int64_t kQpnMax = (1 << 24) - 1;
constexpr int64_t kFlowLabelMax = (1 << 20) - 1;
constexpr unsigned kQpAccess = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE |
			       IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC;
constexpr uint32_t kModifyQp = verb_bit(Verb::ModifyQp);
constexpr uint32_t kBothRateVerbs = kModifyQp | verb_bit(Verb::ModifyQpRateLimit);

using L = Level;
using C = Check;

constexpr const char kPage[] = "ibv_modify_qp(3)";
constexpr const char kNotes[] = "ibv_modify_qp(3) NOTES";
constexpr const char kKernel[] = "Linux 6.1 drivers/infiniband/core/verbs.c qp_state_table";
constexpr const char kIbSpec[] =
	"IBTA spec: the field's width/range; ibv_modify_qp(3) NOTES: If any of the modify "
	"attributes or the modify mask are invalid, none of the attributes will be modified.";
constexpr const char kMaskNote[] =
	"A spec range a provider may mask or round (rxe does not check it): SHOULD.";

// A field's value rule: id, field, carrying flag, check, bounds, level, sentence, note.
ContractRule value(const char *id, const char *field, int flag, Check check, Bound lo, Bound hi,
		   Level level, const char *sentence, const char *note = nullptr)
{
	return ContractRule{id, kModifyQp, check, field, (uint64_t)flag, lo, hi, Feature::None,
			    nullptr, 0, level, EINVAL, kPage, sentence, note};
}

const std::vector<ContractRule> kRules = {
	// The mask and the state value, before any table is consulted.
	{"modify_qp.attr_mask.known", kModifyQp, C::MaskKnown, "attr_mask", 0, kNone, kNone,
	 Feature::None, nullptr, 0, L::MUST, EOPNOTSUPP, kPage,
	 "The argument attr_mask specifies the QP attributes to be modified. The argument is "
	 "either 0 or the bitwise OR of one or more of the following flags: IBV_QP_STATE ... "
	 "IBV_QP_RATE_LIMIT",
	 "bits = every flag verbs.h defines (filled in by the evaluator). The errno is "
	 "EOPNOTSUPP by convention (SHOULD; the page names none): the kernel's uverbs "
	 "ib_uverbs_modify_qp() answers it for a bit it does not know before the driver runs, "
	 "as rxe and siw show; emu0 answers the same."},
	value("modify_qp.qp_state.enum", "qp_state", IBV_QP_STATE, C::Range, k(IBV_QPS_RESET),
	      k(IBV_QPS_ERR), L::MUST,
	      "qp_state: Move the QP to this state (enum ibv_qp_state: RESET, INIT, RTR, RTS, SQD, "
	      "SQE, ERR); IBV_QPS_UNKNOWN and beyond name no state to move to."),
	// The transition table.
	{"modify_qp.transition.listed", kModifyQp, C::TransitionListed, "qp_state", IBV_QP_STATE,
	 kNone, kNone, Feature::None, nullptr, 0, L::MUST, EINVAL, kKernel,
	 "ib_modify_qp_is_ok(): a transition is valid only if the table lists it for the QP type; "
	 "a mask without IBV_QP_STATE is the current->current row.",
	 "Where there is no current->current row (RTR), any attr_mask without IBV_QP_STATE is "
	 "refused."},
	{"modify_qp.transition.required", kModifyQp, C::RequiredBits, "attr_mask", 0, kNone, kNone,
	 Feature::None, nullptr, 0, L::MUST, EINVAL, kNotes,
	 "The following tables indicate for each QP Transport Service Type, the minimum list of "
	 "attributes that must be changed upon transitioning QP state from: Reset --> Init --> "
	 "RTR --> RTS. (Beyond RTS: the kernel table's required bits.)",
	 nullptr},
	{"modify_qp.transition.allowed", kModifyQp, C::AllowedBits, "attr_mask", 0, kNone, kNone,
	 Feature::None, nullptr, 0, L::MUST, EINVAL, kKernel,
	 "ib_modify_qp_is_ok(): attr_mask may hold only the transition's required and optional "
	 "attributes (and IBV_QP_STATE).",
	 nullptr},
	// Features a flag needs.
	{"modify_qp.alt_path.feature", kModifyQp, C::Feature, "", IBV_QP_ALT_PATH | IBV_QP_PATH_MIG_STATE,
	 kNone, kNone, Feature::AutoPathMig, nullptr, 0, L::SHOULD, EINVAL, kNotes,
	 "Not all devices support alternate paths. To check if a device supports it, check if the "
	 "IBV_DEVICE_AUTO_PATH_MIG bit is set in the device capabilities flags.",
	 "The page tells applications how to check, not what a device without the feature "
	 "answers: SHOULD reject (emu0 rejects with EINVAL)."},
	{"modify_qp.cap.feature", kModifyQp, C::Feature, "cap", IBV_QP_CAP, kNone, kNone,
	 Feature::QpResize, nullptr, 0, L::SHOULD, EINVAL, kNotes,
	 "Not all devices support resizing QPs. To check if a device supports it, check if the "
	 "IBV_DEVICE_RESIZE_MAX_WR bit is set in the device capabilities flags.",
	 "As for alternate paths, the page tells applications how to check, not what a device "
	 "without the feature answers: SHOULD reject (emu0 rejects with EINVAL). A device with it "
	 "still has IBV_QP_CAP refused on Linux: the kernel's transition table allows it in no "
	 "transition (modify_qp.transition.allowed)."},
	{"modify_qp.rate_limit.feature", kBothRateVerbs, C::Feature, "", IBV_QP_RATE_LIMIT, kNone, kNone,
	 Feature::PacketPacing, nullptr, 0, L::SHOULD, EINVAL, "ibv_query_device_ex(3)",
	 "packet_pacing_caps: qp_rate_limit_min, qp_rate_limit_max (kbps); supported_qpts: Bitmap "
	 "showing which QP types are supported.",
	 "A QP type outside supported_qpts, or a device with qp_rate_limit_max 0, cannot be paced."
	 " mlx5: same (drivers/infiniband/hw/mlx5/qp.c:mlx5_ib_modify_qp): EINVAL for a type "
	 "outside RAW_PACKET from ib_modify_qp_is_ok(); packet_pacing_caps.supported_qpts is "
	 "RAW_PACKET only (mlx5_ib_query_device())."},
	// A RoCE address vector carries a GRH.
	{"modify_qp.ah_attr.grh_required", kModifyQp, C::GrhRequired, "ah_attr.is_global", IBV_QP_AV,
	 kNone, kNone, Feature::None, nullptr, 0, L::MUST, EINVAL, "ibv_query_port(3)",
	 "IBV_QPF_GRH_REQUIRED - When this flag is set, the applications must create all AH with "
	 "GRH configured.",
	 "The port requires a GRH on RoCE (link layer Ethernet) or with IBV_QPF_GRH_REQUIRED; the "
	 "kernel's ib_modify_qp refuses such an address vector with EINVAL (uverbs ABI)."},
	{"modify_qp.alt_ah_attr.grh_required", kModifyQp, C::GrhRequired, "alt_ah_attr.is_global",
	 IBV_QP_ALT_PATH, kNone, kNone, Feature::None, nullptr, 0, L::MUST, EINVAL,
	 "ibv_query_port(3)",
	 "IBV_QPF_GRH_REQUIRED - When this flag is set, the applications must create all AH with "
	 "GRH configured.",
	 nullptr},
	// The values behind each flag.
	value("modify_qp.cur_qp_state.current", "cur_qp_state", IBV_QP_CUR_STATE, C::CurrentState,
	      kNone, kNone, L::SHOULD,
	      "cur_qp_state: Assume this is the current QP state (IBV_QP_CUR_STATE: Set cur_qp_state).",
	      "mlx5 takes cur_qp_state as an assumption to check; the page does not say a mismatch "
	      "is invalid: SHOULD."),
	value("modify_qp.qp_access_flags.known", "qp_access_flags", IBV_QP_ACCESS_FLAGS, C::Flags,
	      kNone, k(kQpAccess), L::SHOULD,
	      "qp_access_flags: Mask of enabled remote access operations (0 or the bitwise OR of "
	      "IBV_ACCESS_REMOTE_WRITE, IBV_ACCESS_REMOTE_READ, IBV_ACCESS_REMOTE_ATOMIC and "
	      "IBV_ACCESS_LOCAL_WRITE).",
	      "Other bits are undefined for a QP; rxe 6.1 stores them: SHOULD."),
	value("modify_qp.pkey_index.range", "pkey_index", IBV_QP_PKEY_INDEX, C::Range, k(0),
	      cap(Cap::PkeyTblLen, -1), L::MUST,
	      "pkey_index: Primary P_Key index; ibv_query_port(3) pkey_tbl_len: Length of partition "
	      "table. The uverbs ABI checks it against the port.",
	      "A device without a P_Key table (iWARP: pkey_tbl_len 0) has no valid index: the rule "
	      "does not apply there."),
	value("modify_qp.port_num.range", "port_num", IBV_QP_PORT, C::Range, k(1), cap(Cap::PortCnt),
	      L::MUST, "port_num: Primary port number; ibv_query_device(3) phys_port_cnt: Number of "
	      "physical ports. The uverbs ABI checks rdma_is_port_valid()."),
	value("modify_qp.ah_attr.sl.range", "ah_attr.sl", IBV_QP_AV, C::Range, k(0), k(15), L::SHOULD,
	      kIbSpec, kMaskNote),
	value("modify_qp.ah_attr.is_global.range", "ah_attr.is_global", IBV_QP_AV, C::Range, k(0),
	      k(1), L::SHOULD, kIbSpec, kMaskNote),
	value("modify_qp.ah_attr.port_num.range", "ah_attr.port_num", IBV_QP_AV, C::Range, k(1),
	      cap(Cap::PortCnt), L::MUST,
	      "ah_attr: Primary path address vector (port_num: a physical port of the device); the "
	      "uverbs ABI checks it."),
	value("modify_qp.ah_attr.grh.sgid_index.range", "ah_attr.grh.sgid_index", IBV_QP_AV, C::Range,
	      k(0), cap(Cap::GidTblLen, -1), L::MUST,
	      "ah_attr.grh.sgid_index: an index into the port's GID table (ibv_query_port(3) "
	      "gid_tbl_len); the kernel resolves it when is_global is set."),
	value("modify_qp.ah_attr.grh.flow_label.range", "ah_attr.grh.flow_label", IBV_QP_AV, C::Range,
	      k(0), k(kFlowLabelMax), L::SHOULD, kIbSpec, kMaskNote),
	value("modify_qp.path_mtu.range", "path_mtu", IBV_QP_PATH_MTU, C::Range, k(IBV_MTU_256),
	      cap(Cap::PortMaxMtu), L::SHOULD,
	      "path_mtu: Path MTU (valid only for RC/UC QPs); ibv_query_port(3) max_mtu: Max MTU "
	      "supported by port.",
	      "Checked against the port's max_mtu, as rxe does."),
	value("modify_qp.timeout.range", "timeout", IBV_QP_TIMEOUT, C::Range, k(0), k(31), L::SHOULD,
	      kIbSpec, kMaskNote),
	value("modify_qp.retry_cnt.range", "retry_cnt", IBV_QP_RETRY_CNT, C::Range, k(0), k(7),
	      L::SHOULD, kIbSpec, kMaskNote),
	value("modify_qp.rnr_retry.range", "rnr_retry", IBV_QP_RNR_RETRY, C::Range, k(0), k(7),
	      L::SHOULD, kIbSpec, kMaskNote),
	value("modify_qp.rq_psn.range", "rq_psn", IBV_QP_RQ_PSN, C::Range, k(0), k(kPsnMax),
	      L::SHOULD, kIbSpec, "A PSN has 24 bits. " "A provider may mask it: SHOULD."),
	value("modify_qp.max_rd_atomic.range", "max_rd_atomic", IBV_QP_MAX_QP_RD_ATOMIC, C::Range,
	      k(0), cap(Cap::MaxQpInitRdAtom), L::MUST,
	      "max_rd_atomic: Number of outstanding RDMA reads & atomic operations on the destination "
	      "QP (valid only for RC QPs); ibv_query_device(3) max_qp_init_rd_atom: Maximum depth per "
	      "QP for initiation of RDMA Read and atomic operations.",
	      "Initiator depth against max_qp_init_rd_atom (emu0 advertises 8 and 16 so a swap "
	      "shows). MUST: the cap is the device's maximum, stated as fact; a depth above it "
	      "cannot be in effect, so accepting it is a call accepted and not applied (mlx5 and "
	      "rxe answer EINVAL)."),
	value("modify_qp.alt_port_num.range", "alt_port_num", IBV_QP_ALT_PATH, C::Range, k(1),
	      cap(Cap::PortCnt), L::MUST, "alt_port_num: Alternate port number; the uverbs ABI checks it."),
	value("modify_qp.alt_pkey_index.range", "alt_pkey_index", IBV_QP_ALT_PATH, C::Range, k(0),
	      cap(Cap::PkeyTblLen, -1), L::MUST,
	      "alt_pkey_index: Alternate P_Key index; the uverbs ABI checks it against the port."),
	value("modify_qp.alt_timeout.range", "alt_timeout", IBV_QP_ALT_PATH, C::Range, k(0), k(31),
	      L::SHOULD, kIbSpec, kMaskNote),
	value("modify_qp.alt_ah_attr.sl.range", "alt_ah_attr.sl", IBV_QP_ALT_PATH, C::Range, k(0),
	      k(15), L::SHOULD, kIbSpec, kMaskNote),
	value("modify_qp.alt_ah_attr.port_num.range", "alt_ah_attr.port_num", IBV_QP_ALT_PATH,
	      C::Range, k(1), cap(Cap::PortCnt), L::MUST,
	      "alt_ah_attr: Alternate path address vector (port_num: a physical port)."),
	value("modify_qp.alt_ah_attr.is_global.range", "alt_ah_attr.is_global", IBV_QP_ALT_PATH,
	      C::Range, k(0), k(1), L::SHOULD, kIbSpec, kMaskNote),
	value("modify_qp.alt_ah_attr.grh.sgid_index.range", "alt_ah_attr.grh.sgid_index",
	      IBV_QP_ALT_PATH, C::Range, k(0), cap(Cap::GidTblLen, -1), L::MUST,
	      "alt_ah_attr.grh.sgid_index: an index into the port's GID table."),
	value("modify_qp.alt_ah_attr.grh.flow_label.range", "alt_ah_attr.grh.flow_label",
	      IBV_QP_ALT_PATH, C::Range, k(0), k(kFlowLabelMax), L::SHOULD, kIbSpec, kMaskNote),
	value("modify_qp.min_rnr_timer.range", "min_rnr_timer", IBV_QP_MIN_RNR_TIMER, C::Range, k(0),
	      k(31), L::SHOULD, kIbSpec, kMaskNote),
	value("modify_qp.sq_psn.range", "sq_psn", IBV_QP_SQ_PSN, C::Range, k(0), k(kPsnMax),
	      L::SHOULD, kIbSpec, kMaskNote),
	value("modify_qp.max_dest_rd_atomic.range", "max_dest_rd_atomic", IBV_QP_MAX_DEST_RD_ATOMIC,
	      C::Range, k(0), cap(Cap::MaxQpRdAtom), L::MUST,
	      "max_dest_rd_atomic: Number of responder resources for handling incoming RDMA reads & "
	      "atomic operations (valid only for RC QPs); ibv_query_device(3) max_qp_rd_atom: "
	      "Maximum number of RDMA Read & atomic operations that can be outstanding per QP.",
	      "Responder resources against max_qp_rd_atom. MUST, as max_rd_atomic: the cap is the "
	      "device's maximum and mlx5 answers EINVAL above it; rxe accepts it (its deviations "
	      "file; on 6.12 the same field overruns the responder array, lab/repro)."),
	value("modify_qp.path_mig_state.range", "path_mig_state", IBV_QP_PATH_MIG_STATE, C::Range,
	      k(IBV_MIG_MIGRATED), k(IBV_MIG_ARMED), L::SHOULD,
	      "path_mig_state: Migrated state (enum ibv_mig_state: MIGRATED, REARM, ARMED).",
	      kMaskNote),
	value("modify_qp.dest_qp_num.range", "dest_qp_num", IBV_QP_DEST_QPN, C::Range, k(0),
	      k(kQpnMax), L::SHOULD, kIbSpec, "A QP number has 24 bits. A provider may mask it: SHOULD."),
	{"modify_qp.rate_limit.range", kBothRateVerbs, C::ZeroOrRange, "rate_limit", IBV_QP_RATE_LIMIT,
	 cap(Cap::RateLimitMin), cap(Cap::RateLimitMax), Feature::None, nullptr, 0, L::MUST, fixed(EINVAL),
	 "ibv_modify_qp_rate_limit(3) ERRORS",
	 "EINVAL Invalid arguments; ibv_query_device_ex(3): qp_rate_limit_min, qp_rate_limit_max: "
	 "Minimum / Maximum rate limit in kbps (0: no limit).",
	 "One rule for both verbs that set rate_limit (IBV_QP_RATE_LIMIT and "
	 "ibv_modify_qp_rate_limit). Before: SHOULD through ibv_modify_qp and MUST through "
	 "ibv_modify_qp_rate_limit; the ERRORS sentence names EINVAL for it: MUST in both."
	 " mlx5: same (drivers/net/ethernet/mellanox/mlx5/core/rl.c:mlx5_rl_is_in_range): EINVAL"
	 " outside [min, max], 0 always valid."},
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(ModifyQp, 0, "ibv_modify_qp");

IBVCERT_RULE_FAMILY(modify_qp, 10, nullptr)

} // namespace ibvcert
