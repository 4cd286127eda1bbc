#include "conformance/send_case.h"

#include "conformance/run_context.h"
#include "fixtures/link_rate.h"
#include "contracts/names.h"
#include "contracts/qp_attr_table.h"
#include "fixtures/rate_limit.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>

namespace ibvcert {
namespace {

constexpr uint32_t kFrame = 1024;

} // namespace

RateTolerance rate_tolerance(const DeviceClock &clock, uint32_t frame_bytes)
{
	if (clock.is_virtual())
		return {0.001, 2, 1};
	// Polling sees completions up to a few hundred microseconds late, in
	// batches; the device's own rate granularity is a few percent.
	return {0.05, 200000, 2.0 * frame_bytes};
}

SendCase::~SendCase()
{
	rig_.reset();
}

Device &SendCase::device() const
{
	return run_device();
}

std::optional<std::string> SendCase::prepare(int count, ibv_qp_state state, bool paced)
{
	Device &dev = run_device();
	if (int ret = run_caps(caps_)) {
		ADD_FAILURE() << "device " << dev.name() << ": querying device/port 1 attributes returned "
			      << errno_name(ret);
		return std::nullopt;
	}
	if (paced) {
		std::string why;
		if (!device_has(Feature::PacketPacing, *caps_, IBV_QPT_RAW_PACKET, why)) {
			if (caps_->device.packet_pacing_caps.qp_rate_limit_max &&
			    !caps_->has_packet_pacing(IBV_QPT_RAW_PACKET))
				why += "; the send-rate cases send raw frames, and the device paces " +
				       paced_qp_types(*caps_) + " only";
			return why;
		}
	}
	uint32_t mtu = port_mtu_bytes(caps_->port);
	rig_ = std::make_unique<SendRig>(dev, *caps_);
	std::string step;
	int ret = rig_->prepare(count, mtu ? std::min(kFrame, mtu) : kFrame, state, step);
	note(fmt::format("{} RAW_PACKET QP(s) brought to {}: {}", count, qp_state_name(state),
			 ret ? step : "0"));
	if (ret == EPERM || ret == EACCES)
		return step + " (RAW_PACKET needs CAP_NET_RAW)";
	if (ret && step.rfind("ibv_create_qp", 0) == 0 &&
	    (ret == EOPNOTSUPP || ret == EPROTONOSUPPORT || ret == EINVAL))
		return "device does not support RAW_PACKET QPs: " + step;
	if (ret) {
		ADD_FAILURE() << "precondition: " << step << "\n" << evidence();
		return std::nullopt;
	}
	return std::nullopt;
}

uint32_t SendCase::rate_in_caps(uint64_t kbps) const
{
	const auto &pp = caps_->device.packet_pacing_caps;
	return (uint32_t)std::clamp<uint64_t>(kbps, pp.qp_rate_limit_min, pp.qp_rate_limit_max);
}

int SendCase::modify_rate_limit(int i, ibv_qp_rate_limit_attr attr)
{
	std::string asked = describe_rate_limit_attr(attr);
	int ret = qp(i).modify_rate_limit(attr);
	note(fmt::format("ibv_modify_qp_rate_limit(QP {:#x}, {}) -> {}", qp(i).qp_num(), asked,
			 errno_name(ret)));
	return ret;
}

std::optional<std::string> SendCase::no_verb(int ret) const
{
	if (ret != EOPNOTSUPP && ret != ENOSYS)
		return std::nullopt;
	return "ibv_modify_qp_rate_limit returned " + errno_name(ret) +
	       " (the provider has no such verb) although packet_pacing_caps advertise pacing";
}

std::optional<ibv_qp_rate_limit_attr> SendCase::effective(int i)
{
	ibv_qp_rate_limit_attr a{};
	if (qp(i).query_rate_limit(a))
		return std::nullopt;
	note(fmt::format("pacing in effect on QP {:#x}: {}", qp(i).qp_num(), describe_rate_limit_attr(a)));
	return a;
}

std::string SendCase::evidence() const
{
	std::string out = "device: " + run_device().name() + "\n";
	if (caps_) {
		const auto &pp = caps_->device.packet_pacing_caps;
		out += fmt::format("packet_pacing_caps: qp_rate_limit_min={}kbps qp_rate_limit_max={}kbps "
				   "supported_qpts={}\nport 1: {} ({}), active MTU {}\n",
				   pp.qp_rate_limit_min, pp.qp_rate_limit_max, paced_qp_types(*caps_),
				   gbps((double)port_rate_bps(caps_->port)),
				   run_device().clock().is_virtual() ? "virtual clock" : "steady clock",
				   port_mtu_bytes(caps_->port));
	}
	if (rig_) {
		out += "qps:";
		for (int i = 0; i < rig_->qp_count(); i++)
			out += fmt::format(" RAW_PACKET {:#x} ({})", rig_->qp(i).qp_num(),
					   qp_state_name(rig_->qp(i).state_field()));
		out += fmt::format(", {}-byte frames\n", rig_->frame_bytes());
	}
	out += "steps:\n";
	for (const auto &s : steps_)
		out += "  " + s + "\n";
	if (rig_)
		out += "sends: " + rig_->summary() + "\n";
	out += "replay: " + replay_command();
	return out;
}

} // namespace ibvcert
