// The leak check: after a case, every object the device layer handed out
// for it must be destroyed (fixtures/device_object.h).
#pragma once

#include "fixtures/device_object.h"

#include <gtest/gtest.h>

namespace ibvcert {

class LeakCheck {
public:
	LeakCheck() : before_(outstanding_device_objects()), mark_(device_object_mark()) {}

	// Call once the case has released its objects.
	void expect_none_left() const
	{
		long left = outstanding_device_objects() - before_;
		if (left == 0)
			return;
		std::string which;
		for (const auto &what : device_objects_left_since(mark_))
			which += "\n  " + what;
		ADD_FAILURE() << "leak check: " << left
			      << " device object(s) the case created were not destroyed, or their destroy verb failed:"
			      << which;
	}

private:
	long before_;
	uint64_t mark_;
};

} // namespace ibvcert
