// The whole-device property's completion channel command: beside the
// property's own objects, a channel made for the step with 0..3 CQs created
// on it (and a CQ on a second channel, which never counts), then
// ibv_destroy_comp_channel tried after each of its CQs is destroyed,
// each call held to the verb's judge (contracts/lifecycle_judge.h,
// ibv_create_comp_channel(3)). The model is not touched: the objects are the
// step's own.
#include "properties/device_step.h"

#include "contracts/call_judge.h"
#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"

#include <fmt/format.h>

#include <memory>
#include <ostream>
#include <vector>

namespace ibvcert {
namespace {

class DestroyChannelInUse : public Step {
public:
	explicit DestroyChannelInUse(const DeviceModel &)
	{
		cqs_ = *rc::gen::inRange(0, 4);
		other_ = *rc::gen::inRange(0, 2);
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "DestroyChannelInUse: a channel with " << cqs_ << " CQ(s) on it, " << other_
		   << " on a second channel";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Device &dev = b.run.device();
		std::unique_ptr<CompChannel> channel, second;
		int ret = dev.create_comp_channel(channel);
		hold_verdict(*this, m, b, judge_call({Verb::CreateCompChannel, ret}),
			     "ibv_create_comp_channel -> " + errno_name(ret));
		if (ret == EOPNOTSUPP || ret == ENOSYS)
			return; // no channels on this device: nothing to judge
		std::vector<std::string> done;
		auto need = [&](const std::string &what, int r) {
			done.push_back(what + " -> " + errno_name(r));
			if (r)
				fail_step(*this, m, b, "precondition: " + what, done);
		};
		need("ibv_create_comp_channel", ret);
		need("ibv_create_comp_channel (a second one)", dev.create_comp_channel(second));
		std::vector<std::unique_ptr<Cq>> cqs(cqs_), others(other_);
		for (auto &cq : cqs)
			need("ibv_create_cq on the channel", dev.create_cq_on_channel(8, nullptr, *channel, 0, cq));
		for (auto &cq : others)
			need("ibv_create_cq on the second channel",
			     dev.create_cq_on_channel(8, nullptr, *second, 0, cq));
		for (;;) {
			int n = (int)cqs.size();
			int dret = channel->destroy();
			hold_verdict(*this, m, b, judge_destroy({Verb::DestroyCompChannel, n, dret, true}),
				     fmt::format("ibv_destroy_comp_channel with {} CQ(s) on it, {} on the second "
						 "channel -> {}",
						 n, others.size(), errno_name(dret)));
			if (dret == 0 || cqs.empty())
				break;
			int cret = cqs.back()->destroy();
			hold_verdict(*this, m, b, judge_destroy({Verb::DestroyCq, 0, cret, true}),
				     "ibv_destroy_cq of a CQ on the channel -> " + errno_name(cret));
			cqs.pop_back(); // destroyed, or its destructor tries again
		}
		cqs.clear();
		others.clear();
	}

private:
	int cqs_ = 0;
	int other_ = 0;
};

} // namespace

void add_channel_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	mix.push_back({model_watched(m) ? 0u : 1u, execOneOfWithArgs<DestroyChannelInUse>()(m)});
}

} // namespace ibvcert
