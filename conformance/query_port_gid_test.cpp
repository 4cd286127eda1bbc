// The device queries: ibv_query_port(3) on every class of port_num (0, the
// first and last port, one beyond, 255; an answered query's reply judged
// too: state, the MTUs, link_layer), ibv_query_gid(3) on every class of
// port_num and index (0, the port's own GID entry, the table's last entry,
// its end, far beyond), and ibv_query_device_ex's result: each call judged
// by the verb's judge (contracts/lifecycle_judge.h).
#include "contracts/call_judge.h"
#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"
#include "contracts/rule_ids/query_device.h"
#include "contracts/rule_ids/query_gid.h"
#include "contracts/rule_ids/query_port.h"
#include "fixtures/address_classes.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace ibvcert {
namespace {

using PortClass = AddressClass;
using IndexClass = AddressClass;

std::string evidence(const std::string &call)
{
	return fmt::format("device {}\n  {}\nreplay: {}", run_device().name(), call, replay_command());
}

class QueryPort : public ::testing::TestWithParam<PortClass> {};

TEST_P(QueryPort, JudgedOnThePortNumber)
{
	record_clause({rule_id::query_port_port_num_range,
		       {rule_id::query_port_valid_carried_out, rule_id::query_port_return_zero_or_errno,
			rule_id::query_port_state_a_port_state, rule_id::query_port_max_mtu_an_mtu,
			rule_id::query_port_active_mtu_an_mtu_within_max, rule_id::query_port_link_layer_listed}});
	const DeviceCaps *caps = nullptr;
	ASSERT_EQ(run_caps(caps), 0) << "reading the device's attributes";
	int port = GetParam().value(*caps);
	if (port > 255)
		GTEST_SKIP() << "the device has 255 ports: no port number (8 bits) lies beyond them";
	ibv_port_attr attr{};
	int ret = run_device().query_port((uint8_t)port, attr);
	record_verdict(judge_query_port(*caps, port, ret, &attr), lifecycle_rules_of(Verb::QueryPort),
		       evidence(fmt::format("ibv_query_port(port_num={}) -> {}: state={} max_mtu={} "
					    "active_mtu={} link_layer={}",
					    port, errno_name(ret), (int)attr.state, (int)attr.max_mtu,
					    (int)attr.active_mtu, (int)attr.link_layer)));
}

INSTANTIATE_TEST_SUITE_P(PortNum, QueryPort, ::testing::ValuesIn(port_num_classes()),
			 [](const ::testing::TestParamInfo<PortClass> &info) { return info.param.name; });

struct GidParam {
	PortClass port;
	IndexClass index;
};

class QueryGid : public ::testing::TestWithParam<GidParam> {};

TEST_P(QueryGid, JudgedOnThePortAndIndex)
{
	record_clause({rule_id::query_gid_index_range,
		       {rule_id::query_gid_port_num_range, rule_id::query_gid_valid_carried_out}});
	const DeviceCaps *caps = nullptr;
	ASSERT_EQ(run_caps(caps), 0) << "reading the device's attributes";
	int port = GetParam().port.value(*caps);
	int index = GetParam().index.value(*caps);
	if (port > 255)
		GTEST_SKIP() << "the device has 255 ports: no port number (8 bits) lies beyond them";
	if (index < 0)
		GTEST_SKIP() << "the port has no GID table (gid_tbl_len 0)";
	ibv_gid gid{};
	int ret = run_device().query_gid((uint8_t)port, index, gid);
	std::string call = fmt::format("ibv_query_gid(port_num={}, index={}) -> {}", port, index,
				       errno_name(ret));
	record_verdict(judge_query_gid(*caps, port, index, ret), lifecycle_rules_of(Verb::QueryGid),
		       evidence(call));
}

std::vector<GidParam> gid_params()
{
	std::vector<GidParam> out;
	const auto &ports = port_num_classes();
	for (const PortClass &p : {ports[0], ports[1], ports[3]})
		for (const IndexClass &i : gid_index_classes())
			out.push_back({p, i});
	return out;
}

INSTANTIATE_TEST_SUITE_P(PortIndex, QueryGid, ::testing::ValuesIn(gid_params()),
			 [](const ::testing::TestParamInfo<GidParam> &info) {
				 return std::string("Port") + info.param.port.name + "_Index" +
					info.param.index.name;
			 });

TEST(QueryDevice, ReturnsZeroOrErrnoAndAnAnswerOfTheListedValues)
{
	record_clause({rule_id::query_device_return_zero_or_errno,
		       {rule_id::query_device_atomic_cap_listed,
			rule_id::query_device_packet_pacing_caps_min_not_above_max}});
	ibv_device_attr_ex attr{};
	int ret = run_device().query_device(attr);
	record_verdict(judge_query_device(ret, &attr), lifecycle_rules_of(Verb::QueryDevice),
		       evidence(fmt::format("ibv_query_device_ex -> {}: atomic_cap={} "
					    "packet_pacing_caps.qp_rate_limit_min={} qp_rate_limit_max={}",
					    errno_name(ret), (int)attr.orig_attr.atomic_cap,
					    attr.packet_pacing_caps.qp_rate_limit_min,
					    attr.packet_pacing_caps.qp_rate_limit_max)));
}

} // namespace
} // namespace ibvcert
