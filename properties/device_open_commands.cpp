// The device-list, context and completion-vector commands of the
// whole-device state machine, each made beside the live objects of the
// sequence and judged by its verb's judge; what they make lives for the
// step only, so the model is unchanged by them (every observable of the
// live objects is still compared after the step):
//   GetDeviceList     ibv_get_device_list (then ibv_free_device_list) with
//                     &num_devices or NULL, on the system the run's device is
//                     listed in (its context open), sometimes on that system
//                     made to expose no device, where the harness can make
//                     one (emu0); judged against what the system exposes
//                     (contracts/device_list_judge.h)
//   OpenDevice        ibv_open_device of a list entry, the device under test
//                     most often (a second context beside the run's own),
//                     used (ibv_query_device), sometimes the list taken again
//                     while it is open, then ibv_close_device (its result:
//                     contracts/call_judge.h)
//   CreateCqOnVector  ibv_create_cq on a new completion channel with a
//                     comp_vector of each value class against
//                     context->num_comp_vectors (0, the last, num_comp_vectors,
//                     above it, -1, INT_MAX; contracts/create_cq_judge.h),
//                     then ibv_destroy_cq of the CQ made (judge_destroy)
#include "properties/device_step.h"

#include "contracts/create_cq_judge.h"
#include "contracts/device_list_judge.h"
#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"
#include "fixtures/device_list.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <climits>
#include <ostream>

