// Clause: a rejected ibv_modify_qp returns the errno of the rule it breaks
// ("the value of errno on failure (which indicates the failure reason)"),
// judged at the level the row gives that errno (contracts/rule.h Errno:
// MUST where the page or the ABI fixes it, SHOULD where only convention
// does). One case per ibv_modify_qp rule with an errno. Its request is the
// first one of the other clauses' parameter lists (invalid values, foreign
// bits, omitted required bits, invalid transitions) that breaks that rule
// and no other on this device, as the evaluator says; the case SKIPs when
// the device leaves no such request, or when it accepts the request (a
// rejection clause judges that).
#include "fixtures/rigs/clause.h"
#include "conformance/leak_check.h"
#include "conformance/qp_params.h"
#include "contracts/modify_qp_eval.h"
#include "contracts/names.h"
#include "fixtures/rigs/qp_case.h"
#include "fixtures/verb_trace.h"
#include "contracts/rule_ids/modify_qp.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <optional>

namespace ibvcert {
namespace {

enum class Way { Value, Foreign, Omitted, Transition };

struct Candidate {
	ModifyQpParam p;
	Way way;
};

const std::vector<Candidate> &candidates()
{
	static const std::vector<Candidate> all = [] {
		std::vector<Candidate> out;
		for (const auto &p : invalid_values())
			out.push_back({p, Way::Value});
		for (const auto &p : foreign_bits())
			out.push_back({p, Way::Foreign});
		for (const auto &p : required_bits())
			out.push_back({p, Way::Omitted});
		for (const auto &p : invalid_transitions())
			out.push_back({p, Way::Transition});
		return out;
	}();
	return all;
}

// The request a candidate makes on a QP prepared in its start state, as its
// own clause makes it; false when the device leaves no such value.
bool request(QpCase &c, const Candidate &k, ibv_qp_attr &attr, int &mask)
{
	const ModifyQpParam &p = k.p;
	switch (k.way) {
	case Way::Value: {
		uint64_t value = 0;
		std::string why_not;
		if (!breach_value(p.attr_field(), p.breach, c.caps(), p.from, value, why_not))
			return false;
		mask = IBV_QP_STATE | p.required() | p.flag;
		attr = c.valid_attr(mask);
		apply_value(p.attr_field(), attr, value);
		return true;
	}
	case Way::Foreign:
		mask = IBV_QP_STATE | p.required() | p.flag;
		break;
	case Way::Omitted:
		mask = (IBV_QP_STATE | p.required()) & ~p.flag;
		break;
	case Way::Transition:
		mask = IBV_QP_STATE;
		break;
	}
	attr = c.valid_attr(mask);
	return true;
}

// Which list's requests can break a rule of this check.
Way way_to_break(const ContractRule &rule)
{
	switch (rule.check) {
	case Check::TransitionListed: return Way::Transition;
	case Check::RequiredBits: return Way::Omitted;
	case Check::AllowedBits:
	case Check::MaskKnown:
	case Check::Feature: return Way::Foreign;
	default: return Way::Value;
	}
}

// The modify_qp rules a request can break, with an errno.
std::vector<const ContractRule *> errno_rules()
{
	std::vector<const ContractRule *> out;
	for (const ContractRule *r : rules_of(Verb::ModifyQp))
		if (is_request_check(r->check) && r->check != Check::Any && r->err != 0)
			out.push_back(r);
	return out;
}

class ModifyQpErrno : public ::testing::TestWithParam<const ContractRule *> {
protected:
	void TearDown() override
	{
		qp_case.reset();
		leak_check.expect_none_left();
	}

	LeakCheck leak_check;
	std::optional<QpCase> qp_case;
};

TEST_P(ModifyQpErrno, RejectionCarriesTheRulesErrno)
{
	const ContractRule &rule = *GetParam();
	record_clause({rule_id::modify_qp_rejected_errno_of_the_rule, {rule.id}});
	int tried = 0;
	for (const Candidate &k : candidates()) {
		const ModifyQpParam &p = k.p;
		// Cheap filter first, from the rule's check: each way of breaking
		// a request reaches its own kind of rule.
		if (k.way != way_to_break(rule) ||
		    (k.way == Way::Value && p.attr_field().contract != &rule))
			continue;
		qp_case.reset();
		qp_case.emplace(p.type, p.from, p.to);
		if (qp_case->prepare())
			continue; // the device cannot run this candidate
		ASSERT_FALSE(HasFailure());
		QpCase &c = *qp_case;
		if (c.needs_flag(p.flag))
			continue;
		ibv_qp_attr attr{};
		int mask = 0;
		if (!request(c, k, attr, mask))
			continue;
		ModifyQpVerdict v = evaluate_modify_qp(c.caps(), p.type, p.from, attr, mask);
		if (v.rule_ids() != std::vector<std::string>{rule.id})
			continue;
		++tried;
		ibv_qp_attr sent = attr;
		note_verb("ibv_modify_qp");
		int ret = c.qp().modify(attr, mask);
		if (ret == 0)
			GTEST_SKIP() << "the device accepted a request that breaks " << rule.id
				     << " alone (" << qp_type_name(p.type) << " "
				     << qp_state_name(p.from) << "->" << qp_state_name(p.to)
				     << "): its rejection clause judges that";
		EXPECT_EQ(ret, rule.err.value)
			<< "ibv_modify_qp broke " << rule.id << " and returned " << errno_name(ret)
			<< ", not the rule's " << errno_name(rule.err) << " ("
			<< (rule.err.level == Level::MUST ? "fixed by the page or the ABI"
							  : "the providers' convention")
			<< ")\n" << citation(rule) << "\n" << c.evidence(sent, mask, ret, {});
		return;
	}
	GTEST_SKIP() << "no request of the clauses' lists breaks " << rule.id
		     << " alone on this device (the evaluator's verdict on each request of its kind)";
}

std::string rule_name(const ::testing::TestParamInfo<const ContractRule *> &info)
{
	std::string s = info.param->id;
	s = s.substr(s.find('.') + 1); // "attr_mask.known"
	for (char &ch : s)
		if (ch == '.')
			ch = '_';
	return s; // "attr_mask_known"
}

INSTANTIATE_TEST_SUITE_P(Rules, ModifyQpErrno, ::testing::ValuesIn(errno_rules()), rule_name);

} // namespace
} // namespace ibvcert
