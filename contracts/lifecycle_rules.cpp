// The lifecycles of the verbs objects, as rows: what a create refuses and
// what it reports against the request (ibv_create_qp, ibv_reg_mr,
// ibv_create_ah), what a destroy refuses while other objects depend on the
// one destroyed (ibv_dealloc_pd, ibv_destroy_cq, ibv_destroy_srq), the
// device queries' port and index bounds, and every lifecycle verb's result.
// contracts/lifecycle_judge.cpp judges a call by them.
#include "contracts/rule.h"

#include <infiniband/verbs.h>

#include <cerrno>

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};
constexpr Bound kErrnoMax = {Cap::None, 133};
constexpr uint64_t kCreateQp = verb_bit(Verb::CreateQp);
constexpr const char kQpPage[] = "ibv_create_qp(3)";
constexpr const char kQpReturn[] = "ibv_create_qp(3) RETURN VALUE";
constexpr const char kUsecnt[] =
	"The uverbs ABI refuses it on every device before a driver runs: the kernel counts the "
	"objects made from a PD, CQ or SRQ (usecnt) and its destroy handler answers EBUSY while "
	"the count is not 0 (MUST, errno fixed). The object stays and keeps working.";

constexpr uint64_t bit(unsigned v) { return uint64_t(1) << v; }
// The values of the types ibv_query_port(3) gives its reply's fields.
constexpr uint64_t kPortStates = bit(IBV_PORT_NOP) | bit(IBV_PORT_DOWN) | bit(IBV_PORT_INIT) |
				 bit(IBV_PORT_ARMED) | bit(IBV_PORT_ACTIVE) | bit(IBV_PORT_ACTIVE_DEFER);
constexpr uint64_t kMtus = bit(IBV_MTU_256) | bit(IBV_MTU_512) | bit(IBV_MTU_1024) |
			   bit(IBV_MTU_2048) | bit(IBV_MTU_4096);
constexpr uint64_t kAtomicCaps = bit(IBV_ATOMIC_NONE) | bit(IBV_ATOMIC_HCA) | bit(IBV_ATOMIC_GLOB);
constexpr uint64_t kLinkLayers = bit(IBV_LINK_LAYER_UNSPECIFIED) | bit(IBV_LINK_LAYER_INFINIBAND) |
				 bit(IBV_LINK_LAYER_ETHERNET);
// The transport types ibv_create_qp(3) lists, less IBV_QPT_DRIVER (vendor
// logic, out of scope).
constexpr uint64_t kListedTypes =
	bit(IBV_QPT_RC) | bit(IBV_QPT_UC) | bit(IBV_QPT_UD) | bit(IBV_QPT_RAW_PACKET);
// The access flags ibv_reg_mr(3) lists, the two flush flags later kernels
// define (bits 8 and 9, IB_ACCESS_FLUSH_*), and libibverbs' optional range
// (bits 20..29, IBV_ACCESS_OPTIONAL_RANGE: a provider ignores the optional
// flags it lacks, by design).
constexpr uint64_t kListedAccess =
	IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ |
	IBV_ACCESS_REMOTE_ATOMIC | IBV_ACCESS_MW_BIND | IBV_ACCESS_ZERO_BASED |
	IBV_ACCESS_ON_DEMAND | IBV_ACCESS_HUGETLB | (1u << 8) | (1u << 9) |
	(uint64_t)IBV_ACCESS_OPTIONAL_RANGE;

ContractRule returns_errno(const char *id, Verb verb, const char *man, const char *sentence,
			   const char *note)
{
	return ContractRule{id, verb_bit(verb), Check::ReturnsErrno, "result", 0, kNone, kErrnoMax,
			    Feature::None, nullptr, 0, Level::MUST, 0, man, sentence, note};
}

constexpr const char kNullErrno[] =
	"The harness's device layer hands back the errno a NULL return set (EINVAL where the "
	"provider left errno 0): the result is 0 for an object, else a positive errno value.";
