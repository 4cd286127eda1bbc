// The traffic command of the whole-device state machine: PacedSend, timed
// sends on a RAW_PACKET QP (fixtures/rigs/send_case.h, the device's clock)
// beside every object the model holds. The QP is paced through
// ibv_modify_qp_rate_limit and sends backlogged, idles, and sends again: no
// window above rate x window + max_burst_sz (fixtures/rigs/pacing_checks.h);
// or it is paced through IBV_QP_RATE_LIMIT, taken to RESET and walked back to
// RTS: where the device then reports no pacing, it sends unpaced. What a
// query cannot show of the pacer, the property measures here.
#include "properties/device_step.h"

#include "contracts/names.h"
#include "contracts/pacing_judge.h"
#include "contracts/qp_table.h"
#include "fixtures/qp_builder.h"
#include "fixtures/rigs/pacing_checks.h"
#include "fixtures/rigs/send_case.h"
#include "fixtures/send_stats.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>

namespace ibvcert {
namespace {

class PacedSend : public Step {
public:
	explicit PacedSend(const DeviceModel &m)
	{
		RC_PRE(m.caps->has_packet_pacing(IBV_QPT_RAW_PACKET));
		const auto &p = m.caps->device.packet_pacing_caps;
		through_reset_ = *rc::gen::arbitrary<bool>();
		// A rate well inside the caps (1/64 of the range above the
		// smallest): drawing the smallest too (1 Mb/s on emu0), clean runs
		// of 100 cases passed the 20 s case timeout.
		kbps_ = p.qp_rate_limit_min + (p.qp_rate_limit_max - p.qp_rate_limit_min) / 64;
		burst_frames_ = *rc::gen::inRange<uint32_t>(1, 5);
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "PacedSend RAW_PACKET QP at about " << kbps_ << " kbps"
		   << (through_reset_ ? " (IBV_QP_RATE_LIMIT, then RESET and back to RTS)"
				      : fmt::format(" max_burst_sz {} frames, backlogged, idle, backlogged", burst_frames_));
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		SendCase c;
		if (auto why = c.prepare(1, IBV_QPS_RTS, true)) {
			if (::testing::Test::HasFailure())
				fail_step(*this, m, b, "precondition: a RAW_PACKET QP in RTS", {*why, c.evidence()});
			return; // no paced RAW_PACKET QP on this device
		}
		const uint32_t rate = c.rate_in_caps(kbps_);
		if (through_reset_)
			reset_and_send(m, b, c, rate);
		else
			burst_and_send(m, b, c, rate);
	}

private:
	// ibv_modify_qp on the QP from -> to with mask (valid values), logged.
	int modify(SendCase &c, ibv_qp_state from, ibv_qp_state to, int mask, uint32_t rate) const
	{
		QpBuilder builder(c.device(), c.caps());
		ibv_qp_attr attr = builder.valid_attr(c.qp(), from, to, mask);
		attr.rate_limit = rate;
		int ret = c.qp().modify(attr, mask);
		c.note("ibv_modify_qp(" + qp_state_name(from) + "->" + qp_state_name(to) + ", " +
		       qp_attr_mask_names(mask) + ") -> " + errno_name(ret));
		return ret;
	}

	void reset_and_send(const DeviceModel &m, DeviceBench &b, SendCase &c, uint32_t rate) const
	{
		if (modify(c, IBV_QPS_RTS, IBV_QPS_RTS, IBV_QP_STATE | IBV_QP_RATE_LIMIT, rate) ||
		    modify(c, IBV_QPS_RTS, IBV_QPS_RESET, IBV_QP_STATE, 0))
			fail_step(*this, m, b, "precondition: paced, then RESET", {c.evidence()});
		ibv_qp_state at = IBV_QPS_RESET;
		for (ibv_qp_state next : QpBuilder::path_to(IBV_QPS_RTS)) {
			const QpTransition *t = QpTransitionTable::kernel().find(IBV_QPT_RAW_PACKET, at, next);
			if (modify(c, at, next, IBV_QP_STATE | (t ? t->required : 0), 0))
				fail_step(*this, m, b, "precondition: the walk back to RTS", {c.evidence()});
			at = next;
		}
		auto now = c.effective(0);
		if (!now || now->rate_limit != 0)
			return; // the query shows the pacing: observe_device's comparison
		if (std::string failed = c.rig().send_frames({256}); !failed.empty())
			fail_step(*this, m, b, "precondition: 256 frames sent", {failed, c.evidence()});
		// judged by contracts/pacing_judge (the QP reports no pacing in
		// effect after the walk back: it sends unpaced)
		PacingView v = pacing_view(c, 0, Verb::ModifyQp, PacingSituation::Reset, 0, 0, 0, rate);
		hold_verdict(*this, m, b, judge_pacing(v), c.evidence());
	}

	void burst_and_send(const DeviceModel &m, DeviceBench &b, SendCase &c, uint32_t rate) const
	{
		const uint32_t frame = c.rig().frame_bytes();
		const uint32_t burst = burst_frames_ * frame;
		int ret = c.modify_rate_limit(0, {rate, burst, (uint16_t)frame, 0});
		if (c.no_verb(ret) || ret == EINVAL)
			return; // no ibv_modify_qp_rate_limit, or no burst control: RateLimit's calls judge it
		if (ret)
			fail_step(*this, m, b, "precondition: a rate within packet_pacing_caps",
				  {"ibv_modify_qp_rate_limit returned " + errno_name(ret), c.evidence()});
		const uint64_t frames = frames_past_burst(burst, frame);
		if (std::string failed = c.rig().send_frames({frames}); !failed.empty())
			fail_step(*this, m, b, "precondition: frames sent", {failed, c.evidence()});
		c.rig().idle(std::max<std::chrono::nanoseconds>(std::chrono::milliseconds(2),
								std::chrono::nanoseconds(32000000ull * burst / rate)));
		if (std::string failed = c.rig().send_frames({frames}); !failed.empty())
			fail_step(*this, m, b, "precondition: frames sent after the idle period", {failed, c.evidence()});
		PacingView v = pacing_view(c, 0, Verb::ModifyQpRateLimit, PacingSituation::Set, rate, burst,
					   (uint16_t)frame);
		hold_verdict(*this, m, b, judge_pacing(v), c.evidence());
	}

	bool through_reset_ = false;
	uint64_t kbps_ = 0;
	uint32_t burst_frames_ = 1;
};

} // namespace

void add_traffic_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	if (m.caps->has_packet_pacing(IBV_QPT_RAW_PACKET))
		mix.push_back({1, execOneOfWithArgs<PacedSend>()(m)});
}

} // namespace ibvcert
