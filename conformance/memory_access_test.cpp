// Memory protection on the datapath (ibv_alloc_pd(3), ibv_reg_mr(3), the
// lkey fields of ibv_post_send(3), ibv_post_recv(3), ibv_post_srq_recv(3)):
// one WR on a connected pair, with two pairs alive at once each on its own
// PD, and one key varied: an MR of the QP's PD under every access flag
// combination ibv_reg_mr allows, an MR of the other PD, a key of no MR, a
// range past its MR's end; a receive shorter than its message. Each
// exchange is judged whole by the datapath's judge (contracts/
// completion_judge.h, contracts/access_judge.h) from the post's result, the
// completions and the bytes the key could have reached; the case only
// drives.
#include "fixtures/rigs/access_rig.h"
#include "contracts/rule_ids/alloc_pd.h"
#include "contracts/rule_ids/poll_cq.h"
#include "contracts/rule_ids/post_recv.h"
#include "contracts/rule_ids/post_send.h"
#include "contracts/rule_ids/post_srq_recv.h"
#include "contracts/rule_ids/reg_mr.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace ibvcert {
namespace {

const char *type_name(ibv_qp_type t)
{
	return t == IBV_QPT_RC ? "RC" : t == IBV_QPT_UC ? "UC" : "UD";
}

const char *op_name(ibv_wr_opcode op)
{
	switch (op) {
	case IBV_WR_SEND: return "Send";
	case IBV_WR_SEND_WITH_IMM: return "SendWithImm";
	case IBV_WR_RDMA_WRITE: return "RdmaWrite";
	case IBV_WR_RDMA_WRITE_WITH_IMM: return "RdmaWriteWithImm";
	case IBV_WR_RDMA_READ: return "RdmaRead";
	case IBV_WR_ATOMIC_CMP_AND_SWP: return "CmpAndSwp";
	case IBV_WR_ATOMIC_FETCH_AND_ADD: return "FetchAndAdd";
	default: return "Other";
	}
}

const char *target_name(KeyTarget t)
{
	switch (t) {
	case KeyTarget::OwnMr: return "OwnMrWithoutLocalWrite";
	case KeyTarget::OtherPdMr: return "OtherPdMr";
	case KeyTarget::NoMr: return "NoMr";
	case KeyTarget::PastMrEnd: return "PastMrEnd";
	}
	return "?";
}

const char *role_name(KeyRole r)
{
	switch (r) {
	case KeyRole::Gather: return "SourceLkey";
	case KeyRole::Write: return "TargetLkey";
	case KeyRole::Receive: return "ReceiveLkey";
	case KeyRole::Rkey: return "Rkey";
	}
	return "?";
}

bool is_atomic(ibv_wr_opcode op)
{
	return op == IBV_WR_ATOMIC_CMP_AND_SWP || op == IBV_WR_ATOMIC_FETCH_AND_ADD;
}

// The rows an exchange is judged by: the completion rows of valid work and
// the access rows.
std::vector<const ContractRule *> judged_rules()
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : completion_rules_judged())
		if (r->check != Check::FlushedInErr && r->check != Check::RefusedOnSrqQp)
			out.push_back(r);
	for (const ContractRule *r : access_rules_judged())
		out.push_back(r);
	return out;
}

// Runs the exchanges one after the other, each on fresh pairs, and judges
// each; a reason when the device cannot run them (SKIP), "" after a
// precondition failure (already recorded).
std::optional<std::string> run_all(const std::vector<AccessSpec> &specs)
{
	for (const AccessSpec &spec : specs) {
		AccessRig rig;
		ExchangeView view;
		if (auto stop = rig.run(spec, view)) {
			if (stop->rfind(kNotTried, 0) == 0)
				continue;
			return stop->rfind("precondition failed", 0) == 0 ? "" : *stop;
		}
		record_verdict(judge_exchange(view), judged_rules(), rig.evidence());
	}
	return std::nullopt;
}

