// ibv_create_srq as a property: max_wr and max_sge around 0, 1 and the
// device's maxima (just past them included), srq_limit anything. Accepted
// exactly when the SRQ rule table's create rules say so; an SRQ created
// reports values not below the request, and they are the SRQ's own:
// ibv_query_srq reads the same max_wr and max_sge.
#include "fixtures/rigs/run_context.h"
#include "fixtures/generators/srq_values.h"
#include "contracts/names.h"
#include "contracts/srq_eval.h"
#include "properties/property_check.h"
#include "properties/srq_property.h"
#include "fixtures/model/srq_verdict.h"
#include "contracts/rule_ids/create_srq.h"
#include "contracts/rule_ids/srq.h"

#include <fmt/format.h>

namespace ibvcert {
namespace {

class SrqCreateProperty : public SrqPropertyTest {
protected:
	SrqCreateProperty() : SrqPropertyTest(SrqTraffic::None) {}
};

TEST_F(SrqCreateProperty, AcceptedExactlyWhenTheContractSaysAndReportsTheSrq)
{
	Device &device = run_device();
	std::unique_ptr<Pd> pd;
	ASSERT_EQ(device.alloc_pd(pd), 0) << "device " << device.name() << ": ibv_alloc_pd failed";
	check_property({rule_id::create_srq_valid_carried_out, {rule_id::create_srq_invalid_rejected, rule_id::srq_create_reports_at_least_the_request}},
		       [&] {
		ibv_srq_init_attr init{};
		init.attr = (*gen::srq_create_request(caps())).attr;
		const ibv_srq_attr asked = init.attr;
		const Verdict verdict = evaluate_create_srq(caps(), asked);
		const RuleBreach *broken = verdict.first();
		std::unique_ptr<Srq> srq;
		int ret = device.create_srq(*pd, init, srq);
		const auto &d = caps().device.orig_attr;
		std::string evidence = fmt::format(
			"device: {}\ndevice caps: max_srq {} max_srq_wr {} max_srq_sge {}\n"
			"asked: {}\ncontract: {}\nreturned: {}",
			device.name(), d.max_srq, d.max_srq_wr, d.max_srq_sge, describe_srq_attr(asked),
			broken ? fmt::format("rejected ({}): {} [{}]; {}", level_name(broken->rule->level),
					     broken->detail, broken->rule->id, citation(*broken->rule))
			       : std::string("accepted"),
			errno_name(ret));
		if (!broken && out_of_memory_allowed(asked.max_wr, ret)) {
			RC_TAG("accepted, device out of memory for a large SRQ");
			return;
		}
		RC_TAG(std::string(broken ? "rejected" : "accepted") + ", device " +
		       (ret ? "rejected" : "accepted"));
		if (!broken && ret)
			RC_FAIL("ibv_create_srq rejected a request the contract accepts\n" + evidence);
		if (broken && !ret)
			RC_FAIL("ibv_create_srq accepted a request the contract rejects\n" + evidence +
				"\ncreated: " + describe_srq_attr(init.attr));
		if (ret)
			return;
		evidence += "\ncreated (as ibv_create_srq reported it): " + describe_srq_attr(init.attr);
		if (Verdict report = evaluate_create_srq_report(asked, init.attr); !report.accepts())
			RC_FAIL("ibv_create_srq reported values below the request: " + report.describe() +
				"\n" + evidence);
		if (support.has_query()) {
			ibv_srq_attr q{};
			int qret = srq->query(q);
			evidence += "\nibv_query_srq: " + errno_name(qret) +
				    (qret ? "" : ", " + describe_srq_attr(q));
			if (qret)
				RC_FAIL("ibv_query_srq of the new SRQ failed\n" + evidence);
			if (q.max_wr != init.attr.max_wr || q.max_sge != init.attr.max_sge)
				RC_FAIL("ibv_create_srq did not report the SRQ it created: ibv_query_srq "
					"reads another max_wr or max_sge\n" + evidence);
		}
		if (int dret = srq->destroy())
			RC_FAIL("ibv_destroy_srq of the new SRQ returned " + errno_name(dret) + "\n" +
				evidence);
	});
	end_property("that ibv_create_srq reports the SRQ's own values");
}

} // namespace
} // namespace ibvcert
