// ibv_create_ah(3), every class of port_num (0, the first and last port,
// one beyond, 255) with and without a GRH, and of sgid_index with one (the
// port's own GID entry, the table's end, 255), with other AHs of the PD
// alive: each create judged whole by the verb's judge
// (contracts/lifecycle_judge.h), and each ibv_destroy_ah after it.
#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"
#include "contracts/rule_ids/create_ah.h"
#include "contracts/rule_ids/destroy_ah.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

namespace ibvcert {
namespace {

enum class PortClass { Zero, First, Last, AboveLast, Max };
enum class SgidClass { None, Own, TableEnd, Max };

struct AhParam {
	const char *name;
	PortClass port;
	SgidClass sgid; // None: is_global 0
};

const AhParam kParams[] = {
	{"PortZero_NoGrh", PortClass::Zero, SgidClass::None},
	{"PortFirst_NoGrh", PortClass::First, SgidClass::None},
	{"PortLast_NoGrh", PortClass::Last, SgidClass::None},
	{"PortAboveLast_NoGrh", PortClass::AboveLast, SgidClass::None},
	{"Port255_NoGrh", PortClass::Max, SgidClass::None},
	{"PortZero_OwnGid", PortClass::Zero, SgidClass::Own},
	{"PortFirst_OwnGid", PortClass::First, SgidClass::Own},
	{"PortAboveLast_OwnGid", PortClass::AboveLast, SgidClass::Own},
	{"PortFirst_SgidAtTableEnd", PortClass::First, SgidClass::TableEnd},
	{"PortFirst_Sgid255", PortClass::First, SgidClass::Max},
};

ibv_ah_attr ah_attr(const DeviceCaps &caps, const AhParam &p)
{
	ibv_ah_attr a{};
	switch (p.port) {
	case PortClass::Zero: a.port_num = 0; break;
	case PortClass::First: a.port_num = caps.port_num; break;
	case PortClass::Last: a.port_num = (uint8_t)caps.phys_port_cnt(); break;
	case PortClass::AboveLast: a.port_num = (uint8_t)(caps.phys_port_cnt() + 1); break;
	case PortClass::Max: a.port_num = 255; break;
	}
	a.dlid = caps.port.lid;
	if (p.sgid != SgidClass::None) {
		a.is_global = 1;
		a.grh.dgid = caps.gid;
		a.grh.hop_limit = 1;
		switch (p.sgid) {
		case SgidClass::Own: a.grh.sgid_index = (uint8_t)caps.gid_index; break;
		case SgidClass::TableEnd:
			a.grh.sgid_index = (uint8_t)std::min(caps.port.gid_tbl_len, 255);
			break;
		case SgidClass::Max: a.grh.sgid_index = 255; break;
		case SgidClass::None: break;
		}
	}
	return a;
}

class CreateAh : public ::testing::TestWithParam<AhParam> {};

TEST_P(CreateAh, JudgedAgainstTheRequest)
{
	record_clause({rule_id::create_ah_valid_carried_out,
		       {rule_id::create_ah_port_num_range, rule_id::create_ah_sgid_index_range,
			rule_id::create_ah_grh_required, rule_id::create_ah_return_zero_or_errno,
			rule_id::destroy_ah_return_zero_or_errno}});
	const AhParam &p = GetParam();
	Device &d = run_device();
	const DeviceCaps *caps = nullptr;
	ASSERT_EQ(run_caps(caps), 0) << "reading the device's attributes";
	if (p.sgid == SgidClass::TableEnd && caps->port.gid_tbl_len > 255)
		GTEST_SKIP() << "gid_tbl_len " << caps->port.gid_tbl_len
			     << ": no sgid_index (8 bits) reaches the table's end";
	std::unique_ptr<Pd> pd;
	ASSERT_EQ(d.alloc_pd(pd), 0) << "ibv_alloc_pd";
	std::vector<std::string> steps;
	auto evidence = [&] {
		return fmt::format("device {}\n  {}\nreplay: {}", d.name(), fmt::join(steps, "\n  "),
				   replay_command());
	};
	// Another AH of the PD, to the port's own address, alive around the call.
	ibv_ah_attr own = ah_attr(*caps, {"", PortClass::First,
					  caps->grh_required ? SgidClass::Own : SgidClass::None});
	std::unique_ptr<Ah> other;
	int oret = d.create_ah(*pd, own, other);
	steps.push_back(fmt::format("ibv_create_ah(the port's own address) -> {}", errno_name(oret)));
	record_verdict(judge_create_ah(*caps, own, oret), lifecycle_rules_of(Verb::CreateAh), evidence());
	if (oret == EOPNOTSUPP)
		GTEST_SKIP() << "ibv_create_ah to the port's own address returned EOPNOTSUPP: the device "
				"has no address handles";
	ibv_ah_attr a = ah_attr(*caps, p);
	std::unique_ptr<Ah> ah;
	int ret = d.create_ah(*pd, a, ah);
	steps.push_back(fmt::format("ibv_create_ah(port_num={}, is_global={}, sgid_index={}, dlid={:#x}) "
				    "-> {}",
				    a.port_num, a.is_global, a.grh.sgid_index, a.dlid, errno_name(ret)));
	record_verdict(judge_create_ah(*caps, a, ret), lifecycle_rules_of(Verb::CreateAh), evidence());
	for (auto *h : {&ah, &other}) {
		if (!*h)
			continue;
		int dret = (*h)->destroy();
		steps.push_back(fmt::format("ibv_destroy_ah -> {}", errno_name(dret)));
		record_verdict(judge_destroy({Verb::DestroyAh, 0, dret, true}),
			       destroy_rules(Verb::DestroyAh), evidence());
		if (dret == 0)
			h->reset();
	}
}

INSTANTIATE_TEST_SUITE_P(Address, CreateAh, ::testing::ValuesIn(kParams),
			 [](const ::testing::TestParamInfo<AhParam> &info) { return info.param.name; });

} // namespace
} // namespace ibvcert
