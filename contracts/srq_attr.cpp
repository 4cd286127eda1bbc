#include "contracts/srq_attr.h"

#include <fmt/format.h>

namespace ibvcert {

int srq_attr_mask_known()
{
	return IBV_SRQ_MAX_WR | IBV_SRQ_LIMIT;
}

std::string srq_attr_mask_names(int mask)
{
	if (mask == 0)
		return "0";
	std::string out;
	auto add = [&](const std::string &s) { out += (out.empty() ? "" : "|") + s; };
	if (mask & IBV_SRQ_MAX_WR)
		add("IBV_SRQ_MAX_WR");
	if (mask & IBV_SRQ_LIMIT)
		add("IBV_SRQ_LIMIT");
	if (int rest = mask & ~srq_attr_mask_known())
		add(fmt::format("{:#x}", (unsigned)rest));
	return out;
}

std::string describe_srq_attr(const ibv_srq_attr &attr)
{
	return fmt::format("max_wr={} max_sge={} srq_limit={}", attr.max_wr, attr.max_sge,
			   attr.srq_limit);
}

} // namespace ibvcert
