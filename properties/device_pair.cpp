#include "properties/device_pair.h"

#include "contracts/names.h"

#include <gtest/gtest.h>

namespace ibvcert {

bool ready_pair(const DeviceCommand &step, const DeviceModel &m, const DeviceBench &b, DatapathPair &rig,
		const PairSpec &spec, const std::vector<SendSpec> &sends)
{
	if (auto skip = rig.prepare(spec)) {
		if (::testing::Test::HasFailure())
			fail_step(step, m, b,
				  "precondition: a connected " + qp_type_name(spec.type) + " pair" +
					  (spec.srq ? " on an SRQ" : ""),
				  {*skip, rig.evidence()});
		return false;
	}
	for (const SendSpec &s : sends)
		if (s.inline_data && rig.max_inline() < s.length)
			return false;
	return true;
}

} // namespace ibvcert
