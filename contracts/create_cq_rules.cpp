// ibv_create_cq(3): the request, the result and the CQ it reports, as rows;
// contracts/create_cq_judge.cpp judges a call by them.
#include "contracts/rule.h"

#include <cerrno>

namespace ibvcert {
namespace {

constexpr Bound kNone = {Cap::None, 0};
constexpr uint64_t kCreate = verb_bit(Verb::CreateCq);
constexpr const char kPage[] = "ibv_create_cq(3)";

const std::vector<ContractRule> kRules = {
	{"create_cq.cqe.range", kCreate, Check::Range, "cqe", 0, {Cap::None, 1}, {Cap::MaxCqe, 0},
	 Feature::None, nullptr, 0, Level::SHOULD, EINVAL, kPage,
	 "ibv_create_cq() returns a pointer to the CQ, or NULL if the request fails.",
	 "ibv_query_device(3): max_cqe is the most entries a CQ can have; a CQ of fewer than one "
	 "entry holds nothing. rxe and mlx5 refuse both with EINVAL. SHOULD: a provider that rounds "
	 "an oversized request down breaks 'at least cqe', which its own row judges."},
	{"create_cq.valid.returns_a_cq", kCreate, Check::ValidAccepted, "cqe", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "ibv_create_cq() returns a pointer to the CQ, or NULL if the request fails.",
	 "A request no rule rejects returns a CQ, unless the device is out of memory (ENOMEM)."},
	{"create_cq.cqe.at_least_the_request", kCreate, Check::AtLeastRequest, "cqe", 0, kNone, kNone,
	 Feature::None, nullptr, 0, Level::MUST, 0, kPage,
	 "ibv_create_cq() may create a CQ with size greater than or equal to the requested size.",
	 "The cqe member of the CQ returned is its actual size, never below the request."},
	{"create_cq.comp_vector.range", kCreate, Check::Range, "comp_vector", 0, {Cap::None, 0},
	 {Cap::NumCompVectors, -1}, Feature::None, nullptr, 0, Level::MUST, fixed(EINVAL), kPage,
	 "The CQ will use the completion vector comp_vector for signaling completion events; it "
	 "must be at least zero and less than context->num_comp_vectors.",
	 "The uverbs ABI refuses it before any driver runs: the kernel's create_cq handler answers "
	 "EINVAL for a comp_vector (unsigned there, so a negative one too) at or above the device's "
	 "num_comp_vectors."},
};

} // namespace

// The verbs this family is the home of: Verb's rows (index: Verb's order).
IBVCERT_VERB(CreateCq, 21, "ibv_create_cq");

IBVCERT_RULE_FAMILY(create_cq, 120, "contracts/create_cq_judge.cpp judge_create_cq")

} // namespace ibvcert
