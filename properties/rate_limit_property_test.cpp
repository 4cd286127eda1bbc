// ibv_modify_qp_rate_limit as a property: rate_limit around 0 and the
// device's packet_pacing_caps bounds (each +-1), max_burst_sz and
// typical_pkt_sz around 0, 1, the MTU and their tops, comp_mask mostly 0,
// on a paced QP (RAW_PACKET) in RTS. Accepted exactly when the rules allow
// (contracts/rate_limit_eval.h: comp_mask 0, rate_limit 0 or within
// [qp_rate_limit_min, qp_rate_limit_max]: modify_qp.rate_limit.range); a rejected
// request leaves the shaping in effect (ibv_qp_rate_limit_attr as the
// device reports it) unchanged; an accepted one is the shaping in effect,
// and on a virtual clock every third one (rate below half the link) with a burst given is measured: no
// window of sends after an idle spell beyond rate x window + max_burst_sz.
#include "fixtures/generators/qos_values.h"
#include "fixtures/link_rate.h"
#include "contracts/names.h"
#include "contracts/pacing_judge.h"
#include "contracts/rate_limit_eval.h"
#include "fixtures/rate_limit.h"
#include "fixtures/send_rig.h"
#include "fixtures/send_stats.h"
#include "properties/property_check.h"
#include "properties/property_run.h"
#include "contracts/rule_ids/modify_qp_rate_limit.h"
#include "contracts/rule_ids/rate_limit.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace ibvcert {
namespace {

constexpr uint32_t kFrame = 1024;

class RateLimitProperty : public ::testing::Test {
protected:
	void SetUp() override
	{
		if (auto why = run.open())
			GTEST_SKIP() << *why;
		ASSERT_TRUE(run.error().empty()) << run.error();
		const auto &pp = run.caps().device.packet_pacing_caps;
		if (!pp.qp_rate_limit_max)
			GTEST_SKIP() << "the device has no packet pacing (packet_pacing_caps."
					"qp_rate_limit_max 0)";
		if (!(pp.supported_qpts & (1u << IBV_QPT_RAW_PACKET)))
			GTEST_SKIP() << "the device paces no RAW_PACKET QP (supported_qpts: "
				     << paced_qp_types(run.caps()) << ")";
		rig = std::make_unique<SendRig>(run.device(), run.caps());
		std::string failed;
		if (int ret = rig->prepare(1, kFrame, IBV_QPS_RTS, failed))
			GTEST_SKIP() << "no paced RAW_PACKET QP in RTS: " << failed << " ("
				     << errno_name(ret) << ")";
		ibv_qp_rate_limit_attr probe{};
		int ret = rig->qp(0).modify_rate_limit(probe);
		if (ret == EOPNOTSUPP || ret == ENOSYS)
			GTEST_SKIP() << "ibv_modify_qp_rate_limit returned " << errno_name(ret)
				     << " although packet_pacing_caps advertise pacing";
		ASSERT_EQ(ret, 0) << "precondition: rate_limit 0 (unlimited) was rejected: "
				  << errno_name(ret);
		ibv_qp_rate_limit_attr q{};
		has_query = rig->qp(0).query_rate_limit(q) == 0;
	}

	// The rules' verdict (contracts/rate_limit_eval.h on the RAW_PACKET QP
	// in RTS): "" when the request is valid, else why not.
	std::string broken(const ibv_qp_rate_limit_attr &a) const
	{
		Verdict v = evaluate_modify_qp_rate_limit(run.caps(), IBV_QPT_RAW_PACKET, IBV_QPS_RTS, a);
		return v.accepts() ? std::string() : v.describe();
	}

