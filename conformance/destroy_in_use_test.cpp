// What a destroy refuses while other objects depend on the one destroyed:
// ibv_dealloc_pd with QPs, MRs, AHs or SRQs of the PD alive, ibv_destroy_cq
// with QPs completing into the CQ (as send CQ, receive CQ or both),
// ibv_destroy_srq with QPs associated. One and several dependents; after
// each dependent's destroy the parent's destroy is tried again, until the
// last one is gone and it must succeed. Each destroy is judged by the
// verb's judge (contracts/lifecycle_judge.h) on the dependents alive, its
// result, and whether a refused object still works.
#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"
#include "contracts/rule_ids.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <functional>

namespace ibvcert {
namespace {

enum class Parent { Pd, Cq, Srq };
enum class Dependent { RcQp, UdQp, Mr, Ah, Srq, Mixed };
enum class CqRole { Both, Send, Recv };

struct InUseParam {
	Parent parent;
	Dependent dependent;
	int count; // dependents made (Mixed: one of each kind)
	CqRole role = CqRole::Both;
};

const char *parent_name(Parent p)
{
	return p == Parent::Pd ? "Pd" : p == Parent::Cq ? "Cq" : "Srq";
}
const char *dependent_name(Dependent d)
{
	switch (d) {
	case Dependent::RcQp: return "RcQp";
	case Dependent::UdQp: return "UdQp";
	case Dependent::Mr: return "Mr";
	case Dependent::Ah: return "Ah";
	case Dependent::Srq: return "Srq";
	case Dependent::Mixed: return "QpMrAhSrq";
	}
	return "?";
}
Verb destroy_verb(Parent p)
{
	return p == Parent::Pd ? Verb::DeallocPd : p == Parent::Cq ? Verb::DestroyCq : Verb::DestroySrq;
}

class InUseRig {
public:
	std::optional<std::string> prepare(const InUseParam &p)
	{
		Device &d = run_device();
		if (int ret = run_caps(caps_))
			return fail("reading the device's attributes", ret);
		buf_.assign(8192, 0);
		// The parent, and what its dependents need besides it.
		if (int ret = d.alloc_pd(pd_))
			return fail("ibv_alloc_pd", ret);
		if (int ret = d.create_cq(32, cq_))
			return fail("ibv_create_cq", ret);
		if (int ret = d.create_cq(32, other_cq_))
			return fail("ibv_create_cq", ret);
		if (p.parent == Parent::Srq || p.dependent == Dependent::Srq ||
		    p.dependent == Dependent::Mixed) {
			ibv_srq_init_attr si{};
			si.attr = {16, 1, 0};
			std::unique_ptr<Srq> srq;
			int ret = d.create_srq(*pd_, si, srq);
			note(fmt::format("ibv_create_srq -> {}", errno_name(ret)));
			if (ret == EOPNOTSUPP || ret == ENOSYS)
				return "the device has no SRQ (ibv_create_srq: " + errno_name(ret) + ")";
			if (ret)
				return fail("ibv_create_srq", ret);
			if (p.parent == Parent::Srq)
				srq_ = std::move(srq);
			else
				dep_srqs_.push_back(std::move(srq));
		}
		for (int i = 0; i < p.count; i++) {
			if (p.dependent == Dependent::Mixed) {
				for (Dependent k : {Dependent::RcQp, Dependent::Mr, Dependent::Ah})
					if (auto skip = make(p, k))
						return skip;
			} else if (p.dependent != Dependent::Srq || i > 0) {
				if (auto skip = make(p, p.dependent))
					return skip;
			}
		}
		return std::nullopt;
	}

	int dependents() const
	{
		return (int)(qps_.size() + mrs_.size() + ahs_.size() + dep_srqs_.size());
	}

	// The parent's destroy, judged with the dependents alive now.
	bool destroy_parent(Parent p)
	{
		int n = dependents();
		int ret = p == Parent::Pd ? pd_->destroy() : p == Parent::Cq ? cq_->destroy()
									      : srq_->destroy();
		bool usable = ret == 0 || usable_after(p);
		note(fmt::format("{} with {} dependent(s) alive -> {}{}", verb_name(destroy_verb(p)), n,
				 errno_name(ret), ret == 0 ? "" : usable ? ", still works" : ", no longer works"));
		record_verdict(judge_destroy({destroy_verb(p), n, ret, usable}),
			       destroy_rules(destroy_verb(p)), evidence());
		if (ret == 0)
			parent_gone_ = true;
		return ret == 0;
	}

