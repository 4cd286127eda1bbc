// ibv_set_ece as a property: vendor_id mostly the device's (else 0, its
// neighbours, anything), options in the low bits or anything, comp_mask
// mostly 0, on an RC QP in RESET. Accepted iff the rules allow: comp_mask 0
// (no bit is defined), vendor_id the device's own (0 is "no ECE" to
// libibverbs; another vendor's options mean nothing to this one); options
// are the provider's to take or refuse. A rejected request leaves
// ibv_query_ece as it was; an accepted one returns (IN/OUT) and then
// queries options that are a subset of the request, with the device's
// vendor_id.
#include "contracts/ece_eval.h"
#include "contracts/ece_judge.h"
#include "contracts/names.h"
#include "fixtures/ece.h"
#include "fixtures/generators/qos_values.h"
#include "properties/property_check.h"
#include "properties/property_run.h"
#include "contracts/rule_ids/ece.h"
#include "contracts/rule_ids/set_ece.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace ibvcert {
namespace {

class EceProperty : public ::testing::Test {
protected:
	void SetUp() override
	{
		if (auto why = run.open())
			GTEST_SKIP() << *why;
		ASSERT_TRUE(run.error().empty()) << run.error();
		std::string failed;
		if (int ret = run.new_qp(IBV_QPT_RC, IBV_QPS_RESET, qp, failed))
			GTEST_SKIP() << "no RC QP: " << failed << " (" << errno_name(ret) << ")";
		ibv_ece e{};
		int ret = qp->query_ece(e);
		if (ret == EOPNOTSUPP || ret == ENOSYS)
			GTEST_SKIP() << "the device has no ECE: ibv_query_ece returned "
				     << errno_name(ret);
		ASSERT_EQ(ret, 0) << "ibv_query_ece on a new RC QP returned " << errno_name(ret);
		// A successful query does not show ECE (mlx5 without it answers
		// the query and refuses the set): a valid set must be taken.
		ibv_ece probe{e.vendor_id, e.options, 0};
		if (int sret = qp->set_ece(probe); sret == EOPNOTSUPP || sret == ENOSYS)
			GTEST_SKIP() << "the device has no ECE: ibv_set_ece(" << describe_ece(e)
				     << ") returned " << errno_name(sret);
		vendor = e.vendor_id;
		fresh = e;
	}

	// The rules' verdict (contracts/ece_eval.h), the device's own vendor_id
	// as ibv_query_ece returns it: "" when they allow the request.
	std::string broken(const ibv_ece &e) const
	{
		DeviceCaps caps = run.caps();
		caps.ece_vendor_id = vendor;
		Verdict v = evaluate_set_ece(caps, e);
		return v.accepts() ? std::string() : v.describe();
	}

	PropertyRun run;
	std::unique_ptr<Qp> qp;
	uint32_t vendor = 0;
	ibv_ece fresh{}; // what the new QP's ibv_query_ece returned: the device's vendor_id
};

TEST_F(EceProperty, AcceptedIffTheRulesAllowSubsetOrUnchanged)
{
	check_property({rule_id::set_ece_invalid_rejected,
			{rule_id::ece_query_returns_what_set_accepted,
			 rule_id::ece_options_accepted_subset_in_every_state}},
		       [&] {
		const ibv_ece asked = *gen::ece_request(vendor);
		ibv_ece before{};
		RC_ASSERT(qp->query_ece(before) == 0);
		std::string why = broken(asked);
		ibv_ece io = asked;
		int ret = qp->set_ece(io);
		ibv_ece after{};
		int qret = qp->query_ece(after);
		std::string evidence = fmt::format(
			"device: {}\nvendor_id: {:#x}\nQP: RC qp_num {:#x} in RESET\nibv_query_ece "
			"before: {}\nibv_set_ece({}) returned {}{}\ncontract: {}\nibv_query_ece after: {}",
			run.device().name(), vendor, qp->qp_num(), describe_ece(before),
			describe_ece(asked), errno_name(ret),
			ret ? std::string() : ", ece (OUT) " + describe_ece(io),
			why.empty() ? std::string("may accept (the options are the provider's)")
				    : why,
			qret ? errno_name(qret) : describe_ece(after));
		RC_TAG(std::string(why.empty() ? "valid" : "invalid") + ", device " +
		       (ret ? "rejected" : "accepted"));
		if (qret)
			RC_FAIL("ibv_query_ece failed\n" + evidence);
		if (!why.empty() && !ret)
			RC_FAIL("ibv_set_ece accepted a request the rules reject\n" + evidence);
		// The three calls judged whole (contracts/ece_judge.h): what set
		// handed back and query returned after it (or, rejected, that
		// nothing was stored). The view starts from the QP's default.
		EceView view;
		view.calls.push_back({Verb::QueryEce, {}, fresh, 0, "on the new QP"});
		view.calls.push_back({Verb::QueryEce, {}, before, 0, "before"});
		view.calls.push_back({Verb::SetEce, asked, io, ret, ""});
		view.calls.push_back({Verb::QueryEce, {}, after, qret, "after"});
		if (Verdict v = judge_ece(view); !v.accepts())
			RC_FAIL(v.describe() + "\n" + evidence);
	});
}

} // namespace
} // namespace ibvcert
