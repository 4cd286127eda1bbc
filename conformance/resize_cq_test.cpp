// ibv_resize_cq(3), every value class of cqe, on an empty CQ and on one that
// holds unpolled completions: each call judged whole by the verb's judge
// (contracts/resize_cq_rules.cpp) on the CQ as observed before and after it —
// the request rows against the result, the result, the size it reports and
// the completions it still holds. The case only drives the device.
#include "contracts/names.h"
#include "contracts/resize_cq_judge.h"
#include "contracts/rule_ids/resize_cq.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <chrono>
#include <climits>
#include <thread>

namespace ibvcert {
namespace {

constexpr int kCqe = 16;      // the CQ under test, as created
constexpr int kUnpolled = 3;  // completions it holds in the "Holding" cases
constexpr uint32_t kMessage = 64;
constexpr uint64_t kRecvIdBase = 100;

// A cqe value class, computed from the device and the CQ.
struct CqeClass {
	const char *name;
	int (*value)(int max_cqe, int current, int unpolled);
};

const CqeClass kClasses[] = {
	{"Negative", [](int, int, int) { return -1; }},
	{"Zero", [](int, int, int) { return 0; }},
	{"One", [](int, int, int) { return 1; }},
	{"BelowUnpolled", [](int, int, int unpolled) { return unpolled - 1; }},
	{"Unpolled", [](int, int, int unpolled) { return unpolled; }},
	{"Current", [](int, int current, int) { return current; }},
	{"Double", [](int, int current, int) { return 2 * current; }},
	{"MaxCqe", [](int max_cqe, int, int) { return max_cqe; }},
	{"AboveMaxCqe", [](int max_cqe, int, int) { return max_cqe == INT_MAX ? INT_MAX : max_cqe + 1; }},
	{"IntMax", [](int, int, int) { return INT_MAX; }},
};

struct ResizeParam {
	bool holding; // the CQ holds kUnpolled receive completions
	CqeClass cqe;
};

// An RC pair on the run's device; the responder's receive completions land
// in the CQ under test.
class ResizeCqRig {
public:
	std::optional<std::string> prepare(int unpolled)
	{
		Device &d = run_device();
		if (int ret = run_caps(caps_))
			return fail("reading the device's attributes", ret);
		auto created = [&](const char *what, int ret) -> std::optional<std::string> {
			note(fmt::format("{} -> {}", what, errno_name(ret)));
			if (ret)
				return fail(what, ret);
			return std::nullopt;
		};
		if (auto f = created("ibv_alloc_pd", d.alloc_pd(pd_)))
			return f;
		buf_.assign(4096, 0);
		if (auto f = created("ibv_reg_mr", d.reg_mr(*pd_, buf_.data(), buf_.size(),
							     IBV_ACCESS_LOCAL_WRITE, mr_)))
			return f;
		if (auto f = created("ibv_create_cq(64) for the sender", d.create_cq(64, send_cq_)))
			return f;
		if (auto f = created("ibv_create_cq(16): the CQ under test", d.create_cq(kCqe, cq_)))
			return f;
		for (auto *qp : {&a_, &b_}) {
			ibv_qp_init_attr qi{};
			qi.qp_type = IBV_QPT_RC;
			qi.sq_sig_all = 1;
			qi.cap = {8, 8, 1, 1, 0};
			Cq &recv = qp == &b_ ? *cq_ : *send_cq_;
			if (auto f = created("ibv_create_qp(RC)", d.create_qp(*pd_, *send_cq_, recv, qi, *qp)))
				return f;
		}
		std::string why;
		int ret = d.connect_loopback(*a_, *b_, why);
		note("connect the RC pair -> " + errno_name(ret) + (why.empty() ? "" : " (" + why + ")"));
		if (ret == EOPNOTSUPP || ret == ENODEV)
			return "cannot connect loopback QPs: " + why;
		if (ret)
			return fail("connecting the RC pair (" + why + ")", ret);
		return fill(unpolled);
	}

	// n SENDs from a to b: n receive completions in the CQ under test, known
	// by construction (wr_ids kRecvIdBase..), once the sender saw them done.
	std::optional<std::string> fill(int n)
	{
		for (int i = 0; i < n; i++) {
			ibv_sge rs{(uintptr_t)buf_.data() + 2048 + i * kMessage, kMessage, mr_->lkey()};
			ibv_recv_wr rw{};
			rw.wr_id = kRecvIdBase + i;
			rw.sg_list = &rs;
			rw.num_sge = 1;
			ibv_recv_wr *bad_r = nullptr;
			if (int ret = b_->post_recv(&rw, &bad_r))
				return fail("ibv_post_recv", ret);
			ibv_sge ss{(uintptr_t)buf_.data() + i * kMessage, kMessage, mr_->lkey()};
			ibv_send_wr sw{};
			sw.wr_id = i;
			sw.sg_list = &ss;
			sw.num_sge = 1;
			sw.opcode = IBV_WR_SEND;
			sw.send_flags = IBV_SEND_SIGNALED;
			ibv_send_wr *bad_s = nullptr;
			if (int ret = a_->post_send(&sw, &bad_s))
				return fail("ibv_post_send", ret);
			expected_.push_back(kRecvIdBase + i);
		}
		int done = 0;
		auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
		while (done < n && std::chrono::steady_clock::now() < deadline) {
			ibv_wc wc[8];
			int got = send_cq_->poll(8, wc);
			if (got < 0)
				return fail("ibv_poll_cq of the sender's CQ", -got);
			for (int i = 0; i < got; i++)
				if (wc[i].status != IBV_WC_SUCCESS)
					return fail(fmt::format("SEND {} completed with {}", wc[i].wr_id,
								ibv_wc_status_str(wc[i].status)),
						    EIO);
			done += got;
			if (done < n)
				run_device().clock().wait(std::chrono::milliseconds(1));
		}
		note(fmt::format("{} SENDs completed; the CQ under test holds {}", done,
				 fmt::join(expected_, ",")));
		if (done < n)
			return fail(fmt::format("only {} of {} SENDs completed in 5 s", done, n), ETIMEDOUT);
		return std::nullopt;
	}