	// Destroys one dependent (the newest), judged; false when none is left.
	bool destroy_one()
	{
		if (!qps_.empty())
			return judged(Verb::DestroyQp, qps_);
		if (!ahs_.empty())
			return judged(Verb::DestroyAh, ahs_);
		if (!mrs_.empty())
			return judged(Verb::DeregMr, mrs_);
		if (!dep_srqs_.empty())
			return judged(Verb::DestroySrq, dep_srqs_);
		return false;
	}

	bool parent_gone() const { return parent_gone_; }
	void note(const std::string &s) { steps_.push_back(s); }
	std::string evidence() const
	{
		return fmt::format("device {}\n  {}\nreplay: {}", run_device().name(),
				   fmt::join(steps_, "\n  "), replay_command());
	}

	// The members go in reverse order: dependents first, then the parents
	// (an object whose destroy() succeeded is not destroyed again).

private:
	template <class T> bool judged(Verb verb, std::vector<std::unique_ptr<T>> &list)
	{
		int ret = list.back()->destroy();
		note(fmt::format("{} of a dependent -> {}", verb_name(verb), errno_name(ret)));
		record_verdict(judge_destroy({verb, 0, ret, true}), destroy_rules(verb), evidence());
		list.pop_back(); // destroyed, or its destructor tries again
		return true;
	}

	// A refused destroy leaves the object working: a PD takes an MR, a CQ
	// polls, an SRQ answers its query.
	bool usable_after(Parent p)
	{
		switch (p) {
		case Parent::Pd: {
			std::unique_ptr<Mr> mr;
			int ret = run_device().reg_mr(*pd_, buf_.data() + 4096, 4096, IBV_ACCESS_LOCAL_WRITE, mr);
			note(fmt::format("  ibv_reg_mr on the PD -> {}", errno_name(ret)));
			return ret == 0;
		}
		case Parent::Cq: {
			ibv_wc wc[4];
			int n = cq_->poll(4, wc);
			note(fmt::format("  ibv_poll_cq -> {}", n));
			return n >= 0;
		}
		case Parent::Srq: {
			ibv_srq_attr a{};
			int ret = srq_->query(a);
			note(fmt::format("  ibv_query_srq -> {}", errno_name(ret)));
			return ret == 0;
		}
		}
		return false;
	}

	std::optional<std::string> make(const InUseParam &p, Dependent k)
	{
		Device &d = run_device();
		switch (k) {
		case Dependent::RcQp:
		case Dependent::UdQp: {
			ibv_qp_init_attr qi{};
			qi.qp_type = k == Dependent::RcQp ? IBV_QPT_RC : IBV_QPT_UD;
			qi.cap = {4, 4, 1, 1, 0};
			Cq &send = p.role == CqRole::Recv ? *other_cq_ : *cq_;
			Cq &recv = p.role == CqRole::Send ? *other_cq_ : *cq_;
			Srq *srq = p.parent == Parent::Srq ? srq_.get() : nullptr;
			std::unique_ptr<Qp> qp;
			int ret = d.create_qp(*pd_, send, recv, srq, qi, qp);
			note(fmt::format("ibv_create_qp({}) -> {}", qi.qp_type == IBV_QPT_RC ? "RC" : "UD",
					 errno_name(ret)));
			if (ret == EOPNOTSUPP)
				return "the device has no " +
				       std::string(qi.qp_type == IBV_QPT_RC ? "RC" : "UD") + " QPs" +
				       (srq ? " with an SRQ" : "");
			if (ret)
				return fail("ibv_create_qp", ret);
			qps_.push_back(std::move(qp));
			return std::nullopt;
		}
		case Dependent::Mr: {
			std::unique_ptr<Mr> mr;
			int ret = d.reg_mr(*pd_, buf_.data(), 4096, IBV_ACCESS_LOCAL_WRITE, mr);
			note(fmt::format("ibv_reg_mr -> {}", errno_name(ret)));
			if (ret)
				return fail("ibv_reg_mr", ret);
			mrs_.push_back(std::move(mr));
			return std::nullopt;
		}
		case Dependent::Ah: {
			ibv_ah_attr a{};
			a.port_num = caps_->port_num;
			a.dlid = caps_->port.lid;
			if (caps_->grh_required) {
				a.is_global = 1;
				a.grh.dgid = caps_->gid;
				a.grh.sgid_index = (uint8_t)caps_->gid_index;
				a.grh.hop_limit = 1;
			}
			std::unique_ptr<Ah> ah;
			int ret = d.create_ah(*pd_, a, ah);
			note(fmt::format("ibv_create_ah -> {}", errno_name(ret)));
			if (ret == EOPNOTSUPP)
				return "the device has no address handles (ibv_create_ah: EOPNOTSUPP)";
			if (ret)
				return fail("ibv_create_ah", ret);
			ahs_.push_back(std::move(ah));
			return std::nullopt;
		}
		case Dependent::Srq:
		case Dependent::Mixed:
			break;
		}
		return std::nullopt;
	}

