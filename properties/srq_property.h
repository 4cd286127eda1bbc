// The fixture of the SRQ properties (SrqCreateProperty, SrqModifyProperty,
// SrqLimitProperty, SrqStateMachineProperty): probes the run's device once
// and SKIPs with the reason when it has no SRQ or no loopback traffic, like
// the SRQ clauses do (conformance/srq_test.h). A device without
// ibv_query_srq (EOPNOTSUPP) runs what it can; a property that held but
// could not observe what needs the query ends as a SKIP naming the verb.
#pragma once

#include "properties/srq_case.h"

#include <gtest/gtest.h>

namespace ibvcert {

class SrqPropertyTest : public ::testing::Test {
protected:
	explicit SrqPropertyTest(SrqTraffic traffic = SrqTraffic::RC) : traffic_(traffic) {}

	void SetUp() override
	{
		support = SrqSupport::probe(traffic_);
		if (support.skip)
			GTEST_SKIP() << *support.skip;
		ASSERT_FALSE(HasFailure());
	}

	// Call after check_property.
	void end_property(const char *unchecked)
	{
		if (!HasFailure() && !support.has_query())
			GTEST_SKIP() << unchecked << " cannot be checked: " << support.query_missing
				     << " (the other checks of the property held)";
	}

	const DeviceCaps &caps() const { return *support.caps; }

	SrqSupport support;

private:
	SrqTraffic traffic_;
};

} // namespace ibvcert
