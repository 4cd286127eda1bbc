#include "fuzz/harness/verbs.h"

#include <cstring>

namespace ibvcert::fuzz {

const VerbSpec kCreateQp = {
	"create_qp", "ibv_create_qp",
	"ibv_create_qp(3) RETURN VALUE: \"returns a pointer to the created QP, or NULL if the "
	"request fails\" (the device interface returns the errno of a NULL return)",
	"ibv_create_qp(3) RETURN VALUE: a failed create returns no QP and changes no other object",
	nullptr, false,
};

const VerbSpec kModifyQp = {
	"modify_qp", "ibv_modify_qp",
	"ibv_modify_qp(3) RETURN VALUE: \"returns 0 on success, or the value of errno on failure "
	"(which indicates the failure reason)\"",
	"ibv_modify_qp(3) NOTES: \"If any of the modify attributes or the modify mask are invalid, "
	"none of the attributes will be modified (including the QP state).\"",
	"the kernel's QP transition table (contracts/kernel_qp_table_6.1.json, ib_modify_qp_is_ok) "
	"and the attribute table (fixtures/qp_attr_table.cpp); ibv_modify_qp(3) required attributes",
	false,
};

const VerbSpec kQueryQp = {
	"query_qp", "ibv_query_qp",
	"ibv_query_qp(3) RETURN VALUE: \"returns 0 on success, or the value of errno on failure "
	"(which indicates the failure reason)\"",
	"ibv_query_qp(3) DESCRIPTION: \"gets the attributes specified in attr_mask for the QP\": "
	"a query changes nothing",
	nullptr, true,
};

const VerbSpec kDestroyQp = {
	"destroy_qp", "ibv_destroy_qp",
	"ibv_destroy_qp(3) RETURN VALUE: \"returns 0 on success, or the value of errno on failure\"",
	"ibv_destroy_qp(3): \"destroys the QP qp\", and no other object",
	nullptr, false,
};

const VerbSpec kCreateSrq = {
	"create_srq", "ibv_create_srq",
	"ibv_create_srq(3) RETURN VALUE: \"returns a pointer to the created SRQ, or NULL if the "
	"request fails\" (the device interface returns the errno of a NULL return)",
	"ibv_create_srq(3) RETURN VALUE: a failed create returns no SRQ and changes no other object",
	"the SRQ rule table (fixtures/srq_attr_table.cpp): max_wr and max_sge against "
	"max_srq_wr and max_srq_sge of ibv_query_device",
	false,
};

const VerbSpec kModifySrq = {
	"modify_srq", "ibv_modify_srq",
	"ibv_modify_srq(3) RETURN VALUE: \"returns 0 on success, or the value of errno on failure "
	"(which indicates the failure reason)\"",
	"ibv_modify_srq(3): a failed modify changes neither the SRQ's attributes "
	"(ibv_query_srq(3) before and after) nor its posted WRs",
	"the SRQ rule table (fixtures/srq_attr_table.cpp): known srq_attr_mask bits, "
	"IBV_DEVICE_SRQ_RESIZE, 1 <= max_wr <= max_srq_wr, max_wr not below the WRs outstanding, "
	"srq_limit <= max_wr",
	false,
};

const VerbSpec kQuerySrq = {
	"query_srq", "ibv_query_srq",
	"ibv_query_srq(3) RETURN VALUE: \"returns 0 on success, or the value of errno on failure "
	"(which indicates the failure reason)\"",
	"ibv_query_srq(3) DESCRIPTION: \"gets the attributes of the SRQ\": a query changes nothing",
	nullptr, true,
};

const VerbSpec kPostSrqRecv = {
	"post_srq_recv", "ibv_post_srq_recv",
	"ibv_post_srq_recv(3) RETURN VALUE: \"returns 0 on success, or the value of errno on "
	"failure (which indicates the failure reason)\"",
	"ibv_post_srq_recv(3): posting WRs changes no attribute of the SRQ (ibv_query_srq(3))",
	"ibv_post_srq_recv(3) and ibv_create_srq(3): a WR has at most max_sge scatter entries, and "
	"the SRQ holds at most max_wr outstanding WRs (max_wr as created or last resized; the WRs "
	"posted and not consumed, as the model counts them)",
	false,
};

const VerbSpec kModifyQpRateLimit = {
	"modify_qp_rate_limit", "ibv_modify_qp_rate_limit",
	"ibv_modify_qp_rate_limit(3) RETURN VALUE: \"returns 0 on success, or the value of errno "
	"on failure (which indicates the failure reason)\"",
	"ibv_modify_qp_rate_limit(3) RETURN VALUE: on failure the QP is not modified: its pacing "
	"(rate_limit, max_burst_sz, typical_pkt_sz) stays as it was",
	"ibv_modify_qp_rate_limit(3): comp_mask 0 (no bit defined); IBV_QP_RATE_LIMIT's rules in "
	"the transition table (current -> current, contracts/kernel_qp_table_6.1.json) and the "
	"attribute table's rate_limit row (0, or within packet_pacing_caps)",
	false,
};

const VerbSpec kSetEce = {
	"set_ece", "ibv_set_ece",
	"ibv_set_ece(3) RETURN VALUE: \"returns 0 on success, or the value of errno on failure "
	"(which indicates the failure reason)\"",
	"ibv_set_ece(3): a failed call sets no ECE option: ibv_query_ece(3) before and after agree",
	"ibv_set_ece(3): \"comp_mask: Bitmask specifying what fields in the structure are valid\" "
	"(none is defined: 0); vendor_id 0 names no vendor (libibverbs: EOPNOTSUPP)",
	false,
};

const VerbSpec kSchedCreate = {
	"sched_create", "mlx5dv_sched_{node,leaf}_create",
	"mlx5dv_sched_node_create(3) RETURN VALUE: a pointer to the created element, or NULL with "
	"errno set (the device interface returns that errno)",
	"mlx5dv_sched_node_create(3): a failed create makes no element and changes no other",
	"the scheduling rule table (fixtures/sched_attr_table.cpp): comp_mask 0, known flags, a "
	"leaf has a parent, the root TSAR's bw_share and max_avg_bw 0",
	false,
};

const VerbSpec kSchedModify = {
	"sched_modify", "mlx5dv_sched_{node,leaf}_modify",
	"mlx5dv_sched_node_modify(3) RETURN VALUE: \"0 on success, or the value of errno on "
	"failure\"",
	"mlx5dv_sched_node_modify(3): a failed modify leaves the element's bw_share and max_avg_bw "
	"as they were",
	"the scheduling rule table (fixtures/sched_attr_table.cpp): comp_mask 0, known flags, a "
	"leaf has a parent, the parent is the element's own, the root TSAR's bw_share and "
	"max_avg_bw 0",
	false,
};

const VerbSpec kSchedDestroy = {
	"sched_destroy", "mlx5dv_sched_{node,leaf}_destroy",
	"mlx5dv_sched_node_destroy(3) RETURN VALUE: \"0 on success, or the value of errno on "
	"failure\"",
	"mlx5dv_sched_node_destroy(3): destroys the element, and no other; a failed destroy "
	"leaves it in place",
	"sched.h: an element is destroyed after its children (a node with children is busy)",
	false,
};

bool documented_return(int ret)
{
	if (ret == 0)
		return true;
	return ret > 0 && strerrorname_np(ret) != nullptr;
}

const char *documented_return_set()
{
	return "0, or a positive errno value with a name (EINVAL, EOPNOTSUPP, ENOMEM, EPERM, "
	       "EACCES, EBUSY, ...); never negative, never -1, never an unnamed number";
}

} // namespace ibvcert::fuzz