	std::optional<std::string> fail(const std::string &what, int ret)
	{
		ADD_FAILURE() << "precondition: " << what << " returned " << errno_name(ret) << "\n"
			      << evidence();
		return std::nullopt;
	}

	const DeviceCaps *caps_ = nullptr;
	std::vector<char> buf_;
	// Declared parents first: destroyed last.
	std::unique_ptr<Pd> pd_;
	std::unique_ptr<Cq> cq_, other_cq_;
	std::unique_ptr<Srq> srq_;
	std::vector<std::unique_ptr<Srq>> dep_srqs_;
	std::vector<std::unique_ptr<Mr>> mrs_;
	std::vector<std::unique_ptr<Ah>> ahs_;
	std::vector<std::unique_ptr<Qp>> qps_;
	std::vector<std::string> steps_;
	bool parent_gone_ = false;
};

class DestroyInUse : public ::testing::TestWithParam<InUseParam> {};

TEST_P(DestroyInUse, RefusedUntilTheLastDependentIsGone)
{
	const InUseParam &p = GetParam();
	Verb verb = destroy_verb(p.parent);
	const ContractRule *busy = nullptr;
	std::vector<std::string> also;
	for (const ContractRule *r : destroy_rules(verb)) {
		if (r->check == Check::BusyWhileUsed)
			busy = r;
		else
			also.push_back(r->id);
	}
	ASSERT_NE(busy, nullptr) << "no BusyWhileUsed row for " << verb_name(verb);
	record_clause({busy->id, also});
	InUseRig rig;
	if (auto skip = rig.prepare(p))
		GTEST_SKIP() << *skip;
	ASSERT_FALSE(HasFailure());
	// Refused while any dependent lives; each dependent's destroy releases it.
	while (!rig.parent_gone()) {
		if (rig.destroy_parent(p.parent))
			break;
		if (!rig.destroy_one())
			break;
	}
	while (rig.destroy_one()) {
	}
	if (!rig.parent_gone())
		rig.destroy_parent(p.parent);
}

std::vector<InUseParam> params()
{
	std::vector<InUseParam> out;
	for (int n : {1, 3}) {
		for (Dependent k : {Dependent::RcQp, Dependent::UdQp, Dependent::Mr, Dependent::Ah})
			out.push_back({Parent::Pd, k, n});
		for (CqRole role : {CqRole::Both, CqRole::Send, CqRole::Recv})
			for (Dependent k : {Dependent::RcQp, Dependent::UdQp})
				out.push_back({Parent::Cq, k, n, role});
		for (Dependent k : {Dependent::RcQp, Dependent::UdQp})
			out.push_back({Parent::Srq, k, n});
	}
	out.push_back({Parent::Pd, Dependent::Srq, 1});
	out.push_back({Parent::Pd, Dependent::Mixed, 1});
	out.push_back({Parent::Pd, Dependent::Mixed, 2});
	return out;
}

INSTANTIATE_TEST_SUITE_P(Dependents, DestroyInUse, ::testing::ValuesIn(params()),
			 [](const ::testing::TestParamInfo<InUseParam> &info) {
				 const InUseParam &p = info.param;
				 const char *role = p.parent != Parent::Cq ? ""
						    : p.role == CqRole::Send ? "AsSendCq"
						    : p.role == CqRole::Recv ? "AsRecvCq"
									      : "AsBothCqs";
				 return fmt::format("{}_{}x{}{}", parent_name(p.parent),
						    dependent_name(p.dependent), p.count, role);
			 });

} // namespace
} // namespace ibvcert