#define RUN_ALL(specs)                                      \
	do {                                                \
		if (auto stop = run_all(specs); stop && !stop->empty()) \
			GTEST_SKIP() << *stop;              \
	} while (0)

std::vector<int> combinations()
{
	// Atomics or not: a combination with REMOTE_ATOMIC on a device without
	// atomics is left out by the cases that need them (they SKIP first).
	return access_combinations(true);
}

struct OpParam {
	ibv_qp_type type;
	ibv_wr_opcode opcode;
};

std::string op_param_name(const ::testing::TestParamInfo<OpParam> &info)
{
	return fmt::format("{}_{}", type_name(info.param.type), op_name(info.param.opcode));
}

std::vector<OpParam> ops_of(std::initializer_list<ibv_qp_type> types, std::initializer_list<ibv_wr_opcode> ops)
{
	std::vector<OpParam> out;
	for (ibv_qp_type t : types)
		for (ibv_wr_opcode op : ops) {
			if (t == IBV_QPT_UD && op != IBV_WR_SEND && op != IBV_WR_SEND_WITH_IMM)
				continue;
			if (t == IBV_QPT_UC && (op == IBV_WR_RDMA_READ || is_atomic(op)))
				continue;
			out.push_back({t, op});
		}
	return out;
}

// ibv_reg_mr(3): an MR of the QP's PD serves its lkey in a local SGE and its
// rkey in a remote operation; on either pair, with the other pair and its PD
// alive beside it.
class MemoryAccessKeysServe : public ::testing::TestWithParam<OpParam> {};

TEST_P(MemoryAccessKeysServe, AnMrOfTheQpsPdServesItsLkeyAndRkey)
{
	record_clause({rule_id::reg_mr_lkey_serves, {rule_id::reg_mr_rkey_serves}});
	const OpParam &p = GetParam();
	int full = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ |
		   (is_atomic(p.opcode) ? IBV_ACCESS_REMOTE_ATOMIC : 0);
	std::vector<KeyRole> roles;
	if (p.opcode == IBV_WR_SEND || p.opcode == IBV_WR_SEND_WITH_IMM)
		roles = {KeyRole::Gather, KeyRole::Receive};
	else if (p.opcode == IBV_WR_RDMA_WRITE || p.opcode == IBV_WR_RDMA_WRITE_WITH_IMM)
		roles = {KeyRole::Gather, KeyRole::Rkey};
	else
		roles = {KeyRole::Write, KeyRole::Rkey};
	std::vector<AccessSpec> specs;
	for (bool second : {false, true})
		for (KeyRole role : roles) {
			AccessSpec s{p.type, false, p.opcode, role, KeyTarget::OwnMr, full};
			s.on_second = second;
			specs.push_back(s);
		}
	RUN_ALL(specs);
}

INSTANTIATE_TEST_SUITE_P(Wr, MemoryAccessKeysServe,
			 ::testing::ValuesIn(ops_of({IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD},
						    {IBV_WR_SEND, IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE,
						     IBV_WR_RDMA_WRITE_WITH_IMM, IBV_WR_RDMA_READ,
						     IBV_WR_ATOMIC_CMP_AND_SWP, IBV_WR_ATOMIC_FETCH_AND_ADD})),
			 op_param_name);

// ibv_reg_mr(3): "Local read access is always enabled for the MR." The
// source of a SEND or RDMA WRITE, from an MR of every access combination.
class MemoryAccessLocalReadAlways : public ::testing::TestWithParam<OpParam> {};

TEST_P(MemoryAccessLocalReadAlways, AnMrOfEveryAccessServesAsASource)
{
	record_clause({rule_id::reg_mr_access_local_read_always, {rule_id::reg_mr_lkey_serves}});
	const OpParam &p = GetParam();
	std::vector<AccessSpec> specs;
	for (int access : combinations())
		specs.push_back({p.type, false, p.opcode, KeyRole::Gather, KeyTarget::OwnMr, access});
	RUN_ALL(specs);
}