namespace ibvcert {
namespace {

// The system the run's device is listed in; a failed step where the device
// names none.
std::unique_ptr<DeviceDirectory> run_directory(const DeviceCommand &step, const DeviceModel &m, DeviceBench &b)
{
	std::unique_ptr<DeviceDirectory> dir = b.run.device().directory();
	if (!dir)
		fail_step(step, m, b, "precondition: the device names the system it is listed in", {});
	return dir;
}

// One ibv_get_device_list call on dir, held to the list's rows against what
// dir exposes; device_under_test "" where the system holds none.
DeviceListResult list_and_judge(const DeviceCommand &step, const DeviceModel &m, DeviceBench &b,
				DeviceDirectory &dir, bool give_num_devices, const std::string &device_under_test,
				const std::string &around)
{
	ExposedDevices exposed;
	exposed.device_under_test = device_under_test;
	if (int ret = dir.exposed(exposed.names))
		fail_step(step, m, b, "precondition: reading the devices " + dir.source() + " exposes",
			  {errno_name(ret)});
	DeviceListResult list = dir.get_device_list(give_num_devices);
	hold_verdict(step, m, b, judge_device_list(list, exposed),
		     fmt::format("{} exposes [{}]{}; {}", dir.source(), fmt::join(exposed.names, ", "), around,
				 device_list_text(list)));
	return list;
}

class GetDeviceList : public Step {
public:
	explicit GetDeviceList(const DeviceModel &)
		: num_devices_(*rc::gen::arbitrary<bool>()), none_(*rc::gen::arbitrary<bool>())
	{
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "GetDeviceList with " << (num_devices_ ? "&num_devices" : "num_devices NULL") << " on "
		   << (none_ ? "the system made to expose no device (where the harness can make one)"
			     : "the run's system");
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		std::unique_ptr<DeviceDirectory> dir = run_directory(*this, m, b);
		if (!none_) {
			list_and_judge(*this, m, b, *dir, num_devices_, b.run.device().name(),
				       ", the run's context open");
			return;
		}
		std::string why_not;
		std::unique_ptr<DeviceDirectory> empty = dir->without_devices(why_not);
		if (!empty)
			return; // a real system: the harness cannot take its devices away
		list_and_judge(*this, m, b, *empty, num_devices_, "", ", made to expose no device");
	}

private:
	bool num_devices_;
	bool none_;
};

class OpenDevice : public Step {
public:
	explicit OpenDevice(const DeviceModel &)
		: other_entry_(*rc::gen::inRange(0, 4) == 0), list_while_open_(*rc::gen::arbitrary<bool>())
	{
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		os << "OpenDevice "
		   << (other_entry_ ? "another entry of the list (the device under test where it is the only one)"
				    : "the device under test, a second context")
		   << (list_while_open_ ? ", the list taken while it is open" : "") << ", closed";
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		std::unique_ptr<DeviceDirectory> dir = run_directory(*this, m, b);
		const std::string dut = b.run.device().name();
		DeviceListResult list = list_and_judge(*this, m, b, *dir, true, dut, ", the run's context open");
		if (list.null)
			fail_step(*this, m, b, "precondition: a list to open an entry of", {device_list_text(list)});
		std::unique_ptr<OpenedContext> ctx;
		OpenDeviceResult open = open_and_query(*dir, list, dut, other_entry_, ctx);
		const std::string &name = open.asked;
		hold_verdict(*this, m, b, judge_open_device(open), open_device_text(open));
		if (!ctx)
			return;
		if (list_while_open_)
			list_and_judge(*this, m, b, *dir, true, dut, ", the run's context and a second one of " + name + " open");
		const std::string device = ctx->device_name();
		int ret = ctx->close();
		hold_verdict(*this, m, b, judge_call({Verb::CloseDevice, ret}),
			     fmt::format("ibv_close_device(context of {}) -> {}", device, ret));
	}

private:
	bool other_entry_;
	bool list_while_open_;
};

// comp_vector's value classes against context->num_comp_vectors.
enum class Vector { Zero, Last, NumCompVectors, Above, Negative, IntMax };

int vector_value(Vector v, int num_comp_vectors)
{
	switch (v) {
	case Vector::Zero: return 0;
	case Vector::Last: return num_comp_vectors - 1;
	case Vector::NumCompVectors: return num_comp_vectors;
	case Vector::Above: return num_comp_vectors + 7;
	case Vector::Negative: return -1;
	case Vector::IntMax: return INT_MAX;
	}
	return 0;
}

class CreateCqOnVector : public Step {
public:
	explicit CreateCqOnVector(const DeviceModel &m)
		: vector_(*rc::gen::element(Vector::Zero, Vector::Last, Vector::NumCompVectors, Vector::Above,
					    Vector::Negative, Vector::IntMax)),
		  cqe_(*rc::gen::element(1, 16))
	{
		// A device with no completion vector has no last one.
		RC_PRE(vector_ != Vector::Last || m.caps->num_comp_vectors > 0);
	}
	void apply(DeviceModel &) const override {}
	void show(std::ostream &os) const override
	{
		const char *names[] = {"0", "the last vector", "num_comp_vectors", "num_comp_vectors + 7", "-1",
				       "INT_MAX"};
		os << "CreateCqOnVector cqe=" << cqe_ << ", comp_vector " << names[(int)vector_];
	}

protected:
	void call(const DeviceModel &m, DeviceBench &b) const override
	{
		Device &dev = b.run.device();
		const DeviceCaps &caps = *m.caps;
		std::unique_ptr<CompChannel> channel;
		if (int ret = dev.create_comp_channel(channel))
			fail_step(*this, m, b, "precondition: ibv_create_comp_channel", {errno_name(ret)});
		const int vector = vector_value(vector_, caps.num_comp_vectors);
		std::unique_ptr<Cq> cq;
		int ret = dev.create_cq_on_channel(cqe_, nullptr, *channel, vector, cq);
		const int reported = ret ? 0 : cq->cqe();
		hold_verdict(*this, m, b, judge_create_cq(caps, cqe_, ret, reported, vector),
			     fmt::format("num_comp_vectors {}; ibv_create_cq(cqe={}, channel, comp_vector={}) -> {}{}",
					 caps.num_comp_vectors, cqe_, vector, errno_name(ret),
					 ret ? "" : fmt::format(", cq->cqe = {}", reported)));
		if (!cq)
			return;
		int dret = cq->destroy();
		hold_verdict(*this, m, b, judge_destroy({Verb::DestroyCq, 0, dret, true}),
			     "ibv_destroy_cq of the CQ made -> " + errno_name(dret));
		if (dret == 0)
			cq.reset();
	}

private:
	Vector vector_;
	int cqe_;
};

} // namespace

void add_open_commands(const DeviceModel &m, CommandMix &mix)
{
	using rc::state::gen::execOneOfWithArgs;
	// One weight for the three: each knob they show is met within a few
	// cases, and the rest of the mix keeps its share.
	mix.push_back({model_watched(m) ? 0u : 1u,
		       execOneOfWithArgs<GetDeviceList, OpenDevice, CreateCqOnVector>()(m)});
}

} // namespace ibvcert
