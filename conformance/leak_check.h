// The leak check: after a case, every object the device layer handed out
// for it must be destroyed (fixtures/device_object.h).
#pragma once

#include "fixtures/device_object.h"

#include <gtest/gtest.h>

namespace ibvcert {

class LeakCheck {
public:
	LeakCheck() : before_(outstanding_device_objects()) {}

	// Call once the case has released its objects.
	void expect_none_left() const
	{
		long left = outstanding_device_objects() - before_;
		EXPECT_EQ(left, 0) << "leak check: " << left
				   << " device object(s) (PD, CQ, MR, AH, SRQ, QP) the case created "
				      "were not destroyed, or their destroy verb failed";
	}

private:
	long before_;
};

} // namespace ibvcert