INSTANTIATE_TEST_SUITE_P(Wr, MemoryAccessLocalReadAlways,
			 ::testing::ValuesIn(ops_of({IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD},
						    {IBV_WR_SEND, IBV_WR_RDMA_WRITE})),
			 op_param_name);

// ibv_reg_mr(3)'s remote access flags: the rkey of an MR of every access
// combination; the operation is carried out exactly where the MR has the
// flag it needs, and otherwise fails with the MR's bytes unchanged.
class MemoryAccessRemoteAccess : public ::testing::TestWithParam<OpParam> {};

TEST_P(MemoryAccessRemoteAccess, TheOperationIsCarriedOutExactlyWhereTheMrHasItsFlag)
{
	const OpParam &p = GetParam();
	if (p.opcode == IBV_WR_RDMA_READ)
		record_clause({rule_id::reg_mr_access_remote_read,
			       {rule_id::reg_mr_rkey_serves, rule_id::poll_cq_wc_status_rem_access_err}});
	else if (is_atomic(p.opcode))
		record_clause({rule_id::reg_mr_access_remote_atomic,
			       {rule_id::reg_mr_rkey_serves, rule_id::poll_cq_wc_status_rem_access_err}});
	else
		record_clause({rule_id::reg_mr_access_remote_write,
			       {rule_id::reg_mr_rkey_serves, rule_id::poll_cq_wc_status_rem_access_err}});
	std::vector<AccessSpec> specs;
	for (int access : combinations())
		specs.push_back({p.type, false, p.opcode, KeyRole::Rkey, KeyTarget::OwnMr, access});
	RUN_ALL(specs);
}

INSTANTIATE_TEST_SUITE_P(Wr, MemoryAccessRemoteAccess,
			 ::testing::ValuesIn(ops_of({IBV_QPT_RC, IBV_QPT_UC},
						    {IBV_WR_RDMA_WRITE, IBV_WR_RDMA_WRITE_WITH_IMM, IBV_WR_RDMA_READ,
						     IBV_WR_ATOMIC_CMP_AND_SWP, IBV_WR_ATOMIC_FETCH_AND_ADD})),
			 op_param_name);

// An rkey naming no MR, or a range past the end of its MR.
struct KeyParam {
	ibv_qp_type type;
	ibv_wr_opcode opcode;
	KeyTarget target;
	bool srq = false;
};

std::string key_param_name(const ::testing::TestParamInfo<KeyParam> &info)
{
	return fmt::format("{}_{}_{}{}", type_name(info.param.type), op_name(info.param.opcode),
			   target_name(info.param.target), info.param.srq ? "_Srq" : "");
}

std::vector<KeyParam> keys_of(const std::vector<OpParam> &ops, std::initializer_list<KeyTarget> targets)
{
	std::vector<KeyParam> out;
	for (const OpParam &o : ops)
		for (KeyTarget t : targets)
			out.push_back({o.type, o.opcode, t});
	return out;
}

// Every access combination without IBV_ACCESS_LOCAL_WRITE (for
// KeyTarget::OwnMr: the MR the device may not write), or the key alone.
std::vector<AccessSpec> specs_of(const KeyParam &p, KeyRole role)
{
	std::vector<AccessSpec> out;
	int full = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ;
	if (p.target != KeyTarget::OwnMr)
		return {{p.type, p.srq, p.opcode, role, p.target, full}};
	for (int access : combinations())
		if (!(access & IBV_ACCESS_LOCAL_WRITE))
			out.push_back({p.type, p.srq, p.opcode, role, p.target, access});
	return out;
}

class MemoryAccessRkeyChecked : public ::testing::TestWithParam<KeyParam> {};

