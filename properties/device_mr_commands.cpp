// The MR commands of the whole-device state machine: RegMr (any access
// combination, held to the verb's rows) and DeregMr; and AwaitEvents, the
// moment in a sequence where the events are read (they are read after every
// step: device_step.cpp).
#include "properties/device_step.h"

#include "contracts/names.h"
#include "contracts/outcome_judge.h"

#include <fmt/format.h>

#include <ostream>

namespace ibvcert {
namespace {

class RegMr : public Step {
public:
	explicit RegMr(const DeviceModel &m)
		: slot_(*empty_slot(m.mrs)),
		  access_(*rc::gen::map(rc::gen::inRange(0, 16),
					[](int bits) {
						const int flags[] = {IBV_ACCESS_LOCAL_WRITE,
								     IBV_ACCESS_REMOTE_WRITE,
								     IBV_ACCESS_REMOTE_READ,
								     IBV_ACCESS_REMOTE_ATOMIC};
						int a = 0;
						for (int i = 0; i < 4; i++)
							if (bits & (1 << i))
								a |= flags[i];
						return a;
					}))
	{
	}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(!m.mrs[slot_].live); }
	void apply(DeviceModel &m) const override
	{
		if (!reg_mr_breaks(access_))
			m.reg_mr(slot_, access_, kMrBytes);
	}
	void show(std::ostream &os) const override
	{
		os << "RegMr " << slot_label("mr", slot_) << fmt::format(" access={:#x}", access_);
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		// The request's verdict: the row the access breaks (ibv_reg_mr(3)).
		Verdict request;
		if (const ContractRule *breaks = reg_mr_breaks(access_))
			request.breaches.push_back({breaks, fmt::format("access={:#x}", access_)});
		int ret = b.run.device().reg_mr(*b.pd, b.mr_buffer.data() + slot_ * kMrBytes, kMrBytes,
						access_, b.mrs[slot_]);
		const std::string what = fmt::format("ibv_reg_mr(access={:#x}) returned {}; contract: {}", access_,
						     errno_name(ret), request.describe());
		Verdict v = judge_call({Verb::RegMr, ret});
		for (RuleBreach &breach : judge_request_outcome(Verb::RegMr, request, ret).breaches)
			v.breaches.push_back(std::move(breach));
		hold_verdict(*this, m, b, v, what);
		// The model holds the MR a valid access registers.
		if (request.accepts() && ret)
			fail_step(*this, m, b, "precondition: ibv_reg_mr of an access no row refuses", {what});
	}

private:
	size_t slot_;
	int access_;
};

class DeregMr : public Step {
public:
	explicit DeregMr(const DeviceModel &m) : slot_(*live_slot(m.mrs)) {}
	void checkPreconditions(const DeviceModel &m) const override { RC_PRE(m.mrs[slot_].live); }
	void apply(DeviceModel &m) const override { m.mrs[slot_] = MrState{}; }
	void show(std::ostream &os) const override { os << "DeregMr " << slot_label("mr", slot_); }

protected:
	void call(const DeviceModel &, DeviceBench &b) const override { b.mrs[slot_].reset(); }

private:
	size_t slot_;
};

// The events are read after every step (observe_device); this step only
// names the moment in the sequence.
class AwaitEvents : public Step {
public:
	explicit AwaitEvents(const DeviceModel &) {}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override { os << "AwaitEvents"; }

protected:
	void call(const DeviceModel &, DeviceBench &) const override {}
};

} // namespace

void add_mr_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	mix.push_back({1, execOneOfWithArgs<RegMr>()(m)});
	mix.push_back({1, execOneOfWithArgs<DeregMr>()(m)});
	mix.push_back({1, execOneOfWithArgs<AwaitEvents>()(m)});
}

} // namespace ibvcert
