#include "fuzz/harness/lane.h"
#include "fuzz/harness/trace.h"

#include "fixtures/emu/emu_device.h"
#include "contracts/names.h"

#include <map>

namespace ibvcert::fuzz {
namespace {

// A real device and its caps, opened on first use and kept for the process:
// opening a device per input would measure ibv_open_device, not the verbs.
struct SharedDevice {
	std::unique_ptr<Device> device;
	DeviceCaps caps;
	int ret = 0;
	std::string what;
};

SharedDevice &shared_device(const std::string &name)
{
	static std::map<std::string, SharedDevice> devices;
	auto [it, fresh] = devices.try_emplace(name);
	SharedDevice &d = it->second;
	if (fresh) {
		d.ret = open_device(name, d.device);
		if (!d.ret && name == options().device.name)
			d.device = traced(std::move(d.device));
		if (d.ret)
			d.what = "opening device " + name;
		else if ((d.ret = read_device_caps(*d.device, 1, d.caps)))
			d.what = "reading device/port 1 attributes of " + name;
	}
	return d;
}

} // namespace

Lane::Lane(int index, const DeviceSpec &spec) : index_(index), spec_(spec)
{
	label_ = spec.name;
	if (spec.faults.any())
		label_ += " (emu fault: " + spec.fault_names + ")";
}

Lane::~Lane()
{
	close();
}

void Lane::close()
{
	close_datapath();
	for (auto &s : slots_)
		s = QpSlot{};
	srq_ = SrqSlot{};
	// Scheduling elements children first (a parent with children stays).
	for (int pass = 0; pass < kSchedSlots; pass++)
		for (int i = 0; i < kSchedSlots; i++)
			if (sched_[i] && sched_model_.live(i) && sched_model_.at(i).children == 0) {
				sched_model_.destroyed(i);
				sched_[i] = SchedSlot{};
			}
	for (auto &e : sched_)
		e = SchedSlot{};
	sched_model_ = SchedModel(kSchedSlots);
	cq_.reset();
	pd_.reset();
	builder_.reset();
	owned_caps_.reset();
	owned_device_.reset();
}

int Lane::open(std::string &what)
{
	if (spec_.name == kEmuDeviceName) {
		owned_device_ = make_emu_device(spec_.faults);
		if (index_ == 0)
			owned_device_ = traced(std::move(owned_device_));
		device_ = owned_device_.get();
		owned_caps_ = std::make_unique<DeviceCaps>();
		caps_ = owned_caps_.get();
		if (int ret = read_device_caps(*device_, 1, *owned_caps_)) {
			what = "reading emu0's device/port 1 attributes";
			return ret;
		}
		strict_ = true;
	} else {
		SharedDevice &d = shared_device(spec_.name);
		if (d.ret) {
			what = d.what;
			return d.ret;
		}
		device_ = d.device.get();
		caps_ = &d.caps;
		strict_ = d.device->emulated();
	}
	async_.reset(!strict_);
	builder_ = std::make_unique<QpBuilder>(*device_, *caps_);
	if (int ret = builder_->init()) {
		what = "the QP builder's PD/CQ";
		return ret;
	}
	if (int ret = device_->alloc_pd(pd_)) {
		what = "ibv_alloc_pd";
		return ret;
	}
	if (int ret = device_->create_cq(16, cq_)) {
		what = "ibv_create_cq";
		return ret;
	}
	async_.cq_created(*cq_, "the lane's CQ");
	fresh_moderation_ret = cq_->query_moderation(fresh_moderation);
	return 0;
}

LaneSnapshot Lane::snapshot()
{
	LaneSnapshot s;
	for (int i = 0; i < kSlots; i++) {
		if (!slots_[i])
			continue;
		s.live[i] = true;
		s.qp[i] = take_snapshot(*slots_[i].qp);
	}
	if (srq_) {
		s.srq_live = true;
		s.srq_ret = srq_.srq->query(s.srq);
	}
	for (int i = 0; i < kSchedSlots; i++)
		if (sched_[i]) {
			s.sched_live[i] = true;
			s.sched_ret[i] = sched_[i].elem()->query(s.sched[i]);
		}
	return s;
}

} // namespace ibvcert::fuzz