TEST_P(MemoryAccessRkeyChecked, AnRkeyOfNoMrOrPastItsEndFailsAndChangesNothing)
{
	const KeyParam &p = GetParam();
	record_clause({p.opcode == IBV_WR_RDMA_READ ? rule_id::reg_mr_access_remote_read
			       : is_atomic(p.opcode)      ? rule_id::reg_mr_access_remote_atomic
							  : rule_id::reg_mr_access_remote_write,
		       {rule_id::poll_cq_wc_status_rem_access_err}});
	RUN_ALL(specs_of(p, KeyRole::Rkey));
}

INSTANTIATE_TEST_SUITE_P(Wr, MemoryAccessRkeyChecked,
			 ::testing::ValuesIn(keys_of(ops_of({IBV_QPT_RC, IBV_QPT_UC},
							    {IBV_WR_RDMA_WRITE, IBV_WR_RDMA_READ,
							     IBV_WR_ATOMIC_FETCH_AND_ADD}),
						     {KeyTarget::NoMr, KeyTarget::PastMrEnd})),
			 key_param_name);

// ibv_post_send(3)'s lkey: the SGE of a SEND or RDMA WRITE (read by the
// device) or of an RDMA READ or atomic (written by it).
class MemoryAccessSendLkeyChecked : public ::testing::TestWithParam<KeyParam> {};

TEST_P(MemoryAccessSendLkeyChecked, AnSgeOfNoMrOrPastItsEndOrNotWritableFailsItsWr)
{
	record_clause({rule_id::post_send_sge_lkey_checked, {rule_id::poll_cq_wc_status_loc_prot_err}});
	const KeyParam &p = GetParam();
	bool written = p.opcode == IBV_WR_RDMA_READ || is_atomic(p.opcode);
	RUN_ALL(specs_of(p, written ? KeyRole::Write : KeyRole::Gather));
}

std::vector<KeyParam> send_lkey_params()
{
	std::vector<KeyParam> out = keys_of(ops_of({IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD}, {IBV_WR_SEND, IBV_WR_RDMA_WRITE}),
					    {KeyTarget::NoMr, KeyTarget::PastMrEnd});
	for (const KeyParam &k :
	     keys_of(ops_of({IBV_QPT_RC}, {IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP, IBV_WR_ATOMIC_FETCH_AND_ADD}),
		     {KeyTarget::OwnMr, KeyTarget::NoMr, KeyTarget::PastMrEnd}))
		out.push_back(k);
	return out;
}

INSTANTIATE_TEST_SUITE_P(Wr, MemoryAccessSendLkeyChecked, ::testing::ValuesIn(send_lkey_params()),
			 key_param_name);

// ibv_post_recv(3)'s and ibv_post_srq_recv(3)'s lkey: the receive WR's SGE.
class MemoryAccessRecvLkeyChecked : public ::testing::TestWithParam<KeyParam> {};

TEST_P(MemoryAccessRecvLkeyChecked, AReceiveSgeOfNoWritableMrTakesNoByte)
{
	const KeyParam &p = GetParam();
	record_clause({p.srq ? rule_id::post_srq_recv_sge_lkey_checked : rule_id::post_recv_sge_lkey_checked,
		       {rule_id::poll_cq_wc_status_loc_prot_err}});
	RUN_ALL(specs_of(p, KeyRole::Receive));
}

std::vector<KeyParam> recv_lkey_params()
{
	std::vector<KeyParam> out;
	for (ibv_qp_type t : {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD})
		for (bool srq : {false, true})
			for (KeyTarget k : {KeyTarget::OwnMr, KeyTarget::NoMr, KeyTarget::PastMrEnd})
				if (!srq || t != IBV_QPT_UC)
					out.push_back({t, IBV_WR_SEND, k, srq});
	return out;
}

INSTANTIATE_TEST_SUITE_P(Wr, MemoryAccessRecvLkeyChecked, ::testing::ValuesIn(recv_lkey_params()),
			 key_param_name);