constexpr const char kErrnoNote[] =
	"The value of errno is positive (errno(3)); a negative value, or one above the largest "
	"errno Linux defines, is no errno value. The libibverbs backend passes the provider's "
	"result through untranslated.";

const std::vector<ContractRule> kRules = {
	// ibv_create_qp(3): the request.
	{"create_qp.qp_type.listed", kCreateQp, Check::OneOf, "qp_type", kListedTypes, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, EINVAL, kQpPage,
	 "enum ibv_qp_type qp_type; /* QP Transport Service Type: IBV_QPT_RC, IBV_QPT_UC, "
	 "IBV_QPT_UD, IBV_QPT_RAW_PACKET or IBV_QPT_DRIVER */",
	 "A type the page does not list is no transport service type: the create fails (EINVAL by "
	 "convention; the kernel's create_qp refuses an unknown type). IBV_QPT_DRIVER is vendor "
	 "logic, out of scope."},
	{"create_qp.srq.rc_ud_only", kCreateQp, Check::OneOf, "qp_type",
	 bit(IBV_QPT_RC) | bit(IBV_QPT_UD), kNone, kNone, Feature::None, "srq", 0, Level::MUST, EINVAL,
	 kQpPage,
	 "ibv_create_qp() will fail if a it is asked to create QP of a type other than IBV_QPT_RC or "
	 "IBV_QPT_UD associated with an SRQ.",
	 "EINVAL by convention (the kernel answers it for an SRQ on a UC or RAW_PACKET QP)."},
	{"create_qp.cap.max_send_wr.range", kCreateQp, Check::Range, "max_send_wr", 0, kNone,
	 {Cap::MaxQpWr, 0}, Feature::None, nullptr, 0, Level::MUST, EINVAL, "ibv_query_device(3)",
	 "int max_qp_wr; /* Maximum number of outstanding WR on any work queue */",
	 "A QP that took more would hold more outstanding WRs than the device's maximum on any work "
	 "queue (the create reports at least the request): the create fails, EINVAL by convention "
	 "(rxe_qp_chk_cap, siw, mlx5)."},
	{"create_qp.cap.max_recv_wr.range", kCreateQp, Check::Range, "max_recv_wr", 0, kNone,
	 {Cap::MaxQpWr, 0}, Feature::None, nullptr, 0, Level::MUST, EINVAL, "ibv_query_device(3)",
	 "int max_qp_wr; /* Maximum number of outstanding WR on any work queue */",
	 "As max_send_wr; not with an SRQ (create_qp.srq.recv_caps_ignored)."},
	{"create_qp.cap.max_send_sge.range", kCreateQp, Check::Range, "max_send_sge", 0, kNone,
	 {Cap::MaxSge, 0}, Feature::None, nullptr, 0, Level::MUST, EINVAL, "ibv_query_device(3)",
	 "int max_sge; /* Maximum number of s/g per WR for SQ & RQ of QP for non RDMA Read "
	 "operations */",
	 "A QP that took more s/g elements per WR than the device's maximum would report a cap "
	 "above it: the create fails, EINVAL by convention."},
	{"create_qp.cap.max_recv_sge.range", kCreateQp, Check::Range, "max_recv_sge", 0, kNone,
	 {Cap::MaxSge, 0}, Feature::None, nullptr, 0, Level::MUST, EINVAL, "ibv_query_device(3)",
	 "int max_sge; /* Maximum number of s/g per WR for SQ & RQ of QP for non RDMA Read "
	 "operations */",
	 "As max_send_sge; not with an SRQ (create_qp.srq.recv_caps_ignored)."},
	{"create_qp.srq.recv_caps_ignored", kCreateQp, Check::IgnoredWith, "max_recv_wr, max_recv_sge",
	 0, kNone, kNone, Feature::None, "srq", 0, Level::MUST, 0, kQpPage,
	 "The attributes max_recv_wr and max_recv_sge are ignored by ibv_create_qp() if the QP is to "
	 "be associated with an SRQ.",
	 "Ignored: no value of them, however far above the device's maxima, makes the create fail; "
	 "the request's other fields decide."},
	// The result and what the QP reports.
	{"create_qp.return.zero_or_errno", kCreateQp, Check::ReturnsErrno, "result", 0, kNone,
	 kErrnoMax, Feature::None, nullptr, 0, Level::MUST, 0, kQpReturn,
	 "ibv_create_qp() returns a pointer to the created QP, or NULL if the request fails.",
	 kNullErrno},
	{"create_qp.valid.carried_out", kCreateQp, Check::ValidAccepted, "", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kQpReturn,
	 "ibv_create_qp() returns a pointer to the created QP, or NULL if the request fails.",
	 "A request no rule refuses, within the device's maxima, returns a QP of the type asked for "
	 "(read back), unless the device lacks the type (EOPNOTSUPP, or EPERM for RAW_PACKET "
	 "without CAP_NET_RAW: SKIP) or is out of resources (ENOMEM). Not claimed: a queue of 0 "
	 "WRs (the page gives no minimum; siw refuses it), an inline size (no device attribute "
	 "bounds it)."},
	{"create_qp.cap.at_least_the_request", kCreateQp, Check::AtLeastRequest,
	 "max_send_wr, max_recv_wr, max_send_sge, max_recv_sge, max_inline_data", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kQpPage,
	 "The function ibv_create_qp() will update the qp_init_attr->cap struct with the actual QP "
	 "values of the QP that was created; the values will be greater than or equal to the values "
	 "requested.",
	 "With an SRQ the receive caps are ignored (not compared)."},
	{"create_qp.qp_num.unique", kCreateQp, Check::Unique, "qp_num", 0, kNone, kNone, Feature::None,
	 nullptr, 0, Level::MUST, 0, "ibv_create_qp(3) NOTES",
	 "Check the QP number (qp_num) in the returned QP.",
	 "The number is what a peer addresses and what completions and events name: every live QP "
	 "of the device has its own."},
	{"create_qp.qp_type.reads_back", kCreateQp, Check::EqualsRequest, "qp_type", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kQpPage,
	 "enum ibv_qp_type qp_type; /* QP Transport Service Type: IBV_QPT_RC, IBV_QPT_UC, "
	 "IBV_QPT_UD, IBV_QPT_RAW_PACKET or IBV_QPT_DRIVER */",
	 "The QP created is of the type asked for (ibv_qp::qp_type)."},
	// Destroys: what they refuse while in use, and what they then free.
	{"dealloc_pd.busy_while_in_use", verb_bit(Verb::DeallocPd), Check::BusyWhileUsed,
	 "QPs, MRs, AHs, SRQs", 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, fixed(EBUSY),
	 "ibv_alloc_pd(3)",
	 "ibv_dealloc_pd() may fail if any other resource is still associated with the PD being "
	 "freed.",
	 kUsecnt},
	{"dealloc_pd.freed_when_unused", verb_bit(Verb::DeallocPd), Check::FreedWhenUnused, "", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_alloc_pd(3)",
	 "ibv_dealloc_pd() deallocates the PD pd.",
	 "Once the objects made from it are destroyed (their destroys release it) the PD is "
	 "deallocated: the call returns 0."},
	{"destroy_cq.busy_while_qp_attached", verb_bit(Verb::DestroyCq), Check::BusyWhileUsed, "QPs",
	 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, fixed(EBUSY), "ibv_create_cq(3)",
	 "ibv_destroy_cq() destroys the CQ cq. ibv_destroy_cq() fails if any queue pair is still "
	 "associated with this CQ.",
	 kUsecnt},
	{"destroy_cq.freed_when_unused", verb_bit(Verb::DestroyCq), Check::FreedWhenUnused, "", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_create_cq(3)",
	 "ibv_destroy_cq() destroys the CQ cq.",
	 "Once the QPs that used it are destroyed, the destroy returns 0."},
	{"destroy_srq.busy_while_qp_attached", verb_bit(Verb::DestroySrq), Check::BusyWhileUsed, "QPs",
	 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, fixed(EBUSY), "ibv_create_srq(3)",
	 "ibv_destroy_srq() fails if any queue pair is still associated with this SRQ.", kUsecnt},
	{"destroy_srq.freed_when_unused", verb_bit(Verb::DestroySrq), Check::FreedWhenUnused, "", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_create_srq(3)",
	 "ibv_destroy_srq() destroys the SRQ srq.",
	 "Once the QPs associated with it are destroyed (and its events acked), the destroy returns 0."},
	{"destroy_qp.releases_its_objects", verb_bit(Verb::DestroyQp), Check::FreedWhenUnused, "", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, kQpPage,
	 "ibv_destroy_qp() destroys the QP qp.",
	 "A QP not attached to a multicast group is destroyed: the call returns 0, and the PD, CQs "
	 "and SRQ it used no longer count it (their destroys then succeed)."},
	// ibv_create_comp_channel(3): the channel verbs.
	{"create_comp_channel.return.zero_or_errno", verb_bit(Verb::CreateCompChannel),
	 Check::ReturnsErrno, "result", 0, kNone, kErrnoMax, Feature::None, nullptr, 0, Level::MUST, 0,
	 "ibv_create_comp_channel(3) RETURN VALUE",
	 "ibv_create_comp_channel() returns a pointer to the created completion event channel, or "
	 "NULL if the request fails.",
	 kNullErrno},
	{"destroy_comp_channel.return.zero_or_errno", verb_bit(Verb::DestroyCompChannel),
	 Check::ReturnsErrno, "result", 0, kNone, kErrnoMax, Feature::None, nullptr, 0, Level::MUST, 0,
	 "ibv_create_comp_channel(3) RETURN VALUE",
	 "ibv_destroy_comp_channel() returns 0 on success, or the value of errno on failure (which "
	 "indicates the failure reason).",
	 kErrnoNote},
	{"destroy_comp_channel.busy_while_cq_attached", verb_bit(Verb::DestroyCompChannel),
	 Check::BusyWhileUsed, "CQs", 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST,
	 fixed(EBUSY), "ibv_create_comp_channel(3) NOTES",
	 "ibv_destroy_comp_channel() fails if any CQs are still associated with the completion event "
	 "channel being destroyed.",
	 "libibverbs counts the CQs created on a channel (ibv_create_cq with it; ibv_destroy_cq "
	 "releases them) and answers EBUSY while the count is not 0, before any provider runs (MUST, "
	 "errno fixed). The channel stays and keeps working: a CQ can still be created on it."},
	{"destroy_comp_channel.freed_when_unused", verb_bit(Verb::DestroyCompChannel),
	 Check::FreedWhenUnused, "", 0, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0,
	 "ibv_create_comp_channel(3)",
	 "ibv_destroy_comp_channel() destroys the completion event channel channel.",
	 "Once the CQs created on it are destroyed, the destroy returns 0."},
	// ibv_reg_mr(3).
	{"reg_mr.access.known", verb_bit(Verb::RegMr), Check::MaskKnown, "access", kListedAccess, kNone,
	 kNone, Feature::None, nullptr, 0, Level::MUST, EINVAL, "ibv_reg_mr(3)",
	 "The argument access describes the desired memory protection attributes; it is either 0 or "
	 "the bitwise OR of one or more of the following flags:",
	 "A bit the page does not list is no protection attribute: the registration fails (EINVAL "
	 "by convention: the kernel's ib_check_mr_access refuses unknown bits). Not unknown: the "
	 "flush flags of later kernels (bits 8, 9) and libibverbs' optional range (bits 20..29, "
	 "which a provider may ignore by design)."},
	{"reg_mr.addr_length.reported", verb_bit(Verb::RegMr), Check::EqualsRequest, "addr, length", 0,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_reg_mr(3)",
	 "The MR's starting address is addr and its size is length.",
	 "ibv_mr::addr and ibv_mr::length read as the request."},
	{"reg_mr.return.zero_or_errno", verb_bit(Verb::RegMr), Check::ReturnsErrno, "result", 0, kNone,
	 kErrnoMax, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_reg_mr(3) RETURN VALUE",
	 "ibv_reg_mr() / ibv_reg_mr_iova() / ibv_reg_dmabuf_mr() returns a pointer to the "
	 "registered MR, or NULL if the request fails.",
	 kNullErrno},
	{"reg_mr.valid.carried_out", verb_bit(Verb::RegMr), Check::ValidAccepted, "", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, "ibv_reg_mr(3)",
	 "ibv_reg_mr() registers a memory region (MR) associated with the protection domain pd.",
	 "A registration of a live buffer with access 0 or local/remote flags that keep the rules "
	 "returns an MR (ENOMEM allowed: out of resources)."},
	// ibv_create_ah(3).
	{"create_ah.port_num.range", verb_bit(Verb::CreateAh), Check::Range, "port_num", 0,
	 {Cap::None, 1}, {Cap::PortCnt, 0}, Feature::None, nullptr, 0, Level::MUST, EINVAL,
	 "ibv_create_ah(3)", "uint8_t port_num; /* Physical port number */",
	 "A number that is no physical port of the device names no port: the create fails (EINVAL "
	 "by convention; the kernel's rdma_is_port_valid)."},
	{"create_ah.sgid_index.range", verb_bit(Verb::CreateAh), Check::Range, "sgid_index", 0, kNone,
	 {Cap::GidTblLen, -1}, Feature::None, nullptr, 0, Level::MUST, EINVAL, "ibv_create_ah(3)",
	 "uint8_t sgid_index; /* Source GID index */",
	 "With is_global the source GID is an entry of the port's GID table: an index at or beyond "
	 "gid_tbl_len names none (EINVAL by convention)."},
	{"create_ah.grh_required", verb_bit(Verb::CreateAh), Check::GrhRequired, "is_global", 0, kNone,
	 kNone, Feature::None, nullptr, 0, Level::MUST, EINVAL, "ibv_create_ah(3)",
	 "If port flag IBV_QPF_GRH_REQUIRED is set then ibv_create_ah() must be created with "
	 "definition of 'struct ibv_ah_attr { .is_global = 1; .grh = {...}; }'.",
	 "RoCE ports require a GRH as well (DeviceCaps::grh_required)."},
	{"create_ah.return.zero_or_errno", verb_bit(Verb::CreateAh), Check::ReturnsErrno, "result", 0,
	 kNone, kErrnoMax, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_create_ah(3) RETURN VALUE",
	 "ibv_create_ah() returns a pointer to the created AH, or NULL if the request fails.",
	 kNullErrno},
	{"create_ah.valid.carried_out", verb_bit(Verb::CreateAh), Check::ValidAccepted, "", 0, kNone,
	 kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_create_ah(3)",
	 "ibv_create_ah() creates an address handle (AH) associated with the protection domain pd.",
	 "An AH to the device's own port (its lid, or its own GID entry with is_global) that keeps "
	 "the rows is created (ENOMEM allowed; EOPNOTSUPP where the device has no AHs: iWARP). "
	 "Another entry of the GID table may be empty: not claimed."},
	// The device queries.
	{"query_port.port_num.range", verb_bit(Verb::QueryPort), Check::Range, "port_num", 0,
	 {Cap::None, 1}, {Cap::PortCnt, 0}, Feature::None, nullptr, 0, Level::MUST, EINVAL,
	 "ibv_query_port(3)",
	 "ibv_query_port() returns 0 on success, or the value of errno on failure (which indicates "
	 "the failure reason).",
	 "A port number that is no port of the device fails (the kernel's rdma_is_port_valid: "
	 "EINVAL by convention); one that is returns 0."},
	{"query_gid.index.range", verb_bit(Verb::QueryGid), Check::Range, "index", 0, kNone,
	 {Cap::GidTblLen, -1}, Feature::None, nullptr, 0, Level::MUST, EINVAL, "ibv_query_gid(3)",
	 "ibv_query_gid() returns 0 on success, and -1 on error.",
	 "An index at or beyond the port's gid_tbl_len names no entry: the query fails (the device "
	 "layer hands back errno, EINVAL by convention)."},
	{"query_gid.port_num.range", verb_bit(Verb::QueryGid), Check::Range, "port_num", 0,
	 {Cap::None, 1}, {Cap::PortCnt, 0}, Feature::None, nullptr, 0, Level::MUST, EINVAL,
	 "ibv_query_gid(3)", "ibv_query_gid() returns 0 on success, and -1 on error.",
	 "A port number that is no port of the device names no GID table: the query fails."},
	{"query_gid.valid.carried_out", verb_bit(Verb::QueryGid), Check::ValidAccepted, "", 0, kNone,
	 kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_query_gid(3)",
	 "ibv_query_gid() returns the GID value in entry index of port port_num for device context "
	 "context through the pointer gid.",
	 "An entry of the table is returned (0); the port's own GID, the one the harness addresses "
	 "it by, is the entry the port's attributes name (caps.gid at gid_index)."},
	{"query_port.valid.carried_out", verb_bit(Verb::QueryPort), Check::ValidAccepted, "", 0, kNone,
	 kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_query_port(3)",
	 "ibv_query_port() returns 0 on success, or the value of errno on failure (which indicates "
	 "the failure reason).",
	 "A port of the device is queried: 0."},
	// What an answered ibv_query_port hands back: each field its page types
	// with an enum, or whose values it lists, holds one of them.
	{"query_port.state.a_port_state", verb_bit(Verb::QueryPort), Check::ReplyOneOf, "state",
	 kPortStates, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_query_port(3)",
	 "enum ibv_port_state state; /* Logical port state */",
	 "The field's type is enum ibv_port_state: a value it does not define (IBV_PORT_NOP .. "
	 "IBV_PORT_ACTIVE_DEFER) is no port state."},
	{"query_port.max_mtu.an_mtu", verb_bit(Verb::QueryPort), Check::ReplyOneOf, "max_mtu", kMtus,
	 kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_query_port(3)",
	 "enum ibv_mtu max_mtu; /* Max MTU supported by port */",
	 "The field's type is enum ibv_mtu (IBV_MTU_256 .. IBV_MTU_4096): another value is no MTU, "
	 "and the path_mtu bound of ibv_modify_qp (modify_qp.path_mtu.range) is read from it."},
	{"query_port.active_mtu.an_mtu_within_max", verb_bit(Verb::QueryPort), Check::ReplyOneOf,
	 "active_mtu", kMtus, kNone, kNone, Feature::None, "max_mtu", 0, Level::MUST, 0,
	 "ibv_query_port(3)", "enum ibv_mtu active_mtu; /* Actual MTU */",
	 "An MTU (enum ibv_mtu), and the port's actual MTU is one it supports: no greater than "
	 "max_mtu, the \"Max MTU supported by port\"."},
	{"query_device.atomic_cap.listed", verb_bit(Verb::QueryDevice), Check::ReplyOneOf, "atomic_cap",
	 kAtomicCaps, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_query_device(3)",
	 "enum ibv_atomic_cap atomic_cap; /* Atomic operations support level */",
	 "The field's type is enum ibv_atomic_cap: IBV_ATOMIC_NONE, IBV_ATOMIC_HCA or "
	 "IBV_ATOMIC_GLOB; the harness reads from it whether the device has atomics."},
	{"query_device.packet_pacing_caps.min_not_above_max", verb_bit(Verb::QueryDevice),
	 Check::ReplyOneOf, "packet_pacing_caps.qp_rate_limit_min", 0, kNone, kNone, Feature::None,
	 "packet_pacing_caps.qp_rate_limit_max", 0, Level::MUST, 0, "ibv_query_device_ex(3)",
	 "uint32_t qp_rate_limit_min; /* Minimum rate limit in kbps */",
	 "A minimum above the maximum names no rate: the rate_limit range of "
	 "ibv_modify_qp_rate_limit and ibv_modify_qp (modify_qp.rate_limit.range) is read from the "
	 "two, and an empty range applies nothing. A device without pacing reports 0 for both."},
	{"query_port.link_layer.listed", verb_bit(Verb::QueryPort), Check::ReplyOneOf, "link_layer",
	 kLinkLayers, kNone, kNone, Feature::None, nullptr, 0, Level::MUST, 0, "ibv_query_port(3)",
	 "possible values for the link layer field are IBV_LINK_LAYER_INFINIBAND, "
	 "IBV_LINK_LAYER_ETHERNET, or IBV_LINK_LAYER_UNSPECIFIED.",
	 nullptr},
	// The results of the lifecycle verbs, judged on every call.
	returns_errno("destroy_qp.return.zero_or_errno", Verb::DestroyQp, "ibv_create_qp(3) RETURN VALUE",
		      "ibv_destroy_qp() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason).",
		      kErrnoNote),
	returns_errno("alloc_pd.return.zero_or_errno", Verb::AllocPd, "ibv_alloc_pd(3) RETURN VALUE",
		      "ibv_alloc_pd() returns a pointer to the allocated PD, or NULL if the request "
		      "fails.",
		      kNullErrno),
	returns_errno("dealloc_pd.return.zero_or_errno", Verb::DeallocPd, "ibv_alloc_pd(3) RETURN VALUE",
		      "ibv_dealloc_pd() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason).",
		      kErrnoNote),
	returns_errno("dereg_mr.return.zero_or_errno", Verb::DeregMr, "ibv_reg_mr(3) RETURN VALUE",
		      "ibv_dereg_mr() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason).",
		      kErrnoNote),
	returns_errno("destroy_ah.return.zero_or_errno", Verb::DestroyAh, "ibv_create_ah(3) RETURN VALUE",
		      "ibv_destroy_ah() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason).",
		      kErrnoNote),
	returns_errno("query_port.return.zero_or_errno", Verb::QueryPort, "ibv_query_port(3) RETURN VALUE",
		      "ibv_query_port() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason).",
		      kErrnoNote),
	returns_errno("query_device.return.zero_or_errno", Verb::QueryDevice,
		      "ibv_query_device(3) RETURN VALUE",
		      "ibv_query_device() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason).",
		      "ibv_query_device_ex(3) says the same; the harness calls ibv_query_device_ex. "
		      "The value of errno is positive."),
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(RegMr, 10, "ibv_reg_mr");
IBVCERT_VERB(DestroySrq, 16, "ibv_destroy_srq");
IBVCERT_VERB(QueryDevice, 18, "ibv_query_device_ex");
IBVCERT_VERB(QueryPort, 19, "ibv_query_port");
IBVCERT_VERB(CreateQp, 22, "ibv_create_qp");
IBVCERT_VERB(DestroyQp, 26, "ibv_destroy_qp");
IBVCERT_VERB(AllocPd, 27, "ibv_alloc_pd");
IBVCERT_VERB(DeallocPd, 28, "ibv_dealloc_pd");
IBVCERT_VERB(DestroyCq, 29, "ibv_destroy_cq");
IBVCERT_VERB(CreateAh, 30, "ibv_create_ah");
IBVCERT_VERB(DestroyAh, 31, "ibv_destroy_ah");
IBVCERT_VERB(DeregMr, 32, "ibv_dereg_mr");
IBVCERT_VERB(QueryGid, 33, "ibv_query_gid");
IBVCERT_VERB(CreateCompChannel, 37, "ibv_create_comp_channel");
IBVCERT_VERB(DestroyCompChannel, 38, "ibv_destroy_comp_channel");

IBVCERT_RULE_FAMILY(lifecycle, 140, "contracts/lifecycle_judge.cpp, the verb's judge (judge_create_qp, judge_reg_mr, "
		    "judge_create_ah, judge_query_port, judge_query_gid, judge_destroy)")

} // namespace ibvcert
