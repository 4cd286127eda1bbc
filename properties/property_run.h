// The device a property runs against (conformance/run_context.h: the one the
// user named, emu0 by default), its caps, the QP types it creates, and QPs
// brought to a start state for one case.
#pragma once

#include "fixtures/device.h"
#include "fixtures/device_caps.h"
#include "fixtures/qp_builder.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

class PropertyRun {
public:
	// Opens the run's device for one property. A SKIP reason when the
	// property cannot run on it; setup errors are in error().
	std::optional<std::string> open();
	const std::string &error() const { return error_; }

	Device &device() { return *device_; }
	const DeviceCaps &caps() const { return *caps_; }
	// The QP types of gen::buildable_qp_types() the device creates.
	const std::vector<ibv_qp_type> &qp_types() const { return types_; }
	// Types left out and why ("RAW_PACKET: ibv_create_qp returned EPERM").
	const std::vector<std::string> &left_out() const { return left_out_; }

	// A new QP of type in from. 0, or the errno of the failed step with
	// the step described in failed.
	int new_qp(ibv_qp_type type, ibv_qp_state from, std::unique_ptr<Qp> &qp,
		   std::string &failed);

private:
	Device *device_ = nullptr;
	const DeviceCaps *caps_ = nullptr;
	std::unique_ptr<QpBuilder> builder_;
	std::vector<ibv_qp_type> types_;
	std::vector<std::string> left_out_;
	std::string error_;
};

} // namespace ibvcert
