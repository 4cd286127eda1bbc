// An SRQ's history (contracts/srq_event_judge.h) through its judge: the
// limit event once below an armed limit, none from the create, armed across
// a resize, the destroy after the events were acknowledged, and the WRs held
// across a resize.
#include "contracts/srq_event_judge.h"
#include "contracts/rule_ids/srq.h"

#include <gtest/gtest.h>

#include <infiniband/verbs.h>

#include <cerrno>

using namespace ibvcert;

namespace {

using K = SrqStep::Kind;

struct History {
	SrqHistory h;
	uint32_t wrs = 0;
	uint64_t next_id = 0, next_consumed = 0;

	History &created(uint32_t srq_limit = 0)
	{
		SrqStep s;
		s.kind = K::Created;
		s.srq_limit = srq_limit;
		h.steps.push_back(s);
		return *this;
	}
	History &post(uint32_t n)
	{
		SrqStep s;
		s.kind = K::Posted;
		for (uint32_t i = 0; i < n; i++)
			s.wr_ids.push_back(next_id++);
		wrs += n;
		s.wrs = wrs;
		h.steps.push_back(s);
		return *this;
	}
	History &modify(int mask, uint32_t value, int result = 0)
	{
		SrqStep s;
		s.kind = K::Modified;
		s.attr_mask = mask;
		s.srq_limit = mask & IBV_SRQ_LIMIT ? value : 0;
		s.max_wr = mask & IBV_SRQ_MAX_WR ? value : 0;
		s.result = result;
		s.wrs = wrs;
		h.steps.push_back(s);
		return *this;
	}
	// n messages, each taking the oldest WR (skip: a WR id never delivered,
	// the next one's delivered in its place).
	History &consume(uint32_t n, uint64_t skip = ~0ull)
	{
		for (uint32_t i = 0; i < n; i++) {
			if (next_consumed == skip)
				next_consumed++;
			SrqStep s;
			s.kind = K::Consumed;
			s.wr_ids = {next_consumed++};
			s.wrs = --wrs;
			h.steps.push_back(s);
		}
		return *this;
	}
	History &read(int events, bool awaited = false)
	{
		SrqStep s;
		s.kind = K::EventsRead;
		s.limit_events = events;
		s.awaited = awaited;
		s.wrs = wrs;
		h.steps.push_back(s);
		return *this;
	}
	History &query(uint32_t srq_limit)
	{
		SrqStep s;
		s.kind = K::Queried;
		s.srq_limit = srq_limit;
		s.wrs = wrs;
		h.steps.push_back(s);
		return *this;
	}
	History &destroy(int result, int unacked = 0)
	{
		SrqStep s;
		s.kind = K::Destroyed;
		s.result = result;
		s.unacked = unacked;
		h.steps.push_back(s);
		return *this;
	}
	std::vector<std::string> broken() const { return judge_srq_history(h).rule_ids(); }
};

const std::vector<std::string> kNone;

} // namespace

TEST(SrqHistoryJudge, OneEventBelowTheArmedLimitThenZeroBreaksNothing)
{
	History h;
	h.created().post(8).modify(IBV_SRQ_LIMIT, 4).consume(4).read(0).consume(1).read(1, true).query(0)
		.consume(3).read(0);
	EXPECT_EQ(h.broken(), kNone);
}

TEST(SrqHistoryJudge, AnEventAtTheLimitItselfBreaksOnceBelow)
{
	History h;
	h.created().post(8).modify(IBV_SRQ_LIMIT, 4).consume(4).read(1);
	EXPECT_EQ(h.broken(), std::vector<std::string>{rule_id::srq_limit_event_once_below_the_limit});
}

TEST(SrqHistoryJudge, AMissingOrRepeatedEventBreaksOnceBelow)
{
	History missing;
	missing.created().post(8).modify(IBV_SRQ_LIMIT, 4).consume(5).read(0, true);
	EXPECT_EQ(missing.broken(), std::vector<std::string>{rule_id::srq_limit_event_once_below_the_limit});
	History again;
	again.created().post(8).modify(IBV_SRQ_LIMIT, 4).consume(5).read(1, true).consume(1).read(1);
	EXPECT_EQ(again.broken(), std::vector<std::string>{rule_id::srq_limit_event_once_below_the_limit});
	// A short window that has not seen the event yet judges nothing missing.
	History late;
	late.created().post(8).modify(IBV_SRQ_LIMIT, 4).consume(5).read(0).read(1, true);
	EXPECT_EQ(late.broken(), kNone);
}

TEST(SrqHistoryJudge, SrqLimitStillArmedAfterTheEventBreaksOnceBelow)
{
	History h;
	h.created().post(8).modify(IBV_SRQ_LIMIT, 4).consume(5).read(1, true).query(4);
	EXPECT_EQ(h.broken(), std::vector<std::string>{rule_id::srq_limit_event_once_below_the_limit});
}

