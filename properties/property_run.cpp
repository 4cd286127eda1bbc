#include "properties/property_run.h"

#include "fixtures/rigs/run_context.h"
#include "fixtures/generators/modify_qp_request.h"
#include "contracts/names.h"

#include <cerrno>

namespace ibvcert {
namespace {

// ibv_create_qp's answers that mean "not this type here", not a failure.
bool type_unavailable(ibv_qp_type type, int ret)
{
	return ret == EPERM || ret == EACCES || ret == EOPNOTSUPP || ret == EPROTONOSUPPORT ||
	       (ret == EINVAL && type == IBV_QPT_RAW_PACKET);
}

} // namespace

std::optional<std::string> PropertyRun::open()
{
	device_ = &run_device();
	if (int ret = run_caps(caps_)) {
		error_ = "device " + device_->name() + ": querying device/port 1 attributes returned " +
			 errno_name(ret);
		return std::nullopt;
	}
	if (device_->transport() == IBV_TRANSPORT_IWARP)
		return "iWARP device: RTR and RTS are reached through rdma_cm, not a direct "
		       "ibv_modify_qp, and the properties draw every transition";
	builder_ = std::make_unique<QpBuilder>(*device_, *caps_);
	if (int ret = builder_->init()) {
		error_ = "device " + device_->name() + ": PD/CQ setup returned " + errno_name(ret);
		return std::nullopt;
	}
	for (ibv_qp_type type : gen::buildable_qp_types()) {
		std::unique_ptr<Qp> probe;
		int ret = builder_->create(type, probe);
		if (ret == 0)
			types_.push_back(type);
		else if (type_unavailable(type, ret))
			left_out_.push_back(qp_type_name(type) + ": ibv_create_qp returned " +
					    errno_name(ret));
		else
			error_ += (error_.empty() ? "" : "\n") + ("device " + device_->name() +
				  ": ibv_create_qp(" + qp_type_name(type) + ") returned " +
				  errno_name(ret));
	}
	if (types_.empty() && error_.empty()) {
		std::string why = "the device creates none of the QP types the properties draw:";
		for (const auto &l : left_out_)
			why += " " + l + ";";
		return why;
	}
	return std::nullopt;
}

int PropertyRun::new_qp(ibv_qp_type type, ibv_qp_state from, std::unique_ptr<Qp> &qp,
			std::string &failed)
{
	int ret = builder_->create(type, qp);
	if (ret) {
		failed = "ibv_create_qp(" + qp_type_name(type) + ") returned " + errno_name(ret);
		return ret;
	}
	return builder_->bring_to(*qp, from, failed);
}

} // namespace ibvcert
