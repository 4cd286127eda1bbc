// ibv_create_qp(3)'s send_cq, recv_cq and srq: with four pairs of QPs, five
// CQs and two SRQs alive at once, shared between the QPs in every way the
// page allows (fixtures/rigs/routing_rig.h), each completion is polled from
// its own QP's CQ and no other, and each QP on an SRQ receives into that
// SRQ's WRs. Judged by contracts/send_flags_judge.h; the case only drives.
#include "contracts/rule_ids/create_qp.h"
#include "contracts/send_flags_judge.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/routing_rig.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace ibvcert {
namespace {

struct RoutingParam {
	ibv_qp_type type;
	ibv_wr_opcode opcode;
};

class CompletionRouting : public ::testing::TestWithParam<RoutingParam> {};

TEST_P(CompletionRouting, EachCompletionOnItsOwnQpsCqEachReceiveFromItsOwnSrq)
{
	record_clause({rule_id::create_qp_send_cq_completions_land_there,
		       {rule_id::create_qp_recv_cq_completions_land_there,
			rule_id::create_qp_srq_receives_from_the_srq}});
	RoutingRig rig;
	if (auto skip = rig.run(GetParam().type, GetParam().opcode))
		GTEST_SKIP() << *skip;
	std::vector<const ContractRule *> judged = send_flags_rules_judged(Check::OnOwnCq);
	for (const ContractRule *r : send_flags_rules_judged(Check::FromOwnSrq))
		judged.push_back(r);
	record_verdict(judge_routing(rig.view()), judged, rig.evidence());
}

INSTANTIATE_TEST_SUITE_P(Qps, CompletionRouting,
			 ::testing::Values(RoutingParam{IBV_QPT_RC, IBV_WR_SEND},
					   RoutingParam{IBV_QPT_RC, IBV_WR_SEND_WITH_IMM},
					   RoutingParam{IBV_QPT_RC, IBV_WR_RDMA_WRITE_WITH_IMM},
					   RoutingParam{IBV_QPT_UC, IBV_WR_SEND},
					   RoutingParam{IBV_QPT_UC, IBV_WR_RDMA_WRITE_WITH_IMM},
					   RoutingParam{IBV_QPT_UD, IBV_WR_SEND},
					   RoutingParam{IBV_QPT_UD, IBV_WR_SEND_WITH_IMM}),
			 [](const ::testing::TestParamInfo<RoutingParam> &info) {
				 const char *t = info.param.type == IBV_QPT_RC   ? "RC"
						 : info.param.type == IBV_QPT_UC ? "UC"
										 : "UD";
				 const char *op = info.param.opcode == IBV_WR_SEND	      ? "Send"
						  : info.param.opcode == IBV_WR_SEND_WITH_IMM ? "SendWithImm"
											      : "RdmaWriteWithImm";
				 return fmt::format("{}_{}", t, op);
			 });

} // namespace
} // namespace ibvcert
