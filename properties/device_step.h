// What every command of the whole-device state machine shares
// (device_commands.h): the step (one call on one slot, the frame of the
// other objects around it, then every observable against the model), how
// a call is held to the contract's judges, the evidence of a failed step,
// and the slots a command may name. The command families live in
// device_{qp,cq,srq,mr,sched,datapath,traffic}_commands.cpp; each adds its commands to the
// mix with weights that follow the device's state.
#pragma once

#include "contracts/call_judge.h"
#include "contracts/effect_judge.h"
#include "properties/device_commands.h"

#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include <string>
#include <utility>
#include <vector>

namespace ibvcert {

// "qp1", "srq0": how the evidence and the frame name a slot.
std::string slot_label(const char *kind, size_t slot);

// A failed step: the headline, the device, the step, the lines, and the
// model before it (RapidCheck shrinks on it).
[[noreturn]] void fail_step(const DeviceCommand &step, const DeviceModel &model, const DeviceBench &b,
			    const std::string &headline, const std::vector<std::string> &lines);

// A verdict of the contract's judges on one call, held by the step: each
// MUST breach fails it ("[rule MUST] detail", the rows' words). SHOULD
// breaches are not the property's to fail at its clause's level: the run's
// judged device records them at theirs.
void hold_verdict(const DeviceCommand &step, const DeviceModel &model, const DeviceBench &b,
		  const Verdict &verdict, const std::string &call);
// hold_verdict for a call on an object of the step's own, of which the model
// holds nothing: a breach the run's deviations file lists, of any kind, is
// noted on the case (KNOWN if nothing else breaks) and the step goes on, as
// nothing the model predicts depends on that object; the rest as
// hold_verdict.
void hold_own_verdict(const DeviceCommand &step, const DeviceModel &model, const DeviceBench &b,
		      const Verdict &verdict, const std::string &call);

// The call's result rows (contracts/call_judge.h) and, when observed, its
// effect rows (contracts/effect_judge.h) in one verdict.
Verdict judge_whole_call(const CallResult &call, const EffectObservation &effect);

// Reads every async event queued, acknowledges it, and counts the limit
// events per SRQ slot. What is left to hold against the model: limit events
// naming no live SRQ of the bench.
std::vector<std::string> read_events(DeviceBench &b);

// A command: the call (held to its verb's judges), then the frame of the
// object it names (the frame rows on every other object) and every
// observable of the device against the model after it.
class Step : public DeviceCommand {
public:
	void run(const DeviceModel &model, DeviceBench &b) const override;

protected:
	virtual void call(const DeviceModel &model, DeviceBench &b) const = 0;
	// The object the call names ("qp1"), and the verb whose frame rows judge
	// the others (Verb::Count: none, e.g. a create).
	virtual std::string names() const { return ""; }
	virtual Verb frame_verb() const { return Verb::Count; }
};

// Commands run one after another as one command: a cycle a page's sentence
// describes (an SRQ armed, then drained past its event; a QP paced, then its
// pacing removed), which drawn one by one a sequence meets by chance. Each
// is its own step, held to its judges as when drawn alone, on the model as
// the steps before it left it. A subclass fills label_ and steps_.
class StepChain : public DeviceCommand {
public:
	void checkPreconditions(const DeviceModel &m) const override;
	void apply(DeviceModel &m) const override;
	void run(const DeviceModel &m, DeviceBench &b) const override;
	void show(std::ostream &os) const override;

protected:
	std::string label_;
	std::vector<std::shared_ptr<const DeviceCommand>> steps_;
};

// A slot of a kind where live(slot) holds (RC_PRE when none does).
template <typename Slots, typename Live>
rc::Gen<size_t> slot_where(const Slots &slots, Live live)
{
	std::vector<size_t> found;
	for (size_t i = 0; i < slots.size(); i++)
		if (live(slots[i]))
			found.push_back(i);
	RC_PRE(!found.empty());
	return rc::gen::elementOf(found);
}

template <typename Slots> rc::Gen<size_t> live_slot(const Slots &slots)
{
	return slot_where(slots, [](const auto &s) { return s.live; });
}

template <typename Slots> rc::Gen<size_t> empty_slot(const Slots &slots)
{
	return slot_where(slots, [](const auto &s) { return !s.live; });
}

// The mix the next command is drawn from: each family's commands with
// their weights (0: not now).
using DeviceCommandGen = rc::Gen<std::shared_ptr<const DeviceCommand>>;
using CommandMix = std::vector<std::pair<std::size_t, DeviceCommandGen>>;

void add_qp_commands(const DeviceModel &m, CommandMix &mix);
void add_cq_commands(const DeviceModel &m, CommandMix &mix);
void add_srq_commands(const DeviceModel &m, CommandMix &mix);
void add_mr_commands(const DeviceModel &m, CommandMix &mix);
void add_sched_commands(const DeviceModel &m, CommandMix &mix);
void add_datapath_commands(const DeviceModel &m, CommandMix &mix);
void add_traffic_commands(const DeviceModel &m, CommandMix &mix);
void add_lifecycle_commands(const DeviceModel &m, CommandMix &mix);
void add_notify_commands(const DeviceModel &m, CommandMix &mix);
void add_flags_commands(const DeviceModel &m, CommandMix &mix);
// Whether the model's objects are where the next commands show something (an
// SRQ armed, watched, or fired and holding WRs; a QP paced): the families
// whose commands work on objects of their own step aside (weight 0) then,
// since they would only thin out the commands that show it.
bool model_watched(const DeviceModel &m);
void add_channel_commands(const DeviceModel &m, CommandMix &mix);
void add_open_commands(const DeviceModel &m, CommandMix &mix);
void add_access_commands(const DeviceModel &m, CommandMix &mix);
void add_event_commands(const DeviceModel &m, CommandMix &mix);

// The sizes the families share with the bench.
constexpr size_t kMrBytes = 4096;     // each MR slot's share of the bench's buffer
constexpr uint32_t kMaxSends = 4;     // SENDs in one SendOnCq
constexpr size_t kDpBytes = 64;       // each SEND's and receive's buffer

} // namespace ibvcert
