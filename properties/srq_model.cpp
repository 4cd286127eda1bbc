#include "properties/srq_model.h"

#include <fmt/format.h>

namespace ibvcert {

SrqModel SrqModel::created(const DeviceCaps &caps, const ibv_srq_attr &actual)
{
	SrqModel m;
	m.caps = &caps;
	m.max_wr = actual.max_wr;
	m.max_sge = actual.max_sge;
	return m;
}

SrqStanding SrqModel::standing() const
{
	SrqStanding s;
	s.now.attr.max_wr = max_wr;
	s.now.attr.max_sge = max_sge;
	s.now.attr.srq_limit = armed;
	s.now.outstanding = outstanding;
	s.max_wr_exact = max_wr_exact;
	return s;
}

SrqVerdict SrqModel::verdict(const ibv_srq_attr &request, int attr_mask) const
{
	return srq_modify_verdict(*caps, request, attr_mask, standing());
}

void SrqModel::accept(const ibv_srq_attr &request, int attr_mask)
{
	if (attr_mask & IBV_SRQ_MAX_WR) {
		max_wr = request.max_wr;
		max_wr_exact = false;
	}
	if (attr_mask & IBV_SRQ_LIMIT) {
		armed = request.srq_limit; // 0 disarms
		limit_known = true;
	}
}

uint32_t SrqModel::post(uint32_t n)
{
	uint32_t taken = std::min(n, room());
	outstanding += taken;
	posted += taken;
	return taken;
}

bool SrqModel::consume_one()
{
	outstanding--;
	consumed++;
	if (!armed || outstanding >= armed)
		return false;
	armed = 0;
	limit_known = true;
	events++;
	return true;
}

std::string SrqModel::arming() const
{
	if (armed)
		return fmt::format("armed at {}", armed);
	if (limit_known)
		return "not armed (disarmed by the last event or by srq_limit 0)";
	return "never armed (srq_limit given to ibv_create_srq arms nothing)";
}

std::vector<std::string> SrqModel::disagreements(const ibv_srq_attr &q) const
{
	std::vector<std::string> out;
	if (max_wr_exact && q.max_wr != max_wr)
		out.push_back(fmt::format("max_wr={}, the SRQ's max_wr is {}", q.max_wr, max_wr));
	if (!max_wr_exact && q.max_wr < max_wr)
		out.push_back(fmt::format("max_wr={}, below the {} the last accepted resize asked",
					  q.max_wr, max_wr));
	if (q.max_sge != max_sge)
		out.push_back(fmt::format("max_sge={}, the SRQ was created with {}", q.max_sge, max_sge));
	if (limit_known && q.srq_limit != armed)
		out.push_back(fmt::format("srq_limit={}, the model {}", q.srq_limit,
					  armed ? fmt::format("is armed at {}", armed)
						: std::string("is not armed (0)")));
	return out;
}

std::string SrqModel::describe() const
{
	return fmt::format("max_wr {} ({}), max_sge {}, {} WRs outstanding (posted {}, consumed {}), "
			   "{}, {} limit event(s) so far",
			   max_wr, max_wr_exact ? "exact" : "at least, after a resize", max_sge,
			   outstanding, posted, consumed,
			   arming(), events);
}

} // namespace ibvcert
