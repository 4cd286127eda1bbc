// The system the lane's device is listed in: ibv_get_device_list (with
// &num_devices or NULL) on the system as it is, with the lane's context
// open, or on that system made to expose no device where the harness can
// make one (emu0); then, decoded, ibv_open_device of an entry (the device
// under test, or another one), ibv_query_device on the context, the list
// taken again while it is open, and ibv_close_device. Each call is judged
// by its verb's judge (contracts/device_list_judge.h: judge_device_list
// against what the system exposes, judge_open_device; ibv_close_device's
// result through contracts/call_judge.h). The lane's objects are not
// touched: the shared frame check holds them unchanged.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/oracle.h"

#include "contracts/device_list_judge.h"
#include "contracts/names.h"
#include "fixtures/device_list.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace ibvcert::fuzz {
namespace {

const OpVerb kDeviceList = {"device_list", "ibv_get_device_list", Verb::GetDeviceList};

// What the input decodes: one byte of choices.
struct Choice {
	bool give_num_devices = true; // &num_devices, or NULL
	bool none = false;            // the system made to expose no device
	bool open = false;            // ibv_open_device of an entry, then ibv_close_device
	bool other_entry = false;     // an entry other than the device under test, where there is one
	bool list_while_open = false; // the list taken again while the second context is open
};

class DeviceListOp : public Op {
public:
	explicit DeviceListOp(const Choice &c) : c_(c) {}

	const OpVerb &verb() const override { return kDeviceList; }
	int slot() const override { return -1; }
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		Got &g = got_[lane.index()];
		g = Got{};
		std::unique_ptr<DeviceDirectory> dir = lane.device().directory();
		if (!dir) {
			g.calls.push_back("the device names no system it is listed in");
			return 0;
		}
		const std::string dut = lane.device().name();
		if (c_.none) {
			std::string why_not;
			std::unique_ptr<DeviceDirectory> empty = dir->without_devices(why_not);
			if (!empty) {
				g.calls.push_back("no list of an empty system: " + why_not);
				return 0;
			}
			list(g, *empty, c_.give_num_devices, "", ", made to expose no device");
			return 0;
		}
		DeviceListResult first = list(g, *dir, c_.give_num_devices, dut, ", the lane's context open");
		if (!c_.open || first.null)
			return 0;
		std::unique_ptr<OpenedContext> ctx;
		OpenDeviceResult open = open_and_query(*dir, first, dut, c_.other_entry, ctx);
		const std::string &name = open.asked;
		g.judged.push_back(judge_open_device(open));
		g.calls.push_back(open_device_text(open));
		if (!ctx)
			return 0;
		if (c_.list_while_open)
			list(g, *dir, true, dut, ", the lane's context and a second one of " + name + " open");
		const std::string device = ctx->device_name();
		int ret = ctx->close();
		g.judged.push_back(judge_call({Verb::CloseDevice, ret}));
		g.calls.push_back(fmt::format("ibv_close_device(context of {}) -> {}", device, ret));
		return 0;
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		const Got &g = got_[lane.index()];
		for (const Verdict &v : g.judged)
			if (!v.accepts())
				oracle.fail(lane.index(),
					    {std::string("device_list:") + v.first()->rule->id,
					     "the device list, an open context or its close breaks the device-list rows", v,
					     {}, "calls:\n  " + fmt::format("{}", fmt::join(g.calls, "\n  ")) + "\n"});
	}

	std::string describe(const Lane &) const override
	{
		return fmt::format("ibv_get_device_list({}) on {}{}\n", c_.give_num_devices ? "&num_devices" : "NULL",
				   c_.none ? "the system made to expose no device" : "the lane's system",
				   c_.none || !c_.open
					   ? ""
					   : fmt::format("; ibv_open_device of {}{}, ibv_close_device",
							 c_.other_entry ? "another entry" : "the device under test",
							 c_.list_while_open ? ", the list taken again while open" : ""));
	}

	std::string outcome(const Lane &lane) const override
	{
		const Got &g = got_[lane.index()];
		return "calls: " + fmt::format("{}", fmt::join(g.calls, "; ")) + "\n";
	}

	std::string summary(int lane) const override
	{
		return "device_list: " + fmt::format("{}", fmt::join(got_[lane].calls, "; "));
	}

private:
	struct Got {
		std::vector<Verdict> judged;    // each call's verdict, in order
		std::vector<std::string> calls; // each call in words, for the evidence
	};

	// One ibv_get_device_list on dir, judged against what dir exposes.
	static DeviceListResult list(Got &g, DeviceDirectory &dir, bool give_num_devices, const std::string &dut,
				     const std::string &around)
	{
		ExposedDevices exposed;
		exposed.device_under_test = dut;
		if (int ret = dir.exposed(exposed.names)) {
			g.calls.push_back("reading the devices " + dir.source() + " exposes: " + errno_name(ret));
			return {};
		}
		DeviceListResult r = dir.get_device_list(give_num_devices);
		g.judged.push_back(judge_device_list(r, exposed));
		g.calls.push_back(fmt::format("{} exposes [{}]{}; {}", dir.source(), fmt::join(exposed.names, ", "),
					      around, device_list_text(r)));
		return r;
	}

	Choice c_;
	Got got_[kMaxLanes];
};

} // namespace

// The system the lane's device is listed in: ibv_get_device_list, then
// ibv_open_device / ibv_query_device / ibv_close_device of an entry,
// judged by contracts/device_list_judge.h; the lane's objects untouched.
void device_list_step(Session &s)
{
	uint8_t b = s.in().ConsumeIntegral<uint8_t>();
	Choice c;
	c.give_num_devices = !(b & 1);
	c.none = b & 2;
	c.open = b & 4;
	c.other_entry = b & 8;
	c.list_while_open = b & 16;
	s.execute(std::make_unique<DeviceListOp>(c));
}
IBVCERT_FUZZ_ROW(device_list, 27);

} // namespace ibvcert::fuzz
