#include "contracts/device_caps.h"

#include "contracts/names.h"

namespace ibvcert {

int64_t resolve(const Bound &bound, const DeviceCaps &caps)
{
	const auto &d = caps.device.orig_attr;
	int64_t base = 0;
	switch (bound.cap) {
	case Cap::None: base = 0; break;
	case Cap::PortCnt: base = d.phys_port_cnt; break;
	case Cap::PkeyTblLen: base = caps.port.pkey_tbl_len; break;
	case Cap::GidTblLen: base = caps.port.gid_tbl_len; break;
	case Cap::MaxQpRdAtom: base = d.max_qp_rd_atom; break;
	case Cap::MaxQpInitRdAtom: base = d.max_qp_init_rd_atom; break;
	case Cap::PortMaxMtu: base = caps.port.max_mtu; break;
	case Cap::RateLimitMin: base = caps.device.packet_pacing_caps.qp_rate_limit_min; break;
	case Cap::RateLimitMax: base = caps.device.packet_pacing_caps.qp_rate_limit_max; break;
	case Cap::MaxSrqWr: base = d.max_srq_wr; break;
	case Cap::MaxSrqSge: base = d.max_srq_sge; break;
	case Cap::MaxCqCount: base = caps.device.cq_mod_caps.max_cq_count; break;
	case Cap::MaxCqPeriod: base = caps.device.cq_mod_caps.max_cq_period; break;
	case Cap::MaxCqe: base = caps.device.orig_attr.max_cqe; break;
	case Cap::MaxQpWr: base = d.max_qp_wr; break;
	case Cap::MaxSge: base = d.max_sge; break;
	case Cap::NumCompVectors: base = caps.num_comp_vectors; break;
	}
	return base + bound.offset;
}

bool device_has(Feature feature, const DeviceCaps &caps, ibv_qp_type type,
		std::string &why_not)
{
	switch (feature) {
	case Feature::None:
		return true;
	case Feature::AutoPathMig:
		if (caps.has_device_cap(IBV_DEVICE_AUTO_PATH_MIG))
			return true;
		why_not = "device_cap_flags lacks IBV_DEVICE_AUTO_PATH_MIG "
			  "(no alternate paths, ibv_modify_qp(3) NOTES)";
		return false;
	case Feature::PacketPacing:
		if (caps.has_packet_pacing(type))
			return true;
		why_not = "no packet pacing for " + qp_type_name(type) +
			  " (packet_pacing_caps.qp_rate_limit_max=" +
			  std::to_string(caps.device.packet_pacing_caps.qp_rate_limit_max) +
			  ", supported_qpts=" +
			  std::to_string(caps.device.packet_pacing_caps.supported_qpts) + ")";
		return false;
	case Feature::SrqResize:
		if (caps.has_device_cap(IBV_DEVICE_SRQ_RESIZE))
			return true;
		why_not = "device_cap_flags lacks IBV_DEVICE_SRQ_RESIZE (ibv_modify_srq(3) NOTES)";
		return false;
	case Feature::CqModeration:
		if (caps.device.cq_mod_caps.max_cq_count && caps.device.cq_mod_caps.max_cq_period)
			return true;
		why_not = "no CQ moderation (ibv_query_device_ex(3) cq_mod_caps.max_cq_count=" +
			  std::to_string(caps.device.cq_mod_caps.max_cq_count) + ", max_cq_period=" +
			  std::to_string(caps.device.cq_mod_caps.max_cq_period) + ")";
		return false;
	case Feature::Ece:
		if (caps.ece_vendor_id)
			return true;
		why_not = "the device has no ECE";
		return false;
	case Feature::QpResize:
		if (caps.has_device_cap(IBV_DEVICE_RESIZE_MAX_WR))
			return true;
		why_not = "device_cap_flags lacks IBV_DEVICE_RESIZE_MAX_WR (ibv_modify_qp(3) NOTES)";
		return false;
	}
	return false;
}

} // namespace ibvcert
