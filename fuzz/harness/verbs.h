// The verb an op calls: its id (the prefix of the op's finding keys), its
// name in the evidence, and the contracts verb whose rows judge the call
// (contracts/rule.h). The contract itself is the rows' (ibvcert rules): no
// sentence, level or rule is written here.
#pragma once

#include "contracts/rule.h"

namespace ibvcert::fuzz {

struct OpVerb {
	const char *id;   // "modify_qp": prefix of the op's finding keys
	const char *call; // "ibv_modify_qp"
	// The verb whose rows judge the call; Verb::Count where contracts/ has
	// no rows for it yet (ibv_create_qp, ibv_destroy_qp, ibv_dereg_mr: their
	// calls are driven and their objects checked, nothing of theirs is judged).
	Verb verb;
};

extern const OpVerb kCreateQp;
extern const OpVerb kModifyQp;
extern const OpVerb kQueryQp;
extern const OpVerb kDestroyQp;
extern const OpVerb kCreateSrq;
extern const OpVerb kModifySrq;
extern const OpVerb kQuerySrq;
extern const OpVerb kDestroySrq;
extern const OpVerb kPostSrqRecv;
extern const OpVerb kModifyQpRateLimit;
extern const OpVerb kSetEce;
extern const OpVerb kSchedCreate;
extern const OpVerb kSchedModify;
extern const OpVerb kSchedDestroy;

} // namespace ibvcert::fuzz
