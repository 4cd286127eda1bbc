// ibv_create_cq(3), every value class of cqe, with a CQ of another size
// alive beside it: each call judged by the verb's judge
// (contracts/create_cq_judge.h) on its result and the size the CQ reports.
#include "contracts/create_cq_judge.h"
#include "contracts/names.h"
#include "contracts/rule_ids/create_cq.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <climits>

namespace ibvcert {
namespace {

struct CqeClass {
	const char *name;
	int (*value)(int max_cqe);
};

const CqeClass kClasses[] = {
	{"Negative", [](int) { return -1; }},
	{"Zero", [](int) { return 0; }},
	{"One", [](int) { return 1; }},
	{"Two", [](int) { return 2; }},
	{"Odd", [](int) { return 37; }},
	{"PowerOfTwo", [](int) { return 256; }},
	{"PowerOfTwoPlusOne", [](int) { return 257; }},
	{"MaxCqe", [](int max_cqe) { return max_cqe; }},
	{"AboveMaxCqe", [](int max_cqe) { return max_cqe == INT_MAX ? INT_MAX : max_cqe + 1; }},
	{"IntMax", [](int) { return INT_MAX; }},
};

class CreateCq : public ::testing::TestWithParam<CqeClass> {};

TEST_P(CreateCq, ReturnsACqOfAtLeastTheRequestOrRefusesIt)
{
	record_clause({rule_id::create_cq_cqe_at_least_the_request,
		       {rule_id::create_cq_cqe_range, rule_id::create_cq_valid_returns_a_cq}});
	const DeviceCaps *caps = nullptr;
	if (int ret = run_caps(caps))
		FAIL() << "reading the device's attributes returned " << errno_name(ret);
	Device &d = run_device();
	std::unique_ptr<Cq> beside, cq;
	int ret = d.create_cq(3, beside);
	if (ret)
		FAIL() << "precondition: ibv_create_cq(3) returned " << errno_name(ret);
	int cqe = GetParam().value(caps->device.orig_attr.max_cqe);
	ret = d.create_cq(cqe, cq);
	int reported = ret ? 0 : cq->cqe();
	std::string evidence = fmt::format(
		"device {}, max_cqe {}, a CQ of cqe {} alive beside\n  ibv_create_cq(cqe={}) -> {}{}\nreplay: {}",
		d.name(), caps->device.orig_attr.max_cqe, beside->cqe(), cqe, errno_name(ret),
		ret ? "" : fmt::format(", cq->cqe = {}", reported), replay_command());
	std::vector<const ContractRule *> judged;
	for (const ContractRule &r : create_cq_rules())
		judged.push_back(&r);
	record_verdict(judge_create_cq(*caps, cqe, ret, reported), judged, evidence);
}

INSTANTIATE_TEST_SUITE_P(Cqe, CreateCq, ::testing::ValuesIn(kClasses),
			 [](const ::testing::TestParamInfo<CqeClass> &info) { return std::string(info.param.name); });

// ibv_create_cq(3)'s comp_vector, every class against the device's
// context->num_comp_vectors, on a CQ with a completion channel.
struct CompVectorClass {
	const char *name;
	int (*value)(int num_comp_vectors);
};

const CompVectorClass kCompVectors[] = {
	{"Zero", [](int) { return 0; }},
	{"Last", [](int n) { return n - 1; }},
	{"NumCompVectors", [](int n) { return n; }},
	{"AboveNumCompVectors", [](int n) { return n + 7; }},
	{"Negative", [](int) { return -1; }},
	{"IntMax", [](int) { return INT_MAX; }},
};

class CreateCqCompVector : public ::testing::TestWithParam<CompVectorClass> {};

TEST_P(CreateCqCompVector, AtLeastZeroAndBelowNumCompVectors)
{
	record_clause({rule_id::create_cq_comp_vector_range,
		       {rule_id::create_cq_valid_returns_a_cq, rule_id::create_cq_cqe_at_least_the_request}});
	const DeviceCaps *caps = nullptr;
	if (int ret = run_caps(caps))
		FAIL() << "reading the device's attributes returned " << errno_name(ret);
	Device &d = run_device();
	int vector = GetParam().value(caps->num_comp_vectors);
	if (vector < 0 && GetParam().value(1) >= 0)
		GTEST_SKIP() << "num_comp_vectors is " << caps->num_comp_vectors
			     << ": the device has no vector for this class";
	std::unique_ptr<CompChannel> channel;
	if (int ret = d.create_comp_channel(channel))
		FAIL() << "precondition: ibv_create_comp_channel returned " << errno_name(ret);
	constexpr int kCqe = 4;
	std::unique_ptr<Cq> cq;
	int ret = d.create_cq_on_channel(kCqe, nullptr, *channel, vector, cq);
	int reported = ret ? 0 : cq->cqe();
	std::string evidence = fmt::format(
		"device {}, num_comp_vectors {}\n  ibv_create_cq(cqe={}, channel, comp_vector={}) -> {}{}\nreplay: {}",
		d.name(), caps->num_comp_vectors, kCqe, vector, errno_name(ret),
		ret ? "" : fmt::format(", cq->cqe = {}", reported), replay_command());
	std::vector<const ContractRule *> judged;
	for (const ContractRule &r : create_cq_rules())
		judged.push_back(&r);
	record_verdict(judge_create_cq(*caps, kCqe, ret, reported, vector), judged, evidence);
	cq.reset();
}

INSTANTIATE_TEST_SUITE_P(CompVector, CreateCqCompVector, ::testing::ValuesIn(kCompVectors),
			 [](const ::testing::TestParamInfo<CompVectorClass> &info) {
				 return std::string(info.param.name);
			 });

} // namespace
} // namespace ibvcert
