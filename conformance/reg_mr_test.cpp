// ibv_reg_mr(3), every class of access (0, each listed flag alone and in
// the usual combinations, remote access without local write, bits the page
// does not list) on three buffer shapes (page aligned, unaligned, one
// byte), with other MRs of the PD alive: each registration judged whole by
// the verb's judge (contracts/lifecycle_judge.h) — what it refuses, that a
// valid one is carried out, the addr and length the MR reports — and each
// ibv_dereg_mr after it.
#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"
#include "contracts/rule_ids/dereg_mr.h"
#include "contracts/rule_ids/reg_mr.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

namespace ibvcert {
namespace {

struct Access {
	const char *name;
	int value;
};
const Access kAccess[] = {
	{"None", 0},
	{"LocalWrite", IBV_ACCESS_LOCAL_WRITE},
	{"RemoteRead", IBV_ACCESS_REMOTE_READ},
	{"LocalRemoteWrite", IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE},
	{"LocalWriteRemoteRead", IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ},
	{"LocalWriteRemoteAtomic", IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_ATOMIC},
	{"AllRemote", IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ |
			      IBV_ACCESS_REMOTE_ATOMIC},
	{"RemoteWriteAlone", IBV_ACCESS_REMOTE_WRITE},
	{"RemoteAtomicAlone", IBV_ACCESS_REMOTE_ATOMIC},
	{"UnlistedBit10", 1 << 10},
	{"UnlistedBit16", IBV_ACCESS_LOCAL_WRITE | 1 << 16},
	{"UnlistedBit19", 1 << 19},
	{"UnlistedBit30", 1 << 30},
};

struct Shape {
	const char *name;
	size_t offset, length;
};
const Shape kShapes[] = {{"Page", 0, 4096}, {"Unaligned", 100, 1000}, {"OneByte", 4095, 1}};

struct RegParam {
	Access access;
	Shape shape;
};

class RegMr : public ::testing::TestWithParam<RegParam> {};

TEST_P(RegMr, JudgedAgainstTheRequest)
{
	record_clause({rule_id::reg_mr_addr_length_reported,
		       {rule_id::reg_mr_access_known, rule_id::reg_mr_return_zero_or_errno,
			rule_id::reg_mr_valid_carried_out, rule_id::dereg_mr_return_zero_or_errno}});
	const RegParam &p = GetParam();
	Device &d = run_device();
	const DeviceCaps *caps = nullptr;
	ASSERT_EQ(run_caps(caps), 0) << "reading the device's attributes";
	std::unique_ptr<Pd> pd;
	ASSERT_EQ(d.alloc_pd(pd), 0) << "ibv_alloc_pd";
	std::vector<char> buf(3 * 4096 + 4096);
	// Page aligned, as an application's buffers commonly are.
	char *base = (char *)(((uintptr_t)buf.data() + 4095) & ~uintptr_t(4095));
	std::vector<std::string> steps;
	auto evidence = [&] {
		return fmt::format("device {}\n  {}\nreplay: {}", d.name(), fmt::join(steps, "\n  "),
				   replay_command());
	};
	// Other MRs of the PD alive around the call, over the same pages.
	std::vector<std::unique_ptr<Mr>> others(2);
	for (auto &o : others) {
		int ret = d.reg_mr(*pd, base, 2 * 4096, IBV_ACCESS_LOCAL_WRITE, o);
		steps.push_back(fmt::format("ibv_reg_mr(another MR, 8192 bytes) -> {}", errno_name(ret)));
		ASSERT_EQ(ret, 0) << evidence();
	}
	RegMrRequest req{(uintptr_t)base + p.shape.offset, p.shape.length, p.access.value};
	std::unique_ptr<Mr> mr;
	int ret = d.reg_mr(*pd, (void *)req.addr, req.length, req.access, mr);
	RegisteredMr reg;
	if (!ret)
		reg = {(uintptr_t)mr->addr(), mr->length()};
	steps.push_back(fmt::format("ibv_reg_mr(addr={:#x}, length={}, access={:#x}) -> {}{}", req.addr,
				    req.length, req.access, errno_name(ret),
				    ret ? "" : fmt::format(": addr={:#x} length={}", reg.addr, reg.length)));
	record_verdict(judge_reg_mr(*caps, req, ret, reg), lifecycle_rules_of(Verb::RegMr), evidence());
	if (mr) {
		int dret = mr->destroy();
		steps.push_back(fmt::format("ibv_dereg_mr -> {}", errno_name(dret)));
		record_verdict(judge_destroy({Verb::DeregMr, 0, dret, true}), destroy_rules(Verb::DeregMr),
			       evidence());
		if (dret == 0)
			mr.reset();
	}
}

std::vector<RegParam> params()
{
	std::vector<RegParam> out;
	for (const Shape &s : kShapes)
		for (const Access &a : kAccess)
			out.push_back({a, s});
	return out;
}

INSTANTIATE_TEST_SUITE_P(Access, RegMr, ::testing::ValuesIn(params()),
			 [](const ::testing::TestParamInfo<RegParam> &info) {
				 return std::string(info.param.shape.name) + "_" + info.param.access.name;
			 });

} // namespace
} // namespace ibvcert
