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
