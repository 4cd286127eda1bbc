// Clauses of ibv_post_srq_recv against the SRQ's own attributes, as
// ibv_create_srq reported them (MUST):
// - the SRQ holds max_wr WRs: a list of max_wr WRs is taken whole, and the
//   first WR past them fails the post, returned through bad_wr;
// - a WR with more scatter elements than the SRQ's max_sge fails the post
//   at that WR: the WRs before it are posted, bad_wr points at it.
#include "conformance/srq_test.h"
#include "contracts/rule_ids/srq.h"
#include "contracts/post_wr_eval.h"
#include "fixtures/rigs/call_record.h"

#include <vector>

namespace ibvcert {
namespace {

// An SRQ of an odd size: a device that rounds its ring up must say so in
// what ibv_create_srq reports.
constexpr uint32_t kMaxWr = 5;

class SrqPostCapacity : public SrqTest {
protected:
	Clause clause() const override { return {rule_id::srq_post_srq_recv_max_wr_outstanding}; }
	SrqSpec spec() const override { return {kMaxWr, 0}; }
};

TEST_P(SrqPostCapacity, TakesMaxWrWrsAndStopsAtTheFirstPastThem)
{
	ASSERT_FALSE(HasFailure());
	SrqRig &r = *rig;
	const uint32_t max_wr = r.created().max_wr;
	ASSERT_GE(max_wr, kMaxWr) << "ibv_create_srq reported max_wr " << max_wr << " below the "
				  << kMaxWr << " asked\n" << r.evidence();
	ASSERT_EQ(r.post(max_wr), 0) << "a list of max_wr = " << max_wr
				     << " WRs into an empty SRQ was not taken\n" << r.evidence();
	int bad_index = -1;
	int ret = r.post_list({1}, bad_index);
	EXPECT_NE(ret, 0) << "ibv_post_srq_recv took a WR past the SRQ's max_wr " << max_wr
			  << " (as ibv_create_srq reported it): " << r.outstanding()
			  << " WRs outstanding\n" << r.evidence();
	if (ret) {
		EXPECT_EQ(bad_index, 0) << "bad_wr is not the WR past max_wr\n" << r.evidence();
		EXPECT_EQ(r.outstanding(), max_wr) << r.evidence();
	}
}

class SrqPostMaxSge : public SrqTest {
protected:
	Clause clause() const override { return {rule_id::srq_post_srq_recv_num_sge_within_max_sge}; }
};

TEST_P(SrqPostMaxSge, WrAboveMaxSgeStopsThePostAtIt)
{
	ASSERT_FALSE(HasFailure());
	SrqRig &r = *rig;
	const int max_sge = (int)r.created().max_sge;
	ASSERT_GE(max_sge, 1) << r.evidence();
	int bad_index = -1;
	int ret = r.post_list({1, max_sge + 1}, bad_index);
	EXPECT_NE(ret, 0) << "ibv_post_srq_recv took a WR with num_sge " << max_sge + 1
			  << " into an SRQ of max_sge " << max_sge << " (as ibv_create_srq reported it)\n"
			  << r.evidence();
	if (ret) {
		EXPECT_EQ(bad_index, 1) << "bad_wr is not the WR with num_sge " << max_sge + 1
					<< "\n" << r.evidence();
		EXPECT_EQ(r.outstanding(), 1u) << "the WR before the bad one was not posted\n"
					       << r.evidence();
	}
}

// The other value class of num_sge outside what the SRQ takes: a negative
// count (an int: no size of an array). Judged by the posts' capacity rows
// (contracts/post_wr_eval.h).
TEST_P(SrqPostMaxSge, WrWithNegativeNumSgeStopsThePostAtIt)
{
	ASSERT_FALSE(HasFailure());
	SrqRig &r = *rig;
	PostQueueNow q;
	q.srq = r.created();
	q.outstanding = r.outstanding();
	int bad_index = -1;
	int ret = r.post_list({1, -1}, bad_index);
	std::vector<PostedWr> wrs(2);
	wrs[1].num_sge = -1;
	record_verdict(judge_post_list(Verb::PostSrqRecv, q, wrs, ret, bad_index), post_capacity_rules(Verb::PostSrqRecv),
		       r.evidence());
}

INSTANTIATE_TEST_SUITE_P(Attr, SrqPostCapacity, kSrqOnly, traffic_name);
INSTANTIATE_TEST_SUITE_P(Attr, SrqPostMaxSge, kSrqOnly, traffic_name);

} // namespace
} // namespace ibvcert
