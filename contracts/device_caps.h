// The one description of a device that the contract rules are held to: its
// device and port attributes and the facts that follow from them (RoCE
// needs a GRH, iWARP has no P_Key table). Read once from the device
// (fixtures/device_caps.h); every evaluator takes it.
#pragma once

#include "contracts/rule.h"

#include <infiniband/verbs.h>

#include <string>

namespace ibvcert {

struct DeviceCaps {
	ibv_device_attr_ex device{};
	ibv_port_attr port{};
	uint8_t port_num = 1;
	ibv_gid gid{};        // GID at gid_index of port_num
	int gid_index = 0;
	bool grh_required = false; // RoCE, or IBV_QPF_GRH_REQUIRED
	bool iwarp = false;        // iWARP: no P_Key table, RTR/RTS through rdma_cm
	uint32_t ece_vendor_id = 0; // the vendor_id ibv_set_ece takes (0: none known)
	int num_comp_vectors = 0;   // context->num_comp_vectors (ibv_create_cq's comp_vector is below it)

	int phys_port_cnt() const { return device.orig_attr.phys_port_cnt; }
	bool has_device_cap(unsigned flag) const
	{
		return device.orig_attr.device_cap_flags & flag;
	}
	bool has_packet_pacing(ibv_qp_type type) const
	{
		const auto &p = device.packet_pacing_caps;
		return p.qp_rate_limit_max > 0 && (p.supported_qpts & (1u << type));
	}
};

// A bound's value on this device.
int64_t resolve(const Bound &bound, const DeviceCaps &caps);
// True when the device has the feature (for a QP of type, where it matters);
// otherwise why not (for a SKIP or a breach's detail).
bool device_has(Feature feature, const DeviceCaps &caps, ibv_qp_type type,
		std::string &why_not);

} // namespace ibvcert
