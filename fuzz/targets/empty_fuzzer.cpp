// The baseline of fuzz/bench: built and linked like the other targets (same
// instrumentation, same harness and fixtures), doing nothing per input.
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *, size_t)
{
	return 0;
}
