// What each verb's result may be: its RETURN VALUE section, and where a
// post names the WR it stopped at. These rows are judged on every call the
// harness makes, whatever the call was made for (contracts/call_judge.h):
// a negative errno from a rejected ibv_modify_qp fails its case at MUST
// wherever it happens.
#include "contracts/rule.h"

#include <cerrno>

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};
// The largest errno value Linux defines (EHWPOISON); a result above it
// names no errno.
constexpr Bound kErrnoMax = {Cap::None, 133};
constexpr const char kErrnoNote[] =
	"The value of errno is positive (errno(3)); a negative value, or one above the largest "
	"errno Linux defines, is no errno value. The libibverbs backend passes the provider's "
	"result through untranslated.";

ContractRule returns_errno(const char *id, Verb verb, const char *man, const char *sentence,
			   const char *note = kErrnoNote)
{
	return ContractRule{id, verb_bit(verb), Check::ReturnsErrno, "result", 0, kNone, kErrnoMax,
			    Feature::None, nullptr, 0, Level::MUST, 0, man, sentence, note};
}

ContractRule bad_wr(const char *id, Verb verb, const char *man, const char *sentence)
{
	return ContractRule{id, verb_bit(verb), Check::BadWrInList, "bad_wr", 0, kNone, kNone,
			    Feature::None, nullptr, 0, Level::MUST, 0, man, sentence,
			    "On failure bad_wr must point into the list given (the harness reads its place "
			    "in the list); a null or foreign pointer names no failing WR."};
}

const std::vector<ContractRule> kRules = {
	returns_errno("modify_qp.return.zero_or_errno", Verb::ModifyQp, "ibv_modify_qp(3) RETURN VALUE",
		      "ibv_modify_qp() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason)."),
	returns_errno("query_qp.return.zero_or_errno", Verb::QueryQp, "ibv_query_qp(3) RETURN VALUE",
		      "ibv_query_qp() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason)."),
	returns_errno("modify_srq.return.zero_or_errno", Verb::ModifySrq, "ibv_modify_srq(3) RETURN VALUE",
		      "ibv_modify_srq() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason)."),
	returns_errno("query_srq.return.zero_or_errno", Verb::QuerySrq, "ibv_query_srq(3) RETURN VALUE",
		      "ibv_query_srq() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason)."),
	returns_errno("destroy_srq.return.zero_or_errno", Verb::DestroySrq,
		      "ibv_create_srq(3) RETURN VALUE",
		      "ibv_destroy_srq() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason)."),
	returns_errno("post_srq_recv.return.zero_or_errno", Verb::PostSrqRecv,
		      "ibv_post_srq_recv(3) RETURN VALUE",
		      "ibv_post_srq_recv() returns 0 on success, or the value of errno on failure "
		      "(which indicates the failure reason)."),
	bad_wr("post_srq_recv.bad_wr.names_the_failing_wr", Verb::PostSrqRecv, "ibv_post_srq_recv(3)",
	       "It stops processing WRs from this list at the first failure (that can be detected "
	       "immediately while requests are being posted), and returns this failing WR through "
	       "bad_wr."),
	returns_errno("post_send.return.zero_or_errno", Verb::PostSend, "ibv_post_send(3) RETURN VALUE",
		      "ibv_post_send() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason)."),
	bad_wr("post_send.bad_wr.names_the_failing_wr", Verb::PostSend, "ibv_post_send(3)",
	       "It stops processing WRs from this list at the first failure (that can be detected "
	       "immediately while requests are being posted), and returns this failing WR through "
	       "bad_wr."),
	returns_errno("post_recv.return.zero_or_errno", Verb::PostRecv, "ibv_post_recv(3) RETURN VALUE",
		      "ibv_post_recv() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason)."),
	bad_wr("post_recv.bad_wr.names_the_failing_wr", Verb::PostRecv, "ibv_post_recv(3)",
	       "It stops processing WRs from this list at the first failure (that can be detected "
	       "immediately while requests are being posted), and returns this failing WR through "
	       "bad_wr."),
	returns_errno("modify_qp_rate_limit.return.zero_or_errno", Verb::ModifyQpRateLimit,
		      "ibv_modify_qp_rate_limit(3) RETURN VALUE",
		      "ibv_modify_qp_rate_limit() returns 0 on success, or the value of errno on "
		      "failure (which indicates the failure reason)."),
	returns_errno("set_ece.return.zero_or_errno", Verb::SetEce, "ibv_set_ece(3) RETURN VALUE",
		      "ibv_set_ece() returns 0 when the call was successful, or the errno value which "
		      "indicates the failure reason."),
	returns_errno("query_ece.return.zero_or_errno", Verb::QueryEce, "ibv_query_ece(3) RETURN VALUE",
		      "ibv_query_ece() returns 0 when the call was successful, or the errno value which "
		      "indicates the failure reason."),
	returns_errno("modify_cq.return.zero_or_errno", Verb::ModifyCq, "ibv_modify_cq(3) RETURN VALUE",
		      "ibv_modify_cq() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason)."),
	returns_errno("sched.create.return.null_with_errno", Verb::SchedCreate,
		      "mlx5dv_sched_node_create(3) RETURN VALUE",
		      "Upon success mlx5dv_sched_node[/leaf]_create() will return a new struct "
		      "mlx5dv_sched_node[/leaf], on error NULL will be returned and errno will be set.",
		      "Judged through the device interface, whose result is 0 or the errno of the NULL "
		      "(the libibverbs backend answers EINVAL where a provider left errno 0, so an "
		      "unset errno is not seen here)."),
	returns_errno("sched.modify.return.zero_or_errno", Verb::SchedModify,
		      "mlx5dv_sched_node_create(3) RETURN VALUE",
		      "Upon success modify and destroy, 0 is returned or the value of errno on a failure."),
	returns_errno("destroy_cq.return.zero_or_errno", Verb::DestroyCq, "ibv_create_cq(3) RETURN VALUE",
		      "ibv_destroy_cq() returns 0 on success, or the value of errno on failure (which "
		      "indicates the failure reason)."),
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(QueryQp, 14, "ibv_query_qp");
IBVCERT_VERB(QuerySrq, 15, "ibv_query_srq");

IBVCERT_RULE_FAMILY(return, 80, nullptr)

} // namespace ibvcert