TEST(SrqHistoryJudge, AnEventFromTheCreatesLimitBreaksArmsNothing)
{
	History h;
	h.created(4).post(8).consume(8).read(1);
	EXPECT_EQ(h.broken(), std::vector<std::string>{rule_id::srq_create_srq_limit_arms_nothing});
	EXPECT_EQ(srq_history_rules_judged(h.h).size(), 2u); // once_below, arms_nothing
}

TEST(SrqHistoryJudge, AResizeThatDisarmsBreaksArmedAcrossResize)
{
	History h;
	h.created().post(8).modify(IBV_SRQ_LIMIT, 4).modify(IBV_SRQ_MAX_WR, 32).query(0).consume(5)
		.read(0, true);
	EXPECT_EQ(h.broken(), (std::vector<std::string>{rule_id::srq_limit_event_armed_across_resize,
							rule_id::srq_limit_event_armed_across_resize}));
	History kept;
	kept.created().post(8).modify(IBV_SRQ_LIMIT, 4).modify(IBV_SRQ_MAX_WR, 32).query(4).consume(5)
		.read(1, true).consume(3).read(0);
	EXPECT_EQ(kept.broken(), kNone);
}

// Armed with the count already below (undecided), resized, then one drop:
// srq_limit reads either the arming's value or 0 (its event came); any
// other value still breaks ArmedAcrossResize.
TEST(SrqHistoryJudge, AnUndecidedArmingReadsItsLimitOrZeroAfterAResize)
{
	History fired, not_fired, other;
	fired.created().post(8).modify(IBV_SRQ_LIMIT, 16).modify(IBV_SRQ_MAX_WR, 16).consume(1).query(0);
	not_fired.created().post(8).modify(IBV_SRQ_LIMIT, 16).modify(IBV_SRQ_MAX_WR, 16).consume(1).query(16);
	other.created().post(8).modify(IBV_SRQ_LIMIT, 16).modify(IBV_SRQ_MAX_WR, 16).consume(1).query(5);
	EXPECT_EQ(fired.broken(), kNone);
	EXPECT_EQ(not_fired.broken(), kNone);
	EXPECT_EQ(other.broken(), std::vector<std::string>{rule_id::srq_limit_event_armed_across_resize});
}

TEST(SrqHistoryJudge, ArmedWithTheCountAlreadyBelowIsLeftUnjudged)
{
	History h;
	h.created().post(2).modify(IBV_SRQ_LIMIT, 4).read(1).consume(2).read(0);
	EXPECT_EQ(h.broken(), kNone);
}

// Armed below the count (its event undecided), re-armed above it before any
// read, then one drop below: one event is due, and the undecided arming may
// have raised one more, read with it.
TEST(SrqHistoryJudge, AnUndecidedArmingsEventReadAfterARearmingIsLeftUnjudged)
{
	History one, two, three;
	one.created().post(4).modify(IBV_SRQ_LIMIT, 7).consume(1).post(4).modify(IBV_SRQ_LIMIT, 7).consume(1).read(1);
	two.created().post(4).modify(IBV_SRQ_LIMIT, 7).consume(1).post(4).modify(IBV_SRQ_LIMIT, 7).consume(1).read(2);
	three.created().post(4).modify(IBV_SRQ_LIMIT, 7).consume(1).post(4).modify(IBV_SRQ_LIMIT, 7).consume(1).read(3);
	EXPECT_EQ(one.broken(), kNone);
	EXPECT_EQ(two.broken(), kNone);
	EXPECT_EQ(three.broken(), std::vector<std::string>{rule_id::srq_limit_event_once_below_the_limit});
}

TEST(SrqHistoryJudge, AFailedDestroyWithEveryEventAckedBreaksAckedBeforeDestroy)
{
	History h;
	h.created().destroy(EBUSY);
	EXPECT_EQ(h.broken(), std::vector<std::string>{rule_id::srq_async_event_acked_before_destroy});
	History unacked;
	unacked.created().destroy(EBUSY, 1);
	EXPECT_EQ(unacked.broken(), kNone);
}

TEST(SrqHistoryJudge, AWrHeldAtAResizeThatNeverComesOutBreaksKeepsPostedWrs)
{
	History lost;
	lost.created().post(4).modify(IBV_SRQ_MAX_WR, 32).consume(3, 2);
	SrqStep starved;
	starved.kind = K::Starved;
	starved.wrs = 1;
	lost.h.steps.push_back(starved);
	EXPECT_EQ(lost.broken(), std::vector<std::string>{rule_id::srq_resize_keeps_posted_wrs});
	History other;
	other.created().post(4).modify(IBV_SRQ_MAX_WR, 32).post(1).consume(5, 2);
	EXPECT_EQ(other.broken(), std::vector<std::string>{rule_id::srq_resize_keeps_posted_wrs});
	History kept;
	kept.created().post(4).modify(IBV_SRQ_MAX_WR, 32).post(4).consume(8);
	EXPECT_EQ(kept.broken(), kNone);
	// Not drained: nothing is due yet.
	History open;
	open.created().post(4).modify(IBV_SRQ_MAX_WR, 32).consume(2);
	EXPECT_EQ(open.broken(), kNone);
	EXPECT_TRUE(srq_history_rules_judged(open.h).empty());
}
