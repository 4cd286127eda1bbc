// The contract text the oracle holds each verb to, as data: one row per verb.
// A new verb family adds its row here and its op file; the oracle's checks
// (return set, rejected-changes-nothing, isolation, model agreement) apply
// to it unchanged.
#pragma once

namespace ibvcert::fuzz {

struct VerbSpec {
	const char *id;        // "modify_qp": prefix of its oracle clause ids
	const char *call;      // "ibv_modify_qp"
	const char *returns;   // the man page's RETURN VALUE sentence
	const char *unchanged; // the sentence that makes a failed call change nothing
	const char *model;     // where accept/reject is predicted from; nullptr: no table
	bool read_only;        // the call changes nothing, success or not
};

extern const VerbSpec kCreateQp;
extern const VerbSpec kModifyQp;
extern const VerbSpec kQueryQp;
extern const VerbSpec kDestroyQp;
extern const VerbSpec kCreateSrq;
extern const VerbSpec kModifySrq;
extern const VerbSpec kQuerySrq;
extern const VerbSpec kDestroySrq;
extern const VerbSpec kPostSrqRecv;
extern const VerbSpec kModifyQpRateLimit;
extern const VerbSpec kSetEce;
extern const VerbSpec kSchedCreate;
extern const VerbSpec kSchedModify;
extern const VerbSpec kSchedDestroy;

// The return values the oracle accepts from a verb that "returns 0 on
// success, or the value of errno on failure": 0, or a positive value that is
// an errno constant (one glibc names: EINVAL, EOPNOTSUPP, ENOMEM, EPERM,
// EACCES, EBUSY, ENOSYS, EIO, ...). Never negative (a kernel -EINVAL passed
// through), never -1 (a libc-style return), never an unnamed number (a
// firmware status code).
bool documented_return(int ret);
// The set above, in words, for the evidence.
const char *documented_return_set();

} // namespace ibvcert::fuzz
