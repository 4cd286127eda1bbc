// ibv_create_comp_channel(3): the channel verbs' own results. A channel is
// made (its result judged), CQs are created on it and on a second channel
// beside it, and ibv_destroy_comp_channel is tried after each of its CQs is
// destroyed: refused while any CQ created on it is alive, the channel still
// working after a refusal (a CQ can be created on it), and freed once the
// last one is gone; the CQs on the other channel never count. Each call is
// judged by the verb's judge (contracts/lifecycle_judge.h).
#include "contracts/call_judge.h"
#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace ibvcert {
namespace {

struct ChannelParam {
	int cqs;       // CQs created on the channel destroyed
	int other_cqs; // CQs created on a second channel alive beside it
};

class ChannelRig {
public:
	// The channel, its CQs and the other channel's; a reason to SKIP, or
	// nullopt (a failed precondition is a test failure).
	std::optional<std::string> prepare(const ChannelParam &p)
	{
		Device &d = run_device();
		int ret = d.create_comp_channel(channel_);
		note(fmt::format("ibv_create_comp_channel -> {}", errno_name(ret)));
		record_verdict(judge_call({Verb::CreateCompChannel, ret}), call_rules(Verb::CreateCompChannel),
			       evidence());
		if (ret == EOPNOTSUPP || ret == ENOSYS)
			return "the device has no completion channels (ibv_create_comp_channel: " +
			       errno_name(ret) + ")";
		if (ret)
			return fail("ibv_create_comp_channel", ret);
		if ((ret = d.create_comp_channel(other_)))
			return fail("ibv_create_comp_channel (the second channel)", ret);
		for (int i = 0; i < p.cqs; i++)
			if (auto why = make_cq(*channel_, cqs_))
				return why;
		for (int i = 0; i < p.other_cqs; i++)
			if (auto why = make_cq(*other_, other_cqs_))
				return why;
		return std::nullopt;
	}

	// The channel's destroy, judged with its CQs alive now.
	bool destroy_channel()
	{
		int n = (int)cqs_.size();
		int ret = channel_->destroy();
		bool usable = ret == 0 || usable_after();
		note(fmt::format("ibv_destroy_comp_channel with {} CQ(s) on it and {} on the other channel -> {}{}",
				 n, other_cqs_.size(), errno_name(ret),
				 ret == 0 ? "" : usable ? ", still works" : ", no longer works"));
		record_verdict(judge_destroy({Verb::DestroyCompChannel, n, ret, usable}),
			       destroy_rules(Verb::DestroyCompChannel), evidence());
		return ret == 0;
	}

	// Destroys the newest CQ of the channel; false when none is left.
	bool destroy_one_cq()
	{
		if (cqs_.empty())
			return false;
		int ret = cqs_.back()->destroy();
		note(fmt::format("ibv_destroy_cq of a CQ on the channel -> {}", errno_name(ret)));
		record_verdict(judge_destroy({Verb::DestroyCq, 0, ret, true}), destroy_rules(Verb::DestroyCq),
			       evidence());
		cqs_.pop_back(); // destroyed, or its destructor tries again
		return true;
	}

private:
	std::optional<std::string> make_cq(CompChannel &ch, std::vector<std::unique_ptr<Cq>> &into)
	{
		std::unique_ptr<Cq> cq;
		int ret = run_device().create_cq_on_channel(8, nullptr, ch, 0, cq);
		note(fmt::format("ibv_create_cq(cqe 8, channel {}) -> {}", &ch == channel_.get() ? "A" : "B",
				 errno_name(ret)));
		if (ret)
			return fail("ibv_create_cq on a channel", ret);
		into.push_back(std::move(cq));
		return std::nullopt;
	}

	// A refused destroy leaves the channel working: a CQ is created on it
	// (and destroyed again).
	bool usable_after()
	{
		std::unique_ptr<Cq> cq;
		int ret = run_device().create_cq_on_channel(8, nullptr, *channel_, 0, cq);
		note(fmt::format("ibv_create_cq on the refused channel -> {}", errno_name(ret)));
		return ret == 0 && cq->destroy() == 0;
	}

	std::optional<std::string> fail(const std::string &what, int ret)
	{
		ADD_FAILURE() << "precondition: " << what << " returned " << errno_name(ret) << "\n" << evidence();
		return std::nullopt;
	}
	void note(const std::string &s) { steps_.push_back(s); }
	std::string evidence() const
	{
		return fmt::format("device {}\n  {}\nreplay: {}", run_device().name(), fmt::join(steps_, "\n  "),
				   replay_command());
	}

	// Declared channels first: destroyed after their CQs.
	std::unique_ptr<CompChannel> channel_, other_;
	std::vector<std::unique_ptr<Cq>> cqs_, other_cqs_;
	std::vector<std::string> steps_;
};

class CompChannelDestroy : public ::testing::TestWithParam<ChannelParam> {};

TEST_P(CompChannelDestroy, RefusedWhileItsCqsLiveThenFreed)
{
	std::vector<std::string> also;
	const ContractRule *busy = nullptr;
	for (const ContractRule *r : destroy_rules(Verb::DestroyCompChannel)) {
		if (r->check == Check::BusyWhileUsed)
			busy = r;
		else
			also.push_back(r->id);
	}
	for (const ContractRule *r : call_rules(Verb::CreateCompChannel))
		also.push_back(r->id);
	ASSERT_NE(busy, nullptr) << "no BusyWhileUsed row for ibv_destroy_comp_channel";
	record_clause({busy->id, also});
	ChannelRig rig;
	if (auto skip = rig.prepare(GetParam()))
		GTEST_SKIP() << *skip;
	ASSERT_FALSE(HasFailure());
	// Refused while any CQ created on it lives; each CQ's destroy releases it.
	while (!rig.destroy_channel())
		if (!rig.destroy_one_cq())
			break;
}

INSTANTIATE_TEST_SUITE_P(Channel, CompChannelDestroy,
			 ::testing::Values(ChannelParam{0, 0}, ChannelParam{0, 2}, ChannelParam{1, 0},
					   ChannelParam{3, 1}),
			 [](const ::testing::TestParamInfo<ChannelParam> &info) {
				 return fmt::format("Cqs{}_OtherChannelCqs{}", info.param.cqs, info.param.other_cqs);
			 });

} // namespace
} // namespace ibvcert
