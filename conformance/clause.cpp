#include "conformance/clause.h"

#include <gtest/gtest.h>

namespace ibvcert {

void record_clause(const Clause &clause)
{
	::testing::Test::RecordProperty("level", level_name(clause.level));
	std::string source, rules;
	std::vector<std::string> ids{clause.rule};
	ids.insert(ids.end(), clause.also.begin(), clause.also.end());
	for (const auto &id : ids) {
		const ContractRule *rule = find_rule(id);
		if (!rule) {
			ADD_FAILURE() << "harness: the clause names rule " << id
				      << ", which contracts/ does not list";
			continue;
		}
		rules += (rules.empty() ? "" : ",") + id;
		if (source.empty())
			source = citation(*rule);
	}
	::testing::Test::RecordProperty("source", source);
	::testing::Test::RecordProperty("rules", rules);
}

namespace clauses {
const char kAtomicFailure[] = "modify_qp.rejected.changes_nothing";
const char kRequiredTables[] = "modify_qp.required_set.accepted";
const char kKernelTable[] = "modify_qp.table.only_listed";
const char kQueryQp[] = "modify_qp.query.reads_back_as_set";
const char kSrqLimitEvent[] = "srq.limit_event.once_below_the_limit";
const char kSrqCreateLimit[] = "srq.create.srq_limit_arms_nothing";
const char kSrqLimitRange[] = "srq.srq_limit.above_max_wr_changes_nothing";
const char kSrqResizeCap[] = "srq.resize.without_cap_changes_nothing";
const char kSrqResizeGrows[] = "srq.resize.keeps_posted_wrs";
const char kSrqResizeBelow[] = "srq.resize.below_outstanding_changes_nothing";
const char kSrqAtomic[] = "srq.rejected.changes_nothing";
const char kSrqMaskBits[] = "srq.attr_mask.unknown_changes_nothing";
const char kAsyncEventAck[] = "srq.async_event.acked_before_destroy";
const char kRateLimitNoPacing[] = "rate_limit.no_pacing.eopnotsupp";
const char kRateLimitQpType[] = "rate_limit.qp_type.unpaced_rejected";
const char kRateLimitRange[] = "rate_limit.range.rejected_changes_nothing";
const char kRateLimitZero[] = "rate_limit.zero.removes_the_limit";
const char kRateLimitDefaults[] = "rate_limit.defaults.zero_selects_the_default";
const char kRateLimitMaxRate[] = "rate_limit.pacing.max_send_rate";
const char kRateLimitModifyQp[] = "modify_qp.rate_limit.paces_the_qp";
const char kEceVendorZero[] = "ece.vendor_id.zero_is_eopnotsupp";
const char kEceUnsupported[] = "ece.unsupported.from_both_verbs";
const char kEceInvalid[] = "ece.comp_mask.rejected_stores_nothing";
const char kEceSubset[] = "ece.options.accepted_subset_in_every_state";
const char kSchedAttrRules[] = "sched.invalid.changes_nothing";
const char kSchedFieldWithoutFlag[] = "sched.field_without_flag.ignored";
const char kSchedTree[] = "sched.tree.man_page_example";
const char kSchedDestroyParent[] = "sched.destroy.children_first";
const char kSchedQpAttach[] = "sched.qp_attach.attach_and_detach";
const char kSchedQpResponder[] = "sched.qp_attach.responder_is_ib_only";
const char kSchedShares[] = "sched.shares.weighted_max_min";
const char kSchedIdleShare[] = "sched.shares.idle_share_redistributed";
} // namespace clauses

} // namespace ibvcert