	PropertyRun run;
	std::unique_ptr<SendRig> rig;
	bool has_query = false;
};

TEST_F(RateLimitProperty, AcceptedExactlyWhenTheRulesAllowAndRejectedChangesNothing)
{
	const auto &pp = run.caps().device.packet_pacing_caps;
	Qp &qp = rig->qp(0);
	const double link_bps = (double)port_rate_bps(run.caps().port);
	check_property({rule_id::modify_qp_rate_limit_valid_carried_out, {rule_id::modify_qp_rate_limit_invalid_rejected, rule_id::rate_limit_range_rejected_changes_nothing, rule_id::rate_limit_pacing_max_send_rate}}, [&] {
		const ibv_qp_rate_limit_attr asked = *gen::rate_limit_request(run.caps());
		const bool measure = *rc::gen::inRange(0, 3) == 0; // drawn: a replay measures too
		ibv_qp_rate_limit_attr before{};
		if (has_query)
			RC_ASSERT(qp.query_rate_limit(before) == 0);
		std::string why = broken(asked);
		ibv_qp_rate_limit_attr a = asked;
		int ret = qp.modify_rate_limit(a);
		std::string evidence = fmt::format(
			"device: {}\npacket_pacing_caps: qp_rate_limit_min {} qp_rate_limit_max {} "
			"supported_qpts {}\nQP: RAW_PACKET qp_num {:#x} in RTS\nshaping before: {}\n"
			"ibv_modify_qp_rate_limit({}) returned {}\ncontract: {}",
			run.device().name(), pp.qp_rate_limit_min, pp.qp_rate_limit_max,
			paced_qp_types(run.caps()), qp.qp_num(),
			has_query ? describe_rate_limit_attr(before) : std::string("(not reported)"),
			describe_rate_limit_attr(asked), errno_name(ret),
			why.empty() ? std::string("accepted") : why);
		RC_TAG(std::string(why.empty() ? "valid" : "invalid") + ", device " +
		       (ret ? "rejected" : "accepted"));
		if (why.empty() && ret)
			RC_FAIL("ibv_modify_qp_rate_limit rejected a request the rules allow\n" + evidence);
		if (!why.empty() && !ret)
			RC_FAIL("ibv_modify_qp_rate_limit accepted a request the rules reject\n" +
				evidence);
		ibv_qp_rate_limit_attr after{};
		if (has_query) {
			int qret = qp.query_rate_limit(after);
			evidence += "\nshaping after: " +
				    (qret ? errno_name(qret) : describe_rate_limit_attr(after));
			if (qret)
				RC_FAIL("reading the shaping back failed\n" + evidence);
			if (ret && describe_rate_limit_attr(after) != describe_rate_limit_attr(before))
				RC_FAIL("a rejected ibv_modify_qp_rate_limit changed the shaping\n" +
					evidence);
			if (!ret && (after.rate_limit != asked.rate_limit ||
				     (asked.max_burst_sz && after.max_burst_sz != asked.max_burst_sz) ||
				     (asked.typical_pkt_sz && after.typical_pkt_sz != asked.typical_pkt_sz)))
				RC_FAIL("the shaping in effect is not the accepted request (0 selects "
					"the device default)\n" + evidence);
		}
		// Measured: the burst after an idle spell (virtual clock only).
		if (ret || !asked.rate_limit || !rig->clock().is_virtual() ||
		    asked.max_burst_sz < kFrame || asked.max_burst_sz > 65536 ||
		    asked.typical_pkt_sz > asked.max_burst_sz || asked.rate_limit * 1000.0 > link_bps / 2 || !measure)
			return;
		RC_TAG("measured a burst after idling");
		double rate_bps = asked.rate_limit * 1000.0;
		double burst_s = asked.max_burst_sz * 8.0 / rate_bps;
		rig->idle(std::chrono::nanoseconds((int64_t)(10 * burst_s * 1e9) + 1000));
		rig->clear_records();
		uint64_t frames = 3 * (asked.max_burst_sz / kFrame) + 16;
		std::string bad = rig->send_frames({frames});
		evidence += fmt::format("\nafter idling {:.1f} us: sent {} frames of {} bytes: {}",
					10 * burst_s * 1e6, frames, kFrame, bad.empty() ? rig->summary() : bad);
		if (!bad.empty())
			RC_FAIL("sending on the paced QP failed\n" + evidence);
		// The pacing judge decides (max_burst_sz, at least one packet; the
		// property's tolerance: 2 frames and 1% of the rate).
		PacingView v;
		v.verb = Verb::ModifyQpRateLimit;
		v.rate_kbps = asked.rate_limit;
		v.max_burst_sz = asked.max_burst_sz;
		v.typical_pkt_sz = asked.typical_pkt_sz;
		if (has_query)
			v.in_effect = after;
		v.sends = rig->records(0);
		v.tol = {0.01, 0, 2.0 * kFrame};
		Verdict judged = judge_pacing(v);
		if (!judged.accepts())
			RC_FAIL(judged.describe() + "\n" + evidence);
	});
}

} // namespace
} // namespace ibvcert
