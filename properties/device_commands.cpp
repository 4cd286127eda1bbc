// The whole-device state machine's bench, its initial model and the
// command mix (the commands themselves: device_{qp,cq,srq,mr,sched,datapath,traffic}_commands.cpp).
#include "properties/device_commands.h"

#include "contracts/names.h"
#include "fixtures/generators/pick.h"
#include "properties/device_step.h"

namespace ibvcert {
namespace {

constexpr size_t kQpSlots = 4, kCqSlots = 3, kSrqSlots = 2, kMrSlots = 2, kSchedSlots = 4;

} // namespace

DeviceBench::~DeviceBench()
{
	for (bool progress = true; progress;) {
		progress = false;
		for (auto &e : sched)
			if (e && e->destroy() == 0) {
				e.reset();
				progress = true;
			}
	}
}

std::string DeviceBench::open(const DeviceModel &model)
{
	if (int ret = run.device().alloc_pd(pd))
		return "ibv_alloc_pd returned " + errno_name(ret);
	mr_buffer.assign(model.mrs.size() * kMrBytes, 0);
	qps.resize(model.qps.size());
	cqs.resize(model.cqs.size());
	cq_pairs.resize(model.cqs.size());
	cq_held.resize(model.cqs.size());
	dp_buffer.assign(2 * kMaxSends * kDpBytes, 0);
	if (int ret = run.device().reg_mr(*pd, dp_buffer.data(), dp_buffer.size(), IBV_ACCESS_LOCAL_WRITE,
					  dp_mr))
		return "ibv_reg_mr of the datapath buffer returned " + errno_name(ret);
	srqs.resize(model.srqs.size());
	srq_limit_events.assign(model.srqs.size(), 0);
	mrs.resize(model.mrs.size());
	sched.resize(model.sched.elements.size());
	return "";
}

DeviceDefaults learn_defaults(PropertyRun &run, std::string &error)
{
	DeviceDefaults d;
	std::unique_ptr<Qp> qp;
	std::string failed;
	if (int ret = run.new_qp(IBV_QPT_RC, IBV_QPS_RESET, qp, failed)) {
		error = "a new RC QP: " + failed + " (" + errno_name(ret) + ")";
		return d;
	}
	ibv_ece e{};
	if (qp->query_ece(e) == 0)
		d.ece = e;
	ibv_qp_rate_limit_attr pace{};
	d.rate_limit_query = qp->query_rate_limit(pace) == 0;
	std::unique_ptr<Cq> cq;
	if (int ret = run.device().create_cq(16, cq)) {
		error = "ibv_create_cq(16) returned " + errno_name(ret);
		return d;
	}
	ibv_moderate_cq mod{};
	if (cq->query_moderation(mod) == 0)
		d.moderation = mod;
	std::string why;
	std::unique_ptr<SchedNode> root;
	if (run.device().has_sched_elements(why) &&
	    run.device().create_sched_node(SchedAttr{}, root) == 0) {
		d.sched = true;
		SchedAttr q{};
		d.sched_query = root->query(q) == 0;
		(void)root->destroy();
	}
	return d;
}

DeviceModel initial_device(PropertyRun &run, const DeviceDefaults &defaults)
{
	DeviceModel m = DeviceModel::empty(run.caps(), run.device().emulated(), defaults, kQpSlots,
					   kCqSlots, kSrqSlots, kMrSlots, kSchedSlots);
	m.qp_types = run.qp_types();
	return m;
}

void showValue(const DeviceModel &model, std::ostream &os)
{
	os << model.describe();
}

rc::Gen<std::shared_ptr<const DeviceCommand>> device_command(const DeviceModel &m)
{
	CommandMix mix;
	add_qp_commands(m, mix);
	add_cq_commands(m, mix);
	add_srq_commands(m, mix);
	add_mr_commands(m, mix);
	add_sched_commands(m, mix);
	add_datapath_commands(m, mix);
	add_traffic_commands(m, mix);
	add_lifecycle_commands(m, mix);
	add_notify_commands(m, mix);
	add_flags_commands(m, mix);
	add_channel_commands(m, mix);
	add_open_commands(m, mix);
	add_access_commands(m, mix);
	add_event_commands(m, mix);
	std::erase_if(mix, [](const auto &c) { return c.first == 0; });
	return gen::pick(std::move(mix));
}

} // namespace ibvcert