	// The CQ as observed: its cqe, and the completions it holds, polled out
	// one by one (num_entries 1 while more remain: the call judge holds each
	// poll to at most num_entries), then known again: put back into
	// expected_ only by the caller.
	CqView observe_polling()
	{
		CqView v{cq_->cqe(), {}};
		ibv_wc wc[64];
		int got = 0;
		for (int n = 1; got < 64 && n == 1; got += n > 0 ? n : 0)
			n = cq_->poll(1, wc + got);
		for (int i = 0; i < got; i++)
			v.unpolled.push_back(wc[i].wr_id);
		note(fmt::format("after: cqe={}, polled {}", v.cqe, fmt::join(v.unpolled, ",")));
		return v;
	}
	CqView known() const { return {cq_->cqe(), expected_}; }
	Cq &cq() { return *cq_; }
	const DeviceCaps &caps() const { return *caps_; }
	void note(const std::string &s) { steps_.push_back(s); }
	std::string evidence() const
	{
		return fmt::format("device {}, RC pair, the responder's receive CQ under test\n  {}\n"
				   "replay: {}",
				   run_device().name(), fmt::join(steps_, "\n  "), replay_command());
	}

private:
	std::optional<std::string> fail(const std::string &what, int ret)
	{
		ADD_FAILURE() << "precondition: " << what << " returned " << errno_name(ret) << "\n"
			      << evidence();
		return std::nullopt;
	}
	const DeviceCaps *caps_ = nullptr;
	std::unique_ptr<Pd> pd_;
	std::unique_ptr<Mr> mr_;
	std::unique_ptr<Cq> send_cq_, cq_;
	std::unique_ptr<Qp> a_, b_;
	std::vector<char> buf_;
	std::vector<uint64_t> expected_;
	std::vector<std::string> steps_;
};

class ResizeCq : public ::testing::TestWithParam<ResizeParam> {};

TEST_P(ResizeCq, JudgedOnTheCqItLeaves)
{
	record_clause({rule_id::resize_cq_unpolled_kept,
		       {rule_id::resize_cq_cqe_range, rule_id::resize_cq_cqe_not_below_unpolled,
			rule_id::resize_cq_return_zero_or_errno, rule_id::resize_cq_valid_carried_out,
			rule_id::resize_cq_cqe_at_least_the_request,
			rule_id::resize_cq_rejected_changes_nothing}});
	ResizeCqRig rig;
	int unpolled = GetParam().holding ? kUnpolled : 0;
	if (auto skip = rig.prepare(unpolled))
		GTEST_SKIP() << *skip;
	ASSERT_FALSE(HasFailure());
	CqView before = rig.known();
	int cqe = GetParam().cqe.value(rig.caps().device.orig_attr.max_cqe, before.cqe, unpolled);
	int ret = rig.cq().resize(cqe);
	rig.note(fmt::format("before: cqe={} holding {}; ibv_resize_cq(cqe={}) -> {}", before.cqe,
			     fmt::join(before.unpolled, ","), cqe, errno_name(ret)));
	if (ret == EOPNOTSUPP && evaluate_resize_cq(rig.caps(), before, cqe).accepts())
		GTEST_SKIP() << "ibv_resize_cq returned EOPNOTSUPP for a valid cqe=" << cqe
			     << ": the provider has no resize";
	CqView after = rig.observe_polling();
	std::vector<const ContractRule *> judged;
	for (const ContractRule &r : resize_cq_rules())
		judged.push_back(&r);
	record_verdict(judge_resize_cq(rig.caps(), before, cqe, ret, after), judged, rig.evidence());
}

std::vector<ResizeParam> params()
{
	std::vector<ResizeParam> out;
	for (bool holding : {false, true})
		for (const CqeClass &c : kClasses)
			out.push_back({holding, c});
	return out;
}

INSTANTIATE_TEST_SUITE_P(Cqe, ResizeCq, ::testing::ValuesIn(params()),
			 [](const ::testing::TestParamInfo<ResizeParam> &info) {
				 return std::string(info.param.holding ? "Holding_" : "Empty_") +
					info.param.cqe.name;
			 });

} // namespace
} // namespace ibvcert