// ibv_alloc_pd(3): a key of an MR of the other pair's PD, whatever the use.
struct PdParam {
	ibv_qp_type type;
	ibv_wr_opcode opcode;
	KeyRole role;
	bool srq = false;
};

class MemoryAccessPdIsolation : public ::testing::TestWithParam<PdParam> {};

TEST_P(MemoryAccessPdIsolation, AKeyOfAnotherPdsMrIsNeverHonoured)
{
	record_clause({rule_id::alloc_pd_pd_isolates,
		       {rule_id::post_send_sge_lkey_checked, rule_id::post_recv_sge_lkey_checked,
			rule_id::post_srq_recv_sge_lkey_checked, rule_id::reg_mr_access_remote_write,
			rule_id::reg_mr_access_remote_read, rule_id::reg_mr_access_remote_atomic}});
	const PdParam &p = GetParam();
	int full = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ;
	std::vector<AccessSpec> specs;
	for (bool second : {false, true}) {
		AccessSpec s{p.type, p.srq, p.opcode, p.role, KeyTarget::OtherPdMr, full};
		s.on_second = second;
		specs.push_back(s);
	}
	RUN_ALL(specs);
}

std::vector<PdParam> pd_params()
{
	std::vector<PdParam> out;
	for (ibv_qp_type t : {IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD}) {
		out.push_back({t, IBV_WR_SEND, KeyRole::Gather});
		out.push_back({t, IBV_WR_SEND, KeyRole::Receive});
		if (t != IBV_QPT_UC)
			out.push_back({t, IBV_WR_SEND, KeyRole::Receive, true});
		if (t != IBV_QPT_UD)
			out.push_back({t, IBV_WR_RDMA_WRITE, KeyRole::Rkey});
	}
	out.push_back({IBV_QPT_RC, IBV_WR_RDMA_READ, KeyRole::Rkey});
	out.push_back({IBV_QPT_RC, IBV_WR_RDMA_READ, KeyRole::Write});
	out.push_back({IBV_QPT_RC, IBV_WR_ATOMIC_FETCH_AND_ADD, KeyRole::Rkey});
	return out;
}

INSTANTIATE_TEST_SUITE_P(Wr, MemoryAccessPdIsolation, ::testing::ValuesIn(pd_params()),
			 [](const ::testing::TestParamInfo<PdParam> &info) {
				 const PdParam &p = info.param;
				 return fmt::format("{}_{}_{}{}", type_name(p.type), op_name(p.opcode),
						    role_name(p.role), p.srq ? "_Srq" : "");
			 });

// A receive WR shorter than the message that consumes it (its own queue's
// or the SRQ's).
struct FitParam {
	ibv_qp_type type;
	bool srq;
};

class MemoryAccessMessageFits : public ::testing::TestWithParam<FitParam> {};

TEST_P(MemoryAccessMessageFits, AMessageLongerThanTheReceiveFailsItAndWritesNothingPastIt)
{
	record_clause({rule_id::post_recv_sge_message_fits, {rule_id::poll_cq_wc_status_loc_len_err}});
	const FitParam &p = GetParam();
	AccessSpec s{p.type, p.srq, IBV_WR_SEND, KeyRole::Receive, KeyTarget::OwnMr, IBV_ACCESS_LOCAL_WRITE};
	s.short_recv = true;
	RUN_ALL({s});
}

INSTANTIATE_TEST_SUITE_P(Wr, MemoryAccessMessageFits,
			 ::testing::Values(FitParam{IBV_QPT_RC, false}, FitParam{IBV_QPT_UC, false},
					   FitParam{IBV_QPT_UD, false}, FitParam{IBV_QPT_RC, true},
					   FitParam{IBV_QPT_UD, true}),
			 [](const ::testing::TestParamInfo<FitParam> &info) {
				 return fmt::format("{}{}", type_name(info.param.type), info.param.srq ? "_Srq" : "");
			 });

} // namespace
} // namespace ibvcert
