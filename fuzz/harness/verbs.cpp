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
	"the modify_qp rules of contracts/ (ibvcert rules); the broken rule's own citation is in the evidence",
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
	"the srq rules of contracts/ (ibvcert rules); the broken rule's own citation is in the evidence",
	false,
};

const VerbSpec kModifySrq = {
	"modify_srq", "ibv_modify_srq",
	"ibv_modify_srq(3) RETURN VALUE: \"returns 0 on success, or the value of errno on failure "
	"(which indicates the failure reason)\"",
	"ibv_modify_srq(3): a failed modify changes neither the SRQ's attributes "
	"(ibv_query_srq(3) before and after) nor its posted WRs",
	"the srq rules of contracts/ (ibvcert rules); the broken rule's own citation is in the evidence",
	false,
};

const VerbSpec kQuerySrq = {
	"query_srq", "ibv_query_srq",
	"ibv_query_srq(3) RETURN VALUE: \"returns 0 on success, or the value of errno on failure "
	"(which indicates the failure reason)\"",
	"ibv_query_srq(3) DESCRIPTION: \"gets the attributes of the SRQ\": a query changes nothing",
	nullptr, true,
};

const VerbSpec kDestroySrq = {
	"destroy_srq", "ibv_destroy_srq",
	"ibv_destroy_srq(3) RETURN VALUE: \"returns 0 on success, or the value of errno on failure "
	"(which indicates the failure reason)\"",
	"ibv_destroy_srq(3): destroying the SRQ changes no QP",
	nullptr, false,
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
	"the rate_limit and modify_qp.rate_limit rules of contracts/ (ibvcert rules); the broken rule's own citation is in the evidence",
	false,
};

const VerbSpec kSetEce = {
	"set_ece", "ibv_set_ece",
	"ibv_set_ece(3) RETURN VALUE: \"returns 0 on success, or the value of errno on failure "
	"(which indicates the failure reason)\"",
	"ibv_set_ece(3): a failed call sets no ECE option: ibv_query_ece(3) before and after agree",
	"the ece rules of contracts/ (ibvcert rules); the broken rule's own citation is in the evidence",
	false,
};

const VerbSpec kSchedCreate = {
	"sched_create", "mlx5dv_sched_{node,leaf}_create",
	"mlx5dv_sched_node_create(3) RETURN VALUE: a pointer to the created element, or NULL with "
	"errno set (the device interface returns that errno)",
	"mlx5dv_sched_node_create(3): a failed create makes no element and changes no other",
	"the sched rules of contracts/ (ibvcert rules); the broken rule's own citation is in the evidence",
	false,
};

const VerbSpec kSchedModify = {
	"sched_modify", "mlx5dv_sched_{node,leaf}_modify",
	"mlx5dv_sched_node_modify(3) RETURN VALUE: \"0 on success, or the value of errno on "
	"failure\"",
	"mlx5dv_sched_node_modify(3): a failed modify leaves the element's bw_share and max_avg_bw "
	"as they were",
	"the sched rules of contracts/ (ibvcert rules); the broken rule's own citation is in the evidence",
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
