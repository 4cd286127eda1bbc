// ibv_modify_srq as properties: a fresh SRQ with WRs in it (sometimes
// armed), any 32-bit srq_attr_mask (unknown bits included), max_wr and
// srq_limit around every boundary the SRQ rule table has on the device
// (0, 1, the WRs outstanding, the SRQ's max_wr, max_srq_wr, each with its
// neighbours, the top of uint32), max_sge anything (irrelevant here).
#include "contracts/names.h"
#include "properties/property_check.h"
#include "properties/srq_modify_trial.h"
#include "properties/srq_property.h"
#include "contracts/rule_ids/modify_srq.h"
#include "contracts/rule_ids/srq.h"

#include <fmt/format.h>

namespace ibvcert {
namespace {

class SrqModifyProperty : public SrqPropertyTest {
protected:
	[[noreturn]] void fail(const SrqCase &c, const std::string &headline,
			       const SrqModifyTrial &t, std::vector<std::string> extra = {})
	{
		auto lines = t.lines();
		lines.insert(lines.end(), extra.begin(), extra.end());
		c.fail(headline, lines);
	}

	// What an accepted request must read back: max_wr never below the
	// request (and meeting every rule at the size read back), srq_limit as
	// set, the rest as before. "" when it does.
	std::string read_back(const SrqModifyTrial &t)
	{
		const auto &r = t.request.attr;
		int mask = t.request.attr_mask;
		const ibv_srq_attr &b = t.before, &a = t.after;
		std::vector<std::string> wrong;
		if ((mask & IBV_SRQ_MAX_WR) && a.max_wr < r.max_wr)
			wrong.push_back(fmt::format("max_wr={} read back, below the {} asked", a.max_wr,
						    r.max_wr));
		if (!(mask & IBV_SRQ_MAX_WR) && a.max_wr != b.max_wr)
			wrong.push_back(fmt::format("max_wr: {} -> {} without IBV_SRQ_MAX_WR", b.max_wr,
						    a.max_wr));
		if (const ContractRule *rule = broken_as_applied(caps(), r, mask, t.standing, a.max_wr))
			wrong.push_back(fmt::format("at the max_wr={} read back the request breaks "
						    "{}: {}", a.max_wr, rule->id, condition_text(*rule)));
		// A limit above the WRs in the SRQ may fire at once (the count is
		// already below it), which disarms: 0 then reads back too.
		bool may_have_fired = r.srq_limit > t.standing.now.outstanding && a.srq_limit == 0;
		if ((mask & IBV_SRQ_LIMIT) && a.srq_limit != r.srq_limit && !may_have_fired)
			wrong.push_back(fmt::format("srq_limit={} read back, {} set", a.srq_limit,
						    r.srq_limit));
		if (!(mask & IBV_SRQ_LIMIT) && a.srq_limit != b.srq_limit)
			wrong.push_back(fmt::format("srq_limit: {} -> {} without IBV_SRQ_LIMIT",
						    b.srq_limit, a.srq_limit));
		if (a.max_sge != b.max_sge)
			wrong.push_back(fmt::format("max_sge: {} -> {} (irrelevant for ibv_modify_srq)",
						    b.max_sge, a.max_sge));
		std::string out;
		for (const auto &w : wrong)
			out += (out.empty() ? "" : "; ") + w;
		return out;
	}
};

// Accepted exactly when the rule table says so on the SRQ as it stands
// (a request the table rejects only at the size asked may be taken if the
// device rounds max_wr up, and then reads back a size that meets it); a
// rejection returns an errno; an accepted request reads back as set and
// the WRs posted before it are all still delivered.
TEST_F(SrqModifyProperty, AcceptedExactlyWhenTheContractSays)
{
	check_property({rule_id::modify_srq_valid_carried_out, {rule_id::modify_srq_invalid_rejected}}, [this] {
		SrqCase c(SrqTraffic::RC);
		SrqModifyTrial t = run_srq_modify_trial(c, support, gen::SrqRequestMix::everything());
		auto verdict = t.contract.verdict;
		if (verdict != SrqVerdict::Class::Reject && (t.request.attr_mask & IBV_SRQ_MAX_WR) &&
		    out_of_memory_allowed(t.request.attr.max_wr, t.ret)) {
			RC_TAG("accepted, device out of memory for a large SRQ");
			return;
		}
		RC_TAG(std::string(srq_verdict_name(verdict)) + ", device " +
		       (t.ret ? "rejected" : "accepted"));
		if (verdict == SrqVerdict::Class::Accept && t.ret != 0)
			fail(c, "ibv_modify_srq rejected a request the contract accepts", t);
		if (verdict == SrqVerdict::Class::Reject && t.ret == 0)
			fail(c, "ibv_modify_srq accepted a request the contract rejects", t);
		if (t.ret < 0)
			fail(c, "ibv_modify_srq returned a negative value, not an errno", t);
		if (t.ret != 0)
			return;
		if (t.queried)
			if (std::string wrong = read_back(t); !wrong.empty())
				fail(c, "the accepted ibv_modify_srq does not read back as set", t,
				     {"read back: " + wrong});
		if (std::string lost = drain(c); !lost.empty())
			fail(c, "WRs posted before the accepted ibv_modify_srq were not all delivered", t,
			     {"drain: " + lost});
	});
	end_property("reading back an accepted request");
}

// A rejected request changes nothing: ibv_query_srq reads the same before
// and after, every WR posted before it is still delivered, and the SRQ
// still takes and delivers a WR.
TEST_F(SrqModifyProperty, RejectedRequestChangesNothing)
{
	check_property({rule_id::srq_rejected_changes_nothing}, [this] {
		SrqCase c(SrqTraffic::RC);
		SrqModifyTrial t = run_srq_modify_trial(c, support, gen::SrqRequestMix::everything());
		RC_TAG(t.ret ? "rejected" : "accepted");
		if (t.ret == 0)
			return;
		if (t.queried && describe_srq_attr(t.after) != describe_srq_attr(t.before))
			fail(c, "ibv_modify_srq failed but changed the SRQ", t);
		uint32_t held = c.rig().outstanding();
		if (std::string lost = drain(c); !lost.empty())
			fail(c, "ibv_modify_srq failed and WRs posted before it were lost", t,
			     {fmt::format("drain of the {} WRs posted before: {}", held, lost)});
		SrqRig &rig = c.rig();
		if (int ret = rig.post(1))
			fail(c, "after the failed ibv_modify_srq the SRQ takes no WR", t,
			     {"ibv_post_srq_recv(1 WR) returned " + errno_name(ret)});
		if (std::string lost = drain(c); !lost.empty())
			fail(c, "after the failed ibv_modify_srq a new WR is not delivered", t,
			     {"drain: " + lost});
	});
	end_property("\"nothing modified\"");
}

} // namespace
} // namespace ibvcert
