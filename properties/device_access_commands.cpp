// The memory-access command of the whole-device state machine:
// KeyExchange, one WR with one key varied on pairs of its own
// (fixtures/rigs/access_rig.h, the rig of the MemoryAccess clauses: two
// connected pairs of one type, each on its own PD, made beside the live
// objects of the sequence and destroyed with the step). The command first
// draws the access row it exercises (contracts/access_rules.cpp: keys
// valid for their use serve, local read always, the lkey of a send, of a
// receive on the QP's own queue, of an SRQ's WR, the rkey of an RDMA
// WRITE, READ or atomic, PD isolation, a message longer than its receive),
// then a WR and a key of that row's classes: an MR of the QP's PD with an
// access combination ibv_reg_mr(3) allows, an MR of the other PD, a key of
// no MR, a range past the MR's end. The datapath's judge decides
// (judge_exchange, which hands the keys to contracts/access_judge.h), as it
// does for the suite. A WR that fails takes only the step's own pair to
// ERR, so the model of the live objects is unchanged by it.
#include "properties/device_step.h"

#include "contracts/completion_judge.h"
#include "contracts/names.h"
#include "fixtures/rigs/access_rig.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>

namespace ibvcert {
namespace {

// The access row a KeyExchange exercises.
enum class AccessRow {
	KeysServe,       // reg_mr.{lkey,rkey}.serves: every key valid for its use
	LocalReadAlways, // reg_mr.access.local_read_always: a source MR without LOCAL_WRITE
	SendLkey,        // post_send.sge.lkey_checked
	RecvLkey,        // post_recv.sge.lkey_checked
	SrqLkey,         // post_srq_recv.sge.lkey_checked
	RemoteWrite,     // reg_mr.access.remote_write
	RemoteRead,      // reg_mr.access.remote_read
	RemoteAtomic,    // reg_mr.access.remote_atomic
	PdIsolated,      // alloc_pd.pd.isolates
	MessageFits,     // post_recv.sge.message_fits
};

const char *row_name(AccessRow r)
{
	switch (r) {
	case AccessRow::KeysServe: return "keys serve";
	case AccessRow::LocalReadAlways: return "local read always";
	case AccessRow::SendLkey: return "send lkey";
	case AccessRow::RecvLkey: return "receive lkey";
	case AccessRow::SrqLkey: return "SRQ lkey";
	case AccessRow::RemoteWrite: return "remote write";
	case AccessRow::RemoteRead: return "remote read";
	case AccessRow::RemoteAtomic: return "remote atomic";
	case AccessRow::PdIsolated: return "PD isolation";
	case AccessRow::MessageFits: return "message fits";
	}
	return "?";
}

const char *short_target(KeyTarget t)
{
	switch (t) {
	case KeyTarget::OwnMr: return "own MR";
	case KeyTarget::OtherPdMr: return "other PD's MR";
	case KeyTarget::NoMr: return "no MR";
	case KeyTarget::PastMrEnd: return "past the MR's end";
	}
	return "?";
}

const char *short_role(KeyRole r)
{
	switch (r) {
	case KeyRole::Gather: return "source lkey";
	case KeyRole::Write: return "target lkey";
	case KeyRole::Receive: return "receive lkey";
	case KeyRole::Rkey: return "rkey";
	}
	return "?";
}

bool has(const std::vector<ibv_qp_type> &types, ibv_qp_type t)
{
	return std::find(types.begin(), types.end(), t) != types.end();
}

// The access a key of the role needs (contracts/access_judge.h key_needs,
// for the opcode the spec posts).
int needed(KeyRole role, ibv_wr_opcode op)
{
	switch (role) {
	case KeyRole::Gather: return 0;
	case KeyRole::Write:
	case KeyRole::Receive: return IBV_ACCESS_LOCAL_WRITE;
	case KeyRole::Rkey:
		return op == IBV_WR_RDMA_READ                                             ? IBV_ACCESS_REMOTE_READ
		       : op == IBV_WR_RDMA_WRITE || op == IBV_WR_RDMA_WRITE_WITH_IMM ? IBV_ACCESS_REMOTE_WRITE
										      : IBV_ACCESS_REMOTE_ATOMIC;
	}
	return 0;
}

class KeyExchange : public Step {
public:
	explicit KeyExchange(const DeviceModel &m)
	{
		const bool atomics = m.caps->device.orig_attr.atomic_cap != IBV_ATOMIC_NONE;
		const bool srqs = m.caps->device.orig_attr.max_srq > 0;
		std::vector<ibv_qp_type> types;
		for (ibv_qp_type t : m.qp_types)
			if ((t == IBV_QPT_RC || t == IBV_QPT_UC || t == IBV_QPT_UD) && !has(types, t))
				types.push_back(t);
		RC_PRE(!types.empty());
		const bool rc = has(types, IBV_QPT_RC);
		std::vector<ibv_qp_type> srq_types; // an SRQ's QPs: RC and UD (as the suite's pairs)
		for (ibv_qp_type t : types)
			if (srqs && t != IBV_QPT_UC)
				srq_types.push_back(t);
		std::vector<AccessRow> rows = {AccessRow::KeysServe, AccessRow::LocalReadAlways, AccessRow::SendLkey,
					       AccessRow::RecvLkey, AccessRow::PdIsolated, AccessRow::MessageFits};
		if (!srq_types.empty())
			rows.push_back(AccessRow::SrqLkey);
		if (rc || has(types, IBV_QPT_UC))
			rows.push_back(AccessRow::RemoteWrite);
		if (rc)
			rows.push_back(AccessRow::RemoteRead);
		if (rc && atomics)
			rows.push_back(AccessRow::RemoteAtomic);
		row_ = *rc::gen::elementOf(rows);
		const std::vector<int> combos = access_combinations(atomics);
		auto combo_where = [&](auto keep) {
			std::vector<int> out;
			for (int a : combos)
				if (keep(a))
					out.push_back(a);
			return *rc::gen::elementOf(out);
		};
		// The roles a type gives a key, and the opcodes of each.
		auto roles_of = [&](ibv_qp_type t) {
			std::vector<KeyRole> out = {KeyRole::Gather, KeyRole::Receive};
			if (t != IBV_QPT_UD)
				out.push_back(KeyRole::Rkey);
			if (t == IBV_QPT_RC)
				out.push_back(KeyRole::Write);
			return out;
		};
		auto opcode_for = [&](KeyRole role, ibv_qp_type t) {
			std::vector<ibv_wr_opcode> ops = opcodes_using(role, t);
			std::erase_if(ops, [&](ibv_wr_opcode op) { return !atomics && datapath_is_atomic(op); });
			RC_PRE(!ops.empty());
			return *rc::gen::elementOf(ops);
		};
		// An MR of the QP's PD the device may not write to.
		auto not_writable = [&] { return combo_where([](int a) { return !(a & IBV_ACCESS_LOCAL_WRITE); }); };
		auto bad_target = [](bool own_too) {
			return own_too ? *rc::gen::element(KeyTarget::OwnMr, KeyTarget::NoMr, KeyTarget::PastMrEnd)
				       : *rc::gen::element(KeyTarget::NoMr, KeyTarget::PastMrEnd);
		};
		AccessSpec &s = spec_;
		s.on_second = *rc::gen::arbitrary<bool>();
		switch (row_) {
		case AccessRow::KeysServe:
		case AccessRow::PdIsolated: {
			s.type = *rc::gen::elementOf(types);
			s.subject = *rc::gen::elementOf(roles_of(s.type));
			s.opcode = opcode_for(s.subject, s.type);
			s.srq = s.subject == KeyRole::Receive && has(srq_types, s.type) && *rc::gen::arbitrary<bool>();
			const int needs = needed(s.subject, s.opcode);
			if (row_ == AccessRow::KeysServe) {
				s.target = KeyTarget::OwnMr;
				s.access = combo_where([&](int a) { return (a & needs) == needs; });
			} else {
				s.target = KeyTarget::OtherPdMr;
			}
			break;
		}
		case AccessRow::LocalReadAlways:
			s.type = *rc::gen::elementOf(types);
			s.subject = KeyRole::Gather;
			s.opcode = opcode_for(s.subject, s.type);
			s.target = KeyTarget::OwnMr;
			s.access = combo_where([](int a) { return !(a & IBV_ACCESS_LOCAL_WRITE); });
			break;
		case AccessRow::SendLkey:
			s.type = *rc::gen::elementOf(types);
			s.subject = s.type == IBV_QPT_RC && *rc::gen::arbitrary<bool>() ? KeyRole::Write : KeyRole::Gather;
			s.opcode = opcode_for(s.subject, s.type);
			// A written SGE also fails on an MR of the QP's PD without LOCAL_WRITE.
			s.target = bad_target(s.subject == KeyRole::Write);
			s.access = not_writable();
			break;
		case AccessRow::RecvLkey:
		case AccessRow::SrqLkey:
			s.srq = row_ == AccessRow::SrqLkey;
			s.type = *rc::gen::elementOf(s.srq ? srq_types : types);
			s.subject = KeyRole::Receive;
			s.opcode = opcode_for(s.subject, s.type);
			s.target = bad_target(true);
			s.access = not_writable();
			break;
		case AccessRow::RemoteWrite:
		case AccessRow::RemoteRead:
		case AccessRow::RemoteAtomic: {
			s.type = row_ == AccessRow::RemoteWrite && has(types, IBV_QPT_UC) && (!rc || *rc::gen::arbitrary<bool>())
					 ? IBV_QPT_UC
					 : IBV_QPT_RC;
			s.subject = KeyRole::Rkey;
			s.opcode = row_ == AccessRow::RemoteWrite  ? *rc::gen::element(IBV_WR_RDMA_WRITE, IBV_WR_RDMA_WRITE_WITH_IMM)
				   : row_ == AccessRow::RemoteRead ? IBV_WR_RDMA_READ
								   : *rc::gen::element(IBV_WR_ATOMIC_CMP_AND_SWP,
										       IBV_WR_ATOMIC_FETCH_AND_ADD);
			// Mostly an MR of the QP's PD: a combination without the flag the
			// operation needs (refused), or one with it (carried out; the keys
			// serve row draws those too); else a key of no MR or a range past
			// the end.
			s.target = *rc::gen::weightedElement<KeyTarget>(
				{{5, KeyTarget::OwnMr}, {1, KeyTarget::NoMr}, {1, KeyTarget::PastMrEnd}});
			const int needs = needed(s.subject, s.opcode);
			const bool with = *rc::gen::inRange(0, 4) == 0;
			s.access = combo_where([&](int a) { return ((a & needs) == needs) == with; });
			break;
		}
		case AccessRow::MessageFits:
			s.type = *rc::gen::elementOf(types);
			s.subject = KeyRole::Receive;
			s.opcode = IBV_WR_SEND;
			s.srq = has(srq_types, s.type) && *rc::gen::arbitrary<bool>();
			s.target = KeyTarget::OwnMr;
			s.access = IBV_ACCESS_LOCAL_WRITE;
			s.short_recv = true;
			break;
		}
		// A key of no MR, of the other PD's MR or past its MR's end: the MR
		// with every access (the rig registers the other PD's so anyway), so
		// that the key fails by its class alone (as the suite's specs).
		if (s.target != KeyTarget::OwnMr)
			s.access = combos.back();
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "KeyExchange (" << row_name(row_) << ") " << qp_type_name(spec_.type) << " pair"
		   << (spec_.on_second ? " (second)" : "") << (spec_.srq ? " (responder on an SRQ)" : "") << ": "
		   << wr_opcode_name(spec_.opcode) << ", the " << short_role(spec_.subject) << " names "
		   << short_target(spec_.target);
		if (spec_.target == KeyTarget::OwnMr || spec_.target == KeyTarget::PastMrEnd)
			os << " (access " << access_flags_name(spec_.access) << ")";
		if (spec_.short_recv)
			os << ", the receive shorter than the message";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		AccessRig rig;
		ExchangeView view;
		if (auto stop = rig.run(spec_, view)) {
			if (::testing::Test::HasFailure())
				fail_step(*this, m, b, "precondition: the access rig's pairs and MRs",
					  {*stop, rig.evidence()});
			return; // the device has no such pair or WR (iWARP: no UC, UD, immediate data)
		}
		hold_verdict(*this, m, b, judge_exchange(view), rig.evidence());
	}

private:
	AccessRow row_ = AccessRow::KeysServe;
	AccessSpec spec_;
};

} // namespace

void add_access_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	mix.push_back({model_watched(m) ? 0u : 3u, execOneOfWithArgs<KeyExchange>()(m)});
}

} // namespace ibvcert
