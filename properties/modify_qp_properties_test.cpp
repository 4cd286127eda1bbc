// ibv_modify_qp as properties: any QP type the device creates, in any state
// ibv_modify_qp reaches, any 32-bit attr_mask (unknown bits included), and
// attribute values drawn around every boundary the attribute table gives
// them on the device (fixtures/generators). The contract's verdict on each
// request comes from the tables' data (contract_verdict.h).
#include "contracts/names.h"
#include "properties/modify_qp_trial.h"
#include "properties/property_check.h"
#include "contracts/read_back.h"
#include "contracts/rule_ids.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

class ModifyQpProperty : public ::testing::Test {
protected:
	void SetUp() override
	{
		if (auto why = run.open())
			GTEST_SKIP() << *why;
		ASSERT_TRUE(run.error().empty()) << run.error();
	}

	gen::ModifyQpRequest draw(const gen::RequestMix &mix)
	{
		return *gen::modify_qp_request(run.caps(), run.qp_types(), mix);
	}

	[[noreturn]] void fail(const std::string &headline, const ModifyQpTrial &t,
			       std::vector<std::string> extra = {})
	{
		ModifyEvidence e = t.evidence(run.device());
		e.extra = std::move(extra);
		RC_FAIL(describe(headline, e));
	}

	PropertyRun run;
};

// Accepted exactly when the transition table and the attribute table say so
// on this device's caps; a rejection returns an errno; an accepted request
// leaves the QP in the state it names, as ibv_query_qp and ibv_qp::state show.
// A request whose only fault is a SHOULD-level value may go either way here.
TEST_F(ModifyQpProperty, AcceptedExactlyWhenTheContractSays)
{
	check_property({Level::MUST, rule_id::modify_qp_property_accepted_exactly_per_contract}, [this] {
		ModifyQpTrial t = run_trial(run, draw(gen::RequestMix::everything()));
		auto verdict = t.contract.verdict();
		RC_TAG(std::string(verdict_name(verdict)) + ", device " +
		       (t.ret ? "rejected" : "accepted"));
		if (verdict == Verdict::Class::Accept && t.ret != 0)
			fail("ibv_modify_qp rejected a request the contract accepts", t);
		if (verdict == Verdict::Class::MustReject && t.ret == 0)
			fail("ibv_modify_qp accepted a request the contract rejects", t);
		if (t.ret < 0)
			fail("ibv_modify_qp returned a negative value, not an errno", t);
		ibv_qp_state next = t.contract.next;
		if (t.ret == 0 &&
		    (t.after.attr.qp_state != next || t.state_field_after != next))
			fail("ibv_modify_qp returned 0 but the QP is not in " + qp_state_name(next), t,
			     {"ibv_qp::state after the modify: " + qp_state_name(t.state_field_after),
			      "ibv_query_qp after the modify: qp_state=" +
				      qp_state_name(t.after.attr.qp_state)});
	});
}

// A rejected request changes nothing: a full ibv_query_qp before and after is
// equal, and so is ibv_qp::state.
TEST_F(ModifyQpProperty, RejectedRequestChangesNothing)
{
	check_property({Level::MUST, rule_id::modify_qp_rejected_changes_nothing}, [this] {
		ModifyQpTrial t = run_trial(run, draw(gen::RequestMix::everything()));
		RC_TAG(t.ret ? "rejected" : "accepted");
		if (t.ret == 0)
			return;
		std::vector<std::string> extra;
		if (t.state_field_after != t.before.state_field_refreshed)
			extra.push_back("ibv_qp::state right after the modify: " +
					qp_state_name(t.before.state_field_refreshed) + " -> " +
					qp_state_name(t.state_field_after));
		if (!snapshot_diff(t.before, t.after).empty() || !extra.empty())
			fail("ibv_modify_qp failed but changed the QP", t, extra);
	});
}

// An accepted request's attributes read back as set through ibv_query_qp,
// except where the contract lets them differ (read_back.h: cap may read back
// larger, rate_limit is not returned, ah_attr may move under APM).
TEST_F(ModifyQpProperty, AcceptedAttributesReadBackAsSet)
{
	check_property({Level::SHOULD, rule_id::modify_qp_query_reads_back_as_set}, [this] {
		auto request = draw(gen::RequestMix::contract_valid());
		RC_PRE(verdict_of(run, request).accepts());
		ModifyQpTrial t = run_trial(run, request);
		if (t.ret != 0)
			fail("ibv_modify_qp rejected a request the contract accepts", t);
		auto differ = read_back_mismatches(request.attr, request.attr_mask, t.after.attr,
						   request.attr_mask);
		if (!differ.empty()) {
			std::vector<std::string> extra = {"read back:"};
			for (const auto &d : differ)
				extra.push_back("  " + d);
			fail("attributes do not read back as set", t, extra);
		}
	});
}

// A request whose only fault is SHOULD-level (a value outside the spec range
// the attribute table gives it, or a flag whose device feature is missing)
// is rejected.
TEST_F(ModifyQpProperty, ShouldLevelBreachRejected)
{
	check_property({Level::SHOULD, rule_id::modify_qp_property_should_ranges_rejected}, [this] {
		auto request = draw(gen::RequestMix::should_breach());
		RC_PRE(verdict_of(run, request).verdict() == Verdict::Class::ShouldReject);
		ModifyQpTrial t = run_trial(run, request);
		if (t.ret == 0)
			fail("ibv_modify_qp accepted a request the contract rejects at SHOULD level", t);
	});
}

} // namespace
} // namespace ibvcert
