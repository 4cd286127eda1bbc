#include "fuzz/harness/verbs.h"

namespace ibvcert::fuzz {

const OpVerb kCreateQp = {"create_qp", "ibv_create_qp", Verb::Count};
const OpVerb kModifyQp = {"modify_qp", "ibv_modify_qp", Verb::ModifyQp};
const OpVerb kQueryQp = {"query_qp", "ibv_query_qp", Verb::QueryQp};
const OpVerb kDestroyQp = {"destroy_qp", "ibv_destroy_qp", Verb::Count};
const OpVerb kCreateSrq = {"create_srq", "ibv_create_srq", Verb::CreateSrq};
const OpVerb kModifySrq = {"modify_srq", "ibv_modify_srq", Verb::ModifySrq};
const OpVerb kQuerySrq = {"query_srq", "ibv_query_srq", Verb::QuerySrq};
const OpVerb kDestroySrq = {"destroy_srq", "ibv_destroy_srq", Verb::DestroySrq};
const OpVerb kPostSrqRecv = {"post_srq_recv", "ibv_post_srq_recv", Verb::PostSrqRecv};
const OpVerb kModifyQpRateLimit = {"modify_qp_rate_limit", "ibv_modify_qp_rate_limit",
				   Verb::ModifyQpRateLimit};
const OpVerb kSetEce = {"set_ece", "ibv_set_ece", Verb::SetEce};
const OpVerb kSchedCreate = {"sched_create", "mlx5dv_sched_{node,leaf}_create", Verb::SchedCreate};
const OpVerb kSchedModify = {"sched_modify", "mlx5dv_sched_{node,leaf}_modify", Verb::SchedModify};
// mlx5dv_sched_node_create(3)'s RETURN VALUE row for modify binds destroy too
// ("Upon success modify and destroy, 0 is returned"), as does the busy rule
// sched.destroy.children_first: ibv_sched's modify rows judge a destroy.
const OpVerb kSchedDestroy = {"sched_destroy", "mlx5dv_sched_{node,leaf}_destroy", Verb::SchedModify};

} // namespace ibvcert::fuzz
